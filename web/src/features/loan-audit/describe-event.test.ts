// Over 400 lines: one sentence per loan event type, each with a valid event; the first test
// checks the table covers every type the contracts declare, so it stays in one file.
import { LoanEvents, type LoanEventData, type LoanEventType } from '@goldledger/contracts';
import { describe, expect, it } from 'vitest';
import { actorOf, describeLoanEvent, describeLoanHistory, humanizeType } from './describe-event';

const PAYMENT = '5b0b6a3e-2f7c-4a43-9d55-0d7c6e1f0a01';
const ledger = {
  asOf: '2026-03-01',
  principalOutstandingPaise: 9_000_000,
  interestOutstandingPaise: 50_000,
  totalPaidPaise: 500_000,
  interestPaidPaise: 100_000,
  principalPaidPaise: 400_000,
};
const installments = [{ number: 1, dueDate: '2026-02-01', amountPaise: 1_750_000 }];
const chain = { description: 'Chain', grossWeightMg: 30_000, netWeightMg: 28_500, purityKarat: 22 };

/** One valid event of every type, with the sentence it must read as. */
const CASES: { [K in LoanEventType]: Array<[LoanEventData<K>, string]> } = {
  LoanCreated: [
    [
      {
        loanId: 'GL0007',
        customer: {
          customerStreamId: 'customer-1',
          customerId: 'CUST0001',
          aadharNumber: '123456789012',
          name: 'Lakshmi Devi',
          email: null,
          primaryMobile: '9000000003',
          secondaryMobile: null,
          emergencyContact: { mobile: '9000000004', relation: 'son' },
          presentAddress: 'Chennai',
          permanentAddress: 'Chennai',
        },
        goldItems: [chain, { ...chain, description: 'Ring' }],
        principalPaise: 10_000_000,
        annualRateBps: 1800,
        termMonths: 6,
        disbursementDate: '2026-01-01',
        totalPaymentPaise: 10_500_000,
        monthlyPaymentPaise: 1_750_000,
        installments,
        valuation: { goldRatePaisePerGram: 700_000, goldValuePaise: 1, eligiblePaise: 1, ltvCapBps: 7500 },
        createdBy: { id: 'u1', name: 'Asha', role: 'employee', email: null },
        renewalOf: null,
      } as LoanEventData<'LoanCreated'>,
      'Loan GL0007 created for Lakshmi Devi: ₹1,00,000 at 18% for 6 months, 2 gold items',
    ],
  ],
  PaymentRecorded: [
    [
      {
        paymentId: PAYMENT,
        amountPaise: 500_000,
        method: 'handcash',
        paymentType: 'total',
        paymentDate: '2026-03-01',
        transactionId: null,
        bankName: null,
        status: 'success',
        installmentNumber: 2,
        enteredBy: { id: 'u1', name: 'Asha' },
        allocation: { interestPaise: 100_000, principalPaise: 400_000 },
        ledger,
      },
      'Payment of ₹5,000 recorded (Hand Cash, installment 2)',
    ],
    [
      {
        paymentId: PAYMENT,
        amountPaise: 300_000,
        method: 'online',
        paymentType: 'interest',
        paymentDate: '2026-03-01',
        transactionId: 'UTR-9',
        bankName: 'Indian Bank',
        status: 'pending',
        installmentNumber: 3,
        enteredBy: { id: 'u1', name: 'Asha' },
        allocation: null,
        ledger,
      },
      'Interest payment of ₹3,000 recorded (Online, UTR-9, installment 3), awaiting approval',
    ],
  ],
  PaymentApproved: [
    [
      {
        paymentId: PAYMENT,
        approvedBy: { id: 'a1', name: 'Admin' },
        allocation: { interestPaise: 120_000, principalPaise: 180_000 },
        ledger,
      },
      'Online payment of ₹3,000 approved by Admin (₹1,200 to interest, ₹1,800 to principal)',
    ],
  ],
  PaymentReversed: [
    [
      { paymentId: PAYMENT, reason: 'Wrong loan', reversedBy: { id: 'a1', name: 'Admin' }, ledger },
      'Payment reversed: Wrong loan',
    ],
  ],
  LoanDetailsEdited: [
    [{ goldItems: [chain, { ...chain, netWeightMg: 3_900 }] }, 'Gold items edited (2 items, 32.4 g net)'],
    [
      { depositedBank: 'Indian Bank', bankLoanAmountPaise: 9_000_000 },
      'Bank details edited (deposited bank, bank loan amount)',
    ],
    [
      { goldItems: [chain], renewalDate: null },
      'Gold items edited (1 item, 28.5 g net); bank details edited (renewal date)',
    ],
    [{}, 'Loan details edited'],
  ],
  RateUpgraded: [
    [
      {
        level: 1,
        upgradeDate: '2026-04-01',
        previousRateBps: 1800,
        newRateBps: 2400,
        previousTotalPaymentPaise: 10_500_000,
        newTotalPaymentPaise: 10_800_000,
        previousMonthlyPaymentPaise: 1_750_000,
        newMonthlyPaymentPaise: 1_800_000,
        installments,
        nextUpgradeDate: null,
        upgradedBy: { type: 'scheduler', id: null, name: 'Scheduler' },
        ledger,
      },
      'Interest rate upgraded 18% → 24% (level 1); monthly payment ₹17,500 → ₹18,000',
    ],
  ],
  LoanClosed: [
    [
      { closedOn: '2026-06-01', reason: 'repaid', totalInterestPaise: 450_000, excessPaise: 0 },
      'Loan closed: repaid in full on 01/06/2026 (interest ₹4,500)',
    ],
    [
      { closedOn: '2026-06-01', reason: 'auctioned', totalInterestPaise: 0, excessPaise: 20_000 },
      'Loan closed by the auction of the gold on 01/06/2026; ₹200 paid in excess is owed back',
    ],
  ],
  LoanReopened: [[{ reason: 'Payment reversed' }, 'Loan reopened: Payment reversed']],
  PaymentsReallocated: [
    [
      {
        allocations: [{ paymentId: PAYMENT, interestPaise: 0, principalPaise: 0, excessPaise: 500_000 }],
        ledger,
      },
      'Payments re-split in date order: 1 earlier-recorded payment changed',
    ],
  ],
  RefundDue: [
    [
      {
        loanId: 'GL0007',
        customerId: 'CUST0001',
        customerName: 'Lakshmi Devi',
        amountPaise: 4_000_000,
        excessPaise: 4_000_000,
        paymentId: PAYMENT,
        reason: 'Payment recorded',
      },
      'Refund due to Lakshmi Devi: ₹40,000 paid beyond closing (Payment recorded)',
    ],
  ],
  RefundPaid: [
    [
      {
        refundId: PAYMENT,
        amountPaise: 4_000_000,
        method: 'bank_transfer',
        reference: 'NEFT123',
        paidOn: '2026-10-06',
        paidBy: { id: 'a1', name: 'Asha' },
        remainingPaise: 0,
      },
      'Refund of ₹40,000 paid on 06/10/2026 by bank transfer ref NEFT123 (Asha)',
    ],
  ],
  LoanRenewed: [
    [
      { renewedOn: '2026-07-01', newLoanStreamId: 'loan-x', newLoanId: 'GL0009' },
      'Loan renewed on 01/07/2026 as GL0009',
    ],
  ],
  LoanDeleted: [
    [
      { reason: 'Duplicate', hadPayments: true, paymentCount: 1 },
      'Loan deleted (1 payment on record): Duplicate',
    ],
    [{ reason: null, hadPayments: false, paymentCount: 0 }, 'Loan deleted (0 payments on record)'],
  ],
  InstallmentFellDue: [
    [
      { installmentNumber: 2, dueDate: '2026-03-01', amountDuePaise: 1_750_000 },
      'Installment 2 of ₹17,500 fell due on 01/03/2026',
    ],
  ],
  InstallmentOverdue: [
    [
      { installmentNumber: 2, dueDate: '2026-03-01', overdueOn: '2026-03-02', amountDuePaise: 1_750_000 },
      'Installment 2 of ₹17,500, due 01/03/2026, overdue since 02/03/2026',
    ],
  ],
  MarkedReadyForAuction: [
    [
      { readyOn: '2026-08-01', by: 'scheduler', notes: null, outstandingPaise: 9_500_000 },
      'Marked ready for auction by the scheduler on 01/08/2026 with ₹95,000 outstanding',
    ],
  ],
  AuctionScheduled: [
    [
      { auctionDate: '2026-08-15', reservePricePaise: 9_000_000, goldValuePaise: 10_000_000, notes: null },
      'Auction scheduled for 15/08/2026, reserve price ₹90,000 (gold value ₹1,00,000)',
    ],
  ],
  Auctioned: [
    [
      {
        auctionDate: '2026-08-15',
        salePaise: 10_000_000,
        reservePricePaise: 9_000_000,
        outstandingPaise: 9_500_000,
        surplusPaise: 500_000,
        shortfallPaise: 0,
        notes: null,
      },
      'Gold auctioned on 15/08/2026 for ₹1,00,000 (₹95,000 owed); surplus ₹5,000 owed to the customer',
    ],
    [
      {
        auctionDate: '2026-08-15',
        salePaise: 9_000_000,
        reservePricePaise: 9_000_000,
        outstandingPaise: 9_500_000,
        surplusPaise: 0,
        shortfallPaise: 500_000,
        notes: null,
      },
      'Gold auctioned on 15/08/2026 for ₹90,000 (₹95,000 owed); shortfall ₹5,000',
    ],
  ],
  AuctionCancelled: [
    [{ reason: 'repayment', notes: null }, 'Auction cancelled: a repayment came in'],
    [{ reason: 'admin', notes: 'Customer paid' }, 'Auction cancelled by an admin: Customer paid'],
  ],
  GoldReturnScheduled: [
    [{ scheduledAt: '2026-06-05T05:30:00.000Z', notes: null }, 'Gold return booked for 05/06/2026, 11:00 am'],
  ],
  GoldReturned: [
    [
      { returnedOn: '2026-06-05', notes: null, daysLate: 0 },
      'Gold returned to the customer on 05/06/2026, within the 7-working-day promise',
    ],
    [
      { returnedOn: '2026-06-15', notes: null, daysLate: 2 },
      'Gold returned to the customer on 15/06/2026, 2 working days late',
    ],
  ],
  GoldReturnReminderSent: [
    [
      { reminderType: 'followup', sentTo: ['9000000003', 'a@b.in'], sentOn: '2026-06-10' },
      'Gold return reminder (followup) sent to 9000000003, a@b.in',
    ],
  ],
  PaymentReminderSent: [
    [
      {
        installmentNumber: 3,
        dueDate: '2026-04-01',
        kind: 'upcoming',
        channel: 'sms',
        sentTo: '9000000003',
        sentOn: '2026-03-29',
        amountDuePaise: 1_750_000,
      },
      'Upcoming payment reminder sent by SMS to 9000000003: installment 3 of ₹17,500, due 01/04/2026',
    ],
  ],
  MarginCallRaised: [
    [
      {
        asOf: '2026-06-01',
        owedPaise: 9_000_000,
        goldValuePaise: 10_000_000,
        ltvBps: 9000,
        capBps: 8500,
        shortfallPaise: 500_000,
        goldToAddMg: 8_500,
        pricePerGramPaise: 650_000,
      },
      'Margin call: LTV 90% is over the 85% cap (owed ₹90,000 against gold worth ₹1,00,000); pay ₹5,000 or add 8.500 g of 22K gold',
    ],
  ],
  MarginCallCured: [
    [
      {
        asOf: '2026-06-03',
        owedPaise: 8_000_000,
        goldValuePaise: 10_000_000,
        ltvBps: 8000,
        capBps: 8500,
        by: 'payment',
      },
      'Margin call cured by a payment: LTV 80% within the 85% cap',
    ],
  ],
  MarginCallEscalated: [
    [
      {
        asOf: '2026-06-16',
        owedPaise: 9_000_000,
        goldValuePaise: 10_000_000,
        ltvBps: 9000,
        capBps: 8500,
        daysInBreach: 15,
      },
      'Margin call escalated after 15 days over the cap (LTV 90%)',
    ],
  ],
  GoldItemsAdded: [
    [
      {
        goldItems: [chain, { ...chain, description: 'Bangle' }],
        addedCount: 1,
        appraisal: {
          valuedOn: '2026-06-02',
          previousDay: '2026-06-01',
          averageFrom: '2026-05-03',
          averageTo: '2026-06-01',
          items: [
            {
              index: 1,
              itemType: 'ornament',
              purity: 916,
              grossWeightMg: 30_000,
              deductionsMg: 1_500,
              netWeightMg: 28_500,
              pricedFrom: 916,
              average30Paise: 650_000,
              previousClosePaise: 660_000,
              bound: 'average30',
              pricePerGramPaise: 650_000,
              valuePaise: 18_525_000,
            },
          ],
          goldValuePaise: 18_525_000,
        },
        addedBy: { id: 'u1', name: 'Asha' },
      },
      '1 gold item added to the pledge, valued at ₹1,85,250',
    ],
  ],
  CustomerToldGoldReady: [
    [
      {
        toldOn: '2026-03-10',
        channel: 'call',
        toldBy: { id: 'u1', name: 'Asha' },
        notes: null,
        customerDelayFrom: '2026-03-11',
      },
      "Customer told the gold is ready (Phone call, 10/03/2026) by Asha: from 11/03/2026 the delay is the customer's",
    ],
  ],
  ReleaseCompensationAccrued: [
    [
      {
        days: ['2026-03-12', '2026-03-13'],
        throughDate: '2026-03-13',
        ratePaisePerDay: 500_000,
        amountPaise: 1_000_000,
        accruedTotalPaise: 1_000_000,
        owedPaise: 1_000_000,
      },
      'Release delay compensation of ₹10,000 accrued for 2 working days (12/03/2026 to 13/03/2026, ₹5,000 a day); ₹10,000 owed to the customer',
    ],
  ],
  ReleaseCompensationPaid: [
    [
      {
        payoutId: PAYMENT,
        amountPaise: 1_000_000,
        method: 'bank',
        reference: 'UTR1',
        paidOn: '2026-03-16',
        paidBy: { id: 'u1', name: 'Asha' },
        days: 2,
        owedAfterPaise: 0,
      },
      'Release delay compensation of ₹10,000 paid to the customer by bank transfer (ref. UTR1) on 16/03/2026 by Asha',
    ],
  ],
  GoldUnclaimed: [
    [
      { unclaimedOn: '2028-03-02', closedOn: '2026-03-02', afterMonths: 24 },
      'Gold not collected 24 months after closure: unclaimed from 02/03/2028',
    ],
  ],
  UnclaimedGoldNoticeSent: [
    [
      { monthsAfterClosure: 6, sentTo: ['9000000003'], sentOn: '2026-09-02' },
      'Uncollected gold notice (6 months after closure) sent to 9000000003',
    ],
  ],
  AuctionNoticeSent: [
    [
      {
        noticeDate: '2026-08-01',
        auctionNotBefore: '2026-08-31',
        noticeDays: 30,
        channels: ['sms', 'registered_post'],
        registeredPost: { postedOn: '2026-08-01', reference: 'RK1' },
        language: 'en',
        languageSource: 'default',
        outstandingPaise: 1_000_000,
        sentBy: { id: 'u', name: 'Asha' },
      },
      'Auction notice sent to the borrower on 01/08/2026 (registered post ref. RK1); no auction before 31/08/2026',
    ],
  ],
  AuctionPublicNoticeRecorded: [
    [
      {
        round: 1,
        newspapers: [
          { name: 'Prajavani', kind: 'vernacular', language: 'Kannada', publishedOn: '2026-08-05' },
          { name: 'The Hindu', kind: 'national', language: 'English', publishedOn: '2026-08-05' },
        ],
        recordedBy: { id: 'u', name: 'Asha' },
      },
      'Public notice of the auction in Prajavani (Kannada, 05/08/2026) and The Hindu (English, 05/08/2026)',
    ],
  ],
  AuctionBidderRegistered: [
    [
      {
        bidderId: '0b1d0000-0000-4000-8000-000000000001',
        round: 1,
        name: 'Ravi Traders',
        idType: 'pan',
        idNumber: 'ABCDE1234F',
        address: 'Chennai',
        mobile: '9876543210',
        relationshipChecked: true,
        registeredOn: '2026-08-10',
        registeredBy: { id: 'u', name: 'Asha' },
      },
      'Bidder Ravi Traders registered for the auction',
    ],
  ],
  AuctionCostRecorded: [
    [
      {
        costId: '0b1d0000-0000-4000-8000-000000000002',
        kind: 'newspaper',
        description: 'Two newspapers',
        amountPaise: 300_000,
        incurredOn: '2026-08-05',
        recordedBy: { id: 'u', name: 'Asha' },
      },
      'Auction cost of ₹3,000 recorded: Two newspapers',
    ],
  ],
  AuctionFailed: [
    [
      {
        auctionDate: '2026-08-31',
        round: 1,
        reason: 'no_bids',
        highestBidPaise: null,
        reservePricePaise: 9_000_000,
        failedCount: 1,
        notes: null,
      },
      'Auction of 31/08/2026 failed: no bids (1 failed auction so far)',
    ],
    [
      {
        auctionDate: '2026-09-15',
        round: 2,
        reason: 'below_reserve',
        highestBidPaise: 8_000_000,
        reservePricePaise: 9_000_000,
        failedCount: 2,
        notes: null,
      },
      'Auction of 15/09/2026 failed: highest bid ₹80,000 below the reserve ₹90,000 (2 failed auctions so far)',
    ],
  ],
  DelinquencyClassChanged: [
    [
      {
        from: 'sma_2',
        to: 'npa',
        asOf: '2026-09-30',
        daysPastDue: 91,
        oldestUnpaidDueDate: '2026-07-01',
        arrearsPaise: 1_000_000,
        reason: 'days_past_due',
        npaLoanId: null,
      },
      'Classified NPA (was SMA-2) on 30/09/2026: 91 days past due',
    ],
    [
      {
        from: 'standard',
        to: 'npa',
        asOf: '2026-09-30',
        daysPastDue: 0,
        oldestUnpaidDueDate: null,
        arrearsPaise: 0,
        reason: 'borrower_npa',
        npaLoanId: 'GL0001',
      },
      "Classified NPA (was Standard) on 30/09/2026: another of the borrower's loans (GL0001) is NPA",
    ],
  ],
};

