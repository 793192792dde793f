import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANCH_ID, type RecordedEvent } from '@goldledger/contracts';
import { known } from '../testing/loan-events.js';
import {
  evolveCustomerLoanRow,
  evolveCustomerRow,
  type CustomerLoanRow,
  type CustomerRow,
} from './customers.projector.js';

const customerUuid = '2b1f0c3e-8a0d-4f5e-9c1a-0d2e3f4a5b6c';
const loanStream = 'loan-7d3c1b2a-0e9f-4a8b-8c7d-6e5f4a3b2c1d';

let position = 0;
const event = (streamId: string, type: string, data: Record<string, unknown>): RecordedEvent => {
  position++;
  return {
    eventId: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    streamId,
    streamType: streamId.startsWith('loan-') ? 'loan' : 'customer',
    streamPosition: position,
    position: { transactionId: String(100 + position), globalPosition: String(position) },
    type,
    schemaVersion: 1,
    data,
    metadata: {},
    occurredAt: `2026-11-21T04:3${position % 10}:00.000Z`,
    recordedAt: '2026-11-21T04:30:00.100Z',
  };
};

/** What the projector does with one recorded event: reads it as its contract says, then evolves the row. */
const customerRowAfter = (row: CustomerRow | undefined, e: RecordedEvent) => {
  const read = known(e, 'customer');
  return read ? evolveCustomerRow(row, read) : row;
};
const loanRowAfter = (row: CustomerLoanRow | undefined, e: RecordedEvent) => {
  const read = known(e, 'loan');
  return read ? evolveCustomerLoanRow(row, read) : row;
};

const profile = {
  aadharNumber: '500000000003',
  name: 'Lakshmi Devi',
  email: 'lakshmi@example.com',
  primaryMobile: '9000000003',
  secondaryMobile: null,
  emergencyContact: { mobile: '9000000013', relation: 'Son' },
  presentAddress: '12 Temple Street',
  permanentAddress: '12 Temple Street',
};

const fold = <Row>(
  evolve: (r: Row | undefined, e: RecordedEvent) => Row | undefined,
  events: RecordedEvent[],
) => events.reduce<Row | undefined>(evolve, undefined);

describe('a customer row', () => {
  const registered = event(`customer-${customerUuid}`, 'CustomerRegistered', {
    ...profile,
    customerId: 'CUS000007',
  });

  it('starts unverified, with what staff and search need', () => {
    expect(customerRowAfter(undefined, registered)).toEqual({
      customer_uuid: customerUuid,
      customer_id: 'CUS000007',
      branch_id: DEFAULT_BRANCH_ID,
      name: 'Lakshmi Devi',
      email: 'lakshmi@example.com',
      aadhar_number: '500000000003',
      primary_mobile: '9000000003',
      secondary_mobile: null,
      emergency_mobile: '9000000013',
      emergency_relation: 'Son',
      present_address: '12 Temple Street',
      permanent_address: '12 Temple Street',
      verified: false,
      user_id: null,
      search_text: 'lakshmi devi\nlakshmi@example.com\ncus000007\n9000000003\n****-****-0003',
      created_at: registered.occurredAt,
      updated_at: registered.occurredAt,
    });
  });

  it('follows verification, edits and the account link', () => {
    const userId = '5f0c7a56-1c1e-4b8e-9d7e-1a2b3c4d5e6f';
    const row = fold(customerRowAfter, [
      registered,
      event(`customer-${customerUuid}`, 'CustomerVerified', { channel: 'sms' }),
      event(`customer-${customerUuid}`, 'CustomerUpdated', {
        ...profile,
        aadharNumber: '500000001234',
        name: 'Lakshmi R',
      }),
      event(`customer-${customerUuid}`, 'CustomerAccountLinked', { userId }),
    ]);
    expect(row).toMatchObject({
      verified: true,
      user_id: userId,
      name: 'Lakshmi R',
      aadhar_number: '500000001234',
      created_at: registered.occurredAt,
    });
    // The search text never holds the full Aadhar number.
    expect(row?.search_text).toContain('****-****-1234');
    expect(row?.search_text).not.toContain('500000001234');
  });

  it('ignores events before registration and types it does not know', () => {
    expect(
      customerRowAfter(undefined, event(`customer-${customerUuid}`, 'CustomerVerified', { channel: 'sms' })),
    ).toBeUndefined();
    const row = customerRowAfter(undefined, registered);
    expect(customerRowAfter(row, event(`customer-${customerUuid}`, 'CustomerNicknamed', {}))).toBe(row);
  });

  it('refuses an event that does not match its contract (the runner parks it)', () => {
    expect(() =>
      customerRowAfter(undefined, event(`customer-${customerUuid}`, 'CustomerRegistered', { name: 'x' })),
    ).toThrow();
  });
});

