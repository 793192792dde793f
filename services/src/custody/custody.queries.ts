import { sql, type Kysely } from 'kysely';
import { incidentRowFromDb, packetRowFromDb, type IncidentRow } from '@goldledger/projections';
import type { BranchScope, IncidentListRow, PacketStatus } from '@goldledger/contracts';
import type { Database } from '../platform/platform.js';
import { readModel } from '../platform/read-models.js';

const custody = (db: Kysely<Database>) => readModel(db, 'rm_custody');

export interface PacketListFilter {
  branchId?: string | undefined;
  status: 'all' | 'in_custody' | PacketStatus;
  limit: number;
}

/** Packets still held by the lender: everything not yet released or sent to auction. */
export const IN_CUSTODY: readonly PacketStatus[] = ['sealed', 'in_vault', 'out', 'in_transit'];

/**
 * Packets in the caller's branches (held there, or on their way there), newest movement
 * first, with the customer's name from the loan book.
 */
export async function listPackets(db: Kysely<Database>, scope: BranchScope, filter: PacketListFilter) {
  let query = custody(db).selectFrom('packets').selectAll();
  if (scope.kind === 'branches') {
    const ids = [...scope.branchIds];
    if (ids.length === 0) return [];
    query = query.where((eb) => eb.or([eb('branch_id', 'in', ids), eb('to_branch_id', 'in', ids)]));
  }
  if (filter.branchId) query = query.where('branch_id', '=', filter.branchId);
  if (filter.status === 'in_custody') query = query.where('status', 'in', [...IN_CUSTODY]);
  else if (filter.status !== 'all') query = query.where('status', '=', filter.status);
  const rows = (await query.orderBy('last_movement_at', 'desc').limit(filter.limit).execute()).map(
    packetRowFromDb,
  );
  const names = new Map<string, string>();
  if (rows.length > 0) {
    const loans = await readModel(db, 'rm_loans')
      .selectFrom('loans')
      .select(['loan_uuid', 'name'])
      .where(
        'loan_uuid',
        'in',
        rows.map((r) => r.loan_uuid),
      )
      .execute();
    for (const l of loans) names.set(l.loan_uuid, l.name);
  }
  return rows.map((r) => ({
    packetId: r.packet_id,
    packetNumber: r.packet_number,
    status: r.status,
    branchId: r.branch_id,
    toBranchId: r.to_branch_id,
    loanUuid: r.loan_uuid,
    loanId: r.loan_id,
    customerName: names.get(r.loan_uuid) ?? '',
    location: r.location_safe && r.location_slot ? { safe: r.location_safe, slot: r.location_slot } : null,
    outPurpose: r.out_purpose,
    sealedGrossWeightMg: r.sealed_gross_weight_mg,
    sealedAt: r.sealed_at,
    lastMovementAt: r.last_movement_at,
    openIncidents: r.open_incidents,
  }));
}

const incidentView = (r: IncidentRow): IncidentListRow => ({
  incidentId: r.incident_id,
  kind: r.kind,
  expectedGrossWeightMg: r.expected_gross_weight_mg,
  foundGrossWeightMg: r.found_gross_weight_mg,
  openedBy: r.opened_by,
  openedAt: r.opened_at,
  resolution: r.resolution,
  resolvedBy: r.resolved_by,
  resolvedAt: r.resolved_at,
  packetId: r.packet_id,
  packetNumber: r.packet_number,
  loanUuid: r.loan_uuid,
  loanId: r.loan_id,
  branchId: r.branch_id,
});

/** Incidents, the open ones oldest first (they wait longest), the resolved newest first. */
export async function listIncidents(db: Kysely<Database>, status: 'open' | 'resolved' | 'all') {
  let query = custody(db).selectFrom('incidents').selectAll();
  if (status === 'open') query = query.where('resolved_at', 'is', null);
  if (status === 'resolved') query = query.where('resolved_at', 'is not', null);
  const rows = await query
    .orderBy(sql`resolved_at is null`, 'desc')
    .orderBy('opened_at', status === 'open' ? 'asc' : 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => incidentView(incidentRowFromDb(r)));
}

export async function findIncident(db: Kysely<Database>, incidentId: string) {
  const row = await custody(db)
    .selectFrom('incidents')
    .selectAll()
    .where('incident_id', '=', incidentId)
    .executeTakeFirst();
  return row ? incidentRowFromDb(row) : null;
}
