import { describe, expect, it } from 'vitest';
import { paymentMethodLabel } from '@/lib/payment-labels';
import {
  AMOUNT_LABEL,
  installmentStatus,
  isFullyPaid,
  loanStatus,
  loansForDisplay,
  ltvLine,
  marginCallNotice,
  paymentType,
  paymentsDue,
  receiptFileName,
  refundLine,
  remainingBalance,
  repaidPercent,
  type CustomerLoan,
  type LoanInstallment,
  type LoanPayment,
} from './derive';

function payment(over: Partial<LoanPayment> = {}): LoanPayment {
  return {
    _id: 'p1',
    date: '2026-02-01',
    amount: 5_000,
    method: 'handcash',
    transactionId: null,
    bankName: null,
    paymentType: 'total',
    enteredBy: { name: 'Ravi' },
    status: 'success',
    installmentNumber: 1,
    installmentPlace: { n: 1, of: 6, upgradedOn: null },
    receiptNumber: 'GL000001_1',
    allocation: { interest: 500, principal: 4_500 },
    excess: 0,
    recordedAt: '2026-02-01T05:00:00.000Z',
    approvedBy: null,
    approvedAt: null,
    reversalReason: null,
    reversedAt: null,
    ...over,
  };
}

function installment(over: Partial<LoanInstallment> = {}): LoanInstallment {
  return {
    number: 1,
    dueDate: '2026-02-01',
    amount: 5_000,
    amountPaid: 0,
    status: 'unpaid',
    place: { n: 1, of: 6, upgradedOn: null },
    ...over,
  };
}

function loan(over: Partial<CustomerLoan> = {}): CustomerLoan {
  return {
    _id: 'uuid-1',
    loanId: 'GL000001',
    version: 1,
    branchId: '00000000-0000-4000-8000-0000000b7a01',
    customerId: { _id: 'c', customerId: 'CUS000001', name: 'Lakshmi Devi', aadharNumber: '****-****-1234' },
    name: 'Lakshmi Devi',
    email: null,
    primaryMobile: '9000000003',
    secondaryMobile: null,
    emergencyContact: { mobile: '9000000004', relation: 'Son' },
    presentAddress: 'x',
    permanentAddress: 'x',
    amount: 50_000,
    term: 12,
    repaymentType: 'emi',
    interestRate: 18,
    originalInterestRate: 18,
    currentInterestRate: 18,
    monthlyPayment: 4_917,
    totalPayment: 59_000,
    totalPaid: 0,
    remainingBalance: 50_000,
    principalOutstanding: 50_000,
    interestOutstanding: 0,
    balanceAsOf: '2026-01-01',
    status: 'active',
    createdAt: '2026-01-01T05:00:00.000Z',
    disbursementDate: '2026-01-01',
    maturityDate: '2027-01-01',
    closedOn: null,
    currentUpgradeLevel: 0,
    lastUpgradeDate: null,
    nextUpgradeDate: null,
    goldItems: [],
    fineGoldWeight: 10,
    depositedBank: null,
    renewalDate: null,
    installments: [],
    nextDue: null,
    overdue: { amount: 0, since: null },
    paymentCount: 0,
    pendingPaymentCount: 0,
    ltv: { goldRate: 7000, goldValue: 70_000, ltvPercent: 71, marginCall: null },
    renewalOf: null,
    renewedTo: null,
    refund: null,
    delinquency: {
      class: 'standard',
      since: null,
      daysPastDue: 0,
      oldestUnpaidDueDate: null,
      arrears: 0,
      reason: null,
      npaLoanId: null,
    },
    auctionShortfall: 0,
    payments: [],
    ...over,
  };
}

