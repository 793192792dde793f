import type { Kysely } from 'kysely';
import { formatBusinessDate, mgToGrams, unclaimedNoticeDue, type EventMetadata } from '@goldledger/contracts';
import { executeLoanCommand, loadLoan } from '../lending/loan-commands.js';
import type { LoanState } from '../lending/loan.state.js';
import type { MessageSender } from '../messaging/message-port.js';
import { customerContact, sendCustomerNotice, type CustomerContact } from '../operations/customer-notice.js';
import type { Clock } from '../platform/clock.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import type { Database } from '../platform/platform.js';
import { returnsStillHere } from './gold-returns.queries.js';

export interface ReleaseDelayDeps {
  store: EventStore;
  clock: Clock;
  db: Kysely<Database>;
  messages: MessageSender;
  smsTemplates?: Readonly<Record<string, string>>;
  log?: { warn(obj: object, msg?: string): void };
}

export interface ReleaseDelayCounts {
  /** Loans whose compensation accrued, or whose gold became unclaimed, on this run. */
  recorded: number;
  /** Unclaimed-gold notices sent. */
  notices: number;
  failed: number;
  checked: number;
}

const BRANCH_HOURS = 'Mon-Sat, 9 AM to 6 PM';

/** What a notice says: months after closure, and at the last one that the gold is now held as unclaimed. */
function noticeText(s: LoanState, contact: CustomerContact, months: number, final: boolean) {
  const grams = mgToGrams(s.goldItems.reduce((sum, i) => sum + i.netWeightMg, 0));
  const since = formatBusinessDate(s.closedOn!);
  const lead = final
    ? `your gold (${grams} g) from loan ${s.loanId}, repaid on ${since}, has not been collected in ${months} months and is now held as unclaimed gold. It stays safe with us and you can still collect it`
    : `your gold (${grams} g) from loan ${s.loanId}, repaid on ${since}, has not been collected in ${months} months. Please collect it`;
  return {
    subject: final
      ? `Your gold is now held as unclaimed (loan ${s.loanId})`
      : `Your gold is still waiting for you (loan ${s.loanId})`,
    sms: `Dear ${contact.name}, ${lead}. Visit our branch ${BRANCH_HOURS} with your ID.`,
    email: [
      `Dear ${contact.name},`,
      '',
      `${lead.charAt(0).toUpperCase()}${lead.slice(1)}.`,
      '',
      `Please visit our branch (${BRANCH_HOURS}) with a photo ID, or call us to arrange its return.`,
    ].join('\n'),
    smsVariables: [contact.name, s.loanId, String(months)],
  };
}

/**
 * The notice due by today for gold still here (every `noticeEveryMonths` months after closure
 * up to the month it becomes unclaimed; a late run sends only the latest due). The messages
 * go first, keyed so a retry queues nothing twice; the record follows, once per notice.
 */
async function sendDueNotice(
  deps: ReleaseDelayDeps,
  loanUuid: string,
  s: LoanState,
  today: string,
  metadata: EventMetadata,
): Promise<boolean> {
  const open = s.goldReturn.status === 'pending' || s.goldReturn.status === 'scheduled';
  const months = open && s.closedOn ? unclaimedNoticeDue(s.closedOn, today, s.policy) : null;
  if (months === null || s.release.noticesSent.includes(months)) return false;
  const contact = await customerContact(deps.store, s);
  const key = `unclaimed_gold_notice:${loanUuid}:${s.closedOn}:${months}`;
  const sentTo = await sendCustomerNotice(
    deps.messages,
    contact,
    {
      purpose: 'unclaimed_gold_notice',
      ...noticeText(s, contact, months, months >= s.policy.unclaimedGold.afterMonths),
      idempotencyKey: key,
      correlationId: metadata.correlationId,
    },
    deps.smsTemplates,
  );
  if (sentTo.length === 0) throw new Error('the customer has no valid mobile number or email on file');
  const recorded = await executeLoanCommand(
    deps,
    loanUuid,
    { type: 'RecordUnclaimedGoldNotice', monthsAfterClosure: months, sentTo, today },
    { ...metadata, idempotencyKey: key },
  );
  return recorded.eventIds.length > 0 && !recorded.duplicate;
}

/**
 * The daily run for gold still here after a repayment: compensation for every working day
 * of the lender's delay before today not yet accrued (back-filling missed days), gold
 * becoming unclaimed after the policy's months, and the policy's notices. The read model
 * picks candidates; each loan's own stream decides, so a re-run or a twin run adds nothing.
 */
export async function processReleaseDelays(
  deps: ReleaseDelayDeps,
  today: string,
  metadataOf: (loanUuid: string) => EventMetadata,
): Promise<ReleaseDelayCounts> {
  const loans = await returnsStillHere(deps.db, today);
  const counts: ReleaseDelayCounts = { recorded: 0, notices: 0, failed: 0, checked: loans.length };
  for (const loanUuid of loans) {
    try {
      const metadata = metadataOf(loanUuid);
      const result = await executeLoanCommand(
        deps,
        loanUuid,
        { type: 'RecordReleaseDelay', today },
        metadata,
      );
      if (result.eventIds.length > 0 && !result.duplicate) counts.recorded += 1;
      const { state } = await loadLoan(deps.store, loanUuid);
      const { idempotencyKey: _key, ...noticeMetadata } = metadata;
      if (await sendDueNotice(deps, loanUuid, state, today, noticeMetadata)) counts.notices += 1;
    } catch (error) {
      counts.failed += 1;
      deps.log?.warn({ err: error, loanUuid }, 'release delay step failed');
    }
  }
  return counts;
}
