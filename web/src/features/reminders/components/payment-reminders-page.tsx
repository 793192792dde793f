import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/field';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { PageHeader } from '@/components/ui/page-header';
import { Loading } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useReadOnly } from '@/lib/read-only';
import { useOverduePayments } from '../api/get-overdue-payments';
import { useUpcomingPayments } from '../api/get-upcoming-payments';
import {
  DAY_WINDOWS,
  DEFAULT_DAY_WINDOW,
  isReminderKey,
  type DayWindow,
  type ReminderItem,
  type ReminderTab,
} from '../api/reminder-keys';
import { sendPaymentReminders, type ReminderType } from '../api/send-payment-reminders';
import { sendSmsReminder } from '../api/send-sms-reminder';
import { TEST_SMS, type TestSmsKind } from '../api/send-test-sms';
import { emptyText } from '../derive';
import { ReminderCard } from './reminder-card';
import { SmsConfigDialog } from './sms-config-dialog';
import { TestSmsDialog } from './test-sms-dialog';
import styles from './reminders.module.css';

type Notice = { tone: 'success' | 'error' | 'info'; text: string } | null;

const REMINDER_TYPES: ReadonlyArray<{ value: ReminderType; label: string }> = [
  { value: 'all', label: 'All (upcoming and overdue)' },
  { value: 'upcoming', label: 'Upcoming only' },
  { value: 'overdue', label: 'Overdue only' },
];

/**
 * /admin/payment-reminders: installments coming due within a window and
 * those overdue, with the email and SMS reminders that go with them, the SMS settings
 * and three test messages.
 */
export function PaymentRemindersPage() {
  const readOnly = useReadOnly();
  const [tab, setTab] = useState<ReminderTab>('upcoming');
  const [days, setDays] = useState<DayWindow>(DEFAULT_DAY_WINDOW);
  const [reminderType, setReminderType] = useState<ReminderType>('all');
  const [notice, setNotice] = useState<Notice>(null);
  const [sendingEmails, setSendingEmails] = useState(false);
  const [sendingSms, setSendingSms] = useState<string | null>(null);
  const [configOpen, setConfigOpen] = useState(false);
  const [testKind, setTestKind] = useState<TestSmsKind | null>(null);
  const upcoming = useUpcomingPayments(days);
  const overdue = useOverduePayments();
  const { mutate } = useSWRConfig();
  const toast = useToast();

  const refresh = () => mutate(isReminderKey);
  const current = tab === 'upcoming' ? upcoming : overdue;
  // keepPreviousData shows the last window's list until the new one arrives.
  const stale = tab === 'upcoming' && upcoming.isValidating && upcoming.data !== undefined;

  const sendEmails = async () => {
    setSendingEmails(true);
    setNotice(null);
    try {
      const answer = await sendPaymentReminders(reminderType, days);
      const n = answer.data.totalSent;
      setNotice({
        tone: n > 0 ? 'success' : 'info',
        text: answer.message || `Successfully sent ${n} reminder emails!`,
      });
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, 'Failed to send payment reminders') });
    } finally {
      setSendingEmails(false);
      await refresh();
    }
  };

  const sendSms = async (item: ReminderItem) => {
    const key = `${item._id}:${item.installmentNumber}`;
    setSendingSms(key);
    try {
      const answer = await sendSmsReminder(item);
      toast.show(answer.message || `SMS reminder sent successfully to ${item.customerName}!`, 'success');
    } catch (error) {
      toast.show(errorMessage(error, 'Failed to send SMS reminder'), 'error');
    } finally {
      setSendingSms(null);
      await refresh();
    }
  };

  let body;
  if (current.error && !current.data) {
    body = (
      <ErrorState
        title={tab === 'upcoming' ? 'Failed to fetch upcoming payments' : 'Failed to fetch overdue payments'}
        message={errorMessage(current.error, 'Please check your connection and try again.')}
        onRetry={() => void current.mutate()}
      />
    );
  } else if (!current.data) {
    body = (
      <Loading text={tab === 'upcoming' ? 'Loading upcoming payments...' : 'Loading overdue payments...'} />
    );
  } else if (current.data.data.length === 0) {
    body = (
      <div className={styles.panel}>
        <EmptyState title={emptyText(tab, days)} description="There is nobody to remind right now." />
      </div>
    );
  } else {
    body = (
      <div className={styles.grid} data-testid="reminder-list" data-tab={tab} aria-busy={stale}>
        {current.data.data.map((item) => {
          const key = `${item._id}:${item.installmentNumber}`;
          return (
            <ReminderCard
              key={key}
              item={item}
              sending={sendingSms === key}
              {...(readOnly ? {} : { onSendSms: () => void sendSms(item) })}
            />
          );
        })}
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader
        eyebrow="Admin"
        title="Payment Reminders"
        description="Installments coming due and overdue, and the email and SMS reminders for them. Each installment is reminded at most once a day on each channel."
        actions={
          <>
            <Button variant="secondary" onClick={() => void refresh()}>
              Refresh
            </Button>
            <Button variant="secondary" onClick={() => setConfigOpen(true)}>
              SMS Config
            </Button>
            {!readOnly && (
              <Button variant="accent" onClick={() => void sendEmails()} loading={sendingEmails}>
                Send Email Reminders
              </Button>
            )}
          </>
        }
      />

      {notice && (
        <Alert tone={notice.tone} onDismiss={() => setNotice(null)}>
          <span data-testid="reminders-notice">{notice.text}</span>
        </Alert>
      )}

      <div className={styles.controls}>
        <FilterTabs
          label="Reminder list"
          value={tab}
          onChange={setTab}
          tabs={[
            { value: 'upcoming', label: 'Upcoming', count: upcoming.data?.count },
            { value: 'overdue', label: 'Overdue', count: overdue.data?.count },
          ]}
        />
        <div className={styles.control}>
          <Select
            label="Due within"
            value={days}
            onChange={(event) => setDays(Number(event.target.value) as DayWindow)}
            hint={tab === 'overdue' ? 'For the Upcoming list' : undefined}
          >
            {DAY_WINDOWS.map((d) => (
              <option key={d} value={d}>
                {d} days
              </option>
            ))}
          </Select>
        </div>
        <div className={styles.control}>
          <Select
            label="Reminder type"
            value={reminderType}
            onChange={(event) => setReminderType(event.target.value as ReminderType)}
            hint="What Send Email Reminders covers"
          >
            {REMINDER_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </Select>
        </div>
      </div>

      {!readOnly && (
        <section className={styles.testSms} aria-labelledby="test-sms-title">
          <h2 id="test-sms-title" className={styles.testSmsTitle}>
            Test SMS
          </h2>
          {(Object.keys(TEST_SMS) as TestSmsKind[]).map((kind) => (
            <Button key={kind} variant="ghost" size="sm" onClick={() => setTestKind(kind)}>
              {TEST_SMS[kind].button}
            </Button>
          ))}
        </section>
      )}

      {current.data && current.data.data.length > 0 && (
        <p className={styles.summary} data-testid="reminders-summary">
          {current.data.message}
        </p>
      )}
      {current.error && current.data && (
        <Alert tone="error">
          {errorMessage(
            current.error,
            tab === 'upcoming' ? 'Failed to fetch upcoming payments' : 'Failed to fetch overdue payments',
          )}
        </Alert>
      )}
      {body}

      <SmsConfigDialog open={configOpen} onClose={() => setConfigOpen(false)} />
      <TestSmsDialog kind={testKind} onClose={() => setTestKind(null)} />
    </div>
  );
}
