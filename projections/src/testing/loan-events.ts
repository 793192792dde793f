import type { LoanEventData, LoanEventType, RecordedEvent } from '@goldledger/contracts';
import {
  eventReader,
  type CustomerStreamEvent,
  type KnownStreamType,
  type EventOf,
  type LoanStreamEvent,
} from '../runtime/known-events.js';

/**
 * Test fixtures: one loan's events as a read model's door hands them on, read by their
 * contract (so the fixtures stay valid against it).
 */

/**
 * What a read model reading `streams` makes of `event`: typed by its contract (it
 * throws when the data breaks it); undefined when the read model lets it by.
 */
export function known<S extends KnownStreamType>(
  event: RecordedEvent,
  ...streams: S[]
): EventOf<S> | undefined {
  return eventReader(...streams)([event])[0];
}

export const LOAN = '2b1f0c3e-8a0d-4f5e-9c1a-0d2e3f4a5b6c';
export const CUSTOMER_STREAM = 'customer-7c9e6679-7425-40de-944b-e07fc1f90ae7';

export function loanEvents() {
  let position = 0;
  return function loanEvent<K extends LoanEventType>(
    type: K,
    data: LoanEventData<K>,
    over: Partial<RecordedEvent> = {},
  ): Extract<LoanStreamEvent, { type: K }> {
    position += 1;
    const event = known<'loan'>(
      {
        eventId: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
        streamId: `loan-${LOAN}`,
        streamType: 'loan',
        streamPosition: position,
        position: { transactionId: String(100 + position), globalPosition: String(position) },
        type,
        schemaVersion: 1,
        data,
        metadata: { actor: { id: 'u1', role: 'admin', name: 'Asha Admin' } },
        occurredAt: '2026-11-21T04:30:00.000Z',
        recordedAt: '2026-11-21T04:30:00.100Z',
        ...over,
      },
      'loan',
    );
    return event as Extract<LoanStreamEvent, { type: K }>;
  };
}

export const ledger = (over: Partial<LoanEventData<'PaymentRecorded'>['ledger']> = {}) => ({
  asOf: '2026-12-21',
  principalOutstandingPaise: 100_000_00,
  interestOutstandingPaise: 1_500_00,
  totalPaidPaise: 0,
  interestPaidPaise: 0,
  principalPaidPaise: 0,
  ...over,
});

export const created: LoanEventData<'LoanCreated'> = {
  loanId: 'GL261100001',
  customer: {
    customerStreamId: CUSTOMER_STREAM,
    customerId: 'CUS000001',
    aadharNumber: '500000000003',
    name: 'Lakshmi Customer',
    email: 'lakshmi@example.com',
    primaryMobile: '9000000003',
    secondaryMobile: null,
    emergencyContact: { mobile: '9000000013', relation: 'Son' },
    presentAddress: '12 Temple Street, Chennai',
    permanentAddress: '12 Temple Street, Chennai',
  },
  goldItems: [
    { description: 'Chain', grossWeightMg: 20_000, netWeightMg: 18_000, purityKarat: 22 },
    { description: 'Bangle', grossWeightMg: 12_500, netWeightMg: 12_000, purityKarat: 22 },
  ],
  principalPaise: 100_000_00,
  annualRateBps: 1800,
  termMonths: 3,
  disbursementDate: '2026-08-21',
  totalPaymentPaise: 104_500_00,
  monthlyPaymentPaise: 34_833_33,
  installments: [
    { number: 1, dueDate: '2026-09-21', amountPaise: 34_833_33 },
    { number: 2, dueDate: '2026-10-21', amountPaise: 34_833_33 },
    { number: 3, dueDate: '2026-11-21', amountPaise: 34_833_34 },
  ],
  valuation: {
    goldRatePaisePerGram: 700_000,
    goldValuePaise: 192_500_00,
    eligiblePaise: 163_625_00,
    ltvCapBps: 8500,
  },
  createdBy: { id: 'u2', name: 'Ravi Employee', role: 'employee', email: null },
  renewalOf: null,
};

/** A staff edit of the customer (the loan rows mirror their name and numbers). */
export const customerUpdated = (name: string, primaryMobile: string): CustomerStreamEvent => {
  const { customerStreamId: _stream, customerId: _id, ...profile } = created.customer;
  const event: RecordedEvent = {
    eventId: '00000000-0000-4000-9000-000000000001',
    streamId: CUSTOMER_STREAM,
    streamType: 'customer',
    streamPosition: 5,
    position: { transactionId: '999', globalPosition: '999' },
    type: 'CustomerUpdated',
    schemaVersion: 1,
    data: { ...profile, name, primaryMobile, email: null },
    metadata: {},
    occurredAt: '2026-11-25T04:30:00.000Z',
    recordedAt: '2026-11-25T04:30:00.100Z',
  };
  return known(event, 'customer')!;
};
