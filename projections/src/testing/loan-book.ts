import type { LoanEventData } from '@goldledger/contracts';
import type { LoanOrCustomerEvent } from '../runtime/known-events.js';
import { evolveLoanRow } from '../loans/loan-row.evolve.js';
import type { LoanRow } from '../loans/loans.tables.js';
import { CUSTOMER_STREAM, created as lakshmisLoan, ledger, loanEvents } from './loan-events.js';

/** The loan book's test fixtures: one loan of Meena's, its payments, folded as the projector folds them. */

export const PAYMENT = 'a3bb189e-8bf9-4888-9912-ace4e6543002';
export const PAYMENT2 = 'b3bb189e-8bf9-4888-9912-ace4e6543003';

export const loanEvent = loanEvents();

/** Meena's loan: the shared fixture's terms, her own customer, gold and dates. */
export const created: LoanEventData<'LoanCreated'> = {
  ...lakshmisLoan,
  customer: {
    customerStreamId: CUSTOMER_STREAM,
    customerId: 'CUS000042',
    name: 'Meena Iyer',
    email: 'Meena@Example.com',
    aadharNumber: '234523452345',
    primaryMobile: '9876543210',
    secondaryMobile: null,
    emergencyContact: { mobile: '9876500000', relation: 'Brother' },
    presentAddress: '12 MG Road, Pune',
    permanentAddress: '12 MG Road, Pune',
  },
  goldItems: [
    { description: 'Chain', grossWeightMg: 20_000, netWeightMg: 18_000, purityKarat: 22 },
    { description: 'Ring', grossWeightMg: 5_000, netWeightMg: 4_800, purityKarat: 18 },
  ],
  disbursementDate: '2026-11-21',
  installments: [
    { number: 1, dueDate: '2026-12-21', amountPaise: 34_833_33 },
    { number: 2, dueDate: '2027-01-21', amountPaise: 34_833_33 },
    { number: 3, dueDate: '2027-02-21', amountPaise: 34_833_34 },
  ],
  valuation: { ...lakshmisLoan.valuation, goldValuePaise: 150_000_00, eligiblePaise: 127_500_00 },
  createdBy: { id: 'u1', name: 'Ravi', role: 'employee', email: 'ravi@demo.local' },
};

export const recorded = (
  over: Partial<LoanEventData<'PaymentRecorded'>> = {},
): LoanEventData<'PaymentRecorded'> => ({
  paymentId: PAYMENT,
  amountPaise: 40_000_00,
  method: 'handcash',
  paymentType: 'total',
  paymentDate: '2026-12-20',
  transactionId: null,
  bankName: null,
  status: 'success',
  installmentNumber: 1,
  enteredBy: { id: 'u1', name: 'Ravi' },
  allocation: { interestPaise: 1_500_00, principalPaise: 38_500_00 },
  ledger: ledger({
    principalOutstandingPaise: 61_500_00,
    interestOutstandingPaise: 0,
    totalPaidPaise: 40_000_00,
    interestPaidPaise: 1_500_00,
    principalPaidPaise: 38_500_00,
  }),
  ...over,
});

/** Folds events in order, numbering them after the row's version as the store would. */
export const fold = (events: LoanOrCustomerEvent[], start?: LoanRow) =>
  events.reduce<LoanRow | undefined>(
    (row, e, i) => evolveLoanRow(row, { ...e, streamPosition: (start?.version ?? 0) + i + 1 }),
    start,
  );

export const newLoan = () => fold([loanEvent('LoanCreated', created)])!;
