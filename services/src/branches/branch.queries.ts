import { sql, type Kysely } from 'kysely';
import type { BranchRow } from '@goldledger/contracts';
import type { Database } from '../platform/platform.js';
import { readModel } from '../platform/read-models.js';
import type { BranchState } from './branch.state.js';

type Branch = NonNullable<BranchState>;

/** Employees (not removed) per branch they work at; admins see every branch and are not counted. */
async function staffCounts(db: Kysely<Database>): Promise<Map<string, number>> {
  const { rows } = await sql<{ branch_id: string; n: string }>`
    select b as branch_id, count(*) as n
    from rm_users.users, unnest(branch_ids) as b
    where role = 'employee' and not removed
    group by b`.execute(db);
  return new Map(rows.map((r) => [r.branch_id, Number(r.n)]));
}

async function openLoanCounts(db: Kysely<Database>, branchId?: string): Promise<Map<string, number>> {
  let query = readModel(db, 'rm_branches')
    .selectFrom('branch_loans')
    .select(['branch_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('open', '=', true)
    .groupBy('branch_id');
  if (branchId) query = query.where('branch_id', '=', branchId);
  const rows = await query.execute();
  return new Map(rows.map((r) => [r.branch_id, Number(r.n)]));
}

/** The admins' list: every branch by name, with its staff and open loans. */
export async function listBranches(db: Kysely<Database>): Promise<BranchRow[]> {
  const [rows, staff, loans] = await Promise.all([
    readModel(db, 'rm_branches').selectFrom('branches').selectAll().orderBy('name').orderBy('code').execute(),
    staffCounts(db),
    openLoanCounts(db),
  ]);
  return rows.map((r) => ({
    _id: r.branch_id,
    code: r.code,
    name: r.name,
    address: r.address,
    state: r.state,
    phone: r.phone,
    hours: r.hours,
    vault: r.vault,
    staffCount: staff.get(r.branch_id) ?? 0,
    openLoans: loans.get(r.branch_id) ?? 0,
    version: r.version,
  }));
}

/** A branch as a command just left it (the stream, not the read model), with its counts. */
export async function branchRowOf(db: Kysely<Database>, branch: Branch, version: number): Promise<BranchRow> {
  const [staff, loans] = await Promise.all([staffCounts(db), openLoanCounts(db, branch.branchId)]);
  const { branchId, ...details } = branch;
  return {
    _id: branchId,
    ...details,
    staffCount: staff.get(branchId) ?? 0,
    openLoans: loans.get(branchId) ?? 0,
    version,
  };
}

/** What the public /location page shows of each branch: nothing internal. */
export async function publicBranches(db: Kysely<Database>) {
  const rows = await readModel(db, 'rm_branches')
    .selectFrom('branches')
    .select(['branch_id', 'code', 'name', 'address', 'state', 'phone', 'hours'])
    .orderBy('name')
    .orderBy('code')
    .execute();
  return rows.map(({ branch_id, ...r }) => ({ _id: branch_id, ...r }));
}
