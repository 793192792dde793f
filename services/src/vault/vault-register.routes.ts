import type { FastifyRequest } from 'fastify';
import {
  VaultBranchesResponse,
  VaultRegisterQuery,
  VaultRegisterResponse,
  type VaultRegister,
} from '@goldledger/contracts';
import { csvField, istTimestamp } from '../audit/audit-log.routes.js';
import { branchScopeOf } from '../branches/branch-scope.js';
import { sessionOf } from '../identity/access.plugin.js';
import { DomainError } from '../platform/decider.js';
import type { App } from '../platform/http/app.js';
import type { SliceDeps } from '../slice-deps.js';
import { branchForCaller, branchesInScope } from './vault-branches.js';
import { custodyFactsAsOf } from './vault-history.js';
import { buildRegister } from './vault-register.js';

export type VaultDeps = Pick<SliceDeps, 'store' | 'db' | 'clock'>;

/** Staff read the register (employees their own branches', names masked); the auditor role joins at merge. */
export const REGISTER_READERS = ['admin', 'employee', 'auditor'] as const;

/** The register of the branch the caller asked for, now or replayed to `asOf`. */
export async function registerFor(
  deps: VaultDeps,
  request: FastifyRequest,
  query: VaultRegisterQuery,
): Promise<VaultRegister> {
  const session = sessionOf(request);
  const branch = await branchForCaller(deps.store, branchScopeOf(session), query.branchId);
  const now = deps.clock.now();
  const moment = query.asOf ? new Date(query.asOf) : null;
  if (moment && moment > now) {
    throw new DomainError(
      'asOf is in the future: the register can only be replayed to a past moment',
      'as_of_future',
    );
  }
  const facts = await custodyFactsAsOf(deps.db, moment, query.basis);
  return buildRegister(
    facts,
    branch,
    { asOf: (moment ?? now).toISOString(), basis: query.basis, replay: moment !== null },
    { fullNames: session.role !== 'employee' },
  );
}

const STATUS_TEXT: Record<VaultRegister['packets'][number]['status'], string> = {
  sealed: 'Sealed, not yet in the vault',
  in_vault: 'In vault',
  out_for_inspection: 'Out for inspection',
  out_for_release: 'Out for release',
  out_for_auction: 'Out for auction',
  out_for_transfer: 'Out for transfer',
};

const CSV_COLUMNS: ReadonlyArray<[string, (p: VaultRegister['packets'][number]) => string | number | null]> =
  [
    ['Packet number', (p) => p.packetNumber],
    ['Custody', (p) => STATUS_TEXT[p.status]],
    ['Safe', (p) => p.location?.safe ?? null],
    ['Tray/slot', (p) => p.location?.slot ?? null],
    ['Loan', (p) => p.loanId],
    ['Loan status', (p) => p.loanStatus],
    ['Customer ID', (p) => p.customerId],
    ['Customer', (p) => p.customerName],
    ['Items', (p) => p.itemCount],
    ['Sealed gross weight (g)', (p) => p.sealedGrossWeight.toFixed(3)],
    ['Sealed at (IST)', (p) => istTimestamp(p.sealedAt)],
    ['Last movement at (IST)', (p) => istTimestamp(p.lastMovementAt)],
  ];

/** The register as CSV: a row per packet and a closing total row (count and sealed weight). */
export function registerCsv(register: VaultRegister): string {
  const lines = [CSV_COLUMNS.map(([name]) => csvField(name)).join(',')];
  for (const p of register.packets) lines.push(CSV_COLUMNS.map(([, get]) => csvField(get(p))).join(','));
  const total = CSV_COLUMNS.map(([name]) => {
    if (name === 'Packet number') return `Total: ${register.totals.packets} packets`;
    if (name === 'Sealed gross weight (g)') return register.totals.sealedGrossWeight.toFixed(3);
    return null;
  });
  lines.push(total.map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** `20261121T1030` in IST, for a file name. */
const fileStamp = (iso: string) => istTimestamp(iso).slice(0, 16).replace(/[-:]/g, '');

/**
 * Issue 16, point 5: each branch's vault register, now or as of any past moment (replayed
 * from the events), with its reconciliation against the loan book, as JSON and CSV.
 */
export function registerVaultRegisterRoutes(app: App, deps: VaultDeps): void {
  app.get(
    '/api/vault/branches',
    { config: { access: [...REGISTER_READERS] }, schema: { response: { 200: VaultBranchesResponse } } },
    async (request) => ({
      success: true as const,
      data: await branchesInScope(deps.db, deps.store, branchScopeOf(sessionOf(request))),
    }),
  );

  app.get(
    '/api/vault/register',
    {
      config: { access: [...REGISTER_READERS] },
      schema: { querystring: VaultRegisterQuery, response: { 200: VaultRegisterResponse } },
    },
    async (request) => ({ success: true as const, data: await registerFor(deps, request, request.query) }),
  );

  app.get(
    '/api/vault/register.csv',
    // No response schema: the answer is CSV text.
    { config: { access: [...REGISTER_READERS] }, schema: { querystring: VaultRegisterQuery } },
    async (request, reply) => {
      const register = await registerFor(deps, request, request.query);
      const name = `vault-register-${register.branch.code}-${fileStamp(register.asOf)}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name.replace(/[^A-Za-z0-9_.-]/g, '_')}"`)
        .header('cache-control', 'private, no-store')
        .send(registerCsv(register));
    },
  );
}
