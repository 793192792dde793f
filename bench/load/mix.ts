import { addMonths, businessDate } from '@goldledger/contracts';
import { DEMO_GOLD_ITEM_TYPES } from '../../services/src/demo/demo-gold-items.js';
import type { Rng } from '../../services/src/demo/rng.js';
import type { ListRequest } from '../loan-book/list-loans.js';
import type { Answer, RequestOptions } from './http.js';

/** The demo's kinds of ornament (the load's weights are its own). */
const ORNAMENTS = DEMO_GOLD_ITEM_TYPES.filter((t) => !t.coin).map((t) => t.name);

/** When each borrower was last sent a loan code by this run (the product's resend wait is a minute). */
const LAST_CODE = new Map<string, number>();

/** What the bench reports latency by: one kind per endpoint as a screen uses it. */
export const REQUEST_KINDS = [
  'loans list',
  'loans search',
  'loan details',
  'repayment quote',
  'record payment',
  'list after write',
  'valuation',
  'interest (wizard)',
  'loan code',
  'loan code (outbox)',
  'loan code (verify)',
  'create loan',
  'session check',
  'customer loans',
  'customer payments',
  'gold rate',
  'calculator',
] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** The book's rows and the signed-in people the actions draw from. */
export interface Pools {
  tokens: { admin: string; employees: string[] };
  /** Staff list requests from loan-book/list-loans.ts: tabs, pages and sorts, without a search… */
  pages: ListRequest[];
  /** …and with one (name, mobile, Aadhar, amount or loan id, as staff type them). */
  searches: ListRequest[];
  /** Listed loans, to open. */
  loans: string[];
  /** Active loans in a shuffled queue: each repayment takes the next, so no two pay one loan at once. */
  payable: string[];
  /** Verified customers, to lend to again, with the primary mobile their loan code goes to. */
  borrowers: Array<{ id: string; mobile: string }>;
  /** Customers signed in with their own account, and their loans. */
  customers: Array<{ token: string; loans: string[] }>;
  /** Rupees per gram of 24-carat gold, as GET /api/settings/gold-rate gives it. */
  goldRate: number;
}

/**
 * Sends one request of an action; resolves with the answer when it is 2xx, undefined
 * otherwise (the action then stops, as a person would on an error screen).
 */
export type Send = (
  kind: RequestKind,
  method: string,
  path: string,
  options?: RequestOptions,
) => Promise<Answer | undefined>;

export interface ActionContext {
  send: Send;
  pools: Pools;
  rng: Rng;
  /** Next loan to take a repayment (round the queue). */
  nextPayable(): string | undefined;
  /** A repayment closed this loan: take it out of the queue. */
  closed(loanUuid: string): void;
}

/**
 * Who acts, for the client address the action's requests come from: the bench stands
 * where production's load balancer does and says who the client is in X-Forwarded-For
 * (the APIs run with TRUST_PROXY=127.0.0.1). Staff work at one of `BRANCHES` branches,
 * a counter's machines behind the branch's one address; each customer's and visitor's
 * visit comes from an address of its own. So the per-client rate limits of the public
 * routes see a population of clients, as they would in production, not one.
 */
export type Audience = 'staff' | 'customer' | 'public';
export const BRANCHES = 50;

