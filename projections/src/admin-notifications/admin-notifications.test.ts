import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANCH_ID, type RecordedEvent } from '@goldledger/contracts';
import { CUSTOMER_STREAM, LOAN, created, known, ledger, loanEvents } from '../testing/loan-events.js';
import { toAdminNotification } from './admin-notifications.projector.js';

const enquiry = {
  enquiryId: '2b1f0c3e-8a0d-4f5e-9c1a-0d2e3f4a5b6c',
  name: 'Meena Iyer',
  email: 'meena@example.com',
  goldMilligrams: 25_500,
  phone: '9876543210',
  message: 'Loan against jewellery, please call.',
};

const event = (over: Partial<RecordedEvent> = {}): RecordedEvent => ({
  eventId: '00000000-0000-4000-8000-000000000007',
  streamId: `contact-${enquiry.enquiryId}`,
  streamType: 'contact',
  streamPosition: 1,
  position: { transactionId: '7', globalPosition: '42' },
  type: 'ContactMessageReceived',
  schemaVersion: 1,
  data: enquiry,
  metadata: { clientIp: '10.1.1.1' },
  occurredAt: '2026-11-21T04:30:00.000Z',
  recordedAt: '2026-11-21T04:30:00.100Z',
  ...over,
});

/** What the projector makes of a recorded enquiry or read mark: read by its contract, then raised. */
const raise = (e: RecordedEvent) => {
  const read = known(e, 'contact', 'admin-notification');
  return read ? toAdminNotification(read) : null;
};

describe('an admin notification', () => {
  it('is raised by an enquiry, unread, naming who asked and how to reach them', () => {
    expect(raise(event())).toEqual({
      id: '00000000-0000-4000-8000-000000000007',
      type: 'contact_enquiry',
      title: 'New enquiry from Meena Iyer',
      message:
        'Phone: 9876543210\nEmail: meena@example.com\nGold: 25.5 g\nMessage: Loan against jewellery, please call.',
      customer_name: 'Meena Iyer',
      customer_mobile: '9876543210',
      amount_paise: null,
      loan_uuid: null,
      loan_id: null,
      branch_id: null,
      is_read: false,
      read_at: null,
      read_by: null,
      dismissed_at: null,
      created_at: '2026-11-21T04:30:00.000Z',
      source_event_id: '00000000-0000-4000-8000-000000000007',
      source_tx: '7',
      source_gp: '42',
    });
  });

  it('shows the first 200 characters of a long message, never half an emoji', () => {
    const long = `${'a'.repeat(199)}🪙${'b'.repeat(50)}`;
    const row = raise(event({ data: { ...enquiry, message: long } }));
    expect(row?.message.split('Message: ')[1]).toBe(`${'a'.repeat(199)}🪙…`);
  });

  it('shows 0 grams and two-decimal weights as typed', () => {
    expect(raise(event({ data: { ...enquiry, goldMilligrams: 0 } }))?.message).toContain('Gold: 0 g');
    expect(raise(event({ data: { ...enquiry, goldMilligrams: 12_340 } }))?.message).toContain(
      'Gold: 12.34 g',
    );
  });

  it('is not raised by other events', () => {
    expect(raise(event({ type: 'GoldRateUpdated', data: {} }))).toBeNull();
  });

  it('refuses an enquiry event that does not match its schema (the runner parks it)', () => {
    expect(() => raise(event({ data: { name: 'x' } }))).toThrow();
  });
});

describe('a loan notification', () => {
  const e = loanEvents();
  const loan = {
    loan_uuid: LOAN,
    loan_id: 'GL261100001',
    branch_id: DEFAULT_BRANCH_ID,
    customer_stream_id: CUSTOMER_STREAM,
    customer_name: 'Lakshmi Raman',
    customer_mobile: '9888877777',
  };

  it('announces a new loan with its amount, customer and a link to it', () => {
    const row = toAdminNotification(e('LoanCreated', created));
    expect(row).toMatchObject({
      type: 'new_loan',
      title: 'New loan GL261100001',
      message: 'Lakshmi Customer: ₹1,00,000 at 18% for 3 months, by Ravi Employee.',
      customer_name: 'Lakshmi Customer',
      customer_mobile: '9000000003',
      amount_paise: '10000000',
      loan_uuid: LOAN,
      loan_id: 'GL261100001',
      branch_id: DEFAULT_BRANCH_ID,
      is_read: false,
    });
  });

  it("names the loan and its customer as they stand, for the loan's later events", () => {
    const row = toAdminNotification(
      e('PaymentRecorded', {
        paymentId: 'a3bb189e-8bf9-4888-9912-ace4e6543002',
        amountPaise: 5_000_00,
        method: 'online',
        paymentType: 'total',
        paymentDate: '2026-11-21',
        transactionId: 'UTR123',
        bankName: 'SBI',
        status: 'pending',
        installmentNumber: 1,
        enteredBy: { id: 'u2', name: 'Ravi Employee' },
        allocation: null,
        ledger: ledger(),
      }),
      loan,
    );
    expect(row).toMatchObject({
      type: 'new_repayment',
      title: 'Online payment to approve on GL261100001',
      customer_name: 'Lakshmi Raman',
      customer_mobile: '9888877777',
      amount_paise: '500000',
    });
    expect(row?.message).toBe(
      'Lakshmi Raman paid ₹5,000 online (UTR123) on 21 Nov 2026, entered by Ravi Employee. It counts once an admin approves it.',
    );
  });

  it.each([
    [
      'LoanClosed',
      { closedOn: '2026-11-21', reason: 'repaid', totalInterestPaise: 1, excessPaise: 0 },
      'loan_closed',
    ],
    [
      'InstallmentFellDue',
      { installmentNumber: 2, dueDate: '2026-10-21', amountDuePaise: 100 },
      'payment_due',
    ],
    [
      'InstallmentOverdue',
      { installmentNumber: 2, dueDate: '2026-10-21', overdueOn: '2026-10-22', amountDuePaise: 100 },
      'payment_overdue',
    ],
    [
      'MarkedReadyForAuction',
      { readyOn: '2027-03-21', by: 'scheduler', notes: null, outstandingPaise: 9 },
      'auction_ready',
    ],
    [
      'AuctionScheduled',
      { auctionDate: '2027-04-05', reservePricePaise: 9, goldValuePaise: 10, notes: null },
      'auction_scheduled',
    ],
    ['AuctionCancelled', { reason: 'admin', notes: 'Customer paid' }, 'auction_cancelled'],
    ['GoldReturned', { returnedOn: '2026-12-05', notes: null, daysLate: 2 }, 'gold_returned'],
  ] as const)('is raised by %s as %s', (type, data, expected) => {
    expect(toAdminNotification(e(type, data as never), loan)?.type).toBe(expected);
  });

  it('is not raised by a reminder or a read mark', () => {
    expect(
      toAdminNotification(
        e('GoldReturnReminderSent', {
          reminderType: 'initial',
          sentTo: ['9000000003'],
          sentOn: '2026-11-24',
        }),
        loan,
      ),
    ).toBeNull();
    expect(
      raise(
        event({
          type: 'NotificationRead',
          streamType: 'admin-notification',
          data: { notificationId: '00000000-0000-4000-8000-000000000007' },
        }),
      ),
    ).toBeNull();
  });
});
