import { describe, expect, it } from 'vitest';
import { LoanEvents } from '@goldledger/contracts';
import { fold } from '../../platform/decider.js';
import { spec, admin, created, pay, after } from '../../testing/loan-decider-fixtures.js';
import { decideLoan } from '../loan.decider.js';
import { quoteLoan } from '../loan.rules.js';
import { evolveLoan, initialLoanState } from '../loan.state.js';

describe('an active loan', () => {
  it('takes a part payment interest first and moves to the next installment', () => {
    const events = after(created, pay(20_000, '2026-03-02'));
    const recorded = events.at(-1)!;
    expect(recorded.type).toBe('PaymentRecorded');
    const d = LoanEvents.PaymentRecorded.parse(recorded.data);
    expect(d.status).toBe('success');
    expect(d.installmentNumber).toBe(1);
    expect(d.allocation!.interestPaise + d.allocation!.principalPaise).toBe(20_000_00);
    expect(d.ledger.principalOutstandingPaise).toBe(100_000_00 - d.allocation!.principalPaise);
  });

  it('closes when a payment reaches the total due, in the same decision', () => {
    const state = fold(evolveLoan, initialLoanState(), created);
    const { totalDuePaise } = quoteLoan(state, '2026-04-15');
    const events = decideLoan(pay(totalDuePaise / 100, '2026-04-15'), state);
    expect(events.map((e) => e.type)).toEqual(['PaymentRecorded', 'LoanClosed']);
    spec
      .given([...created, ...events])
      .when(pay(100, '2026-04-16'))
      .thenThrows('Loan is already closed');
  });

  it.each([
    [pay(50, '2026-03-02'), /Amount must be at least ₹/],
    [pay(200_000, '2026-03-02'), /Amount cannot be more than the total due/],
    [
      pay(1_000, '2026-03-02', { method: 'online', bankName: 'SBI' }),
      'Transaction ID is required for online payments',
    ],
    [
      pay(1_000, '2026-03-02', { method: 'online', transactionId: 'T1' }),
      'Bank Name is required for online payments',
    ],
    [pay(1_000, '2026-01-30'), 'Repayment date cannot be before the loan date'],
    [pay(1_000, '2026-03-02', { today: '2026-03-01' }), 'Repayment date cannot be in the future'],
  ])('refuses a bad repayment %#', (command, message) => {
    spec.given(created).when(command).thenThrows(message);
  });

  it('holds an online payment as pending until an admin approves it', () => {
    const p = pay(5_000, '2026-03-02', { method: 'online', transactionId: 'UTR1', bankName: 'SBI' });
    const events = after(created, p);
    const d = LoanEvents.PaymentRecorded.parse(events.at(-1)!.data);
    expect(d.status).toBe('pending');
    expect(d.ledger.totalPaidPaise).toBe(0);
    const approved = after(events, {
      type: 'ApprovePayment',
      paymentId: p.paymentId,
      approvedBy: admin,
      today: '2026-03-03',
    });
    const a = LoanEvents.PaymentApproved.parse(approved.at(-1)!.data);
    expect(a.ledger.totalPaidPaise).toBe(5_000_00);
  });

  it('reverses a payment with a reason and reopens a loan it had closed', () => {
    const state = fold(evolveLoan, initialLoanState(), created);
    const p = pay(quoteLoan(state, '2026-02-10').totalDuePaise / 100, '2026-02-10');
    const closed = after(created, p);
    const reversed = after(closed, {
      type: 'ReversePayment',
      paymentId: p.paymentId,
      reason: 'Cheque bounced',
      reversedBy: admin,
      today: '2026-02-11',
    });
    expect(reversed.slice(-2).map((e) => e.type)).toEqual(['PaymentReversed', 'LoanReopened']);
    const d = LoanEvents.PaymentReversed.parse(reversed.at(-2)!.data);
    expect(d.ledger.principalOutstandingPaise).toBe(100_000_00);
  });
});

describe('a reversal after the gold went back', () => {
  it('is refused: the loan cannot be reopened without its gold', () => {
    const state = fold(evolveLoan, initialLoanState(), created);
    const p = pay(quoteLoan(state, '2026-03-02').totalDuePaise / 100, '2026-03-02');
    const returned = after(after(created, p), { type: 'MarkGoldReturned', notes: null, today: '2026-03-04' });
    spec
      .given(returned)
      .when({
        type: 'ReversePayment',
        paymentId: p.paymentId,
        reason: 'Cheque bounced',
        reversedBy: admin,
        today: '2026-03-05',
      })
      .thenThrows('The gold has been handed back: this loan can no longer be reopened by a reversal');
  });

  it('refuses a malformed return time as a message, not a crash', () => {
    const state = fold(evolveLoan, initialLoanState(), created);
    const closed = after(created, pay(quoteLoan(state, '2026-03-02').totalDuePaise / 100, '2026-03-02'));
    spec
      .given(closed)
      .when({ type: 'ScheduleGoldReturn', scheduledAt: 'tomorrow-ish', notes: null, today: '2026-03-03' })
      .thenThrows('Please choose a date and time for the return');
  });
});