export function clientAddress(rng: Rng, audience: Audience): string {
  if (audience === 'staff') return `10.1.0.${rng.int(1, BRANCHES)}`;
  return `10.${audience === 'customer' ? 2 : 3}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
}

export interface Action {
  audience: Audience;
  /** Share of user actions, out of the sum of all weights. */
  weight: number;
  /** Requests the action makes when nothing fails (to turn requests/s into actions/s). */
  requests: number;
  run(ctx: ActionContext): Promise<void>;
}

const staff = (ctx: ActionContext, viewer?: 'admin' | 'employee') => {
  const area = viewer ?? (ctx.rng.chance(0.25) ? 'admin' : 'employee');
  return {
    area,
    token: area === 'admin' ? ctx.pools.tokens.admin : ctx.rng.pick(ctx.pools.tokens.employees),
  };
};

const json = <T>(answer: Answer) => JSON.parse(answer.body) as T;
const today = () => businessDate(new Date());
/** After a write the web reloads the lists it shows, sending the write's position (read-after-write.ts). */
const FIRST_PAGE = 'status=all&page=1&limit=20&sort=createdAt&order=desc';

async function listAfterWrite(ctx: ActionContext, area: string, token: string, write: Answer): Promise<void> {
  const position = write.headers['x-read-after'];
  await ctx.send('list after write', 'GET', `/api/${area}/loans?${FIRST_PAGE}`, {
    token,
    headers: typeof position === 'string' ? { 'x-read-after': position } : {},
  });
}

/** 1–3 ornaments of 22 carat holding enough gold for `rupees` at 75 % of its value, with a margin. */
function goldFor(ctx: ActionContext, rupees: number) {
  const items = ctx.rng.int(1, 3);
  const fineGrams = (rupees / (ctx.pools.goldRate * 0.75)) * (1.1 + ctx.rng.float() * 0.3);
  const netEach = (fineGrams * 24) / 22 / items;
  return Array.from({ length: items }, () => {
    const net = Math.round(netEach * 100) / 100;
    return {
      description: ctx.rng.pick(ORNAMENTS),
      grossWeight: Math.round((net + 0.2 + ctx.rng.float()) * 100) / 100,
      netWeight: net,
      purityKarat: 22,
    };
  });
}

/**
 * The mix, per user action; see docs/benchmarks.md ("Load: mixed traffic at rising
 * rates") for why these weights. Each action makes the requests the web app makes
 * for it, in order, each sent when the previous one has answered.
 */
export const ACTIONS = {
  /** Staff open the loans page, or change its tab, page or sort. */
  'staff: loans page': {
    audience: 'staff',
    weight: 22,
    requests: 1,
    async run(ctx) {
      const r = ctx.rng.pick(ctx.pools.pages);
      await ctx.send('loans list', 'GET', r.url, { token: staff(ctx, r.viewer).token });
    },
  },
  /** Staff look a customer or loan up by name, mobile, Aadhar, amount or loan id. */
  'staff: search': {
    audience: 'staff',
    weight: 18,
    requests: 1,
    async run(ctx) {
      const r = ctx.rng.pick(ctx.pools.searches);
      await ctx.send('loans search', 'GET', r.url, { token: staff(ctx, r.viewer).token });
    },
  },
  /** Staff open one loan. */
  'staff: loan details': {
    audience: 'staff',
    weight: 10,
    requests: 1,
    async run(ctx) {
      const loan = ctx.rng.pick(ctx.pools.loans);
      await ctx.send('loan details', 'GET', `/api/loans/${loan}`, { token: staff(ctx).token });
    },
  },
  /** The repay dialog: its quote, the payment, then the lists reload (read-after-write). */
  'staff: repayment': {
    audience: 'staff',
    weight: 8,
    requests: 3,
    async run(ctx) {
      const loan = ctx.nextPayable();
      if (!loan) return;
      const { area, token } = staff(ctx);
      const quoted = await ctx.send(
        'repayment quote',
        'POST',
        `/api/loans/${loan}/calculate-early-repayment`,
        {
          token,
          body: { repaymentDate: today() },
        },
      );
      if (!quoted) return;
      const q = json<{ totalDue: number; minimumTotalDue: number }>(quoted);
      if (q.totalDue <= 0) return ctx.closed(loan);
      // Part of what is due, at least the day's minimum: most payments leave the loan open.
      let amount = Math.ceil(
        q.minimumTotalDue + (q.totalDue - q.minimumTotalDue) * (0.05 + ctx.rng.float() * 0.5),
      );
      if (amount >= q.totalDue) {
        amount = q.totalDue;
        ctx.closed(loan);
      }
      const paid = await ctx.send('record payment', 'POST', `/api/loans/${loan}/payment`, {
        token,
        // Cash from one person in a day stays below ₹2,00,000 (s.269ST): larger sums come online.
        body:
          amount < 50_000
            ? { amount, paymentMethod: 'handcash', paymentType: 'total', repaymentDate: today() }
            : {
                amount,
                paymentMethod: 'online',
                paymentType: 'total',
                repaymentDate: today(),
                transactionId: `UTR${ctx.rng.int(1e9, 9e9)}${ctx.rng.int(1e5, 9e5)}`,
                bankName: 'Canara Bank',
              },
      });
      if (paid) await listAfterWrite(ctx, area, token, paid);
    },
  },
  /** The add-loan wizard for a returning customer: loan code, valuation, figures, create, lists reload. */
  'staff: new loan': {
    audience: 'staff',
    weight: 2,
    requests: 7,
    async run(ctx) {
      const { area, token } = staff(ctx);
      // The customer confirms the loan: a code to their mobile (the dev outbox stands for
      // the phone), entered by this member of staff.
      // A borrower not sent a code in the last minute: the product refuses a second code
      // inside its resend wait (429), which is the rule working, not the server failing.
      const now = Date.now();
      let borrower = ctx.rng.pick(ctx.pools.borrowers);
      for (let i = 0; i < 20 && now - (LAST_CODE.get(borrower.id) ?? 0) < 65_000; i++)
        borrower = ctx.rng.pick(ctx.pools.borrowers);
      if (now - (LAST_CODE.get(borrower.id) ?? 0) < 65_000) return;
      LAST_CODE.set(borrower.id, now);
      const body = { customerId: borrower.id };
      if (!(await ctx.send('loan code', 'POST', '/api/loans/send-otp', { token, body }))) return;
      const outbox = await ctx.send(
        'loan code (outbox)',
        'GET',
        `/api/dev/outbox?to=${borrower.mobile}&limit=5`,
      );
      const otp = outbox
        ? json<{ data: Array<{ purpose: string; text: string }> }>(outbox)
            .data.find((m) => m.purpose === 'loan_otp')
            ?.text.match(/\b(\d{6})\b/)?.[1]
        : undefined;
      if (!otp) return;
      if (
        !(await ctx.send('loan code (verify)', 'POST', '/api/loans/verify-otp', {
          token,
          body: { ...body, otp },
        }))
      )
        return;
      const wanted = ctx.rng.int(20, 300) * 1000;
      const goldItems = goldFor(ctx, wanted);
      const valued = await ctx.send('valuation', 'POST', '/api/loans/valuation', {
        token,
        body: { goldItems, amount: wanted },
      });
      if (!valued) return;
      const eligible = json<{ eligibleAmount: number }>(valued).eligibleAmount;
      const amount = Math.max(100, Math.min(wanted, Math.floor(eligible / 100) * 100));
      const interestRate = ctx.rng.pick([12, 18, 24, 30, 36]);
      const term = ctx.rng.pick([3, 6, 12]);
      const loanDate = today();
      const figures = await ctx.send('interest (wizard)', 'POST', '/api/loans/calculate-interest', {
        token,
        body: {
          principal: amount,
          annualRate: interestRate,
          disbursementDate: loanDate,
          closureDate: addMonths(loanDate, term),
          termMonths: term,
        },
      });
      if (!figures) return;
      const f = json<{ monthlyPayment: number; totalAmount: number }>(figures);
      const created = await ctx.send('create loan', 'POST', `/api/${area}/loans`, {
        token,
        body: {
          customerId: borrower.id,
          goldItems,
          interestRate,
          amount,
          term,
          monthlyPayment: f.monthlyPayment,
          totalPayment: f.totalAmount,
          // Above ₹20,000 a loan cannot be paid out in cash (s.269SS): a bank transfer, as a branch would.
          ...(amount > 20_000
            ? { disbursementMode: 'bank_transfer', disbursementReference: `UTR${ctx.rng.int(1e9, 9e9)}` }
            : {}),
        },
      });
      if (created) await listAfterWrite(ctx, area, token, created);
    },
  },
  /** A customer opens the dashboard: the app checks the session, then loads their loans. */
  'customer: dashboard': {
    audience: 'customer',
    weight: 14,
    requests: 2,
    async run(ctx) {
      const { token } = ctx.rng.pick(ctx.pools.customers);
      if (await ctx.send('session check', 'GET', '/api/auth/validate', { token }))
        await ctx.send('customer loans', 'GET', '/api/loans/customer', { token });
    },
  },
  /** A customer opens one loan's payment history. */
  'customer: payment history': {
    audience: 'customer',
    weight: 4,
    requests: 1,
    async run(ctx) {
      const c = ctx.rng.pick(ctx.pools.customers);
      await ctx.send('customer payments', 'GET', `/api/loans/${ctx.rng.pick(c.loans)}/payments`, {
        token: c.token,
      });
    },
  },
  /** A visitor on the public site: the footer's gold rate, then the calculator's quote. */
  'public: calculator': {
    audience: 'public',
    weight: 22,
    requests: 2,
    async run(ctx) {
      if (!(await ctx.send('gold rate', 'GET', '/api/settings/gold-rate'))) return;
      const now = new Date();
      await ctx.send('calculator', 'POST', '/api/loans/calculate-interest', {
        body: {
          principal: ctx.rng.int(25, 500) * 1000,
          annualRate: 12,
          disbursementDate: now.toISOString(),
          closureDate: new Date(now.getTime() + 365 * 86_400_000).toISOString(),
        },
      });
    },
  },
} satisfies Record<string, Action>;
export type ActionName = keyof typeof ACTIONS;

/** Requests per action on average, over the weights. */
export function requestsPerAction(): number {
  const all = Object.values(ACTIONS) as Action[];
  const weights = all.reduce((s, a) => s + a.weight, 0);
  return all.reduce((s, a) => s + a.weight * a.requests, 0) / weights;
}
