import type { Kysely } from 'kysely';
import {
  daysBetween,
  formatBusinessDate,
  formatBusinessDateTime,
  mgToGrams,
  type EventMetadata,
  type GoldReturnReminderType,
} from '@goldledger/contracts';
import { executeLoanCommand, loadLoan } from '../lending/loan-commands.js';
import { goldReturnReminderSent, requireGoldToReturn } from '../lending/loan.rules.js';
import type { LoanState } from '../lending/loan.state.js';
import type { MessageSender } from '../messaging/message-port.js';
import { customerContact, sendCustomerNotice, type CustomerContact } from '../operations/customer-notice.js';
import type { Clock } from '../platform/clock.js';
import { DomainError } from '../platform/decider.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { policyOn } from '../policy/policy-versions.js';
import { dueReminderType, returnsAwaitingReminders } from './gold-returns.queries.js';
import type { Database } from '../platform/platform.js';

export interface GoldReturnReminderDeps {
  store: EventStore;
  clock: Clock;
  db: Kysely<Database>;
  messages: MessageSender;
  /** DLT template ids by purpose (`gold_return_reminder`), when the SMS provider needs them. */
  smsTemplates?: Readonly<Record<string, string>>;
  /** Told about each loan whose reminder failed (the run carries on with the rest). */
  log?: { warn(obj: object, msg?: string): void };
}

/** Who the daily run's events name when no person asked for it. */
const SCHEDULER: EventMetadata = {
  actor: { id: 'gold_return_reminders', role: 'system', name: 'Scheduler' },
};

const BRANCH_HOURS = 'Mon-Sat, 9 AM to 6 PM';

const netGrams = (s: LoanState) => mgToGrams(s.goldItems.reduce((sum, i) => sum + i.netWeightMg, 0));

/** What each reminder says: the later ones firmer. */
function reminderText(type: GoldReturnReminderType, s: LoanState, contact: CustomerContact, today: string) {
  const days = daysBetween(s.closedOn!, today);
  const grams = netGrams(s);
  const booked = s.goldReturn.scheduledAt
    ? ` Your collection is booked for ${formatBusinessDateTime(s.goldReturn.scheduledAt)}.`
    : '';
  const lead = {
    initial: `your gold loan ${s.loanId} is fully repaid and your pledged gold (${grams} g) is ready to collect`,
    followup: `a reminder that your gold (${grams} g) from repaid loan ${s.loanId} is waiting for you`,
    urgent: `your gold from repaid loan ${s.loanId} has been with us for ${days} days. Please collect it soon`,
    final: `final reminder: your gold from repaid loan ${s.loanId} has not been collected in ${days} days. Please collect it or call us to arrange its return`,
  }[type];
  const subject = {
    initial: `Your gold is ready to collect (loan ${s.loanId})`,
    followup: `Reminder: your gold is waiting (loan ${s.loanId})`,
    urgent: `Urgent: please collect your gold (loan ${s.loanId})`,
    final: `Final reminder: please collect your gold (loan ${s.loanId})`,
  }[type];
  const items = s.goldItems
    .map(
      (i) => `- ${i.description}: ${mgToGrams(i.grossWeightMg)} g gross, ${mgToGrams(i.netWeightMg)} g net`,
    )
    .join('\n');
  return {
    subject,
    sms: `Dear ${contact.name}, ${lead}. Visit our branch ${BRANCH_HOURS} with your ID.${booked}`,
    email: [
      `Dear ${contact.name},`,
      '',
      `${lead.charAt(0).toUpperCase()}${lead.slice(1)}.${booked}`,
      '',
      `Loan ${s.loanId} was closed on ${formatBusinessDate(s.closedOn!)}. The items held for it:`,
      items,
      '',
      `Please visit our branch (${BRANCH_HOURS}) with a photo ID to collect them.`,
    ].join('\n'),
    smsVariables: [contact.name, s.loanId, String(days)],
  };
}

/**
 * Sends one reminder and records it. The messages go first, keyed so that a retry after
 * a crash queues nothing twice; the record follows (the decider keeps one per type a day).
 * Returns the recipients, or none when a concurrent run recorded the same reminder first
 * (its messages were these same outbox rows).
 */
