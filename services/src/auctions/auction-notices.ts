import {
  formatBusinessDate,
  formatInr,
  loanStreamId,
  type LoanEvent,
  type LoanEventData,
  type RecordedEvent,
} from '@goldledger/contracts';
import type { LoanState } from '../lending/loan.state.js';
import { evolveLoan, initialLoanState } from '../lending/loan.state.js';
import type { MessageSender } from '../messaging/message-port.js';
import { customerContact, sendCustomerNotice, type CustomerContact } from '../operations/customer-notice.js';
import type { EventStore } from '../platform/event-store/event-store.js';

export interface AuctionNoticeDeps {
  store: EventStore;
  messages: MessageSender;
  smsTemplates?: Readonly<Record<string, string>>;
}

const CALL_US = 'Please visit our branch (Mon-Sat, 9 AM to 6 PM) or call us.';

interface Notice {
  purpose: string;
  subject: string;
  body: string;
  smsVariables: string[];
}

/** What the customer is told when their loan's auction moves; null for events that tell them nothing. */
function noticeFor(e: LoanEvent, s: LoanState, c: CustomerContact): Notice | null {
  const dear = `Dear ${c.name},`;
  switch (e.type) {
    case 'MarkedReadyForAuction': {
      const d: LoanEventData<'MarkedReadyForAuction'> = e.data;
      return {
        purpose: 'auction_ready',
        subject: `Notice of auction: gold loan ${s.loanId}`,
        body: `${dear} your gold loan ${s.loanId} is past its final date with ${formatInr(d.outstandingPaise)} owed. Your pledged gold will be auctioned unless the loan is repaid. ${CALL_US}`,
        smsVariables: [c.name, s.loanId, formatInr(d.outstandingPaise)],
      };
    }
    case 'AuctionNoticeSent': {
      const d: LoanEventData<'AuctionNoticeSent'> = e.data;
      const from = formatBusinessDate(d.auctionNotBefore);
      return {
        purpose: 'auction_notice',
        subject: `Auction notice: gold loan ${s.loanId}`,
        body: `${dear} your gold loan ${s.loanId} is in default with ${formatInr(d.outstandingPaise)} owed. Unless it is repaid, your pledged gold will be sold at a public auction on or after ${from} (${d.noticeDays} days from this notice). This notice has also been sent to you by registered post (ref. ${d.registeredPost.reference}). ${CALL_US}`,
        smsVariables: [c.name, s.loanId, formatInr(d.outstandingPaise), from],
      };
    }
    case 'AuctionScheduled': {
      const d: LoanEventData<'AuctionScheduled'> = e.data;
      const day = formatBusinessDate(d.auctionDate);
      return {
        purpose: 'auction_scheduled',
        subject: `Auction date set: gold loan ${s.loanId}`,
        body: `${dear} the pledged gold of loan ${s.loanId} will be auctioned on ${day}. Repay the loan before then to stop the auction. ${CALL_US}`,
        smsVariables: [c.name, s.loanId, day],
      };
    }
    case 'Auctioned': {
      const d: LoanEventData<'Auctioned'> = e.data;
      const balance =
        d.surplusPaise > 0
          ? ` After settling the ${formatInr(d.outstandingPaise)} owed, ${formatInr(d.surplusPaise)} is due to you${d.surplusRefundDueBy ? ` and will be refunded by ${formatBusinessDate(d.surplusRefundDueBy)}` : ''}: please share your bank details with our branch.`
          : d.shortfallPaise > 0
            ? ` The sale did not cover the ${formatInr(d.outstandingPaise)} owed; ${formatInr(d.shortfallPaise)} remains payable by you. Our staff will contact you.`
            : '';
      return {
        purpose: 'auctioned',
        subject: `Gold auctioned: loan ${s.loanId} closed`,
        body: `${dear} the pledged gold of loan ${s.loanId} was auctioned on ${formatBusinessDate(d.auctionDate)} for ${formatInr(d.salePaise)} and the loan is closed.${balance}`,
        smsVariables: [c.name, s.loanId, formatInr(d.salePaise), formatInr(d.surplusPaise)],
      };
    }
    case 'AuctionCancelled':
      // A repayment's cancellation needs no letter: the customer was just at the counter.
      return e.data.reason === 'admin'
        ? {
            purpose: 'auction_cancelled',
            subject: `Auction cancelled: gold loan ${s.loanId}`,
            body: `${dear} the auction of the pledged gold of loan ${s.loanId} has been cancelled. ${CALL_US}`,
            smsVariables: [c.name, s.loanId],
          }
        : null;
    default:
      return null;
  }
}

/**
 * Tells the customer about the auction events among `eventIds` (just appended to the
 * loan's stream): an SMS, and an email when they have one. Keyed by event id, so a
 * repeat (a retried request, a re-run job) queues nothing new. The scheduler's
 * readiness job calls this after marking a loan ready.
 */
export async function sendAuctionNotices(
  deps: AuctionNoticeDeps,
  loanUuid: string,
  eventIds: readonly string[],
  correlationId?: string,
): Promise<void> {
  if (eventIds.length === 0) return;
  const { events } = await deps.store.readStream(loanStreamId(loanUuid));
  let state = initialLoanState();
  const fresh: Array<{ event: RecordedEvent; state: LoanState }> = [];
  for (const event of events) {
    state = evolveLoan(state, event as unknown as LoanEvent);
    if (eventIds.includes(event.eventId)) fresh.push({ event, state });
  }
  if (fresh.length === 0) return;
  const contact = await customerContact(deps.store, state);
  for (const { event, state: after } of fresh) {
    const notice = noticeFor(event as unknown as LoanEvent, after, contact);
    if (!notice) continue;
    await sendCustomerNotice(
      deps.messages,
      contact,
      {
        purpose: notice.purpose,
        subject: notice.subject,
        sms: notice.body,
        email: notice.body,
        smsVariables: notice.smsVariables,
        idempotencyKey: `${notice.purpose}:${event.eventId}`,
        correlationId,
      },
      deps.smsTemplates,
    );
  }
}
