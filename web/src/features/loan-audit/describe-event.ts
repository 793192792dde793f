import {
  bpsToPercent,
  CUSTOMER_TOLD_CHANNEL_LABELS,
  DELINQUENCY_CLASS_LABELS,
  LoanEvents,
  mgToGrams,
  paiseToRupees,
  type LoanEvent,
  type LoanEventType,
} from '@goldledger/contracts';
import { formatDate, formatDateTime, formatGrams, formatMoney, formatNumber } from '@/lib/format';

/**
 * One sentence per loan event, for the audit view. Events carry paise, milligrams and
 * basis points (LoanEvents in the contracts); the sentences speak rupees, grams and percent.
 */

const REFUND_METHOD = { cash: 'cash', bank_transfer: 'bank transfer', upi: 'UPI', cheque: 'cheque' } as const;
const money = (paise: number) => formatMoney(paiseToRupees(paise));
const rate = (bps: number) => `${formatNumber(bpsToPercent(bps))}%`;
const METHOD = { handcash: 'Hand Cash', online: 'Online' } as const;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What earlier events said that a later one refers to (a reversal names only its payment). */
export interface HistoryContext {
  paymentsById: ReadonlyMap<string, number>;
}

/** 'LoanFrozen' → 'Loan frozen': a type this screen does not know yet still reads as words. */
export function humanizeType(type: string): string {
  const words = type
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Unknown event';
}

const BANK_FIELDS = {
  depositedBank: 'deposited bank',
  renewalDate: 'renewal date',
  bankMobileNumber: 'bank mobile number',
  bankLoanAmountPaise: 'bank loan amount',
} as const;

