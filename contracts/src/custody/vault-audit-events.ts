import { z } from 'zod';
import { CustodyPerson, PacketNumber, VaultLocation } from './packet-events.js';

/**
 * Surprise audits of a branch vault. An audit is a stream (`vault-audit-<uuid>`, stream type
 * `vault-audit`): it starts with the packets the books say the branch holds at that moment
 * (the expected list, frozen), records every packet the auditor scans or types, and ends
 * with the result and the SHA-256 digest of the signed report. A branch has at most one
 * audit in progress, claimed on `vault-audit-branch:<branchId>` (stream type
 * `vault-audit-branch`). Weights are integer milligrams. Schema version 1.
 */
export const VAULT_AUDIT_STREAM_TYPE = 'vault-audit';
export const vaultAuditStreamId = (auditUuid: string) => `vault-audit-${auditUuid}`;
export const VAULT_AUDIT_BRANCH_STREAM_TYPE = 'vault-audit-branch';
export const vaultAuditBranchStreamId = (branchId: string) => `vault-audit-branch:${branchId}`;

/**
 * A weighing within this many milligrams of the sealed weight is the same weight: 0.01 g,
 * the least count of a branch jewellery scale (docs/decisions.md, issue 16).
 */
export const VAULT_AUDIT_WEIGHT_TOLERANCE_MG = 10;

/**
 * Where a packet is in its branch's custody: sealed and not yet put away, in the vault, or
 * taken out of the vault for a purpose and not yet back or gone. A packet released to the
 * customer, sent to auction or in transit to another branch is in no branch's custody.
 */
export const CustodyStatus = z.enum([
  'sealed',
  'in_vault',
  'out_for_inspection',
  'out_for_release',
  'out_for_auction',
  'out_for_transfer',
]);
export type CustodyStatus = z.infer<typeof CustodyStatus>;

/** Where a packet is when it is in no branch's custody. */
export const GoneStatus = z.enum(['released', 'sent_to_auction', 'in_transit']);
export type GoneStatus = z.infer<typeof GoneStatus>;
export const RegisterPacketStatus = z.union([CustodyStatus, GoneStatus]);
export type RegisterPacketStatus = z.infer<typeof RegisterPacketStatus>;

const Instant = z.iso.datetime({ offset: true });

/** A packet the books said the branch held when the audit started. */
export const ExpectedPacket = z.object({
  packetId: z.uuid(),
  packetNumber: PacketNumber,
  loanStreamId: z.string().min(1),
  loanId: z.string().min(1),
  sealedGrossWeightMg: z.number().int().positive(),
  status: CustodyStatus,
  location: VaultLocation.nullable(),
});
export type ExpectedPacket = z.infer<typeof ExpectedPacket>;

/** What the books knew of a scanned packet that was not expected (null: no packet has that number). */
export const IdentifiedPacket = z.object({
  packetId: z.uuid(),
  loanId: z.string().min(1),
  branchId: z.uuid(),
  status: RegisterPacketStatus,
});
export type IdentifiedPacket = z.infer<typeof IdentifiedPacket>;

export const WeightDifference = z.object({
  packetNumber: PacketNumber,
  sealedGrossWeightMg: z.number().int().positive(),
  weighedGrossWeightMg: z.number().int().positive(),
  /** Weighed less sealed: negative when the packet weighs less than when it was sealed. */
  differenceMg: z.number().int(),
});
export type WeightDifference = z.infer<typeof WeightDifference>;

export const ExtraPacket = z.object({
  packetNumber: PacketNumber,
  weighedGrossWeightMg: z.number().int().positive().nullable(),
  identified: IdentifiedPacket.nullable(),
});
export type ExtraPacket = z.infer<typeof ExtraPacket>;

/** Expected against found, as decided when the audit was completed. */
export const VaultAuditResult = z.object({
  /** Expected and scanned, in the expected list's order. */
  found: z.array(PacketNumber),
  /** Expected and never scanned. */
  missing: z.array(PacketNumber),
  /** Scanned but not expected, in the order first scanned. */
  extra: z.array(ExtraPacket),
  /** Found packets whose last weighing differs from the sealed weight by more than the tolerance. */
  weightDifferences: z.array(WeightDifference),
});
export type VaultAuditResult = z.infer<typeof VaultAuditResult>;

/** The auditor as the audit records them: who, and in which role they acted. */
export const VaultAuditor = CustodyPerson.extend({ role: z.string().min(1) });
export type VaultAuditor = z.infer<typeof VaultAuditor>;

export const VaultAuditEvents = {
  VaultAuditStarted: z.object({
    auditId: z.uuid(),
    branchId: z.uuid(),
    branchCode: z.string().min(1),
    branchName: z.string().min(1),
    startedBy: VaultAuditor,
    at: Instant,
    expected: z.array(ExpectedPacket),
  }),
  VaultAuditPacketScanned: z.object({
    packetNumber: PacketNumber,
    /** Gross weight on the auditor's scale, when they weighed it. */
    weighedGrossWeightMg: z.number().int().positive().nullable(),
    method: z.enum(['camera', 'typed']),
    /** Set only for a packet that was not expected: what the books knew of it then. */
    identified: IdentifiedPacket.nullable(),
    by: VaultAuditor,
    at: Instant,
  }),
  VaultAuditCompleted: z.object({
    remarks: z.string().max(2000),
    completedBy: VaultAuditor,
    at: Instant,
    toleranceMg: z.number().int().nonnegative(),
    result: VaultAuditResult,
    /** SHA-256 (hex) of the report's content; printed on the report PDF as its signature. */
    reportSha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
} as const;
export type VaultAuditEventType = keyof typeof VaultAuditEvents;
export type VaultAuditEvent = {
  [K in VaultAuditEventType]: { type: K; data: z.infer<(typeof VaultAuditEvents)[K]> };
}[VaultAuditEventType];

/** The branch's claim: the audit in progress, if any (the last event is Opened). */
export const VaultAuditBranchEvents = {
  VaultAuditOpened: z.object({ auditId: z.uuid() }),
  VaultAuditClosed: z.object({ auditId: z.uuid() }),
} as const;
export type VaultAuditBranchEvent = {
  [K in keyof typeof VaultAuditBranchEvents]: {
    type: K;
    data: z.infer<(typeof VaultAuditBranchEvents)[K]>;
  };
}[keyof typeof VaultAuditBranchEvents];
