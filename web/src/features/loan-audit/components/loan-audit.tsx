import { useMemo, useState, type FormEvent } from 'react';
import { LoanEvents, type AsOfBasis, type LoanEventRecord } from '@goldledger/contracts';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { Loading, Spinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { fromLocalInputValue, toLocalInputValue } from '@/lib/local-date-time';
import { useLoanAsOf, type AsOfChoice } from '../api/get-loan-as-of';
import { useLoanEvents } from '../api/get-loan-events';
import { useLoanUuid } from '../api/resolve-loan';
import { describeLoanHistory } from '../describe-event';
import { AsOfSnapshot } from './as-of-snapshot';
import { EventTimeline } from './event-timeline';
import styles from './loan-audit.module.css';

const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

function NotFound() {
  return (
    <>
      <PageHeader title="Loan not found" documentTitle="Loan History" />
      <EmptyState
        title="Loan not found"
        description="No loan has this id or GL number."
        action={<ButtonLink to={paths.admin.loans}>Back to Loans</ButtonLink>}
      />
    </>
  );
}

/**
 * A loan's audit view: its whole event history, who did what and when, and the
 * loan replayed to any moment. `loanRef` is the internal id or the GL number.
 */
export function LoanAudit({ loanRef }: { loanRef: string }) {
  const loan = useLoanUuid(loanRef);
  const events = useLoanEvents(loan.uuid);

  if (loan.error) {
    if (isNotFound(loan.error)) return <NotFound />;
    return (
      <ErrorState
        title="Failed to fetch loan"
        message={errorMessage(loan.error, 'Please check your connection and try again.')}
        onRetry={loan.retry}
      />
    );
  }
  if (events.error) {
    if (isNotFound(events.error)) return <NotFound />;
    return (
      <ErrorState
        title="Failed to fetch loan history"
        message={errorMessage(events.error, 'Please check your connection and try again.')}
        onRetry={() => void events.mutate()}
      />
    );
  }
  if (loan.isLoading || !events.data) return <Loading text="Loading loan history..." />;
  return <AuditPage loanUuid={loan.uuid!} events={events.data.data} loanId={events.data.loanId} />;
}

interface PageProps {
  loanUuid: string;
  loanId: string;
  events: LoanEventRecord[];
}

function AuditPage({ loanUuid, loanId, events }: PageProps) {
  const created = useMemo(() => {
    const first = events.find((e) => e.type === 'LoanCreated');
    const parsed = first ? LoanEvents.LoanCreated.safeParse(first.data) : undefined;
    return parsed?.success ? parsed.data : undefined;
  }, [events]);
  const sentences = useMemo(() => describeLoanHistory(events), [events]);

  const [basis, setBasis] = useState<AsOfBasis>('occurred');
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const [choice, setChoice] = useState<AsOfChoice | null>(null);
  const asOf = useLoanAsOf(loanUuid, choice);

  const show = (next: AsOfChoice) => {
    setChoice(next);
    setDraft(toLocalInputValue(new Date(next.moment)));
    setDraftError(null);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const moment = fromLocalInputValue(draft);
    if (!moment) {
      setDraftError('Enter a date and time');
      return;
    }
    show({ moment, basis });
  };
  const asOfEvent = (e: LoanEventRecord) => {
    show({ moment: basis === 'occurred' ? e.occurredAt : e.recordedAt, basis });
    document.getElementById('as-of')?.scrollIntoView({ block: 'start' });
  };

  const last = events.at(-1);
  const notYet = asOf.error instanceof ApiError && asOf.error.code === 'loan_not_yet';
  let snapshot;
  if (!choice) {
    snapshot = (
      <p className={styles.hint}>
        Pick a moment, or press “As of this event” on a row of the history, to see the loan as it stood then.
      </p>
    );
  } else if (asOf.error && !notYet) {
    snapshot = (
      <ErrorState
        title="Failed to replay the loan"
        message={errorMessage(asOf.error, 'Please check your connection and try again.')}
        onRetry={() => void asOf.mutate()}
      />
    );
  } else if (notYet) {
    snapshot = (
      <Alert tone="info" title="Nothing to show yet">
        {errorMessage(asOf.error, 'The loan did not exist yet at that time')}.
      </Alert>
    );
  } else if (!asOf.data) {
    snapshot = <Loading text="Replaying the loan..." />;
  } else {
    snapshot = (
      <div aria-busy={asOf.isValidating || undefined}>
        {asOf.isValidating && (
          <p className={styles.hint}>
            <Spinner size="sm" label={null} /> Updating...
          </p>
        )}
        <AsOfSnapshot
          answer={asOf.data}
          lastEventSentence={sentences[asOf.data.lastEvent.version - 1] ?? asOf.data.lastEvent.type}
          totalEvents={events.length}
        />
      </div>
    );
  }
  const covered = choice && asOf.data && !asOf.error ? asOf.data.eventCount : undefined;

  return (
    <div className={styles.page}>
      <PageHeader
        eyebrow="Loan History"
        title={`Loan ${loanId}`}
        documentTitle={`Loan History ${loanId}`}
        description={
          created ? (
            <>
              <span data-testid="audit-customer">{created.customer.name}</span> · Customer{' '}
              {created.customer.customerId} · Disbursed {formatDate(created.disbursementDate)}
              {last?.type === 'LoanDeleted' && ' · Deleted'}
            </>
          ) : undefined
        }
        actions={
          <ButtonLink to={paths.admin.loans} variant="secondary">
            Back to Loans
          </ButtonLink>
        }
      />

      <Card id="as-of" title="As of a moment" className={styles.asOfCard}>
        <form className={styles.asOfForm} onSubmit={onSubmit} noValidate>
          <Input
            label="Moment"
            type="datetime-local"
            step={1}
            value={draft}
            error={draftError}
            onChange={(e) => setDraft(e.target.value)}
          />
          <Select
            label="Replay by"
            value={basis}
            onChange={(e) => {
              const next = e.target.value as AsOfBasis;
              setBasis(next);
              // A replay on show follows the new basis at once.
              if (choice) setChoice({ ...choice, basis: next });
            }}
          >
            <option value="occurred">When events happened</option>
            <option value="recorded">When events were recorded</option>
          </Select>
          <div className={styles.asOfButtons}>
            <Button type="submit">Show</Button>
            {choice && (
              <Button
                variant="ghost"
                onClick={() => {
                  setChoice(null);
                  setDraft('');
                }}
              >
                Clear
              </Button>
            )}
          </div>
        </form>
        {snapshot}
      </Card>

      <EventTimeline events={events} coveredCount={covered} onAsOfEvent={asOfEvent} />
    </div>
  );
}
