import type { Kysely } from 'kysely';
import type { CustodyPerson, PacketStatus, TakeOutPurpose } from '@goldledger/contracts';
import { evolveRows } from '../runtime/evolve-rows.js';
import { eventReader, type EventOf } from '../runtime/known-events.js';
import type { Projection } from '../runtime/projection.js';
import { rowFromDb, type RowColumnKinds } from '../runtime/row-columns.js';
import { loanUuidOf } from '../shared/per-loan.js';

/**
 * Where every packet of pledged gold is now: one row per packet with its status, the
 * branch holding it, its vault location, and the loan it secures (a renewal takes over its
 * predecessor's packet, so the row follows `LoanCreated.renewalOf`). The custody pages and
 * the vault register read it; the packet's stream stays the record of every movement.
 */
export interface PacketRow {
  packet_id: string;
  packet_number: string;
  /** Stream position of the last packet event applied. */
  version: number;
  status: PacketStatus;
  /** The branch holding it (the sending one while in transit). */
  branch_id: string;
  to_branch_id: string | null;
  /** The loan the packet secures now (the latest renewal), and the one it was sealed for. */
  loan_uuid: string;
  loan_id: string;
  sealed_loan_uuid: string;
  location_safe: string | null;
  location_slot: string | null;
  out_purpose: TakeOutPurpose | null;
  sealed_gross_weight_mg: number;
  item_count: number;
  sealed_at: string;
  sealed_by: CustodyPerson;
  sealed_confirmed_by: CustodyPerson;
  last_movement_at: string;
  /** The weight at release, when released. */
  released_gross_weight_mg: number | null;
  open_incidents: number;
}

export interface IncidentRow {
  incident_id: string;
  packet_id: string;
  packet_number: string;
  loan_uuid: string;
  loan_id: string;
  branch_id: string;
  kind: 'weight_difference';
  expected_gross_weight_mg: number;
  found_gross_weight_mg: number;
  opened_by: CustodyPerson;
  opened_at: string;
  resolution: string | null;
  resolved_by: CustodyPerson | null;
  resolved_at: string | null;
}

export interface CustodyTables {
  packets: PacketRow;
  incidents: IncidentRow;
}

export const PACKET_COLUMNS: RowColumnKinds<PacketRow> = {
  json: ['sealed_by', 'sealed_confirmed_by'],
  bigint: ['sealed_gross_weight_mg', 'released_gross_weight_mg'],
  timestamp: ['sealed_at', 'last_movement_at'],
};

const INCIDENT_COLUMNS: RowColumnKinds<IncidentRow> = {
  json: ['opened_by', 'resolved_by'],
  bigint: ['expected_gross_weight_mg', 'found_gross_weight_mg'],
  timestamp: ['opened_at', 'resolved_at'],
};

type CustodyEvent = EventOf<'packet' | 'loan'>;

const person = (p: CustodyPerson): CustodyPerson => ({ id: p.id, name: p.name });

