import { APPROVAL_RULES, loanStreamId } from '@goldledger/contracts';
import { beforeAll, expect } from 'vitest';
import { issueToken, sessionOfUser } from '../identity/access.plugin.js';
import { registerStaff } from '../identity/staff-registration.js';
import { loadUser } from '../identity/user-commands.js';
import { lendingApiKit } from '../testing/lending-api-kit.js';

/**
 * The lending kit with a second admin (the checker, "Chandra Checker") and every rule of
 * the maker-checker policy on; the demo admin and employee are the makers.
 */
export function approvalsKit(prefix: string) {
  const lending = lendingApiKit(prefix);
  const { kit, call } = lending;
  const checker = { token: '', id: '' };

  const asChecker = (method: 'GET' | 'POST', url: string, payload?: object) =>
    kit.api.app.inject({
      method,
      url,
      ...(payload !== undefined ? { payload } : {}),
      headers: { 'x-auth-token': checker.token },
    });

  async function setPolicy(rules: Record<string, boolean>, largeLoanThreshold?: number) {
    const res = await call('admin', 'PUT', '/api/admin/approvals/policy', {
      rules,
      ...(largeLoanThreshold === undefined ? {} : { largeLoanThreshold }),
      reason: 'integration test',
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  const loanEvents = async (loanUuid: string) =>
    (await kit.api.store.readStream(loanStreamId(loanUuid))).events;

  async function loanDetail(loanUuid: string) {
    await kit.api.project();
    const res = await call('admin', 'GET', `/api/loans/${loanUuid}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data ?? res.json();
  }

  /** A cash repayment by the employee, today unless `extra` dates it. */
  const cashPayment = (loanUuid: string, amount = 20_000, extra: object = {}) =>
    call('employee', 'POST', `/api/loans/${loanUuid}/payment`, {
      amount,
      paymentMethod: 'handcash',
      paymentType: 'total',
      ...extra,
    });

  beforeAll(async () => {
    const deps = { store: kit.api.store, clock: kit.api.clock };
    checker.id = await registerStaff(deps, {
      role: 'admin',
      name: 'Chandra Checker',
      email: 'checker@demo.local',
      primaryMobile: '9000000009',
      secondaryMobile: null,
      aadharNumber: '400000000009',
      mustResetPassword: false,
    });
    const { state, version } = await loadUser(kit.api.store, checker.id);
    checker.token = issueToken(kit.api.app, sessionOfUser(checker.id, state, version));
    await setPolicy(Object.fromEntries(APPROVAL_RULES.map((r) => [r, true])));
  });

  return { ...lending, checker, asChecker, setPolicy, loanEvents, loanDetail, cashPayment };
}