describe('the customer view of a loan', () => {
  it('keeps a loan whose principal is repaid but whose interest is owed active, with that interest as its balance', () => {
    const l = loan({ totalPaid: 50_000, remainingBalance: 1_250, interestOutstanding: 1_250 });
    expect(isFullyPaid(l)).toBe(false);
    expect(loanStatus(l)).toBe('active');
    expect(remainingBalance(l)).toBe(1_250);
    expect(repaidPercent(l)).toBe(97);
  });

  it('shows a closed loan as closed, fully paid, with balance 0 and 100 %', () => {
    const l = loan({ status: 'closed', totalPaid: 52_000, remainingBalance: 0, closedOn: '2026-06-01' });
    expect(loanStatus(l)).toBe('closed');
    expect(remainingBalance(l)).toBe(0);
    expect(repaidPercent(l)).toBe(100);
  });

  it('reads a loan whose payments brought the balance to nil as closed', () => {
    const l = loan({ status: 'active', totalPaid: 51_000, remainingBalance: 0 });
    expect(loanStatus(l)).toBe('closed');
  });

  it('never shows a negative balance, and 0 % before any payment', () => {
    expect(remainingBalance(loan({ remainingBalance: -3 }))).toBe(0);
    expect(repaidPercent(loan())).toBe(0);
  });

  it("calls one payment that covered the loan 'Full Payment'", () => {
    const l = loan({
      status: 'closed',
      totalPaid: 50_400,
      remainingBalance: 0,
      closedOn: '2026-01-10',
      payments: [payment({ amount: 50_400 })],
    });
    expect(paymentType(l)).toBe('Full Payment');
  });

  it("calls a loan paid off by several payments before maturity 'Early Payment'", () => {
    const l = loan({
      status: 'closed',
      totalPaid: 53_000,
      remainingBalance: 0,
      closedOn: '2026-05-01',
      payments: [payment({ amount: 5_000 }), payment({ _id: 'p2', amount: 48_000 })],
    });
    expect(paymentType(l)).toBe('Early Payment');
  });

  it("calls anything else 'Monthly Installments', and ignores reversed payments", () => {
    expect(paymentType(loan({ payments: [payment()] }))).toBe('Monthly Installments');
    const reversed = loan({
      payments: [payment({ amount: 60_000, status: 'reversed' }), payment({ _id: 'p2' })],
    });
    expect(paymentType(reversed)).toBe('Monthly Installments');
    expect(
      paymentType(
        loan({
          status: 'closed',
          remainingBalance: 0,
          totalPaid: 59_000,
          closedOn: '2027-01-01',
          payments: [payment(), payment({ _id: 'p2' })],
        }),
      ),
    ).toBe('Monthly Installments');
  });

  it('names how a bullet or monthly-interest loan is repaid, and what its monthly figure is', () => {
    expect(paymentType(loan({ repaymentType: 'monthly_interest', payments: [payment()] }))).toBe(
      'Monthly Interest',
    );
    expect(paymentType(loan({ repaymentType: 'bullet' }))).toBe('At Maturity');
    expect(AMOUNT_LABEL).toEqual({
      emi: 'Monthly Payment',
      monthly_interest: 'Monthly Interest',
      bullet: 'Due at Maturity',
    });
  });

  it("puts a bullet loan's one installment, due at maturity, at the top once it is the earliest", () => {
    const bullet = loan({
      _id: 'b',
      loanId: 'GL000002',
      repaymentType: 'bullet',
      installments: [installment({ dueDate: '2026-07-01', amount: 59_000 })],
    });
    const emi = loan({ installments: [installment({ dueDate: '2026-08-01' })] });
    expect(paymentsDue([emi, bullet], '2026-06-01').next).toMatchObject({
      loan: { loanId: 'GL000002' },
      amount: 59_000,
      overdue: false,
    });
  });

  it('shows an installment Paid, Overdue once its due date has passed, and Pending until then', () => {
    expect(installmentStatus(installment({ status: 'paid' }), '2026-03-01')).toBe('paid');
    expect(installmentStatus(installment({ dueDate: '2026-02-01' }), '2026-02-02')).toBe('overdue');
    expect(installmentStatus(installment({ dueDate: '2026-02-01' }), '2026-02-01')).toBe('pending');
  });

  it('names the payment methods and the receipt files as the seeds and the server do', () => {
    expect(paymentMethodLabel('handcash')).toBe('Hand Cash');
    expect(paymentMethodLabel('online')).toBe('Online Payment');
    expect(receiptFileName.loan(loan())).toBe('LoanReceipt_GL000001.pdf');
    expect(receiptFileName.payment(payment())).toBe('Receipt_GL000001_1.pdf');
  });
});