const loanCreated = (over: Record<string, unknown> = {}) =>
  event(loanStream, 'LoanCreated', {
    loanId: 'GL261100001',
    customer: { ...profile, customerStreamId: `customer-${customerUuid}`, customerId: 'CUS000007' },
    goldItems: [{ description: 'Chain', grossWeightMg: 12_500, netWeightMg: 12_000, purityKarat: 22 }],
    principalPaise: 5_000_000,
    annualRateBps: 1800,
    termMonths: 6,
    disbursementDate: '2026-11-21',
    totalPaymentPaise: 5_450_000,
    monthlyPaymentPaise: 908_333,
    installments: [{ number: 1, dueDate: '2026-12-21', amountPaise: 908_333 }],
    valuation: {
      goldRatePaisePerGram: 700_000,
      goldValuePaise: 7_700_000,
      eligiblePaise: 5_775_000,
      ltvCapBps: 7500,
    },
    createdBy: { id: 'u1', name: 'Ravi', role: 'employee', email: null },
    renewalOf: null,
    ...over,
  });

describe('a customer loan row', () => {
  it('maps the loan to its customer and keeps what the customers page shows', () => {
    const created = loanCreated();
    expect(loanRowAfter(undefined, created)).toEqual<CustomerLoanRow>({
      loan_stream_id: loanStream,
      customer_uuid: customerUuid,
      loan_id: 'GL261100001',
      status: 'active',
      principal_paise: '5000000',
      annual_rate_bps: 1800,
      term_months: 6,
      repayment_type: 'emi',
      monthly_payment_paise: '908333',
      total_payment_paise: '5450000',
      disbursement_date: '2026-11-21',
      deposited_bank: null,
      renewal_date: null,
      gold_items: JSON.stringify([
        { description: 'Chain', grossWeightMg: 12_500, netWeightMg: 12_000, purityKarat: 22 },
      ]),
      created_position: created.position.globalPosition,
      created_at: created.occurredAt,
    });
  });

  it('follows edits, upgrades and the status', () => {
    const row = fold(loanRowAfter, [
      loanCreated(),
      event(loanStream, 'LoanDetailsEdited', { depositedBank: 'SBI', renewalDate: '2027-01-10' }),
      event(loanStream, 'RateUpgraded', {
        level: 1,
        upgradeDate: '2027-05-21',
        previousRateBps: 1800,
        newRateBps: 2400,
        previousTotalPaymentPaise: 5_450_000,
        newTotalPaymentPaise: 5_600_000,
        previousMonthlyPaymentPaise: 908_333,
        newMonthlyPaymentPaise: 933_333,
        installments: [{ number: 1, dueDate: '2026-12-21', amountPaise: 933_333 }],
        nextUpgradeDate: null,
        upgradedBy: { type: 'scheduler', id: null, name: 'Scheduler' },
        ledger: {
          asOf: '2027-05-21',
          principalOutstandingPaise: 5_000_000,
          interestOutstandingPaise: 0,
          totalPaidPaise: 0,
          interestPaidPaise: 0,
          principalPaidPaise: 0,
        },
      }),
    ]);
    expect(row).toMatchObject({
      deposited_bank: 'SBI',
      renewal_date: '2027-01-10',
      annual_rate_bps: 2400,
      total_payment_paise: '5600000',
      monthly_payment_paise: '933333',
      status: 'active',
    });
    const closed = loanRowAfter(
      row,
      event(loanStream, 'LoanClosed', {
        closedOn: '2027-06-01',
        reason: 'repaid',
        totalInterestPaise: 600_000,
        excessPaise: 0,
      }),
    );
    expect(closed?.status).toBe('closed');
    expect(loanRowAfter(closed, event(loanStream, 'LoanReopened', { reason: 'reversal' }))?.status).toBe(
      'active',
    );
    expect(
      loanRowAfter(
        closed,
        event(loanStream, 'LoanRenewed', {
          renewedOn: '2027-06-02',
          newLoanStreamId: 'loan-x',
          newLoanId: 'GL270600001',
        }),
      )?.status,
    ).toBe('renewed');
    expect(
      loanRowAfter(
        closed,
        event(loanStream, 'LoanDeleted', { reason: null, hadPayments: false, paymentCount: 0 }),
      )?.status,
    ).toBe('deleted');
  });
});
