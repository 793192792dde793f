import { onLoanDay } from '../testing/loan-day.js';
import type { Role } from '@goldledger/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../testing/test-api.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-infra.js';
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { loadCustomer } from '../customers/customer-commands.js';
import { createLoan, executeLoanCommand } from '../lending/loan-commands.js';
import type { App } from '../platform/http/app.js';
import { registerAccess, type Access } from './access.plugin.js';
import { BANK_PAYOUT } from '../testing/gold-prices-kit.js';

/**
 * Who may call what: the roles' capability table, written out by hand. Every
 * registered /api route must appear here, so a new route without a deliberate
 * decision fails this test.
 */
const EXPECTED: Record<string, Access> = {
  'POST /api/auth/send-login-otp': 'public',
  'POST /api/auth/verify-otp': 'public',
  'GET /api/auth/validate': 'signed-in',
  'POST /api/auth/logout': 'signed-in',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/verify-reset-otp': 'public',
  'POST /api/auth/reset-password': 'public',
  'POST /api/auth/reset-password/first-login': ['admin', 'employee', 'auditor'],
  'GET /api/admin/outbox': ['admin', 'auditor'],
  'GET /api/admin/employees': ['admin', 'auditor'],
  'POST /api/admin/employees': ['admin'],
  'PUT /api/admin/employees/:id': ['admin'],
  'DELETE /api/admin/employees/:id': ['admin'],
  // Branches (services/src/branches): admins open, edit and staff them; the public site lists them.
  'GET /api/admin/branches': ['admin', 'auditor'],
  'POST /api/admin/branches': ['admin'],
  'PUT /api/admin/branches/:id': ['admin'],
  'GET /api/branches': 'public',
  'PUT /api/admin/employees/:id/branches': ['admin'],
  'GET /api/settings/gold-rate': 'public',
  'POST /api/settings/update-gold-rate': ['admin'],
  'GET /api/settings/gold-rate/history': ['admin', 'auditor'],
  // Issue 17: the gold price register (services/src/gold-prices): admins enter and import,
  // staff read; the valuation price is public (the site's calculators value gold with it).
  'POST /api/admin/gold-prices': ['admin'],
  'POST /api/admin/gold-prices/import': ['admin'],
  'GET /api/admin/gold-prices': ['admin', 'employee', 'auditor'],
  'GET /api/gold-prices/valuation': 'public',
  'POST /api/contact': 'public',
  'GET /api/dev/outbox': 'public', // only with OUTBOX_API=1 outside production
  // Customers and the add-loan wizard's OTP gates (services/src/customers).
  'GET /api/admin/check-aadhar/:aadhar': ['admin', 'auditor'],
  'GET /api/employee/check-aadhar/:aadhar': ['admin', 'employee', 'auditor'],
  'POST /api/admin/customers': ['admin'],
  'POST /api/employee/customers': ['admin', 'employee'],
  'POST /api/admin/verify-customer-otp': ['admin'],
  'POST /api/employee/verify-customer-otp': ['admin', 'employee'],
  'GET /api/admin/customers': ['admin', 'auditor'],
  'GET /api/employee/customers': ['admin', 'employee', 'auditor'],
  'PUT /api/admin/customers/:aadhar': ['admin'],
  'PUT /api/employee/customers/:aadhar': ['admin', 'employee'],
  'POST /api/loans/send-otp': ['admin', 'employee'],
  'POST /api/loans/verify-otp': ['admin', 'employee'],
  // Loans: commands, quotes, upgrades and the auditor's replay (services/src/lending).
  'POST /api/loans/calculate-interest': 'public',
  'POST /api/loans/valuation': ['admin', 'employee'],
  'POST /api/admin/loans': ['admin'],
  'POST /api/employee/loans': ['admin', 'employee'],
  'PUT /api/admin/loans/:id': ['admin'],
  'PUT /api/employee/loans/:id': ['admin', 'employee'],
  'POST /api/loans/:id/calculate-early-repayment': ['admin', 'employee'],
  'POST /api/loans/:id/payment': ['admin', 'employee'],
  'PATCH /api/loans/:id/payments/:paymentId/approve': ['admin'],
  'POST /api/loans/:id/payments/:paymentId/reverse': ['admin'],
  // Issue 19: the admins' queue of online payments to approve, and turning one down.
  'POST /api/loans/:id/payments/:paymentId/reject': ['admin'],
  'GET /api/admin/pending-online-payments': ['admin', 'auditor'],
  'POST /api/admin/loans/:id/renew': ['admin'],
  // Issue 17: a top-up (staff, on the borrower's code) and the quote both dialogs show.
  'POST /api/loans/:id/top-up': ['admin', 'employee'],
  'POST /api/loans/:id/renewal-quote': ['admin', 'employee'],
  // Issue 15: money paid beyond closing, owed back: the list and its payouts.
  'POST /api/admin/loans/:id/refunds': ['admin'],
  'GET /api/admin/refunds': ['admin', 'auditor'],
  'DELETE /api/loans/:id': ['admin'],
  'POST /api/admin/loans/:id/upgrade-rate': ['admin'],
  'GET /api/admin/loans/:id/upgrade-history': ['admin', 'auditor'],
  'GET /api/employee/loans/:id/upgrade-history': ['admin', 'employee', 'auditor'],
  'GET /api/loans/:id/events': ['admin', 'auditor'],
  'GET /api/loans/:id/as-of': ['admin', 'auditor'],
  // The loan book's read side (services/src/loan-queries).
  'GET /api/admin/loans': ['admin', 'auditor'],
  'GET /api/employee/loans': ['admin', 'employee', 'auditor'],
  'GET /api/admin/loans-with-upgrades': ['admin', 'auditor'],
  'GET /api/employee/loans-with-upgrades': ['admin', 'employee', 'auditor'],
  'GET /api/loans/customer': ['customer'],
  'GET /api/loans/pending-repayments': ['admin', 'employee', 'auditor'],
  'GET /api/notifications/todays-due': ['admin', 'employee', 'auditor'],
  'GET /api/loans/:id': ['admin', 'employee', 'auditor', 'customer'],
  'GET /api/loans/:id/payments': ['admin', 'employee', 'auditor', 'customer'],
  // Reports and the dashboards' charts (services/src/reports).
  'GET /api/admin/reports': ['admin', 'auditor'],
  'GET /api/employee/reports': ['admin', 'employee', 'auditor'],
  // Issue 17: what RBI's 2024 review named (quick closures, part-payment renewals, unappraised top-ups).
  'GET /api/admin/reports/gold-loan-review': ['admin', 'auditor'],
  // The portfolio as of any day (issue 18).
  'GET /api/admin/reports/portfolio': ['admin', 'auditor'],
  'GET /api/admin/reports/portfolio.csv': ['admin', 'auditor'],
  // The audit search over every event's actor and IP (services/src/audit): admins only.
  'GET /api/admin/audit-log': ['admin', 'auditor'],
  'GET /api/admin/audit-log/facets': ['admin', 'auditor'],
  'GET /api/admin/audit-log/export': ['admin', 'auditor'],
  // Gold returns, auctions and the admins' bell (services/src/gold-returns, auctions, notifications).
  'GET /api/gold-returns/pending': ['admin', 'auditor'],
  'GET /api/gold-returns/stats': ['admin', 'auditor'],
  'GET /api/gold-returns/:loanId': ['admin', 'auditor'],
  'POST /api/gold-returns/:loanId/schedule': ['admin'],
  'POST /api/gold-returns/:loanId/mark-returned': ['admin'],
  'POST /api/gold-returns/:loanId/send-reminder': ['admin'],
  'POST /api/gold-returns/process-reminders': ['admin'],
  // Release on time (issue 18): the customer told the gold is ready, compensation paid out.
  'POST /api/gold-returns/:loanId/customer-notified': ['admin'],
  'POST /api/gold-returns/:loanId/compensation/payout': ['admin'],
  'GET /api/admin/auction-loans': ['admin', 'auditor'],
  'POST /api/admin/loans/:loanId/mark-ready-for-auction': ['admin'],
  'POST /api/admin/loans/:loanId/schedule-auction': ['admin'],
  'POST /api/admin/loans/:loanId/mark-auctioned': ['admin'],
  'POST /api/admin/loans/:loanId/cancel-auction': ['admin'],
  // The auction file and its steps, and its PDFs (issue 18).
  'GET /api/admin/loans/:loanId/auction': ['admin', 'auditor'],
  'POST /api/admin/loans/:loanId/auction-notice': ['admin'],
  'POST /api/admin/loans/:loanId/auction-public-notice': ['admin'],
  'POST /api/admin/loans/:loanId/auction-bidders': ['admin'],
  'POST /api/admin/loans/:loanId/auction-costs': ['admin'],
  'POST /api/admin/loans/:loanId/auction-failed': ['admin'],
  'GET /api/admin/loans/:loanId/auction/statement': ['admin', 'auditor'],
  'GET /api/admin/loans/:loanId/auction/report': ['admin', 'auditor'],
  'GET /api/notifications': ['admin', 'auditor'],
  'GET /api/notifications/unread-count': ['admin', 'auditor'],
  'PUT /api/notifications/:id/read': ['admin'],
  'PUT /api/notifications/read-all': ['admin'],
  'DELETE /api/notifications/:id': ['admin'],
  // The scheduler's console and payment reminders (services/src/jobs, services/src/reminders): admins only.
  'GET /api/cron-jobs/list': ['admin', 'auditor'],
  'GET /api/cron-jobs/history': ['admin', 'auditor'],
  'POST /api/cron-jobs/execute/:name': ['admin'],
  'GET /api/notifications/upcoming-payments': ['admin', 'auditor'],
  'GET /api/notifications/overdue-payments': ['admin', 'auditor'],
  'POST /api/notifications/send-payment-reminders': ['admin'],
  'POST /api/notifications/send-individual-sms-reminder': ['admin'],
  'GET /api/notifications/sms-config': ['admin', 'auditor'],
  'POST /api/notifications/test-sms': ['admin'],
  'POST /api/notifications/test-payment-reminder-sms': ['admin'],
  'POST /api/notifications/test-simple-payment-sms': ['admin'],
  // Photos (services/src/photos): staff upload and delete; a customer views their own loan's.
  'POST /api/loans/:id/photos': ['admin', 'employee'],
  'GET /api/loans/:id/photos': ['admin', 'employee', 'auditor', 'customer'],
  'GET /api/loans/:id/photos/public': ['admin', 'employee', 'auditor', 'customer'],
  'GET /api/loans/:id/gold-items/:index/photos': ['admin', 'employee', 'auditor', 'customer'],
  'GET /api/loans/:id/photos/:photoId/image': ['admin', 'employee', 'auditor', 'customer'],
  'GET /api/loans/:id/photos/:photoId/thumbnail': ['admin', 'employee', 'auditor', 'customer'],
  'DELETE /api/loans/:id/photos/:photoId': ['admin', 'employee'],
  // PDF documents (services/src/documents): receipts for the loan's customer too, the slip for staff.
  'GET /api/loans/:id/receipt': ['admin', 'employee', 'auditor', 'customer'],
  'GET /api/loans/:id/payments/:paymentId/receipt': ['admin', 'employee', 'auditor', 'customer'],
  'GET /api/loans/:id/slip': ['admin', 'employee', 'auditor'],
  'GET /api/loans/:id/release-compensation/:payoutId/receipt': ['admin', 'auditor', 'customer'],
  // Disclosures at sanction (issue 17): the Key Facts Statement and the appraisal certificate, the borrower's too.
  'GET /api/loans/:id/key-facts': ['admin', 'employee', 'auditor', 'customer'],
  'GET /api/loans/:id/appraisal-certificate': ['admin', 'employee', 'auditor', 'customer'],
  // Maker-checker (services/src/approvals): admins check; every member of staff sees their own requests.
  'GET /api/admin/approvals': ['admin', 'auditor'],
  'GET /api/approvals/mine': ['admin', 'employee', 'auditor'],
  'POST /api/admin/approvals/:id/approve': ['admin'],
  'POST /api/admin/approvals/:id/reject': ['admin'],
  'GET /api/admin/approvals/policy': ['admin', 'auditor'],
  'PUT /api/admin/approvals/policy': ['admin'],
  // Custody of the pledged gold (services/src/custody): staff of the loan's branch, dual control.
  'GET /api/loans/:id/custody': ['admin', 'employee', 'auditor'],
  'GET /api/loans/:id/custody/label.pdf': ['admin', 'employee', 'auditor'],
  'POST /api/custody/confirmation-code': ['admin', 'employee'],
  'POST /api/loans/:id/custody/seal': ['admin', 'employee'],
  'POST /api/loans/:id/custody/store': ['admin', 'employee'],
  'POST /api/loans/:id/custody/take-out': ['admin', 'employee'],
  'POST /api/loans/:id/custody/release-code': ['admin', 'employee'],
  'POST /api/loans/:id/custody/release': ['admin', 'employee'],
  'POST /api/loans/:id/custody/send-to-auction': ['admin', 'employee'],
  'POST /api/loans/:id/custody/transfer-out': ['admin', 'employee'],
  'POST /api/loans/:id/custody/transfer-in': ['admin', 'employee'],
  'GET /api/custody/packets': ['admin', 'employee', 'auditor'],
  'GET /api/admin/custody/incidents': ['admin', 'auditor'],
  'POST /api/admin/custody/incidents/:id/resolve': ['admin'],
  // Issue 16: the vault register (staff; employees their branches') and surprise audits (services/src/vault).
  'GET /api/vault/branches': ['admin', 'employee', 'auditor'],
  'GET /api/vault/register': ['admin', 'employee', 'auditor'],
  'GET /api/vault/register.csv': ['admin', 'employee', 'auditor'],
  'POST /api/vault/audits': ['admin', 'auditor'],
  'GET /api/vault/audits': ['admin', 'auditor'],
  'GET /api/vault/audits/:id': ['admin', 'auditor'],
  'POST /api/vault/audits/:id/scans': ['admin', 'auditor'],
  'POST /api/vault/audits/:id/complete': ['admin', 'auditor'],
  'GET /api/vault/audits/:id/report.pdf': ['admin', 'auditor'],
  // Issue 16, point 8: the branch cash book (services/src/cash-book).
  'GET /api/cash-book/branches': ['admin', 'employee', 'auditor'],
  'GET /api/admin/cash-position': ['admin', 'auditor'],
  'GET /api/cash-book/:branchId/:date': ['admin', 'employee', 'auditor'],
  'GET /api/cash-book/:branchId/:date/report.pdf': ['admin', 'employee', 'auditor'],
  'POST /api/cash-book/:branchId/start': ['admin'],
  'POST /api/cash-book/:branchId/:date/entries': ['admin', 'employee'],
  'POST /api/cash-book/:branchId/:date/count': ['admin', 'employee'],
  'POST /api/cash-book/:branchId/:date/close': ['admin', 'employee'],
  // Issue 17: the lending policy as versioned data (services/src/policy): admins propose, a second admin approves.
  'GET /api/admin/lending-policy': ['admin', 'auditor'],
  'GET /api/admin/lending-policy/versions/:version': ['admin', 'auditor'],
  'POST /api/admin/lending-policy': ['admin'],
  // Issue 18, point 1: holiday calendars per state (services/src/holidays).
  'GET /api/admin/holidays': ['admin', 'employee', 'auditor'],
  'POST /api/admin/holidays': ['admin'],
  'POST /api/admin/holidays/withdraw': ['admin'],
  // Issue 17, point 7: LTV through the loan's life (services/src/margin-calls).
  'GET /api/loans/:id/ltv': ['admin', 'employee', 'auditor', 'customer'],
  'GET /api/admin/margin-calls': ['admin', 'auditor'],
  'GET /api/employee/margin-calls': ['admin', 'employee', 'auditor'],
  'POST /api/loans/:id/gold-items': ['admin', 'employee'],
  // Issue 18, point 3: a loan's delinquency class and its days past due today (services/src/delinquency).
  'GET /api/loans/:id/delinquency': ['admin', 'employee', 'auditor', 'customer'],
};

