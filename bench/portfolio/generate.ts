// Over 400 lines: one loan's whole life, event by event as the handlers write them, reads best as one story.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  addDays,
  addMonths,
  BRANCH_STREAM_TYPE,
  branchStreamId,
  DEFAULT_BRANCH_DETAILS,
  GOLD_PRICES_STREAM_TYPE,
  goldPricesStreamId,
  LENDING_POLICY,
  LoanEvents,
  loanStreamId,
  type DelinquencyClass,
} from '@goldledger/contracts';
import { runLedger, type LedgerPayment } from '../../services/src/lending/interest.js';

/**
 * A loan book written straight into the events table, many loans a statement (the
 * portfolio reads events, not read models, so it needs no command handler to have run):
 * each loan's life as the handlers would record it, each event with `recorded_at` at its
 * business day (noon in Kolkata; a late entry days after the payment's date). The events'
 * data follow the contracts (the first loans are parsed with them) and carry the ledger
 * snapshots `runLedger` gives, as the decider's do. Lives, by a seeded PRNG: 40 % repaid
 * and closed, 25 % paying in part, 15 % stopped paying (a rate upgrade, then SMA-0 → NPA
 * as the delinquency job would record it), 8 % paid online and approved later, 5 % with a
 * payment reversed, 5 % with a payment entered days late (back-dated), 2 % deleted; every
 * installment falling due and a reminder before it are there too (events the report skips).
 */

export const BOOK_START = '2024-11-01';
export const BOOK_END = '2026-10-31';

interface Row {
  streamId: string;
  position: number;
  type: string;
  data: Record<string, unknown>;
  /** Business day: occurred at noon of it; recorded at noon of `recordedOn` (default the same). */
  day: string;
  recordedOn?: string;
}

/** Mulberry32: the same seed gives the same book. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const noon = (day: string) => `${day}T12:00:00+05:30`;
const PRICE_916 = 6_41_842; // ₹6,418.42 a gram of 22K (₹7,000 of 999 in proportion)

export interface Branch {
  branchId: string;
  name: string;
}

/** Five branches, opened before the book begins. */
export function branchRows(): { branches: Branch[]; rows: Row[] } {
  const names = ['Mysuru', 'Mandya', 'Hassan', 'Tumakuru', 'Chamarajanagar'];
  const branches = names.map((n) => ({ branchId: randomUUID(), name: `${n} Branch` }));
  const rows = branches.map((b, i) => ({
    streamId: branchStreamId(b.branchId),
    position: 1,
    type: 'BranchOpened',
    data: { ...DEFAULT_BRANCH_DETAILS, name: b.name, code: `BR${i + 1}`, branchId: b.branchId },
    day: addDays(BOOK_START, -30),
  }));
  return { branches, rows };
}

/** A 22K close on every day of the book and a month after it, entered that evening. */
export function priceRows(): Row[] {
  const byMonth = new Map<string, Row[]>();
  for (let d = addDays(BOOK_START, -60); d <= addDays(BOOK_END, 30); d = addDays(d, 1)) {
    const id = goldPricesStreamId(d);
    const list = byMonth.get(id) ?? [];
    // A gentle drift, so the valuation's average and previous close differ.
    const price = PRICE_916 + ((Number(d.slice(8, 10)) * 37) % 900) * 100;
    list.push({
      streamId: id,
      position: list.length + 1,
      type: 'GoldPriceRecorded',
      data: {
        date: d,
        purity: 916,
        pricePerGramPaise: price,
        previousPricePerGramPaise: null,
        source: 'entry',
        importId: null,
      },
      day: d,
    });
    byMonth.set(id, list);
  }
  return [...byMonth.values()].flat();
}

