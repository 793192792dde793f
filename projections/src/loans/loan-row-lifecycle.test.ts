import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@goldledger/contracts';
import { CUSTOMER_STREAM as CUSTOMER, known, ledger } from '../testing/loan-events.js';
import { PAYMENT, fold, loanEvent, newLoan, recorded } from '../testing/loan-book.js';
import { installmentRowsOf } from './loan-book.derived.js';
import { evolveLoanRow } from './loan-row.evolve.js';

describe('closing, reopening, renewing and deleting', () => {
  const closed = () =>
    fold(
      [
        loanEvent(
          'PaymentRecorded',
          recorded({ amountPaise: 101_000_00, ledger: ledger({ totalPaidPaise: 101_000_00 }) }),
        ),
        loanEvent('LoanClosed', {
          closedOn: '2026-12-20',
          reason: 'repaid',
          totalInterestPaise: 1_000_00,
          excessPaise: 0,
        }),
      ],
      newLoan(),
    )!;

  it('a closed loan owes nothing, has every installment settled and leaves the active tab', () => {
    const row = closed();
    expect(row).toMatchObject({
      status: 'closed',
      list_status: 'closed',
      closed_on: '2026-12-20',
      close_reason: 'repaid',
      principal_outstanding_paise: 0,
      interest_outstanding_paise: 0,
    });
    expect(row.installments.every((i) => i.status === 'paid')).toBe(true);
    expect(installmentRowsOf(row).every((i) => !i.loan_active)).toBe(true);
  });

  it('a reopened loan is active again with the schedule filled from what is paid', () => {
    const row = fold(
      [
        loanEvent('PaymentReversed', {
          paymentId: PAYMENT,
          reason: 'Cheque bounced',
          reversedBy: { id: 'a1', name: 'Asha' },
          ledger: ledger(),
        }),
        loanEvent('LoanReopened', { reason: 'Closing payment reversed' }),
      ],
      closed(),
    )!;
    expect(row).toMatchObject({
      status: 'active',
      list_status: 'active',
      closed_on: null,
      total_paid_paise: 0,
    });
    expect(row.installments.every((i) => i.status === 'unpaid')).toBe(true);
  });

  it('a renewed loan is listed with the closed ones and points at its successor', () => {
    const row = fold(
      [
        loanEvent('LoanRenewed', {
          renewedOn: '2026-12-21',
          newLoanStreamId: 'loan-x',
          newLoanId: 'GL261200001',
        }),
      ],
      closed(),
    )!;
    expect(row).toMatchObject({
      status: 'renewed',
      list_status: 'closed',
      closed_on: '2026-12-20',
      renewed_to: { loanStreamId: 'loan-x', loanId: 'GL261200001', renewedOn: '2026-12-21' },
    });
  });

  it('a deleted loan stays as a row but is hidden from every list', () => {
    const row = fold(
      [loanEvent('LoanDeleted', { reason: 'Entered twice', hadPayments: false, paymentCount: 0 })],
      newLoan(),
    )!;
    expect(row).toMatchObject({
      status: 'deleted',
      list_status: 'hidden',
      deleted_at: '2026-11-21T04:30:00.000Z',
    });
    expect(installmentRowsOf(row).every((i) => !i.loan_active)).toBe(true);
  });

  it('events of a loan never created make no row', () => {
    expect(evolveLoanRow(undefined, loanEvent('LoanReopened', { reason: 'x' }))).toBeUndefined();
  });

  it('refuses an event that breaks its contract (the runner parks it)', () => {
    const bad = { ...loanEvent('LoanReopened', { reason: 'x' }), type: 'LoanClosed', streamPosition: 99 };
    expect(() => evolveLoanRow(newLoan(), known(bad, 'loan')!)).toThrow();
  });
});

describe("a customer's edit", () => {
  const updated = (over: object = {}): RecordedEvent => ({
    eventId: '00000000-0000-4000-8000-0000000000ff',
    streamId: CUSTOMER,
    streamType: 'customer',
    streamPosition: 3,
    position: { transactionId: '9', globalPosition: '99' },
    type: 'CustomerUpdated',
    schemaVersion: 1,
    data: {
      aadharNumber: '234523452399',
      name: 'Meena R. Iyer',
      email: null,
      primaryMobile: '9123456780',
      secondaryMobile: '9000011111',
      emergencyContact: { mobile: '9000022222', relation: 'Sister' },
      presentAddress: '4 FC Road, Pune',
      permanentAddress: '12 MG Road, Pune',
      ...over,
    },
    metadata: {},
    occurredAt: '2026-11-22T04:30:00.000Z',
    recordedAt: '2026-11-22T04:30:00.000Z',
  });

  it('is mirrored into the loan row and its search text', () => {
    const row = evolveLoanRow(newLoan(), known(updated(), 'customer')!)!;
    expect(row).toMatchObject({
      name: 'Meena R. Iyer',
      email: null,
      aadhar_number: '234523452399',
      primary_mobile: '9123456780',
      secondary_mobile: '9000011111',
      emergency_contact: { mobile: '9000022222', relation: 'Sister' },
      present_address: '4 FC Road, Pune',
      version: 1,
    });
    expect(row.search_text).toContain('meena r. iyer');
    expect(row.search_text).toContain('9000011111');
    expect(row.search_text).not.toContain('meena@example.com');
  });

  it('other customer events leave the loan as it was', () => {
    const row = newLoan();
    expect(
      evolveLoanRow(
        row,
        known({ ...updated(), type: 'CustomerVerified', data: { channel: 'sms' } }, 'customer')!,
      ),
    ).toBe(row);
  });
});
