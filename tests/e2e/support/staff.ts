import type { Browser, Page } from 'playwright-core';
import { waitUntil } from '../../system/support/processes.js';
import { visit, VIEWPORTS, type Visit } from './browser.js';
import type { E2eServer } from './server.js';

/** The demo accounts the server seeds on its first start (DEMO_SEED=1). */
export const DEMO = {
  admin: { email: 'admin@demo.local', mobile: '9000000001' },
  employee: { email: 'employee@demo.local', mobile: '9000000002' },
  /** Works at the demo's second branch (MYS) only. */
  employee2: { email: 'employee2@demo.local', mobile: '9000000005' },
  customer: { email: 'customer@demo.local', mobile: '9000000003' },
  /** The second demo admin, maker-checker's checker. */
  checker: { email: 'checker@demo.local', mobile: '9000000006' },
  auditor: { email: 'auditor@demo.local', mobile: '9000000004' },
} as const;
export type DemoRole = keyof typeof DEMO;

export interface Session {
  token: string;
  user: { _id: string; role: string; email: string | null; name: string };
}

/** Signs in through the API with the OTP from the dev outbox, as the sign-in page does. */
export async function signInByApi(server: E2eServer, role: DemoRole): Promise<Session> {
  const identifier = DEMO[role].mobile;
  const sent = await server.post('/api/auth/send-login-otp', { identifier });
  if (sent.status !== 200) throw new Error(`send-login-otp: ${sent.status} ${JSON.stringify(sent.body)}`);
  const otp = await server.codeFor(identifier, { purpose: 'login_otp' });
  const verified = await server.post('/api/auth/verify-otp', { identifier, otp });
  if (verified.status !== 200)
    throw new Error(`verify-otp: ${verified.status} ${JSON.stringify(verified.body)}`);
  return { token: verified.body.token, user: verified.body.user };
}

/**
 * A browser profile already signed in as `role` (the stored auth state the app reads at
 * start), so a console test starts on its own page. The sign-in page itself is
 * tested in sign-in.test.ts.
 */
export async function visitSignedIn(
  browser: Browser,
  server: E2eServer,
  session: Session,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
): Promise<Visit> {
  const v = await visit(browser, server.url, viewport);
  await v.context.addInitScript(
    (state) => {
      window.localStorage.setItem('authState', state);
    },
    JSON.stringify({ user: session.user, token: session.token, isAuthenticated: true }),
  );
  return v;
}

/** GET an API path with a session token; the JSON body and status. */
export async function apiGet(
  server: E2eServer,
  pathname: string,
  token: string,
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server.url}${pathname}`, { headers: { 'x-auth-token': token } });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** Any method with a JSON body and a session token. */
export async function apiSend(
  server: E2eServer,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  pathname: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server.url}${pathname}`, {
    method,
    headers: { 'x-auth-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** Waits until the demo loan book (written at first start) is in the admin loans list. */
export async function waitForDemoBook(server: E2eServer, adminToken: string, atLeast = 60): Promise<void> {
  let seen = 0;
  await waitUntil(
    async () => {
      const res = await apiGet(server, '/api/admin/loans?limit=1', adminToken);
      seen = res.status === 200 ? res.body.portfolio.totalLoans : 0;
      return seen >= atLeast;
    },
    { timeoutMs: 90_000, intervalMs: 500, describe: () => `the demo loan book (${seen} loans so far)` },
  );
  // The rest of the demo (payments, gold returns, the bell's reads…) is still being projected
  // when the loans are there: wait until no read model has an event left to apply, so a test's
  // own write is not queued behind the demo's.
  let backlog = '';
  await waitUntil(
    async () => {
      const res = await fetch(`${server.url}/ready`);
      const body = (await res.json()) as {
        checks: { projections: Record<string, { behind: number | null }> };
      };
      const behind = Object.entries(body.checks.projections).filter(([, c]) => c.behind !== 0);
      backlog = behind.map(([name, c]) => `${name} ${c.behind ?? 'not created'}`).join(', ');
      return behind.length === 0;
    },
    {
      timeoutMs: 120_000,
      intervalMs: 250,
      describe: () => `the read models to catch up (behind: ${backlog})`,
    },
  );
}

/**
 * Opens a loan's row in Loans Management (issue 19: the row keeps Repay or Renew; Edit,
 * Slip, Custody, Top-up, History, Upgrades, Audit and Delete are in the expanded row).
 */
export async function openLoanRow(page: Page, loanId: string): Promise<void> {
  const expander = page.getByRole('button', { name: `Details of ${loanId}` });
  if ((await expander.getAttribute('aria-expanded')) !== 'true') await expander.click();
  await page.locator(`[data-testid="loan-details"][data-loan-id="${loanId}"]`).waitFor();
}
