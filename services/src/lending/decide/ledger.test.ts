import { describe, expect, it } from 'vitest';
import { formatInrExact, LoanEvents, type LoanEvent } from '@goldledger/contracts';
import { fold } from '../../platform/decider.js';
import { admin, createCommand, pay } from '../../testing/loan-decider-fixtures.js';
import { decideLoan, type LoanCommand } from '../loan.decider.js';
import { quoteLoan } from '../loan.rules.js';
import { evolveLoan, initialLoanState } from '../loan.state.js';

/** Issue 15's loan: ₹50,000 at 18 % from 25 Sep 2026. */
const opened = decideLoan(
  {
    ...createCommand,
    loanId: 'GL260900001',
    principalPaise: 50_000_00,
    disbursementDate: '2026-09-25',
    today: '2026-09-25',
  },
  initialLoanState(),
);
const stateOf = (events: LoanEvent[]) => fold(evolveLoan, initialLoanState(), events);
const run = (events: LoanEvent[], command: LoanCommand) => [
  ...events,
  ...decideLoan(command, stateOf(events)),
];
/** The books an event carries, when it carries them. */
const lastLedger = (events: LoanEvent[]) => {
  for (const e of [...events].reverse()) {
    if ('ledger' in e.data) return e.data.ledger;
  }
  throw new Error('no ledger');
};
const successSum = (events: LoanEvent[]) =>
  stateOf(events)
    .payments.filter((p) => p.status === 'success')
    .reduce((sum, p) => sum + p.amountPaise, 0);

describe('issue 15 point 1: a back-dated closing payment does not swallow a later one', () => {
  it('keeps both payments in the books and records the excess as a refund due', () => {
    const today = '2026-10-05';
    let events = run(opened, pay(40_000, today, { today }));
    // At the counter ₹50,168 (the rebate rounded up, the total down); ₹50,169.15 exactly.
    const q = quoteLoan(stateOf(opened), '2026-09-26');
    expect(q.totalDuePaise).toBe(50_168_00);
    expect(q.totalDuePaise + q.roundingPaise).toBe(50_169_15);
    const backdated = { today, byAdmin: true, backdateReason: 'Cash taken on 26 Sep, entered late' };
    events = run(events, pay(50_169.15, '2026-09-26', backdated));

    expect(successSum(events)).toBe(90_169_15);
    const ledger = lastLedger(events);
    expect(ledger.totalPaidPaise).toBe(90_169_15);
    const closed = events.find((e) => e.type === 'LoanClosed');
    expect(closed?.type).toBe('LoanClosed');
    const c = LoanEvents.LoanClosed.parse(closed!.data);
    expect(c.excessPaise).toBe(40_000_00);
    expect(c.closedOn).toBe('2026-09-26');
    expect(ledger.interestPaidPaise + ledger.principalPaidPaise + (ledger.excessPaise ?? 0)).toBe(90_169_15);
    const refund = events.find((e) => (e.type as string) === 'RefundDue');
    expect(refund?.data).toMatchObject({ amountPaise: 40_000_00, loanId: 'GL260900001' });
  });
});

describe('issue 15 point 2: back-dating a payment', () => {
  const today = '2026-10-20';
  it('lets an employee date a payment at most 3 days back', () => {
    const events = run(opened, pay(5_000, '2026-10-17', { today }));
    expect(events.at(-1)!.type).toBe('PaymentRecorded');
    expect(() => run(opened, pay(5_000, '2026-10-16', { today }))).toThrow(
      'A payment can be dated at most 3 days back (2026-10-17); an admin may record an older date with a reason',
    );
  });

  it('lets an admin date a payment further back with a reason, recorded in the event', () => {
    expect(() => run(opened, pay(5_000, '2026-10-01', { today, byAdmin: true }))).toThrow(
      'A reason is required to date a payment more than 3 days back',
    );
    const events = run(
      opened,
      pay(5_000, '2026-10-01', { today, byAdmin: true, backdateReason: 'Receipt book entry found late' }),
    );
    const d = LoanEvents.PaymentRecorded.parse(events.at(-1)!.data);
    expect(d.backdated).toEqual({ reason: 'Receipt book entry found late', byAdmin: true });
  });

  it('never before the loan date, never after today, whoever asks', () => {
    expect(() =>
      run(opened, pay(5_000, '2026-09-24', { today, byAdmin: true, backdateReason: 'typo' })),
    ).toThrow('Repayment date cannot be before the loan date');
    expect(() => run(opened, pay(5_000, '2026-10-21', { today, byAdmin: true }))).toThrow(
      'Repayment date cannot be in the future',
    );
  });
});

describe('issue 15 point 5: approving an online payment that overpays', () => {
  it('shows the excess and asks to confirm, then records it as a refund due', () => {
    const today = '2026-10-10';
    const online = pay(30_000, today, { today, method: 'online', transactionId: 'UTR9', bankName: 'SBI' });
    let events = run(opened, online);
    const totalDue = quoteLoan(stateOf(events), today).totalDuePaise;
    events = run(events, pay((totalDue - 20_000_00) / 100, today, { today }));
    const approve = {
      type: 'ApprovePayment',
      paymentId: online.paymentId,
      approvedBy: admin,
      today,
    } as const;
    // Beyond the exact closing amount: nothing is waived when more than that is paid.
    const q = quoteLoan(stateOf(events), today);
    const excess = 30_000_00 - (q.totalDuePaise + q.roundingPaise);
    expect(excess).toBeGreaterThan(9_900_00);
    expect(() => run(events, approve)).toThrow(
      `Approving this payment leaves ${formatInrExact(excess)} above what closes the loan`,
    );
    expect(() => run(events, { ...approve, confirmExcessPaise: excess - 1 })).toThrow('Confirm the excess');
    try {
      run(events, approve);
    } catch (e) {
      expect(e).toMatchObject({
        code: 'excess_confirmation_required',
        status: 409,
        details: { excess: excess / 100 },
      });
    }
    const approved = run(events, { ...approve, confirmExcessPaise: excess });
    const closed = LoanEvents.LoanClosed.parse(approved.find((e) => e.type === 'LoanClosed')!.data);
    expect(closed.excessPaise).toBe(excess);
    expect(approved.find((e) => (e.type as string) === 'RefundDue')?.data).toMatchObject({
      amountPaise: excess,
    });
  });
});