async function remind(
  deps: GoldReturnReminderDeps,
  loanUuid: string,
  s: LoanState,
  type: GoldReturnReminderType,
  today: string,
  key: string,
  metadata: EventMetadata,
): Promise<string[]> {
  const contact = await customerContact(deps.store, s);
  const text = reminderText(type, s, contact, today);
  const sentTo = await sendCustomerNotice(
    deps.messages,
    contact,
    {
      purpose: 'gold_return_reminder',
      ...text,
      idempotencyKey: key,
      correlationId: metadata.correlationId,
    },
    deps.smsTemplates,
  );
  if (sentTo.length === 0) {
    throw new DomainError('The customer has no valid mobile number or email on file', 'no_contact', 422);
  }
  const recorded = await executeLoanCommand(
    deps,
    loanUuid,
    { type: 'RecordGoldReturnReminder', reminderType: type, sentTo, today },
    { ...metadata, idempotencyKey: key },
  );
  // A concurrent run recorded it first: its messages were the same outbox rows as ours.
  return recorded.eventIds.length > 0 && !recorded.duplicate ? sentTo : [];
}

const alreadySent = (type: GoldReturnReminderType) =>
  new DomainError(
    `${type === 'initial' || type === 'urgent' ? 'An' : 'A'} ${type} reminder was already sent to this customer today`,
    'reminder_sent',
    409,
  );

/**
 * An admin's "Send Reminder": any type, at most once per type a day (a second press
 * the same day is refused and sends nothing).
 */
export async function sendGoldReturnReminder(
  deps: GoldReturnReminderDeps,
  loanUuid: string,
  type: GoldReturnReminderType,
  today: string,
  metadata: EventMetadata = {},
): Promise<string[]> {
  const { state } = await loadLoan(deps.store, loanUuid);
  // The rules the command itself applies: no such loan, no gold to return, already handed back.
  requireGoldToReturn(state);
  if (goldReturnReminderSent(state, type, today)) throw alreadySent(type);
  const sentTo = await remind(
    deps,
    loanUuid,
    state,
    type,
    today,
    `gold_return_reminder:${loanUuid}:${state.closedOn}:${type}:${today}`,
    metadata,
  );
  if (sentTo.length === 0) throw alreadySent(type);
  return sentTo;
}

/**
 * The daily run (and `POST /api/gold-returns/process-reminders`): for each loan whose
 * gold is still here, the reminder its age calls for (3, 7, 15 and 30 days after
 * closure: initial, followup, urgent, final), each once per closure. A run that missed
 * days sends only the latest one due. Running twice, or in two processes, sends nothing
 * more: the read model picks candidates, the loan's own stream decides.
 */
export async function processGoldReturnReminders(
  deps: GoldReturnReminderDeps,
  today: string,
  metadata: EventMetadata = SCHEDULER,
): Promise<{ sent: number; failed: number; skipped: number; checked: number }> {
  // The reminder schedule of the version in effect today (the lender's practice that day).
  const { policy } = await policyOn(deps.store, today);
  const candidates = await returnsAwaitingReminders(deps.db, today, policy);
  const counts = { sent: 0, failed: 0, skipped: 0, checked: candidates.length };
  for (const row of candidates) {
    const due = dueReminderType(daysBetween(row.closed_on!, today), policy);
    if (!due || row.reminders.some((r) => r.type === due)) {
      counts.skipped += 1;
      continue;
    }
    try {
      const { state } = await loadLoan(deps.store, row.loan_uuid);
      const open = state.goldReturn.status === 'pending' || state.goldReturn.status === 'scheduled';
      const type = open ? dueReminderType(daysBetween(state.closedOn!, today), policy) : null;
      if (!type || state.goldReturn.remindersSent.some((r) => r.reminderType === type)) {
        counts.skipped += 1;
        continue;
      }
      const sentTo = await remind(
        deps,
        row.loan_uuid,
        state,
        type,
        today,
        `gold_return_reminder:${row.loan_uuid}:${state.closedOn}:${type}`,
        metadata,
      );
      if (sentTo.length > 0) counts.sent += 1;
      else counts.skipped += 1;
    } catch (error) {
      counts.failed += 1;
      deps.log?.warn({ err: error, loanUuid: row.loan_uuid }, 'gold return reminder failed');
    }
  }
  return counts;
}
