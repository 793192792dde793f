import {
  daysBetween,
  fillInstallments,
  formatBusinessDate,
  formatInr,
  type EventMetadata,
  graceEndOf,
  type InstallmentPlace,
  installmentPlaceText,
  type RepaymentType,
  type WorkingCalendar,
} from '@goldledger/contracts';
import { runLedger } from '../lending/interest.js';
import { executeLoanCommand, type LendingDeps } from '../lending/loan-commands.js';
import { termsOf } from '../lending/loan.rules.js';
import { installmentPlaceIn, successfulPayments, type LoanState } from '../lending/loan.state.js';
import type { MessageSender } from '../messaging/message-port.js';
import { smsTemplate, type SmsTemplates } from './sms-templates.js';

export type ReminderKind = 'upcoming' | 'overdue';
export type ReminderChannel = 'sms' | 'email';

export interface ReminderDeps extends LendingDeps {
  messages: MessageSender;
  smsTemplates: SmsTemplates;
}

export interface DueInstallment {
  number: number;
  dueDate: string;
  amountDuePaise: number;
}

/**
 * Past its due date and any grace: a due date on a Sunday or a holiday of the loan's
 * branch's calendar may be paid on the next working day without extra interest.
 */
export const isOverdueOn = (dueDate: string, today: string, calendar: WorkingCalendar): boolean =>
  today > graceEndOf(dueDate, calendar);

/** The loan's installments not yet paid on `today`, as the decider sees them (payments fill in order). */
export function unpaidInstallments(s: LoanState, today: string): DueInstallment[] {
  const paid = runLedger(termsOf(s), successfulPayments(s), today).totalPaidPaise;
  return fillInstallments(s.installments, paid)
    .filter((i) => i.status === 'unpaid')
    .map((i) => ({
      number: i.number,
      dueDate: i.dueDate,
      amountDuePaise: i.amountPaise - i.amountPaidPaise,
    }));
}

