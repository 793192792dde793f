import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/field';
import { SearchBox } from '@/components/ui/search-box';
import { formatNumber } from '@/lib/format';
import { useAuditFacets } from '../api/get-audit-facets';
import { ROLE_LABELS, roleLabel } from '../audit-view';
import { hasFilters, NO_FILTERS } from '../filters';
import type { AuditSearch } from './use-audit-search';
import styles from './audit-log.module.css';
import { DateInput } from '@/components/ui/date-input';

/** The search form: text, actor (with the known names offered), role, address, event, stream, request, dates. */
export function AuditFiltersForm({ search }: { search: AuditSearch }) {
  const { draft, set } = search;
  const facets = useAuditFacets();
  const actorListId = useId();
  const eventTypes = facets.data?.eventTypes ?? [];
  const chosenTypeKnown = !draft.eventType || eventTypes.some((t) => t.type === draft.eventType);

  return (
    <form
      className={styles.filters}
      role="search"
      aria-label="Filter the audit log"
      onSubmit={(event) => event.preventDefault()}
    >
      <div className={styles.search}>
        <SearchBox
          label="Search"
          placeholder="Name, event or loan number"
          value={draft.q}
          onChange={(v) => set('q', v)}
          maxLength={100}
        />
      </div>
      <Input
        label="Actor"
        placeholder="Name or ID"
        value={draft.actor}
        onChange={(e) => set('actor', e.target.value)}
        list={actorListId}
        autoComplete="off"
        maxLength={100}
      />
      <datalist id={actorListId}>
        {facets.data?.actors.map((a) => (
          <option key={a.id} value={a.name} />
        ))}
      </datalist>
      <Select label="Role" value={draft.role} onChange={(e) => set('role', e.target.value)}>
        <option value="">Any role</option>
        {(facets.data?.roles ?? Object.keys(ROLE_LABELS)).map((role) => (
          <option key={role} value={role}>
            {roleLabel(role)}
          </option>
        ))}
      </Select>
      <Input
        label="IP address"
        placeholder="e.g. 203.0.113.7"
        hint="Or its start: 203.0.113."
        value={draft.ip}
        onChange={(e) => set('ip', e.target.value)}
        autoComplete="off"
        spellCheck={false}
        maxLength={64}
      />
      <Select
        label="Event type"
        value={draft.eventType}
        onChange={(e) => set('eventType', e.target.value)}
        hint={facets.error ? 'The list of event types could not be loaded.' : undefined}
      >
        <option value="">Any event</option>
        {!chosenTypeKnown && <option value={draft.eventType}>{draft.eventType}</option>}
        {eventTypes.map((t) => (
          <option key={t.type} value={t.type}>
            {t.label} ({formatNumber(t.events)})
          </option>
        ))}
      </Select>
      <Input
        label="Loan or stream"
        placeholder="GL or CUS ID"
        hint="Or a stream ID or UUID"
        value={draft.stream}
        onChange={(e) => set('stream', e.target.value)}
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
      />
      <Input
        label="Request ID"
        hint="The correlation ID of one request"
        value={draft.correlationId}
        onChange={(e) => set('correlationId', e.target.value)}
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
      />
      <DateInput
        label="From date"
        value={draft.from}
        max={draft.to || undefined}
        onChange={(e) => set('from', e.target.value)}
      />
      <DateInput
        label="To date"
        value={draft.to}
        min={draft.from || undefined}
        onChange={(e) => set('to', e.target.value)}
      />
      <div className={styles.formActions}>
        <Button variant="ghost" disabled={!hasFilters(draft)} onClick={() => search.reset(NO_FILTERS)}>
          Clear filters
        </Button>
      </div>
    </form>
  );
}
