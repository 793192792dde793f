import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { Loading } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Table, Td, Th, Tr } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { businessToday } from '@/lib/business-date';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { saveFile } from '@/lib/save-file';
import { useStaffArea } from '@/lib/staff-area';
import {
  getDayReport,
  startCashBook,
  useCashBookBranches,
  useCashBookDay,
  type CashBookDay,
} from '../api/cash-book';
import { CountForm } from './count-form';
import { CloseDayDialog, EntryDialog } from './day-dialogs';
import styles from './cash-book.module.css';
import { DateInput } from '@/components/ui/date-input';

const KIND_LABELS: Record<string, string> = {
  disbursement: 'Loan disbursed',
  repayment: 'Cash repayment',
  refund: 'Cash refund',
  reversal: 'Repayment reversed',
  release_compensation: 'Release delay compensation',
  entry: 'Book entry',
};

type Notice = { tone: 'success' | 'error'; text: string } | null;

/**
 * /admin/cash-book and /employee/cash-book: a branch's cash drawer for one business day.
 * Its opening (the last close's count, or the book's start), every cash loan and receipt
 * booked with the loan events, the book's own entries, the count by denomination, the
 * difference and the day-end close; the day-end report as a PDF.
 */
export function CashBookPage() {
  const area = useStaffArea();
  const today = businessToday();
  const [params, setParams] = useSearchParams();
  const branches = useCashBookBranches();
  const branchId = params.get('branch') ?? branches.data?.data[0]?._id ?? null;
  const date = params.get('date') ?? today;
  const day = useCashBookDay(branchId, date);
  const [dialog, setDialog] = useState<'entry' | 'close' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const pick = (key: 'branch' | 'date', value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    if (key === 'branch' && !next.get('date')) next.set('date', date);
    setParams(next, { replace: true });
    setNotice(null);
  };
  const done = async (message: string) => {
    setDialog(null);
    setNotice({ tone: 'success', text: message });
    await day.mutate();
  };

  let body;
  if (branches.error || day.error) {
    body = (
      <ErrorState
        title="Failed to load the cash book"
        message={errorMessage(branches.error ?? day.error, 'Please check your connection and try again.')}
        onRetry={() => void (branches.error ? branches.mutate() : day.mutate())}
      />
    );
  } else if (branches.data && branches.data.data.length === 0) {
    body = <EmptyState title="No branch" description="You are not assigned to a branch." />;
  } else if (!day.data) {
    body = <Loading text="Loading the cash book..." />;
  } else {
    body = (
      <DayView
        day={day.data}
        admin={area === 'admin'}
        today={today}
        onAction={setDialog}
        onDone={done}
        onError={(text) => setNotice({ tone: 'error', text })}
      />
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader
        eyebrow={area === 'admin' ? 'Admin' : 'Employee'}
        title="Cash Book"
        description="The branch's cash drawer for a business day: opening, cash in and out, count and day-end close."
      />
      <div className={styles.pickers}>
        <Select label="Branch" value={branchId ?? ''} onChange={(e) => pick('branch', e.target.value)}>
          {(branches.data?.data ?? []).map((b) => (
            <option key={b._id} value={b._id}>
              {b.name} ({b.code})
            </option>
          ))}
        </Select>
        <DateInput
          label="Business day"
          value={date}
          max={today}
          onChange={(e) => e.target.value && pick('date', e.target.value)}
        />
        <Button
          variant="secondary"
          disabled={!day.data}
          onClick={() =>
            void getDayReport(branchId!, date)
              .then((blob) => saveFile(blob, `CashBook_${day.data?.branch.code ?? 'branch'}_${date}.pdf`))
              .catch((e: unknown) =>
                setNotice({ tone: 'error', text: errorMessage(e, 'Failed to get the report') }),
              )
          }
        >
          Day-end report (PDF)
        </Button>
      </div>
      {notice && (
        <Alert tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      {body}
      {day.data && dialog === 'entry' && (
        <EntryDialog day={day.data} onClose={() => setDialog(null)} onDone={done} />
      )}
      {day.data && dialog === 'close' && (
        <CloseDayDialog day={day.data} onClose={() => setDialog(null)} onDone={done} />
      )}
    </div>
  );
}

function DayView({
  day,
  admin,
  today,
  onAction,
  onDone,
  onError,
}: {
  day: CashBookDay;
  admin: boolean;
  today: string;
  onAction: (dialog: 'entry' | 'close') => void;
  onDone: (message: string) => Promise<void>;
  onError: (message: string) => void;
}) {
  const open = day.status === 'open';
  const openingNote = !day.opening
    ? 'The book has not been started'
    : day.opening.source.kind === 'close'
      ? `Counted at the close of ${formatDate(day.opening.source.businessDate)}`
      : 'Entered when the book started';
  const figures = [
    {
      key: 'opening',
      label: 'Opening cash',
      value: day.opening ? formatMoney(day.opening.amount) : '-',
      note: openingNote,
    },
    { key: 'in', label: 'Cash in', value: formatMoney(day.cashIn) },
    { key: 'out', label: 'Cash out', value: formatMoney(day.cashOut) },
    {
      key: 'expected',
      label: 'Expected closing',
      value: day.expected === null ? '-' : formatMoney(day.expected),
    },
    { key: 'counted', label: 'Counted', value: day.count ? formatMoney(day.count.total) : 'Not counted' },
    {
      key: 'difference',
      label: 'Difference',
      value:
        day.difference === null
          ? '-'
          : day.difference === 0
            ? formatMoney(0)
            : `${day.difference > 0 ? '+' : '−'}${formatMoney(Math.abs(day.difference))}`,
      short: (day.difference ?? 0) < 0,
    },
  ];

  return (
    <>
      <Card
        title={`${day.branch.name} · ${formatDate(day.date)}`}
        actions={
          open ? (
            <div className={styles.actions}>
              <Button variant="secondary" onClick={() => onAction('entry')} disabled={day.date > today}>
                Add entry
              </Button>
              <Button onClick={() => onAction('close')} disabled={!day.count || !day.opening}>
                Close day
              </Button>
            </div>
          ) : (
            <Badge tone="neutral">Closed</Badge>
          )
        }
      >
        {day.closed && (
          <Alert tone="info">
            Closed by {day.closed.by} on {formatDateTime(day.closed.at)}
            {day.closed.reason ? `. Reason: ${day.closed.reason}` : ''}. No cash can be entered into this day.
          </Alert>
        )}
        <dl className={styles.figures}>
          {figures.map((f) => (
            <div key={f.key} className={styles.figure}>
              <dt>{f.label}</dt>
              <dd className={f.short ? styles.short : undefined} data-testid={`cash-${f.key}`}>
                {f.value}
                {f.note && <span className={styles.figureNote}>{f.note}</span>}
              </dd>
            </div>
          ))}
        </dl>
      </Card>
      {!day.book.startDate &&
        (admin ? (
          <StartBook day={day} today={today} onDone={onDone} onError={onError} />
        ) : (
          <Alert tone="info">
            The cash book of this branch has not been started: an admin enters the opening cash.
          </Alert>
        ))}
      {day.unbooked.length > 0 && (
        <Alert tone="warning" title="Loan cash not in this book">
          {day.unbooked
            .map((u) => `${u.loanId}: ${KIND_LABELS[u.kind] ?? u.kind} ${formatMoney(u.amount)}`)
            .join('; ')}
          . These were recorded without the cash book and are not in the expected cash.
        </Alert>
      )}
      {day.movements.length === 0 ? (
        <EmptyState
          title="No cash moved"
          description="No cash loan, cash receipt or entry on this day yet."
        />
      ) : (
        <Table caption={`Movements on ${formatDate(day.date)}`}>
          <thead>
            <tr>
              <Th>Time</Th>
              <Th>What</Th>
              <Th>Loan / reason</Th>
              <Th>By</Th>
              <Th numeric>In</Th>
              <Th numeric>Out</Th>
            </tr>
          </thead>
          <tbody>
            {day.movements.map((m) => (
              <Tr key={m.id} data-kind={m.kind}>
                <Td>{formatDateTime(m.at)}</Td>
                <Td>{KIND_LABELS[m.kind] ?? m.kind}</Td>
                <Td>{m.loanId ?? m.reason}</Td>
                <Td>{m.by ?? '-'}</Td>
                <Td numeric>{m.direction === 'in' ? formatMoney(m.amount) : ''}</Td>
                <Td numeric>{m.direction === 'out' ? formatMoney(m.amount) : ''}</Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
      {open && day.date <= today && (
        <CountForm key={`${day.branch._id}${day.date}${day.version}`} day={day} onCounted={onDone} />
      )}
    </>
  );
}

function StartBook({
  day,
  today,
  onDone,
  onError,
}: {
  day: CashBookDay;
  today: string;
  onDone: (message: string) => Promise<void>;
  onError: (message: string) => void;
}) {
  const [opening, setOpening] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Card
      title="Start the cash book"
      description={`The cash in the drawer at the start of ${formatDate(day.date)}; each later day opens with the previous close's count.`}
    >
      <Input
        label="Opening cash (₹, whole rupees)"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        value={opening}
        onChange={(e) => setOpening(e.target.value)}
      />
      <div className={styles.actions}>
        <Button
          loading={busy}
          disabled={opening.trim() === '' || day.date > today}
          onClick={() => {
            setBusy(true);
            startCashBook(day.branch._id, { startDate: day.date, openingBalance: Number(opening) })
              .then((answer) => onDone(answer.message))
              .catch((e: unknown) => onError(errorMessage(e, 'Failed to start the cash book')))
              .finally(() => setBusy(false));
          }}
        >
          Start the book
        </Button>
      </div>
    </Card>
  );
}