/** Days of payment reminders of this kind and channel already sent for an installment number. */
export function remindersSentFor(s: LoanState, number: number, kind: ReminderKind, channel: ReminderChannel) {
  const prefix = `${number}:${kind}:${channel}:`;
  return s.remindersSent.filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function dueWhen(dueDate: string, today: string): string {
  const days = daysBetween(today, dueDate);
  return days <= 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${plural(days, 'day')}`;
}

export interface ReminderSubject {
  customerName: string;
  loanId: string;
  installment: DueInstallment;
  /** The installment's place in the schedule in force ("2 of 3 after the upgrade on …"). */
  place: InstallmentPlace;
  /** EMI unless told: the words say what the installment is (a month's interest, the repayment at maturity). */
  repaymentType?: RepaymentType;
  /** The loan's last installment (a monthly-interest loan's principal goes with it). */
  isLast?: boolean;
}

/** What is due, as "… of your gold loan GL…" reads it, by the loan's repayment structure. */
function whatIsDue(r: ReminderSubject): string {
  const which = `installment ${installmentPlaceText(r.place)}`;
  const type = r.repaymentType ?? 'emi';
  switch (type) {
    case 'emi':
      return which;
    case 'bullet':
      return 'the repayment (principal and interest)';
    case 'monthly_interest':
      return r.isLast ? `the principal and last interest (${which})` : `the monthly interest (${which})`;
    default: {
      const _exhaustive: never = type;
      return _exhaustive;
    }
  }
}

/** The words of a payment reminder, for each channel (one place, so SMS and email agree). */
export function reminderMessage(kind: ReminderKind, r: ReminderSubject, today: string) {
  const { installment: i } = r;
  const amount = formatInr(i.amountDuePaise);
  const date = formatBusinessDate(i.dueDate);
  const which = whatIsDue(r);
  if (kind === 'upcoming') {
    return {
      purpose: 'payment_reminder' as const,
      smsVariables: [r.customerName, amount, r.loanId, date],
      sms: `Dear ${r.customerName}, ${which} of your gold loan ${r.loanId}, ${amount}, is due ${dueWhen(i.dueDate, today)} (${date}). Please pay on time. - GoldLedger`,
      subject: `Payment reminder: ${r.loanId}, ${amount} due on ${date}`,
      email: [
        `Dear ${r.customerName},`,
        '',
        `This is a reminder that ${which} of your gold loan ${r.loanId} is due ${dueWhen(i.dueDate, today)}, on ${date}.`,
        `Amount due: ${amount}.`,
        '',
        'Paying on time keeps your interest rate where it is. If you have already paid, please ignore this message.',
        '',
        'GoldLedger',
      ].join('\n'),
    };
  }
  const late = Math.max(1, daysBetween(i.dueDate, today));
  return {
    purpose: 'payment_overdue' as const,
    smsVariables: [r.customerName, amount, r.loanId, date, String(late)],
    sms: `Dear ${r.customerName}, ${which} of your gold loan ${r.loanId}, ${amount}, was due on ${date} and is ${plural(late, 'day')} overdue. Please pay at the earliest. - GoldLedger`,
    subject: `Overdue payment: ${r.loanId}, ${amount} was due on ${date}`,
    email: [
      `Dear ${r.customerName},`,
      '',
      `${which[0]!.toUpperCase()}${which.slice(1)} of your gold loan ${r.loanId} was due on ${date} and is ${plural(late, 'day')} overdue.`,
      `Amount due: ${amount}.`,
      '',
      'A loan left unpaid past its maturity moves to a higher interest rate, and past its final date its gold may be auctioned. Please pay at the earliest, or call us if you need help.',
      '',
      'GoldLedger',
    ].join('\n'),
  };
}

export interface SendReminder {
  loanUuid: string;
  state: LoanState;
  installment: DueInstallment;
  kind: ReminderKind;
  channel: ReminderChannel;
  today: string;
  metadata: EventMetadata;
  /** Default: the customer's primary mobile or email. */
  to?: string;
  /**
   * Set by jobs, whose event carries an idempotency key: when a twin run recorded the
   * reminder first, the message is sent again under this key and the outbox keeps one.
   */
  messageKey?: string;
}

export type ReminderOutcome = 'sent' | 'already_sent' | 'no_contact';

/**
 * Records the reminder on the loan (PaymentReminderSent), then sends it. The loan
 * decides: a reminder of the same installment on the same channel and day, or of a paid
 * installment, records nothing and sends nothing.
 */
export async function sendPaymentReminder(deps: ReminderDeps, r: SendReminder): Promise<ReminderOutcome> {
  const customer = r.state.customer;
  const to = r.to ?? (r.channel === 'sms' ? customer?.primaryMobile : customer?.email);
  if (!customer || !to) return 'no_contact';
  const result = await executeLoanCommand(
    deps,
    r.loanUuid,
    {
      type: 'RecordPaymentReminder',
      installmentNumber: r.installment.number,
      kind: r.kind,
      channel: r.channel,
      sentTo: to,
      today: r.today,
    },
    r.metadata,
  );
  const recorded = result.eventIds.length > 0 && (!result.duplicate || r.messageKey !== undefined);
  if (!recorded) return 'already_sent';
  const words = reminderMessage(
    r.kind,
    {
      customerName: customer.name,
      loanId: r.state.loanId,
      installment: r.installment,
      place: installmentPlaceIn(r.state, r.installment.number),
      repaymentType: r.state.repaymentType,
      isLast: r.installment.number === r.state.installments.at(-1)?.number,
    },
    r.today,
  );
  const common = {
    to,
    purpose: words.purpose,
    correlationId: r.metadata.correlationId,
    ...(r.messageKey ? { idempotencyKey: `${r.messageKey}:${r.channel}` } : {}),
  };
  await deps.messages.send(
    r.channel === 'sms'
      ? {
          ...common,
          channel: 'sms',
          text: words.sms,
          ...smsTemplate(deps.smsTemplates, words.purpose, words.smsVariables),
        }
      : { ...common, channel: 'email', subject: words.subject, text: words.email },
  );
  return result.duplicate ? 'already_sent' : 'sent';
}
