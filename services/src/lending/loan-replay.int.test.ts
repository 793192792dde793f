import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { LoanAsOfResponse, LoanEventsResponse } from '@goldledger/contracts';
import { lendingApiKit } from '../testing/lending-api-kit.js';
import { loadLoan } from './loan-commands.js';
import type { TestDatabase } from '../testing/test-infra.js';
import type { TestApi } from '../testing/test-api.js';

const { kit, call, newLoan } = lendingApiKit('loans');
let t: TestDatabase;
let api: TestApi;
beforeAll(() => {
  t = kit.t;
  api = kit.api;
});

describe("an auditor's replay", () => {
  it('gives, at the moment of each change, the state the read model held then', async () => {
    const loan = await newLoan({
      amount: 120_000,
      goldItems: [{ description: 'Necklace', grossWeight: 40, netWeight: 38 }],
    });
    const day = (n: number) => api.clock.set(new Date(Date.parse('2026-11-21T04:30:00Z') + n * 86_400_000));
    const paymentOf = (res: { json(): { data: { payment: { _id: string } } } }) =>
      res.json().data.payment._id;
    const steps: Array<() => Promise<unknown>> = [
      async () => undefined, // the loan as created
      async () => {
        day(20);
        return paymentOf(await call('employee', 'POST', `/api/loans/${loan._id}/payment`, { amount: 5_000 }));
      },
      async () =>
        call('employee', 'PUT', `/api/employee/loans/${loan._id}`, {
          goldItems: [
            { description: 'Necklace', grossWeight: 40, netWeight: 38 },
            { description: 'Ring', grossWeight: 4, netWeight: 3.9 },
          ],
        }),
      async () => {
        day(40);
        const res = await call('employee', 'POST', `/api/loans/${loan._id}/payment`, {
          amount: 3_000,
          paymentMethod: 'online',
          transactionId: 'UTR-AUDIT-1',
          bankName: 'Indian Bank',
        });
        return call('admin', 'PATCH', `/api/loans/${loan._id}/payments/${paymentOf(res)}/approve`);
      },
      async () => {
        day(70);
        // Before the upgrade date: an early upgrade, confirmed with a reason (issue 15).
        return call('admin', 'POST', `/api/admin/loans/${loan._id}/upgrade-rate`, {
          confirmEarly: true,
          reason: 'Customer asked to move to the higher slab',
        });
      },
      async () =>
        call('admin', 'PUT', `/api/admin/loans/${loan._id}`, {
          depositedBank: 'Indian Bank',
          bankLoanAmount: 90_000,
        }),
      async () => {
        const { state } = await loadLoan(api.store, loan._id);
        const first = state.payments[0]!.paymentId;
        return call('admin', 'POST', `/api/loans/${loan._id}/payments/${first}/reverse`, {
          reason: 'Entered against the wrong loan',
        });
      },
      async () => {
        day(75);
        const q = (
          await call('admin', 'POST', `/api/loans/${loan._id}/calculate-early-repayment`, {})
        ).json();
        return call('admin', 'POST', `/api/loans/${loan._id}/payment`, { amount: q.totalDue });
      },
    ];
    try {
      const seen: Array<{ moment: string; row: Record<string, unknown> }> = [];
      for (const step of steps) {
        await step();
        await api.project();
        const row = (
          await sql<Record<string, unknown>>`
          select * from rm_loans.loans where loan_uuid = ${loan._id}`.execute(t.db)
        ).rows[0]!;
        const events = (await call('admin', 'GET', `/api/loans/${loan._id}/events`)).json().data;
        seen.push({ moment: events.at(-1).recordedAt, row });
      }
      expect(seen.at(-1)!.row.status).toBe('closed');
      for (const { moment, row } of seen) {
        const res = await call(
          'admin',
          'GET',
          `/api/loans/${loan._id}/as-of?date=${encodeURIComponent(moment)}`,
        );
        expect(res.statusCode, res.body).toBe(200);
        const { loan: then, recordedLedger } = res.json();
        const at = `as of ${moment}`;
        expect(then.status, at).toBe(row.status);
        expect(then.currentInterestRate * 100, at).toBe(row.current_rate_bps);
        expect(then.currentUpgradeLevel, at).toBe(row.upgrade_level);
        expect(Math.round(then.totalPayment * 100), at).toBe(Number(row.total_payment_paise));
        expect(Math.round(then.monthlyPayment * 100), at).toBe(Number(row.monthly_payment_paise));
        expect(then.goldItems.length, at).toBe((row.gold_items as unknown[]).length);
        expect(then.depositedBank, at).toBe(row.deposited_bank);
        expect(recordedLedger.principalOutstandingPaise, at).toBe(Number(row.principal_outstanding_paise));
        expect(recordedLedger.interestOutstandingPaise, at).toBe(Number(row.interest_outstanding_paise));
        expect(recordedLedger.totalPaidPaise, at).toBe(Number(row.total_paid_paise));
        const schedule = (
          row.installments as Array<{ number: number; dueDate: string; amountPaise: number; status: string }>
        ).map((i) => [i.number, i.dueDate, i.amountPaise, i.status]);
        expect(
          then.installments.map((i: { number: number; dueDate: string; amount: number; status: string }) => [
            i.number,
            i.dueDate,
            Math.round(i.amount * 100),
            i.status,
          ]),
          at,
        ).toEqual(schedule);
      }
      const before = await call('admin', 'GET', `/api/loans/${loan._id}/as-of?date=2026-11-20`);
      expect(before.statusCode).toBe(404);
      expect(before.json().message).toBe('The loan did not exist yet at that time');
    } finally {
      api.clock.set('2026-11-21T04:30:00Z');
    }
  });

  it('replays by when events happened with basis=occurred, whenever they were recorded', async () => {
    const loan = await newLoan();
    try {
      // Written now, but happening 20 days after the loan was made (history entered late).
      api.clock.set('2026-12-11T04:30:00Z');
      const paid = await call('employee', 'POST', `/api/loans/${loan._id}/payment`, { amount: 5_000 });
      expect(paid.statusCode, paid.body).toBe(201);
      const asOf = (date: string, basis?: string) =>
        call(
          'admin',
          'GET',
          `/api/loans/${loan._id}/as-of?date=${encodeURIComponent(date)}${basis ? `&basis=${basis}` : ''}`,
        );

      const between = await asOf('2026-12-01', 'occurred');
      expect(between.statusCode, between.body).toBe(200);
      // The web reads both answers through these contracts.
      expect(LoanAsOfResponse.safeParse(between.json()).error).toBeUndefined();
      const log = (await call('admin', 'GET', `/api/loans/${loan._id}/events`)).json();
      expect(LoanEventsResponse.safeParse(log).error).toBeUndefined();
      expect(between.json()).toMatchObject({
        basis: 'occurred',
        eventCount: 1,
        lastEvent: { type: 'LoanCreated' },
        loan: { totalPaid: 0 },
      });
      const after = (await asOf('2026-12-11', 'occurred')).json();
      expect(after).toMatchObject({ eventCount: 2, lastEvent: { type: 'PaymentRecorded' } });
      expect(after.loan.totalPaid).toBe(5_000);

      // By default the books as recorded: both events were written a moment ago.
      const recorded = (await asOf(new Date().toISOString())).json();
      expect(recorded).toMatchObject({ basis: 'recorded', eventCount: 2 });
      expect((await asOf('2026-12-01', 'whenever')).json().message).toBe(
        'basis must be recorded or occurred',
      );
    } finally {
      api.clock.set('2026-11-21T04:30:00Z');
    }
  });
});