/** One loan's events, in its stream's order. */
export function loanLife(n: number, random: () => number, branches: readonly Branch[]): Row[] {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const uuid = randomUUID();
  const streamId = loanStreamId(uuid);
  const rows: Row[] = [];
  const push = (type: string, data: Record<string, unknown>, day: string, recordedOn?: string) =>
    rows.push({
      streamId,
      position: rows.length + 1,
      type,
      data,
      day,
      ...(recordedOn ? { recordedOn } : {}),
    });

  const span = 730;
  const disbursed = addDays(BOOK_START, Math.floor(random() * span));
  const termMonths = pick([3, 6, 12]);
  const principal = (20_000 + Math.floor(random() * 480) * 1_000) * 100;
  let rate = pick([1200, 1500, 1800, 2100, 2400, 3000, 3600]);
  const branch = pick(branches);
  const itemCount = 1 + Math.floor(random() * 3);
  const purityKarat = random() < 0.85 ? 22 : pick([18, 24]);
  // Enough gold for an LTV between about 45 % and 85 % of its value at sanction.
  const goldMg = Math.round((principal / (PRICE_916 * (0.45 + random() * 0.4))) * 1000);
  const items = Array.from({ length: itemCount }, () => {
    const net = Math.max(1_000, Math.round(goldMg / itemCount));
    return {
      description: pick(['Chain', 'Bangle', 'Ring', 'Necklace', 'Earrings']),
      grossWeightMg: net + 400,
      netWeightMg: net,
      purityKarat,
      itemType: 'ornament',
      purity: purityKarat === 22 ? 916 : purityKarat === 24 ? 999 : 750,
      deductions: [],
    };
  });
  const monthly = Math.round((principal * (1 + (rate / 10_000) * (termMonths / 12))) / termMonths);
  const installments = Array.from({ length: termMonths }, (_, i) => ({
    number: i + 1,
    dueDate: addMonths(disbursed, i + 1),
    amountPaise: monthly,
  }));
  const goldValue = items.reduce((s, i) => s + Math.round((i.netWeightMg * PRICE_916) / 1000), 0);
  const customerId = `CUS${String(n + 1).padStart(6, '0')}`;
  push(
    'LoanCreated',
    {
      loanId: `GL${disbursed.slice(2, 4)}${disbursed.slice(5, 7)}${String(n + 1).padStart(5, '0')}`,
      customer: {
        customerStreamId: `customer-${randomUUID()}`,
        customerId,
        aadharNumber: String(300000000000 + n),
        name: `Borrower ${n + 1}`,
        email: `borrower${n + 1}@example.com`,
        primaryMobile: String(9000000000 + n),
        secondaryMobile: null,
        emergencyContact: { mobile: '9876500000', relation: 'Brother' },
        presentAddress: `${n + 1} Temple Street, Mysuru`,
        permanentAddress: `${n + 1} Temple Street, Mysuru`,
      },
      goldItems: items,
      principalPaise: principal,
      annualRateBps: rate,
      termMonths,
      disbursementDate: disbursed,
      totalPaymentPaise: monthly * termMonths,
      monthlyPaymentPaise: monthly,
      installments,
      valuation: {
        goldRatePaisePerGram: PRICE_916,
        goldValuePaise: goldValue,
        eligiblePaise: Math.round(goldValue * 0.75),
        ltvCapBps: 7500,
      },
      createdBy: { id: randomUUID(), name: 'Branch staff', role: 'employee', email: null },
      renewalOf: null,
      branchId: branch.branchId,
      disbursementMethod: 'cash',
      policyVersion: 1,
      purpose: 'consumption',
      repaymentType: 'emi',
      disbursementMode: 'cash',
      disbursementReference: null,
      appraisal: {
        valuedOn: disbursed,
        previousDay: addDays(disbursed, -1),
        averageFrom: addDays(disbursed, -30),
        averageTo: addDays(disbursed, -1),
        items: items.map((i, index) => ({
          index,
          itemType: 'ornament',
          purity: i.purity,
          grossWeightMg: i.grossWeightMg,
          deductionsMg: 400,
          netWeightMg: i.netWeightMg,
          pricedFrom: 916,
          average30Paise: PRICE_916,
          previousClosePaise: PRICE_916,
          bound: 'average30',
          pricePerGramPaise: PRICE_916,
          valuePaise: Math.round((i.netWeightMg * PRICE_916) / 1000),
        })),
        goldValuePaise: goldValue,
      },
      ltv: {
        purpose: 'consumption',
        basisPaise: principal,
        borrowerConsumptionTotalPaise: principal,
        capBps: 8500,
        maxPrincipalPaise: Math.floor(goldValue * 0.85),
        ltvBps: Math.round((principal * 10_000) / goldValue),
      },
    },
    disbursed,
  );

  const payments: (LedgerPayment & { id: string; ok: boolean })[] = [];
  const ledgerOn = (day: string) => {
    const l = runLedger(
      { principalPaise: principal, annualRateBps: rate, disbursementDate: disbursed },
      payments.filter((p) => p.ok),
      day,
      LENDING_POLICY,
    );
    return {
      asOf: day,
      principalOutstandingPaise: l.principalOutstandingPaise,
      interestOutstandingPaise: l.interestOutstandingPaise,
      totalPaidPaise: l.totalPaidPaise,
      interestPaidPaise: l.interestPaidPaise,
      principalPaidPaise: l.principalPaidPaise,
      excessPaise: l.excessPaise,
    };
  };
  const pay = (day: string, amount: number, o: { online?: boolean; late?: number } = {}) => {
    const id = randomUUID();
    const recordedOn = o.late ? addDays(day, o.late) : day;
    payments.push({ id, date: day, amountPaise: amount, ok: !o.online });
    const ledger = ledgerOn(recordedOn);
    const allocated = runLedger(
      { principalPaise: principal, annualRateBps: rate, disbursementDate: disbursed },
      payments.filter((p) => p.ok),
      recordedOn,
    ).allocations.at(-1);
    push(
      'PaymentRecorded',
      {
        paymentId: id,
        amountPaise: amount,
        method: o.online ? 'online' : 'handcash',
        paymentType: 'total',
        paymentDate: day,
        transactionId: o.online ? `UTR${n}` : null,
        bankName: o.online ? 'State Bank' : null,
        status: o.online ? 'pending' : 'success',
        installmentNumber: 1,
        enteredBy: { id: 'staff', name: 'Branch staff' },
        allocation: o.online ? null : (allocated ?? { interestPaise: 0, principalPaise: 0 }),
        ledger,
        ...(o.late ? { backdated: { reason: 'Receipt found late', byAdmin: true } } : {}),
      },
      recordedOn,
      recordedOn,
    );
    return id;
  };
  const due = installments.filter((i) => i.dueDate <= BOOK_END);
  for (const i of due) {
    push(
      'PaymentReminderSent',
      {
        installmentNumber: i.number,
        dueDate: i.dueDate,
        kind: 'upcoming',
        channel: 'sms',
        sentTo: '9000000000',
        sentOn: addDays(i.dueDate, -3),
        amountDuePaise: i.amountPaise,
      },
      addDays(i.dueDate, -3),
    );
    push(
      'InstallmentFellDue',
      { installmentNumber: i.number, dueDate: i.dueDate, amountDuePaise: i.amountPaise },
      i.dueDate,
    );
  }
  const life = random();
  const paidDays = due.map((i) => i.dueDate);
  if (life < 0.02) {
    push(
      'LoanDeleted',
      { reason: 'Entered twice', hadPayments: false, paymentCount: 0 },
      addDays(disbursed, 1),
    );
  } else if (life < 0.42) {
    // Repaid: an installment or two, then the whole.
    for (const d of paidDays.slice(0, Math.min(2, paidDays.length - 1))) pay(d, monthly);
    const closeOn = addDays(paidDays.at(-1) ?? addDays(disbursed, 20), 2);
    if (closeOn <= BOOK_END) {
      const owed = ledgerOn(closeOn);
      pay(closeOn, owed.principalOutstandingPaise + owed.interestOutstandingPaise);
      push(
        'LoanClosed',
        {
          closedOn: closeOn,
          reason: 'repaid',
          totalInterestPaise: ledgerOn(closeOn).interestPaidPaise,
          excessPaise: 0,
        },
        closeOn,
      );
    }
  } else if (life < 0.67) {
    for (const d of paidDays.slice(0, 1 + Math.floor(random() * 4)))
      pay(d, Math.round(monthly * (0.5 + random())));
  } else if (life < 0.82) {
    // Stopped paying: upgraded after maturity, classes walk to NPA as days pass.
    const firstDue = installments[0]!.dueDate;
    const maturity = installments.at(-1)!.dueDate;
    if (maturity <= BOOK_END) {
      const old = rate;
      rate = Math.min(3600, rate + 300);
      push(
        'RateUpgraded',
        {
          level: 1,
          upgradeDate: maturity,
          previousRateBps: old,
          newRateBps: rate,
          previousTotalPaymentPaise: monthly * termMonths,
          newTotalPaymentPaise: monthly * termMonths + 1000_00,
          previousMonthlyPaymentPaise: monthly,
          newMonthlyPaymentPaise: monthly + 100_00,
          installments,
          nextUpgradeDate: null,
          upgradedBy: { type: 'scheduler', id: null, name: 'Scheduler' },
          ledger: ledgerOn(maturity),
        },
        maturity,
      );
    }
    let from: DelinquencyClass = 'standard';
    for (const [days, to] of [
      [1, 'sma_0'],
      [31, 'sma_1'],
      [61, 'sma_2'],
      [91, 'npa'],
    ] as const) {
      const on = addDays(firstDue, days);
      if (on > BOOK_END) break;
      push(
        'DelinquencyClassChanged',
        {
          from,
          to,
          asOf: on,
          daysPastDue: days,
          oldestUnpaidDueDate: firstDue,
          arrearsPaise: monthly,
          reason: 'days_past_due',
          npaLoanId: null,
        },
        on,
      );
      from = to;
    }
  } else if (life < 0.9) {
    const d = paidDays[0];
    if (d) {
      const id = pay(d, monthly, { online: true });
      const approvedOn = addDays(d, 2);
      if (approvedOn <= BOOK_END) {
        payments.find((p) => p.id === id)!.ok = true;
        push(
          'PaymentApproved',
          {
            paymentId: id,
            approvedBy: { id: 'admin', name: 'Asha Admin' },
            allocation: { interestPaise: 0, principalPaise: 0 },
            ledger: ledgerOn(approvedOn),
          },
          approvedOn,
        );
      }
    }
  } else if (life < 0.95) {
    const d = paidDays[0];
    if (d) {
      const id = pay(d, monthly);
      const on = addDays(d, 3);
      if (on <= BOOK_END) {
        payments.find((p) => p.id === id)!.ok = false;
        push(
          'PaymentReversed',
          {
            paymentId: id,
            reason: 'Cheque bounced',
            reversedBy: { id: 'admin', name: 'Asha Admin' },
            ledger: ledgerOn(on),
          },
          on,
        );
      }
    }
  } else {
    // A payment entered days after its date (an admin's back-dated entry).
    const d = paidDays[0];
    if (d && addDays(d, 6) <= BOOK_END) pay(d, monthly, { late: 6 });
  }
  // A short SMA-0 spell cured, for some of those still paying.
  if (life >= 0.42 && life < 0.67 && random() < 0.3 && paidDays[1]) {
    const on = addDays(paidDays[1], 5);
    if (on <= BOOK_END) {
      push(
        'DelinquencyClassChanged',
        {
          from: 'standard',
          to: 'sma_0',
          asOf: on,
          daysPastDue: 5,
          oldestUnpaidDueDate: paidDays[1],
          arrearsPaise: monthly,
          reason: 'days_past_due',
          npaLoanId: null,
        },
        on,
      );
      const cured = addDays(on, 10);
      if (cured <= BOOK_END)
        push(
          'DelinquencyClassChanged',
          {
            from: 'sma_0',
            to: 'standard',
            asOf: cured,
            daysPastDue: 0,
            oldestUnpaidDueDate: null,
            arrearsPaise: 0,
            reason: 'arrears_cleared',
            npaLoanId: null,
          },
          cured,
        );
    }
  }
  // Nothing after the book's end: the bench asks about days within it.
  return rows.filter((r) => (r.recordedOn ?? r.day) <= addDays(BOOK_END, 30));
}