describe('the sentence for each loan event', () => {
  it('covers every loan event type of the contracts', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(LoanEvents).sort());
  });

  for (const [type, cases] of Object.entries(CASES)) {
    it.each(cases as Array<[unknown, string]>)(`${type}: %#`, (data, sentence) => {
      // The fixture itself must be a valid event, or the test proves nothing.
      expect(LoanEvents[type as LoanEventType].safeParse(data).success).toBe(true);
      expect(describeLoanEvent({ type, data })).toBe(sentence);
    });
  }
});

describe('a history read in order', () => {
  it('names the amount of the payment a later approval or reversal refers to', () => {
    const [recorded] = CASES.PaymentRecorded[1]!;
    const [reversed] = CASES.PaymentReversed[0]!;
    const [approved] = CASES.PaymentApproved[0]!;
    expect(
      describeLoanHistory([
        { type: 'PaymentRecorded', data: recorded },
        { type: 'PaymentApproved', data: approved },
        { type: 'PaymentReversed', data: reversed },
      ]).slice(1),
    ).toEqual([
      'Online payment of ₹3,000 approved by Admin (₹1,200 to interest, ₹1,800 to principal)',
      'Payment of ₹3,000 reversed: Wrong loan',
    ]);
  });

  it('reads an unknown type, or data that breaks its contract, as the type in words', () => {
    expect(describeLoanEvent({ type: 'LoanFrozen', data: {} })).toBe('Loan frozen');
    expect(describeLoanEvent({ type: 'PaymentRecorded', data: { amountPaise: 'lots' } })).toBe(
      'Payment recorded',
    );
    expect(humanizeType('')).toBe('Unknown event');
  });
});

describe('who caused an event', () => {
  it('is the actor from the metadata, or the system', () => {
    expect(actorOf({ name: 'Asha', role: 'employee' })).toEqual({ name: 'Asha', role: 'employee' });
    expect(actorOf(null)).toEqual({ name: 'System', role: 'system' });
  });
});
