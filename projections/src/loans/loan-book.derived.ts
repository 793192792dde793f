import { sql, type QueryCreator } from 'kysely';
import type { RowChange } from '../runtime/evolve-rows.js';
import { upsertRows } from '../runtime/row-columns.js';
import type {
  LoanBookTotalsRow,
  LoanInstallmentRow,
  LoanRow,
  LoanSearchRow,
  LoansTables,
} from './loans.tables.js';

/** The tables made from the loan rows: the narrow search copy, the installments and the book totals. */

/** Pure: the installment rows of a loan as it stands. */
export const installmentRowsOf = (row: LoanRow): LoanInstallmentRow[] =>
  row.installments.map((i) => ({
    loan_uuid: row.loan_uuid,
    number: i.number,
    due_date: i.dueDate,
    amount_paise: i.amountPaise,
    amount_paid_paise: i.amountPaidPaise,
    status: i.status,
    loan_active: row.status === 'active',
    branch_id: row.branch_id,
  }));

/** Pure: the loan's row in the search table. */
export const searchRowOf = (row: LoanRow): LoanSearchRow => ({
  loan_uuid: row.loan_uuid,
  branch_id: row.branch_id,
  list_status: row.list_status,
  created_at: row.created_at,
  principal_paise: row.principal_paise,
  name_key: row.name.toLowerCase(),
  loan_id: row.loan_id,
  search_text: row.search_text,
  aadhar_number: row.aadhar_number,
});

type TotalsDelta = Pick<LoanBookTotalsRow, 'branch_id' | 'list_status' | 'loans' | 'principal_paise'>;

/** Pure: how the totals move when a loan's row goes from `before` to `after`. */
export function totalsDelta(before: LoanRow | undefined, after: LoanRow): TotalsDelta[] {
  if (
    before &&
    before.branch_id === after.branch_id &&
    before.list_status === after.list_status &&
    before.principal_paise === after.principal_paise
  )
    return [];
  const out = [
    {
      branch_id: after.branch_id,
      list_status: after.list_status,
      loans: 1,
      principal_paise: after.principal_paise,
    },
  ];
  if (before)
    out.push({
      branch_id: before.branch_id,
      list_status: before.list_status,
      loans: -1,
      principal_paise: -before.principal_paise,
    });
  return out;
}

const sameInstallments = (a: LoanRow | undefined, b: LoanRow) =>
  !!a && a.status === b.status && JSON.stringify(a.installments) === JSON.stringify(b.installments);

/** Brings the derived tables in line with the loan rows a batch changed. */
export async function writeDerivedTables(
  db: QueryCreator<LoansTables>,
  changes: readonly RowChange<LoanRow>[],
): Promise<void> {
  if (changes.length === 0) return;

  const searchRows = changes
    .filter(
      ({ before, after }) =>
        !before || JSON.stringify(searchRowOf(before)) !== JSON.stringify(searchRowOf(after)),
    )
    .map(({ after }) => searchRowOf(after));
  await upsertRows(db, 'loan_search', 'loan_uuid', searchRows as unknown as Record<string, unknown>[]);

  const rescheduled = changes
    .filter(({ before, after }) => !sameInstallments(before, after))
    .map((c) => c.after);
  if (rescheduled.length > 0) {
    await db
      .deleteFrom('loan_installments')
      .where(
        'loan_uuid',
        'in',
        rescheduled.map((r) => r.loan_uuid),
      )
      .execute();
    const installments = rescheduled.flatMap(installmentRowsOf);
    for (let i = 0; i < installments.length; i += 5000)
      await db
        .insertInto('loan_installments')
        .values(installments.slice(i, i + 5000))
        .execute();
  }

  const deltas = new Map<string, TotalsDelta>();
  for (const { before, after } of changes)
    for (const d of totalsDelta(before, after)) {
      const key = `${d.branch_id} ${d.list_status}`;
      const t = deltas.get(key) ?? { ...d, loans: 0, principal_paise: 0 };
      deltas.set(key, {
        ...t,
        loans: t.loans + d.loans,
        principal_paise: t.principal_paise + d.principal_paise,
      });
    }
  const moves = [...deltas.values()].filter((d) => d.loans !== 0 || d.principal_paise !== 0);
  if (moves.length > 0)
    await db
      .insertInto('loan_book_totals')
      .values(moves)
      .onConflict((oc) =>
        oc.columns(['branch_id', 'list_status']).doUpdateSet({
          loans: sql`loan_book_totals.loans + excluded.loans`,
          principal_paise: sql`loan_book_totals.principal_paise + excluded.principal_paise`,
        }),
      )
      .execute();
}