const CALLERS = ['anonymous', 'customer', 'employee', 'auditor', 'admin'] as const;

/**
 * The only routes other than reads an auditor may call: signing in and out is theirs like
 * anyone's. (Starting and recording a vault audit join this list with the custody routes.)
 */
const AUDITOR_WRITES = new Set([
  'POST /api/auth/logout',
  'POST /api/auth/reset-password/first-login',
  // Issue 16: an auditor starts and records a surprise audit of a vault.
  'POST /api/vault/audits',
  'POST /api/vault/audits/:id/scans',
  'POST /api/vault/audits/:id/complete',
]);
type Caller = (typeof CALLERS)[number];

const allows = (access: Access, caller: Caller) =>
  access === 'public' ||
  (caller !== 'anonymous' && (access === 'signed-in' || access.includes(caller as Role)));

let t: TestDatabase;
let api: TestApi;

beforeAll(async () => {
  t = await createTestDatabase('routes');
  api = await createTestApi(t);
});
afterAll(async () => {
  await api?.app.close();
  await t?.drop();
});

describe('the route × role matrix', () => {
  it('lists every registered route, and only those', () => {
    const registered = api.app.accessTable.map((r) => `${r.method} ${r.url}`).sort();
    expect(registered).toEqual(Object.keys(EXPECTED).sort());
    for (const r of api.app.accessTable)
      expect(r.access, `${r.method} ${r.url}`).toEqual(EXPECTED[`${r.method} ${r.url}`]);
  });

  it('lets an auditor read and nothing more: no route but a GET admits them, bar signing in and out', () => {
    const writes = api.app.accessTable
      .filter((r) => r.method !== 'GET' && r.access !== 'public' && allows(r.access, 'auditor'))
      .map((r) => `${r.method} ${r.url}`);
    expect(writes.sort()).toEqual([...AUDITOR_WRITES].sort());
    // Every read staff or admins have, auditors have too.
    const missing = api.app.accessTable
      .filter((r) => r.method === 'GET' && (allows(r.access, 'admin') || allows(r.access, 'employee')))
      .filter((r) => !allows(r.access, 'auditor'))
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('answers each caller as the table says: allowed, 401 for anonymous, 403 for a wrong role', async () => {
    const outcomes: string[] = [];
    for (const route of api.app.accessTable) {
      for (const caller of CALLERS) {
        const headers = caller === 'anonymous' ? {} : { 'x-auth-token': await api.tokenFor(caller) };
        const url = route.url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
        const res = await api.app.inject({
          method: route.method as 'GET',
          url,
          headers,
          payload: route.method === 'GET' ? undefined : {},
        });
        const expected = allows(route.access, caller) ? 'allowed' : caller === 'anonymous' ? 401 : 403;
        const got = res.statusCode === 401 || res.statusCode === 403 ? res.statusCode : 'allowed';
        outcomes.push(`${route.method} ${route.url} as ${caller}: ${got}`);
        expect(got, `${route.method} ${route.url} as ${caller} (status ${res.statusCode}: ${res.body})`).toBe(
          expected,
        );
      }
    }
    expect(outcomes).toHaveLength(api.app.accessTable.length * CALLERS.length);
  });
});

describe('what an employee and an auditor are shown', () => {
  it('never holds a full Aadhar (nor, for employees, a loan creator), from any GET route', async () => {
    // Real data behind every :id: a loan for the demo customer, with a payment and an upgrade.
    const { loanUuid } = await createLoan(onLoanDay(api, '2026-05-21'), {
      customerRef: api.customers.demo,
      goldItems: [{ description: 'Chain', grossWeightMg: 30_000, netWeightMg: 29_000, purityKarat: 22 }],
      ...BANK_PAYOUT,
      principalPaise: 1_00_000_00,
      annualRateBps: 1800,
      termMonths: 3,
      loanDate: '2026-05-21',
      createdBy: { id: api.users.admin, name: 'Asha Admin', role: 'admin', email: 'admin@demo.local' },
    });
    const deps = { store: api.store, clock: api.clock };
    await executeLoanCommand(deps, loanUuid, {
      type: 'RecordPayment',
      paymentId: randomUUID(),
      amountPaise: 10_000_00,
      method: 'handcash',
      paymentType: 'total',
      paymentDate: '2026-06-21',
      transactionId: null,
      bankName: null,
      enteredBy: { id: api.users.employee, name: 'Ravi Employee' },
      today: '2026-11-21',
      // Five months back: only an admin, with a reason (issue 15).
      byAdmin: true,
      backdateReason: 'History entered for the test',
    });
    await executeLoanCommand(deps, loanUuid, {
      type: 'UpgradeRate',
      today: '2026-11-21',
      upgradedBy: { type: 'scheduler', id: null, name: 'Scheduler' },
    });
    await api.project();
    const aadhar = (await loadCustomer(api.store, api.customers.demo)).state!.profile.aadharNumber;
    const ids: Record<string, string> = { id: loanUuid, aadhar, paymentId: randomUUID() };
    const gets = api.app.accessTable.filter((r) => r.method === 'GET');
    const token = await api.tokenFor('employee');
    let withData = 0;
    for (const route of gets) {
      const url = route.url.replace(/:([A-Za-z]+)/g, (_, name: string) => ids[name] ?? api.users.employee);
      const res = await api.app.inject({ method: 'GET', url, headers: { 'x-auth-token': token } });
      // PDFs and images are checked by their own tests (their text is compressed; their ids are random hex).
      if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) continue;
      if (res.statusCode === 200 && res.body.includes(loanUuid)) withData += 1;
      // Ids are left out: a random UUID can hold twelve digits in a row.
      const body = res.body.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>');
      expect(body, `GET ${url}`).not.toMatch(/(?<!\d)\d{4}[ -]?\d{4}[ -]?\d{4}(?!\d)/);
      expect(body, `GET ${url}`).not.toMatch(/createdBy|created_by/);
    }
    expect(gets.length).toBeGreaterThan(10);
    // An auditor reads what admins read, but Aadhar numbers masked like everyone but admins.
    const auditorToken = await api.tokenFor('auditor');
    for (const route of gets) {
      const url = route.url.replace(/:([A-Za-z]+)/g, (_, name: string) => ids[name] ?? api.users.employee);
      const res = await api.app.inject({ method: 'GET', url, headers: { 'x-auth-token': auditorToken } });
      if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) continue;
      const body = res.body.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>');
      expect(body, `GET ${url} as the auditor`).not.toMatch(/(?<!\d)\d{4}[ -]?\d{4}[ -]?\d{4}(?!\d)/);
    }
    // The loan is really there to leak: the list, the single loan, its payments, upgrades, pending repayments.
    expect(withData).toBeGreaterThanOrEqual(4);
    // The check can fail: admins do see both.
    const asAdmin = await api.app.inject({
      method: 'GET',
      url: '/api/admin/loans',
      headers: { 'x-auth-token': await api.tokenFor('admin') },
    });
    expect(asAdmin.body).toContain(aadhar);
    expect(asAdmin.body).toContain('createdBy');
  });
});

describe('a route without an access rule', () => {
  it('stops the server from starting', async () => {
    const app = Fastify() as unknown as App;
    registerAccess(app, { secret: 'x'.repeat(40), store: api.store });
    expect(() => app.get('/api/unguarded', async () => 'open')).toThrow(
      'GET /api/unguarded declares no access rule (config.access)',
    );
    expect(() => app.get('/api/guarded', { config: { access: ['admin'] } }, async () => 'ok')).not.toThrow();
    await app.close();
  });
});