function describe(e: LoanEvent, context: HistoryContext): string {
  switch (e.type) {
    case 'LoanCreated': {
      const d = e.data;
      const what = `${money(d.principalPaise)} at ${rate(d.annualRateBps)} for ${plural(d.termMonths, 'month')}, ${plural(d.goldItems.length, 'gold item')}`;
      return d.renewalOf
        ? `Loan ${d.loanId} created as the renewal of ${d.renewalOf.loanId}: ${what}`
        : `Loan ${d.loanId} created for ${d.customer.name}: ${what}`;
    }
    case 'PaymentRecorded': {
      const d = e.data;
      const kind =
        d.paymentType === 'total'
          ? 'Payment'
          : d.paymentType === 'interest'
            ? 'Interest payment'
            : 'Principal payment';
      const details = [METHOD[d.method], d.transactionId, `installment ${d.installmentNumber}`].filter(
        Boolean,
      );
      const pending = d.status === 'pending' ? ', awaiting approval' : '';
      const backdated = d.backdated ? `; dated back by an admin: ${d.backdated.reason}` : '';
      return `${kind} of ${money(d.amountPaise)} recorded (${details.join(', ')})${pending}${backdated}`;
    }
    case 'PaymentsReallocated':
      return `Payments re-split in date order: ${plural(e.data.allocations.length, 'earlier-recorded payment')} changed`;
    case 'RefundDue': {
      const d = e.data;
      return d.amountPaise > 0
        ? `Refund due to ${d.customerName}: ${money(d.amountPaise)} paid beyond closing (${d.reason})`
        : `No refund due any more (${d.reason})`;
    }
    case 'RefundPaid': {
      const d = e.data;
      const ref = d.reference ? ` ref ${d.reference}` : '';
      return `Refund of ${money(d.amountPaise)} paid on ${formatDate(d.paidOn)} by ${REFUND_METHOD[d.method]}${ref} (${d.paidBy.name})`;
    }
    case 'PaymentApproved': {
      const { interestPaise, principalPaise } = e.data.allocation;
      const amount = context.paymentsById.get(e.data.paymentId) ?? interestPaise + principalPaise;
      return `Online payment of ${money(amount)} approved by ${e.data.approvedBy.name} (${money(interestPaise)} to interest, ${money(principalPaise)} to principal)`;
    }
    case 'PaymentReversed': {
      const amount = context.paymentsById.get(e.data.paymentId);
      return `Payment${amount === undefined ? '' : ` of ${money(amount)}`} reversed: ${e.data.reason}`;
    }
    case 'LoanDetailsEdited': {
      const d = e.data;
      const parts: string[] = [];
      if (d.goldItems) {
        const net = d.goldItems.reduce((sum, i) => sum + i.netWeightMg, 0);
        parts.push(
          `Gold items edited (${plural(d.goldItems.length, 'item')}, ${formatGrams(mgToGrams(net))} net)`,
        );
      }
      const bank = (Object.keys(BANK_FIELDS) as Array<keyof typeof BANK_FIELDS>)
        .filter((k) => d[k] !== undefined)
        .map((k) => BANK_FIELDS[k]);
      if (bank.length > 0)
        parts.push(`${parts.length ? 'bank' : 'Bank'} details edited (${bank.join(', ')})`);
      return parts.length ? parts.join('; ') : 'Loan details edited';
    }
    case 'RateUpgraded': {
      const d = e.data;
      return `Interest rate upgraded ${rate(d.previousRateBps)} → ${rate(d.newRateBps)} (level ${d.level}); monthly payment ${money(d.previousMonthlyPaymentPaise)} → ${money(d.newMonthlyPaymentPaise)}`;
    }
    case 'LoanClosed': {
      const d = e.data;
      const excess = d.excessPaise > 0 ? `; ${money(d.excessPaise)} paid in excess is owed back` : '';
      return d.reason === 'repaid'
        ? `Loan closed: repaid in full on ${formatDate(d.closedOn)} (interest ${money(d.totalInterestPaise)})${excess}`
        : `Loan closed by the auction of the gold on ${formatDate(d.closedOn)}${excess}`;
    }
    case 'LoanReopened':
      return `Loan reopened: ${e.data.reason}`;
    case 'LoanRenewed':
      return `Loan renewed on ${formatDate(e.data.renewedOn)} as ${e.data.newLoanId}`;
    case 'LoanDeleted': {
      const d = e.data;
      return `Loan deleted (${plural(d.paymentCount, 'payment')} on record)${d.reason ? `: ${d.reason}` : ''}`;
    }
    case 'InstallmentFellDue':
      return `Installment ${e.data.installmentNumber} of ${money(e.data.amountDuePaise)} fell due on ${formatDate(e.data.dueDate)}`;
    case 'InstallmentOverdue':
      return `Installment ${e.data.installmentNumber} of ${money(e.data.amountDuePaise)}, due ${formatDate(e.data.dueDate)}, overdue since ${formatDate(e.data.overdueOn)}`;
    case 'MarkedReadyForAuction': {
      const d = e.data;
      const by = d.by === 'scheduler' ? 'the scheduler' : 'an admin';
      return `Marked ready for auction by ${by} on ${formatDate(d.readyOn)} with ${money(d.outstandingPaise)} outstanding${d.notes ? `: ${d.notes}` : ''}`;
    }
    case 'AuctionScheduled': {
      const d = e.data;
      return `Auction scheduled for ${formatDate(d.auctionDate)}, reserve price ${money(d.reservePricePaise)} (gold value ${money(d.goldValuePaise)})`;
    }
    case 'Auctioned': {
      const d = e.data;
      const balance =
        d.surplusPaise > 0
          ? `; surplus ${money(d.surplusPaise)} owed to the customer`
          : d.shortfallPaise > 0
            ? `; shortfall ${money(d.shortfallPaise)}`
            : '';
      return `Gold auctioned on ${formatDate(d.auctionDate)} for ${money(d.salePaise)} (${money(d.outstandingPaise)} owed)${balance}`;
    }
    case 'AuctionCancelled':
      return e.data.reason === 'repayment'
        ? 'Auction cancelled: a repayment came in'
        : `Auction cancelled by an admin${e.data.notes ? `: ${e.data.notes}` : ''}`;
    case 'GoldReturnScheduled':
      return `Gold return booked for ${formatDateTime(e.data.scheduledAt)}${e.data.notes ? `: ${e.data.notes}` : ''}`;
    case 'GoldReturned': {
      const d = e.data;
      const timing =
        d.daysLate > 0 ? `, ${plural(d.daysLate, 'working day')} late` : ', within the 7-working-day promise';
      return `Gold returned to the customer on ${formatDate(d.returnedOn)}${timing}`;
    }
    case 'GoldReturnReminderSent':
      return `Gold return reminder (${e.data.reminderType}) sent to ${e.data.sentTo.join(', ')}`;
    case 'PaymentReminderSent': {
      const d = e.data;
      return `${d.kind === 'upcoming' ? 'Upcoming' : 'Overdue'} payment reminder sent by ${d.channel === 'sms' ? 'SMS' : 'email'} to ${d.sentTo}: installment ${d.installmentNumber} of ${money(d.amountDuePaise)}, due ${formatDate(d.dueDate)}`;
    }
    case 'MarginCallRaised': {
      const d = e.data;
      return `Margin call: LTV ${d.ltvBps / 100}% is over the ${d.capBps / 100}% cap (owed ${money(d.owedPaise)} against gold worth ${money(d.goldValuePaise)}); pay ${money(d.shortfallPaise)} or add ${(d.goldToAddMg / 1000).toFixed(3)} g of 22K gold`;
    }
    case 'MarginCallCured':
      return `Margin call cured by ${e.data.by === 'payment' ? 'a payment' : e.data.by === 'gold_added' ? 'added gold' : 'the gold price recovering'}: LTV ${e.data.ltvBps / 100}% within the ${e.data.capBps / 100}% cap`;
    case 'MarginCallEscalated':
      return `Margin call escalated after ${plural(e.data.daysInBreach, 'day')} over the cap (LTV ${e.data.ltvBps / 100}%)`;
    case 'DelinquencyClassChanged': {
      const d = e.data;
      const why =
        d.reason === 'borrower_npa'
          ? `another of the borrower's loans${d.npaLoanId ? ` (${d.npaLoanId})` : ''} is NPA`
          : d.reason === 'arrears_cleared'
            ? 'all arrears paid'
            : `${plural(d.daysPastDue, 'day')} past due`;
      return `Classified ${DELINQUENCY_CLASS_LABELS[d.to]} (was ${DELINQUENCY_CLASS_LABELS[d.from]}) on ${formatDate(d.asOf)}: ${why}`;
    }
    case 'GoldItemsAdded':
      return `${plural(e.data.addedCount, 'gold item')} added to the pledge, valued at ${money(e.data.appraisal.goldValuePaise)}`;
    case 'CustomerToldGoldReady': {
      const d = e.data;
      return `Customer told the gold is ready (${CUSTOMER_TOLD_CHANNEL_LABELS[d.channel]}, ${formatDate(d.toldOn)}) by ${d.toldBy.name}: from ${formatDate(d.customerDelayFrom)} the delay is the customer's${d.notes ? `. ${d.notes}` : ''}`;
    }
    case 'ReleaseCompensationAccrued': {
      const d = e.data;
      return `Release delay compensation of ${money(d.amountPaise)} accrued for ${plural(d.days.length, 'working day')} (${formatDate(d.days[0]!)} to ${formatDate(d.throughDate)}, ${money(d.ratePaisePerDay)} a day); ${money(d.owedPaise)} owed to the customer`;
    }
    case 'ReleaseCompensationPaid': {
      const d = e.data;
      return `Release delay compensation of ${money(d.amountPaise)} paid to the customer by ${d.method === 'cash' ? 'cash' : 'bank transfer'}${d.reference ? ` (ref. ${d.reference})` : ''} on ${formatDate(d.paidOn)} by ${d.paidBy.name}`;
    }
    case 'GoldUnclaimed':
      return `Gold not collected ${plural(e.data.afterMonths, 'month')} after closure: unclaimed from ${formatDate(e.data.unclaimedOn)}`;
    case 'UnclaimedGoldNoticeSent':
      return `Uncollected gold notice (${plural(e.data.monthsAfterClosure, 'month')} after closure) sent to ${e.data.sentTo.join(', ')}`;
    case 'AuctionNoticeSent': {
      const d = e.data;
      return `Auction notice sent to the borrower on ${formatDate(d.noticeDate)} (registered post ref. ${d.registeredPost.reference}); no auction before ${formatDate(d.auctionNotBefore)}`;
    }
    case 'AuctionPublicNoticeRecorded':
      return `Public notice of the auction in ${e.data.newspapers.map((n) => `${n.name} (${n.language}, ${formatDate(n.publishedOn)})`).join(' and ')}`;
    case 'AuctionBidderRegistered':
      return `Bidder ${e.data.name} registered for the auction`;
    case 'AuctionCostRecorded':
      return `Auction cost of ${money(e.data.amountPaise)} recorded: ${e.data.description}`;
    case 'AuctionFailed': {
      const d = e.data;
      const why =
        d.reason === 'no_bids'
          ? 'no bids'
          : `highest bid ${money(d.highestBidPaise ?? 0)} below the reserve ${money(d.reservePricePaise)}`;
      return `Auction of ${formatDate(d.auctionDate)} failed: ${why} (${plural(d.failedCount, 'failed auction')} so far)`;
    }
    default: {
      const _exhaustive: never = e;
      return _exhaustive;
    }
  }
}