/** Checks the first lives against the contracts: a bench of malformed events would measure nothing. */
export function checkContracts(rows: readonly Row[]): void {
  for (const r of rows) {
    if (!(r.type in LoanEvents)) continue;
    const parsed = LoanEvents[r.type as keyof typeof LoanEvents].safeParse(r.data);
    if (!parsed.success) throw new Error(`${r.type} does not match its contract: ${parsed.error.message}`);
  }
}

const STREAM_TYPE_OF = (streamId: string) =>
  streamId.startsWith('loan-')
    ? 'loan'
    : streamId.startsWith('gold-prices-')
      ? GOLD_PRICES_STREAM_TYPE
      : BRANCH_STREAM_TYPE;

/** Inserts rows (whole streams) in one statement each for streams and events. */
export async function insertRows(db: Kysely<any>, rows: readonly Row[]): Promise<void> {
  const versions = new Map<string, number>();
  for (const r of rows) versions.set(r.streamId, Math.max(versions.get(r.streamId) ?? 0, r.position));
  const ids = [...versions.keys()];
  await sql`insert into streams (stream_id, stream_type, version)
    select * from unnest(${ids}::text[], ${ids.map(STREAM_TYPE_OF)}::text[], ${ids.map((id) => versions.get(id)!)}::bigint[])`.execute(
    db,
  );
  // One JSON document a chunk: PostgreSQL parses it once; a text[] of JSON would be escaped element by element.
  const doc = JSON.stringify(
    rows.map((r) => ({
      s: r.streamId,
      p: r.position,
      e: randomUUID(),
      t: r.type,
      d: r.data,
      o: noon(r.day),
      r: noon(r.recordedOn ?? r.day),
    })),
  );
  await sql`insert into events (stream_id, stream_position, event_id, type, schema_version, data, metadata, occurred_at, recorded_at)
    select x.s, x.p, x.e, x.t, 1, x.d, '{"actor":{"id":"bench","role":"system","name":"Bench"}}'::jsonb, x.o, x.r
    from jsonb_to_recordset(${doc}::jsonb) as x(s text, p bigint, e uuid, t text, d jsonb, o timestamptz, r timestamptz)`.execute(
    db,
  );
}

export { prng };
