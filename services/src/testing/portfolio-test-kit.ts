import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  GOLD_PRICES_STREAM_TYPE,
  LOAN_STREAM_TYPE,
  businessDate,
  goldPricesStreamId,
  loanStreamId,
  type DelinquencyClass,
} from '@goldledger/contracts';
import { registerVerifiedCustomer } from '../customers/customer-commands.js';
import { createLoan, executeLoanCommand, loadLoan } from '../lending/loan-commands.js';
import { quoteLoan } from '../lending/loan.rules.js';
import { BANK_PAYOUT } from './gold-prices-kit.js';
import type { TestApi } from './test-api.js';
import type { TestDatabase } from './test-infra.js';

/**
 * The portfolio's tests tell a story over days: what was recorded on each day must carry
 * that day as its `recorded_at`, which PostgreSQL sets to `now()`. `onDay` moves both the
 * API's clock and the database's: the events table's default for `recorded_at` (in the
 * test's own database, never a shared one) becomes that moment in Kolkata.
 */
export async function onDay(t: TestDatabase, api: TestApi, date: string, time = '12:00:00'): Promise<void> {
  api.clock.set(new Date(`${date}T${time}+05:30`).toISOString());
  await recordAt(t, date, time);
}

/** Only the database's clock: what is appended from now on reads as recorded at `date` `time` (IST). */
export async function recordAt(t: TestDatabase, date: string, time = '12:00:00'): Promise<void> {
  const instant = `${date}T${time}+05:30`;
  await sql`alter table events alter column recorded_at set default ${sql.lit(instant)}::timestamptz`.execute(
    t.db,
  );
}

const ADMIN = { id: 'admin-1', name: 'Asha Admin' };
let customers = 0;

/** A verified customer of the branch with a loan on a 60 g chain (22K), made on the clock's day. */
export async function openLoanAt(api: TestApi, branchId: string, rupees: number, rate = 18) {
  customers += 1;
  const n = String(customers).padStart(2, '0');
  const deps = { store: api.store, clock: api.clock };
  const { customerUuid } = await registerVerifiedCustomer(
    deps,
    {
      aadharNumber: `6100000000${n}`,
      name: `Portfolio Borrower ${n}`,
      email: `portfolio${n}@example.com`,
      primaryMobile: `97400000${n}`,
      secondaryMobile: null,
      emergencyContact: { mobile: `98400000${n}`, relation: 'Brother' },
      presentAddress: `${n} Temple Street, Mysuru`,
      permanentAddress: `${n} Temple Street, Mysuru`,
    },
    {},
    branchId,
  );
  const { loanUuid } = await createLoan(deps, {
    customerRef: customerUuid,
    goldItems: [{ description: 'Chain', grossWeightMg: 60_000, netWeightMg: 58_000, purityKarat: 22 }],
    ...BANK_PAYOUT,
    principalPaise: rupees * 100,
    annualRateBps: rate * 100,
    termMonths: 6,
    loanDate: businessDate(api.clock.now()),
    createdBy: { id: api.users.admin, name: 'Asha Admin', role: 'admin', email: 'admin@demo.local' },
  });
  return loanUuid;
}

/** A cash payment entered on the clock's day, dated `paymentDate` (default that day); 'all' repays the loan. */
export async function payOn(
  api: TestApi,
  loanUuid: string,
  amountPaise: number | 'all',
  paymentDate?: string,
) {
  const today = businessDate(api.clock.now());
  const date = paymentDate ?? today;
  const { state } = await loadLoan(api.store, loanUuid);
  await executeLoanCommand({ store: api.store, clock: api.clock }, loanUuid, {
    type: 'RecordPayment',
    paymentId: randomUUID(),
    amountPaise: amountPaise === 'all' ? quoteLoan(state, date).totalDuePaise : amountPaise,
    method: 'handcash',
    paymentType: 'total',
    paymentDate: date,
    transactionId: null,
    bankName: null,
    enteredBy: ADMIN,
    today,
    // Dated back: an admin's entry, with its reason (staff may date only a few days back).
    ...(date < today ? { byAdmin: true, backdateReason: 'Receipt found in the day book late' } : {}),
  });
}

/** A change of class appended as the daily delinquency job would (the job itself is not this test's). */
export async function classChangedOn(
  api: TestApi,
  loanUuid: string,
  from: DelinquencyClass,
  to: DelinquencyClass,
  asOf: string,
) {
  const { version } = await loadLoan(api.store, loanUuid);
  await api.store.append(
    loanStreamId(loanUuid),
    [
      {
        type: 'DelinquencyClassChanged',
        data: {
          from,
          to,
          asOf,
          daysPastDue: to === 'standard' ? 0 : 35,
          oldestUnpaidDueDate: to === 'standard' ? null : asOf,
          arrearsPaise: to === 'standard' ? 0 : 5_000_00,
          reason: to === 'standard' ? 'arrears_cleared' : 'days_past_due',
          npaLoanId: null,
        },
        occurredAt: api.clock.now(),
      },
    ],
    { streamType: LOAN_STREAM_TYPE, expectedVersion: version },
  );
}

/** A corrected 22K close for `date`, entered on the clock's day. */
export async function correctClose(api: TestApi, date: string, pricePerGramPaise: number, previous: number) {
  const id = goldPricesStreamId(date);
  await api.store.append(
    id,
    [
      {
        type: 'GoldPriceRecorded',
        data: {
          date,
          purity: 916,
          pricePerGramPaise,
          previousPricePerGramPaise: previous,
          source: 'entry',
          importId: null,
        },
        occurredAt: api.clock.now(),
      },
    ],
    { streamType: GOLD_PRICES_STREAM_TYPE, expectedVersion: await api.store.streamVersion(id) },
  );
}
