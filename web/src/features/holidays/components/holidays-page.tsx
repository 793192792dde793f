import { INDIAN_STATES, type HolidayItem, type IndianState } from '@goldledger/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { Loading } from '@/components/ui/spinner';
import stacked from '@/components/ui/stacked-table.module.css';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Table, Td, Th } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { businessToday } from '@/lib/business-date';
import { formatDateTime, formatLongDate, formatNumber } from '@/lib/format';
import { useHolidays } from '../api/holidays';
import { DeclareHolidayDialog, WithdrawHolidayDialog } from './holiday-dialogs';
import styles from './holidays.module.css';

const weekdayOf = new Intl.DateTimeFormat('en-IN', { weekday: 'short', timeZone: 'UTC' });
const dayOf = (date: string) => `${weekdayOf.format(new Date(`${date}T00:00:00Z`))}, ${formatLongDate(date)}`;

function sourceOf(h: HolidayItem): string {
  if (h.builtIn) return 'Built-in national list';
  return `Declared by ${h.declaredBy ?? 'an admin'}${h.declaredAt ? ` on ${formatDateTime(h.declaredAt)}` : ''}`;
}

/**
 * /admin/holidays (and /employee/holidays): the holiday calendars, a year at a time, all
 * states or one (with the national holidays every state keeps). Each branch counts working
 * days (payment grace, gold release, refunds) on the national holidays and its state's.
 * Admins declare a holiday and withdraw one; employees and auditors read.
 */
export function HolidaysPage({ eyebrow }: { eyebrow: string }) {
  const { user } = useAuth();
  const canEdit = user?.role === 'admin';
  const thisYear = Number(businessToday().slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const [state, setState] = useState<IndianState | null>(null);
  const list = useHolidays({ year, state });
  const [declaring, setDeclaring] = useState(false);
  const [withdrawing, setWithdrawing] = useState<HolidayItem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const branchStates = list.data?.branchStates ?? [];
  const otherStates = INDIAN_STATES.filter((s) => !branchStates.includes(s));

  let body;
  if (list.error && !list.data) {
    body = (
      <ErrorState
        title="Failed to fetch holidays"
        message={errorMessage(list.error, 'Please check your connection and try again.')}
        onRetry={() => void list.mutate()}
      />
    );
  } else if (!list.data) {
    body = <Loading text="Loading holidays..." />;
  } else if (list.data.data.length === 0) {
    body = <EmptyState title={`No holidays in ${year}`} description="Only Sundays are days off this year." />;
  } else {
    const holidays = list.data.data;
    body = (
      <>
        <p className={styles.count}>
          {formatNumber(holidays.length)} holiday{holidays.length === 1 ? '' : 's'} in {year}
          {state ? ` kept in ${state}` : ', national and every state’s'}
        </p>
        <Table caption={`Holidays in ${year}`} hideCaption className={stacked.stack}>
          <thead>
            <tr>
              <Th>Date</Th>
              <Th>Holiday</Th>
              <Th>Kept in</Th>
              <Th>Source</Th>
              {canEdit && <Th>Actions</Th>}
            </tr>
          </thead>
          <tbody>
            {holidays.map((h) => (
              <tr
                key={`${h.scope}|${h.date}`}
                className={h.past ? styles.past : undefined}
                data-testid="holiday-row"
                data-date={h.date}
                data-scope={h.scope}
              >
                <Td data-label="Date" className={styles.date}>
                  {dayOf(h.date)}
                </Td>
                <Td data-label="Holiday">
                  <strong>{h.name}</strong>
                </Td>
                <Td data-label="Kept in">
                  {h.scope === 'national' ? (
                    <Badge tone="gold">All states</Badge>
                  ) : (
                    <Badge tone="info">{h.scope}</Badge>
                  )}
                </Td>
                <Td data-label="Source" className={styles.muted}>
                  {sourceOf(h)}
                </Td>
                {canEdit && (
                  <Td data-label="Actions">
                    {h.past ? (
                      <span className={styles.muted}>Passed</span>
                    ) : (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`Withdraw ${h.name} on ${dayOf(h.date)} (${h.scope === 'national' ? 'national' : h.scope})`}
                        onClick={() => setWithdrawing(h)}
                      >
                        Withdraw
                      </Button>
                    )}
                  </Td>
                )}
              </tr>
            ))}
          </tbody>
        </Table>
      </>
    );
  }

  return (
    <>
      <PageHeader
        eyebrow={eyebrow}
        title="Holidays"
        description="Each branch keeps the national holidays and its own state's. A payment due on a Sunday or a holiday may be made on the next working day; gold release and surplus refunds count working days."
        actions={canEdit ? <Button onClick={() => setDeclaring(true)}>Declare Holiday</Button> : undefined}
      />
      {notice && (
        <Alert tone="success" onDismiss={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      <div className={styles.filters}>
        <Select label="Year" value={String(year)} onChange={(e) => setYear(Number(e.target.value))}>
          {[thisYear - 1, thisYear, thisYear + 1, thisYear + 2].map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </Select>
        <Select
          label="State"
          value={state ?? ''}
          onChange={(e) => setState(e.target.value === '' ? null : (e.target.value as IndianState))}
        >
          <option value="">All states</option>
          {branchStates.length > 0 && (
            <optgroup label="States with branches">
              {branchStates.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </optgroup>
          )}
          <optgroup label={branchStates.length > 0 ? 'Other states' : 'States'}>
            {otherStates.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </optgroup>
        </Select>
      </div>
      {body}
      {canEdit && (
        <>
          <DeclareHolidayDialog
            open={declaring}
            branchStates={branchStates}
            onClose={() => setDeclaring(false)}
            onSaved={(message) => {
              setDeclaring(false);
              setNotice(message);
              void list.mutate();
            }}
          />
          <WithdrawHolidayDialog
            holiday={withdrawing}
            onClose={() => setWithdrawing(null)}
            onSaved={(message) => {
              setWithdrawing(null);
              setNotice(message);
              void list.mutate();
            }}
          />
        </>
      )}
    </>
  );
}
