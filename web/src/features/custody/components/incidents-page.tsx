import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { IncidentListRow } from '@goldledger/contracts';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/field';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { PageHeader } from '@/components/ui/page-header';
import { Loading } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Table, Td, Th } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { loanCustodyPath } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { resolveIncident, useIncidents } from '../api/incidents';
import { weight } from '../derive';
import styles from './custody.module.css';

type Status = 'open' | 'resolved' | 'all';

function ResolveDialog({
  incident,
  onClose,
  onResolved,
}: {
  incident: IncidentListRow | null;
  onClose(): void;
  onResolved(): void;
}) {
  const formId = useId();
  const toast = useToast();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    if (busy) return;
    setText('');
    setFailure(null);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!incident || busy) return;
    if (text.trim().length < 5) {
      setFailure('Please say how the incident was resolved (at least 5 characters)');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      toast.show((await resolveIncident(incident.incidentId, text.trim())).message, 'success');
      setText('');
      onResolved();
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to resolve the incident'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={incident !== null}
      onClose={close}
      title="Resolve incident"
      description={incident ? `Packet ${incident.packetNumber} · Loan ${incident.loanId}` : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            Resolve
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        {failure && <Alert tone="error">{failure}</Alert>}
        {incident && (
          <p className={styles.incidentText}>
            Sealed at {weight(incident.expectedGrossWeightMg)}, weighed {weight(incident.foundGrossWeightMg)}{' '}
            at release by {incident.openedBy.name} on {formatDateTime(incident.openedAt)}.
          </p>
        )}
        <Textarea
          label="Resolution"
          rows={4}
          maxLength={1000}
          required
          hint="What was checked and found, and what was agreed with the customer."
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </form>
    </Dialog>
  );
}

/** `/admin/custody/incidents`: weight differences found when packets were released, for admins to resolve. */
export function IncidentsPage() {
  const [status, setStatus] = useState<Status>('open');
  const [resolving, setResolving] = useState<IncidentListRow | null>(null);
  const incidents = useIncidents(status);

  let body;
  if (incidents.error) {
    body = (
      <ErrorState
        title="Failed to fetch incidents"
        message={errorMessage(incidents.error, 'Please check your connection and try again.')}
        onRetry={() => void incidents.mutate()}
      />
    );
  } else if (!incidents.data) {
    body = <Loading text="Loading incidents..." />;
  } else if (incidents.data.data.length === 0) {
    body = (
      <EmptyState
        title={status === 'open' ? 'No open incidents' : 'No incidents'}
        description="A packet weighing differently at release from its sealed weight opens one."
      />
    );
  } else {
    body = (
      <Table caption={`Custody incidents (${incidents.data.data.length})`} hideCaption>
        <thead>
          <tr>
            <Th>Opened</Th>
            <Th>Packet</Th>
            <Th>Loan</Th>
            <Th numeric>Sealed</Th>
            <Th numeric>Weighed</Th>
            <Th numeric>Difference</Th>
            <Th>Status</Th>
            <Th>
              <span className="visually-hidden">Actions</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {incidents.data.data.map((i) => (
            <tr key={i.incidentId}>
              <Td>{formatDateTime(i.openedAt)}</Td>
              <Td>{i.packetNumber}</Td>
              <Td>
                <Link to={loanCustodyPath('admin', i.loanUuid)}>{i.loanId}</Link>
              </Td>
              <Td numeric>{weight(i.expectedGrossWeightMg)}</Td>
              <Td numeric>{weight(i.foundGrossWeightMg)}</Td>
              <Td numeric>{weight(i.foundGrossWeightMg - i.expectedGrossWeightMg)}</Td>
              <Td>
                {i.resolvedAt ? (
                  <span title={i.resolution ?? undefined}>
                    <Badge tone="success">Resolved</Badge> by {i.resolvedBy?.name}
                  </span>
                ) : (
                  <Badge tone="danger">Open</Badge>
                )}
              </Td>
              <Td>
                {!i.resolvedAt && (
                  <Button
                    size="sm"
                    aria-label={`Resolve incident on ${i.packetNumber}`}
                    onClick={() => setResolving(i)}
                  >
                    Resolve
                  </Button>
                )}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
    );
  }

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Custody incidents"
        description="Packets whose weight at release differed from their sealed weight. Each must be resolved by an admin."
      />
      <div className={styles.page}>
        <FilterTabs
          label="Incident status"
          tabs={[
            { value: 'open', label: 'Open' },
            { value: 'resolved', label: 'Resolved' },
            { value: 'all', label: 'All' },
          ]}
          value={status}
          onChange={setStatus}
        />
        {body}
      </div>
      <ResolveDialog
        incident={resolving}
        onClose={() => setResolving(null)}
        onResolved={() => void incidents.mutate()}
      />
    </>
  );
}