/** Pure: the packet's row after one of its events, or after a renewal of the loan it secures. */
export function evolvePacketRow(row: PacketRow | undefined, event: CustodyEvent): PacketRow | undefined {
  if (event.streamType === 'loan') {
    if (event.type !== 'LoanCreated' || !row || !event.data.renewalOf) return row;
    return { ...row, loan_uuid: loanUuidOf(event.streamId), loan_id: event.data.loanId };
  }
  if (row && event.streamPosition <= row.version) return row;
  const step = (r: PacketRow, changes: Partial<PacketRow>, at?: string): PacketRow => ({
    ...r,
    ...changes,
    version: event.streamPosition,
    last_movement_at: at ?? r.last_movement_at,
  });
  switch (event.type) {
    case 'PacketSealed': {
      const d = event.data;
      const loanUuid = loanUuidOf(d.loanStreamId);
      return {
        packet_id: d.packetId,
        packet_number: d.packetNumber,
        version: event.streamPosition,
        status: 'sealed',
        branch_id: d.branchId,
        to_branch_id: null,
        loan_uuid: loanUuid,
        loan_id: d.loanId,
        sealed_loan_uuid: loanUuid,
        location_safe: null,
        location_slot: null,
        out_purpose: null,
        sealed_gross_weight_mg: d.sealedGrossWeightMg,
        item_count: d.itemCount,
        sealed_at: d.at,
        sealed_by: person(d.by),
        sealed_confirmed_by: person(d.confirmedBy),
        last_movement_at: d.at,
        released_gross_weight_mg: null,
        open_incidents: 0,
      };
    }
    case 'PacketStored':
      return (
        row &&
        step(
          row,
          {
            status: 'in_vault',
            location_safe: event.data.location.safe,
            location_slot: event.data.location.slot,
            out_purpose: null,
          },
          event.data.at,
        )
      );
    case 'PacketTakenOut':
      return (
        row &&
        step(
          row,
          { status: 'out', location_safe: null, location_slot: null, out_purpose: event.data.purpose },
          event.data.at,
        )
      );
    case 'PacketReleased':
      return (
        row &&
        step(
          row,
          {
            status: 'released',
            out_purpose: null,
            released_gross_weight_mg: event.data.weighedGrossWeightMg,
          },
          event.data.at,
        )
      );
    case 'PacketSentToAuction':
      return row && step(row, { status: 'sent_to_auction', out_purpose: null }, event.data.at);
    case 'PacketItemsAdded':
      return (
        row &&
        step(
          row,
          { sealed_gross_weight_mg: event.data.sealedGrossWeightMg, item_count: event.data.itemCount },
          event.data.at,
        )
      );
    case 'PacketTransferredOut':
      return (
        row &&
        step(
          row,
          { status: 'in_transit', out_purpose: null, to_branch_id: event.data.toBranchId },
          event.data.at,
        )
      );
    case 'PacketTransferredIn':
      return (
        row &&
        step(
          row,
          {
            status: 'in_vault',
            branch_id: event.data.toBranchId,
            to_branch_id: null,
            location_safe: event.data.location.safe,
            location_slot: event.data.location.slot,
          },
          event.data.at,
        )
      );
    case 'PacketIncidentOpened':
      return row && step(row, { open_incidents: row.open_incidents + 1 });
    case 'PacketIncidentResolved':
      return row && step(row, { open_incidents: Math.max(0, row.open_incidents - 1) });
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

const readEvents = eventReader('packet', 'loan');

const packetIdOf = (streamId: string) => streamId.replace(/^packet-/, '');

export const custodyProjection: Projection<CustodyTables> = {
  name: 'custody',
  // 2: gold added to a sealed packet (issue 17).
  version: 2,
  schema: 'rm_custody',

  async createTables(db: Kysely<any>, schema: string) {
    const s = db.schema.withSchema(schema);
    await s
      .createTable('packets')
      .addColumn('packet_id', 'uuid', (c) => c.primaryKey())
      .addColumn('packet_number', 'text', (c) => c.notNull().unique())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('branch_id', 'text', (c) => c.notNull())
      .addColumn('to_branch_id', 'text')
      .addColumn('loan_uuid', 'text', (c) => c.notNull())
      .addColumn('loan_id', 'text', (c) => c.notNull())
      .addColumn('sealed_loan_uuid', 'text', (c) => c.notNull())
      .addColumn('location_safe', 'text')
      .addColumn('location_slot', 'text')
      .addColumn('out_purpose', 'text')
      .addColumn('sealed_gross_weight_mg', 'bigint', (c) => c.notNull())
      .addColumn('item_count', 'integer', (c) => c.notNull())
      .addColumn('sealed_at', 'timestamptz', (c) => c.notNull())
      .addColumn('sealed_by', 'jsonb', (c) => c.notNull())
      .addColumn('sealed_confirmed_by', 'jsonb', (c) => c.notNull())
      .addColumn('last_movement_at', 'timestamptz', (c) => c.notNull())
      .addColumn('released_gross_weight_mg', 'bigint')
      .addColumn('open_incidents', 'integer', (c) => c.notNull())
      .execute();
    await s.createIndex('packets_branch_status_idx').on('packets').columns(['branch_id', 'status']).execute();
    await s.createIndex('packets_loan_idx').on('packets').column('loan_uuid').execute();
    await s
      .createTable('incidents')
      .addColumn('incident_id', 'uuid', (c) => c.primaryKey())
      .addColumn('packet_id', 'uuid', (c) => c.notNull())
      .addColumn('packet_number', 'text', (c) => c.notNull())
      .addColumn('loan_uuid', 'text', (c) => c.notNull())
      .addColumn('loan_id', 'text', (c) => c.notNull())
      .addColumn('branch_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('expected_gross_weight_mg', 'bigint', (c) => c.notNull())
      .addColumn('found_gross_weight_mg', 'bigint', (c) => c.notNull())
      .addColumn('opened_by', 'jsonb', (c) => c.notNull())
      .addColumn('opened_at', 'timestamptz', (c) => c.notNull())
      .addColumn('resolution', 'text')
      .addColumn('resolved_by', 'jsonb')
      .addColumn('resolved_at', 'timestamptz')
      .execute();
    await s.createIndex('incidents_open_idx').on('incidents').columns(['resolved_at', 'opened_at']).execute();
  },

  async apply({ db }, events) {
    const typed = readEvents(events);
    // Incidents take the packet's number, loan and branch as the packet's row stood then.
    const opened: IncidentRow[] = [];
    const resolved: Array<Pick<IncidentRow, 'incident_id' | 'resolution' | 'resolved_by' | 'resolved_at'>> =
      [];
    await evolveRows(
      db,
      {
        table: 'packets',
        key: 'packet_id',
        columns: PACKET_COLUMNS,
        keyOf: (e: CustodyEvent) => (e.streamType === 'packet' ? packetIdOf(e.streamId) : undefined),
        fanOut: {
          column: 'loan_uuid',
          valueOf: (e: CustodyEvent) =>
            e.streamType === 'loan' && e.type === 'LoanCreated' && e.data.renewalOf
              ? loanUuidOf(e.data.renewalOf.loanStreamId)
              : undefined,
        },
        evolve: evolvePacketRow,
        onEvolved: (e, row) => {
          if (e.streamType !== 'packet' || !row) return;
          if (e.type === 'PacketIncidentOpened') {
            const d = e.data;
            opened.push({
              incident_id: d.incidentId,
              packet_id: row.packet_id,
              packet_number: row.packet_number,
              loan_uuid: row.loan_uuid,
              loan_id: row.loan_id,
              branch_id: row.branch_id,
              kind: d.kind,
              expected_gross_weight_mg: d.expectedGrossWeightMg,
              found_gross_weight_mg: d.foundGrossWeightMg,
              opened_by: person(d.openedBy),
              opened_at: d.at,
              resolution: null,
              resolved_by: null,
              resolved_at: null,
            });
          } else if (e.type === 'PacketIncidentResolved') {
            resolved.push({
              incident_id: e.data.incidentId,
              resolution: e.data.resolution,
              resolved_by: person(e.data.resolvedBy),
              resolved_at: e.data.at,
            });
          }
        },
      },
      typed,
    );
    for (const row of opened) {
      await db
        .insertInto('incidents')
        .values({
          ...row,
          opened_by: JSON.stringify(row.opened_by) as never,
          resolved_by: null,
        })
        .onConflict((oc) => oc.column('incident_id').doNothing())
        .execute();
    }
    for (const r of resolved) {
      await db
        .updateTable('incidents')
        .set({
          resolution: r.resolution,
          resolved_by: JSON.stringify(r.resolved_by) as never,
          resolved_at: r.resolved_at,
        })
        .where('incident_id', '=', r.incident_id)
        .execute();
    }
  },
};

export const packetRowFromDb = (raw: object): PacketRow => rowFromDb<PacketRow>(PACKET_COLUMNS, raw);
export const incidentRowFromDb = (raw: object): IncidentRow => rowFromDb<IncidentRow>(INCIDENT_COLUMNS, raw);
