import { formatBusinessDate, formatInr, mgToGrams } from '@goldledger/contracts';
import type { LoanState } from '../lending/loan.state.js';
import { marginCallDeadline, type LtvFigures } from '../lending/ltv.js';
import type { MessageSender } from '../messaging/message-port.js';
import { customerContact, sendCustomerNotice } from '../operations/customer-notice.js';
import type { EventStore } from '../platform/event-store/event-store.js';

export interface MarginCallNoticeDeps {
  store: EventStore;
  messages: MessageSender;
  smsTemplates?: Readonly<Record<string, string>>;
}

const percent = (bps: number) => `${(bps / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
const grams = (mg: number) => mgToGrams(mg).toLocaleString('en-IN', { maximumFractionDigits: 3 });

/** The words of a margin call: the loan, its LTV and cap, the amount to pay or the gold to add, and by when. */
export function marginCallWords(loan: LoanState, f: LtvFigures, raisedOn: string) {
  const deadline = formatBusinessDate(marginCallDeadline(raisedOn, loan.policy));
  const amount = formatInr(f.shortfallPaise);
  const gold = `${grams(f.goldToAddMg)} g`;
  const ltv = percent(f.ltvBps);
  const cap = percent(f.capBps);
  return { deadline, amount, gold, ltv, cap };
}

/**
 * The customer is told of a margin call by SMS and email: the loan, its loan to value at
 * the day's valuation price against its cap, the amount to pay or the 22K gold to add to
 * bring it back, and the day it is escalated. Once per call: the outbox's key is the loan
 * and the day the call was raised, so a re-run of the day (or a retried run) sends nothing new.
 */
export async function sendMarginCallNotice(
  deps: MarginCallNoticeDeps,
  loanUuid: string,
  loan: LoanState,
  f: LtvFigures,
  raisedOn: string,
  correlationId?: string,
): Promise<string[]> {
  const contact = await customerContact(deps.store, loan);
  const w = marginCallWords(loan, f, raisedOn);
  const dear = `Dear ${contact.name},`;
  return sendCustomerNotice(
    deps.messages,
    contact,
    {
      purpose: 'margin_call',
      subject: `Margin call: gold loan ${loan.loanId}`,
      sms: `${dear} at today's gold price your gold loan ${loan.loanId} is at ${w.ltv} of the gold's value, above the ${w.cap} limit. Please pay ${w.amount} or pledge ${w.gold} more of 22K gold by ${w.deadline}.`,
      email: [
        dear,
        '',
        `The price of gold has fallen. At the valuation price of ${formatBusinessDate(f.asOf)}, your pledged gold is worth ${formatInr(f.goldValuePaise)} and your gold loan ${loan.loanId} stands at ${formatInr(f.owed.owedPaise)}: ${w.ltv} of the gold's value, above the ${w.cap} limit of your loan.`,
        '',
        `To bring the loan back within the limit, please do one of these by ${w.deadline}:`,
        `- pay ${w.amount} towards the loan, or`,
        `- pledge ${w.gold} more of 22K gold (or its value in other gold) at our branch.`,
        '',
        'Please visit our branch (Mon-Sat, 9 AM to 6 PM) or call us.',
      ].join('\n'),
      smsVariables: [contact.name, loan.loanId, w.ltv, w.cap, w.amount, w.gold, w.deadline],
      idempotencyKey: `margin_call:${loanUuid}:${raisedOn}`,
      ...(correlationId ? { correlationId } : {}),
    },
    deps.smsTemplates,
  );
}