const isKnown = (type: string): type is LoanEventType => Object.hasOwn(LoanEvents, type);

/**
 * The sentence for one event. Data that does not match its contract (an older schema
 * this screen has no upcaster for) still shows: as the event's name, with the raw data beside it.
 */
export function describeLoanEvent(
  event: { type: string; data: unknown },
  context: HistoryContext = { paymentsById: new Map() },
): string {
  if (!isKnown(event.type)) return humanizeType(event.type);
  const parsed = LoanEvents[event.type].safeParse(event.data);
  if (!parsed.success) return humanizeType(event.type);
  return describe({ type: event.type, data: parsed.data } as LoanEvent, context);
}

/** Every event's sentence, in stream order; later events may name what earlier ones recorded. */
export function describeLoanHistory(events: ReadonlyArray<{ type: string; data: unknown }>): string[] {
  const paymentsById = new Map<string, number>();
  return events.map((event) => {
    const sentence = describeLoanEvent(event, { paymentsById });
    if (event.type === 'PaymentRecorded') {
      const d = LoanEvents.PaymentRecorded.safeParse(event.data);
      if (d.success) paymentsById.set(d.data.paymentId, d.data.amountPaise);
    }
    return sentence;
  });
}

/** Who caused an event: the actor in its metadata, else the system. */
export function actorOf(actor: { name: string; role: string } | null): { name: string; role: string } {
  if (!actor) return { name: 'System', role: 'system' };
  return { name: actor.name || 'Unknown', role: actor.role };
}