describe('what the customer has to pay next', () => {
  const running = loan({
    installments: [
      installment({ number: 1, dueDate: '2026-02-01', status: 'paid', amountPaid: 5_000 }),
      installment({ number: 2, dueDate: '2026-03-01', amountPaid: 1_000 }),
      installment({ number: 3, dueDate: '2026-04-01' }),
    ],
  });
  const closed = loan({
    _id: 'uuid-2',
    loanId: 'GL000002',
    status: 'closed',
    remainingBalance: 0,
    totalPaid: 10_000,
    installments: [installment({ dueDate: '2026-01-01' })],
  });

  it('is the oldest unpaid installment of a running loan, with what is left on it, and the overdue ones', () => {
    const due = paymentsDue([closed, running], '2026-03-15');
    expect(due.next?.loan.loanId).toBe('GL000001');
    expect(due.next?.installment.number).toBe(2);
    expect(due.next?.amount).toBe(4_000);
    expect(due.next?.overdue).toBe(true);
    expect(due.overdueCount).toBe(1);
    expect(due.overdueAmount).toBe(4_000);
  });

  it('is nothing when every loan is paid off', () => {
    expect(paymentsDue([closed], '2026-03-15')).toEqual({ next: null, overdueCount: 0, overdueAmount: 0 });
  });

  it('lists loans with something left to pay before those paid off', () => {
    expect(loansForDisplay([closed, running]).map((l) => l.loanId)).toEqual(['GL000001', 'GL000002']);
  });
});

describe('refundLine (issue 15: money paid beyond closing)', () => {
  it('says nothing when nothing was ever owed back', () => {
    expect(refundLine(loan())).toBeNull();
  });
  it('shows the refund due, then when it was paid back', () => {
    const due = {
      due: 40_000,
      excess: 40_000,
      auctionSurplus: 0,
      dueBy: null,
      refunded: 0,
      lastRefund: null,
    };
    expect(refundLine(loan({ refund: due }))).toEqual({ tone: 'due', text: 'Refund due ₹40,000' });
    const paid = {
      due: 0,
      excess: 40_000,
      auctionSurplus: 0,
      dueBy: null,
      refunded: 40_000,
      lastRefund: { paidOn: '2026-10-05', amount: 40_000, method: 'bank_transfer', reference: 'NEFT1' },
    };
    expect(refundLine(loan({ refund: paid }))?.text).toMatch(/^Refunded ₹40,000 on /);
  });
});

describe('the loan to value the customer sees', () => {
  it('reads as a share of the gold’s value today, for an open loan with a figure', () => {
    expect(ltvLine(loan({}))).toBe('71%, gold worth ₹70,000');
    expect(ltvLine(loan({ status: 'closed' }))).toBeNull();
    expect(
      ltvLine(loan({ ltv: { goldRate: null, goldValue: null, ltvPercent: null, marginCall: null } })),
    ).toBeNull();
  });

  it('tells them what to pay or pledge when a margin call is open', () => {
    const called = loan({
      ltv: {
        goldRate: 5100,
        goldValue: 60_000,
        ltvPercent: 92,
        marginCall: { status: 'open', raisedOn: '2026-11-23', shortfall: 4_200, goldToAddGrams: 0.97 },
      },
    });
    expect(marginCallNotice(called)).toBe(
      'The price of gold has fallen and this loan is above its limit. Please pay ₹4,200 or pledge 0.97 g more of 22K gold at our branch.',
    );
    expect(marginCallNotice(loan({}))).toBeNull();
  });
});
