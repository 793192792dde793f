import { z } from 'zod';
import { Grams } from '../lending/money-schemas.js';
import { PacketNumber, VaultLocation } from './packet-events.js';
import { CustodyStatus, IdentifiedPacket, RegisterPacketStatus } from './vault-audit-events.js';

/**
 * The vault register and surprise audits over HTTP (issue 16, points 5 and 6). Weights are
 * grams here (at most 3 decimals), as people read them; events keep milligrams.
 */

const Instant = z.iso.datetime({
  offset: true,
  error: 'asOf must be an ISO date-time with its offset, e.g. 2026-11-21T10:30:00+05:30',
});

/**
 * `occurred` (default): the movements that had happened by then, at the instant each was
 * stamped with. `recorded`: what the books held then (events written by then).
 */
export const RegisterBasis = z.enum(['occurred', 'recorded'], {
  error: 'basis must be occurred or recorded',
});
export type RegisterBasis = z.infer<typeof RegisterBasis>;

/** GET /api/vault/register and /api/vault/register.csv. */
export const VaultRegisterQuery = z.object({
  /** The branch; absent: the default branch, or an employee's first branch. */
  branchId: z.uuid({ error: 'branchId must be a branch id' }).optional(),
  /** Absent: now. */
  asOf: Instant.optional(),
  basis: RegisterBasis.default('occurred'),
});
export type VaultRegisterQuery = z.infer<typeof VaultRegisterQuery>;

/** A loan as the register sees it: open (active), or why not; `unknown` when no loan has that stream. */
export const RegisterLoanStatus = z.enum(['active', 'closed', 'renewed', 'deleted', 'unknown']);
export type RegisterLoanStatus = z.infer<typeof RegisterLoanStatus>;

export const RegisterBranch = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  vaultName: z.string(),
});

export const RegisterPacket = z.object({
  packetId: z.uuid(),
  packetNumber: PacketNumber,
  /** The loan the packet's gold now secures (a renewal's new loan after a renewal). */
  loanUuid: z.string().nullable(),
  loanId: z.string(),
  loanStatus: RegisterLoanStatus,
  customerId: z.string().nullable(),
  /** Masked for employees ("L*** C***"); in full for admins and auditors. */
  customerName: z.string().nullable(),
  status: CustodyStatus,
  location: VaultLocation.nullable(),
  sealedGrossWeight: z.number(),
  itemCount: z.number().int(),
  sealedAt: z.string(),
  lastMovementAt: z.string(),
});
export type RegisterPacket = z.infer<typeof RegisterPacket>;

export const ReconciliationLoan = z.object({
  loanUuid: z.string(),
  loanId: z.string(),
  customerName: z.string().nullable(),
  /** Where the loan's packets are, if anywhere (another branch, released, in transit…). */
  packets: z.array(
    z.object({ packetNumber: PacketNumber, status: RegisterPacketStatus, branchId: z.uuid() }),
  ),
});
export const ReconciliationPacket = z.object({
  packetNumber: PacketNumber,
  loanId: z.string(),
  loanStatus: RegisterLoanStatus,
  /** The loan's branch (for a packet held for another branch's open loan). */
  loanBranchId: z.uuid().nullable(),
});

/**
 * Open loans of the branch against the packets in its custody. Every packet in custody is
 * matched, or held for a loan that is not open, or held for another branch's open loan;
 * every open loan has a packet here or is listed without one. Nothing is left out.
 */
export const Reconciliation = z.object({
  openLoans: z.number().int(),
  matchedLoans: z.number().int(),
  matchedPackets: z.number().int(),
  openLoansWithoutPacket: z.array(ReconciliationLoan),
  packetsOfLoansNotOpen: z.array(ReconciliationPacket),
  packetsOfOtherBranchLoans: z.array(ReconciliationPacket),
  mismatches: z.number().int(),
  reconciled: z.boolean(),
});
export type Reconciliation = z.infer<typeof Reconciliation>;

export const VaultRegisterResponse = z.object({
  success: z.literal(true),
  data: z.object({
    branch: RegisterBranch,
    asOf: z.string(),
    basis: RegisterBasis,
    /** True when the caller asked for a past moment (a replay), false for now. */
    replay: z.boolean(),
    packets: z.array(RegisterPacket),
    totals: z.object({
      packets: z.number().int(),
      sealedGrossWeight: z.number(),
      inVault: z.number().int(),
      outOfVault: z.number().int(),
    }),
    reconciliation: Reconciliation,
  }),
});
export type VaultRegisterResponse = z.infer<typeof VaultRegisterResponse>;
export type VaultRegister = VaultRegisterResponse['data'];

/** The branches a caller may pick in the register and audits. */
export const VaultBranchesResponse = z.object({
  success: z.literal(true),
  data: z.array(RegisterBranch),
});

/** POST /api/vault/audits */
export const StartVaultAuditRequest = z.object({
  branchId: z.uuid({ error: 'Please choose the branch whose vault to audit' }),
});
/** POST /api/vault/audits/{id}/scans */
export const ScanPacketRequest = z.object({
  packetNumber: PacketNumber,
  /** Gross weight on the auditor's scale, in grams; absent when not weighed. */
  weighedGrossWeight: Grams('Weighed gross weight')
    .refine((g) => g > 0, 'Weighed gross weight must be more than 0')
    .nullish(),
  method: z.enum(['camera', 'typed']).default('typed'),
});
export type ScanPacketRequest = z.infer<typeof ScanPacketRequest>;
/** POST /api/vault/audits/{id}/complete */
export const CompleteVaultAuditRequest = z.object({
  remarks: z.string().trim().max(2000, 'Remarks can be at most 2000 characters').default(''),
});
export const VaultAuditParams = z.object({ id: z.uuid({ error: 'Audit not found' }) });
export const VaultAuditListQuery = z.object({
  branchId: z.uuid({ error: 'branchId must be a branch id' }).optional(),
});

const Person = z.object({ id: z.string(), name: z.string(), role: z.string() });

export const VaultAuditCounts = z.object({
  expected: z.number().int(),
  found: z.number().int(),
  missing: z.number().int(),
  extra: z.number().int(),
  weightDifferences: z.number().int(),
});
export type VaultAuditCounts = z.infer<typeof VaultAuditCounts>;

export const VaultAuditView = z.object({
  auditId: z.uuid(),
  branch: z.object({ id: z.uuid(), code: z.string(), name: z.string() }),
  status: z.enum(['in_progress', 'completed']),
  startedBy: Person,
  startedAt: z.string(),
  completedBy: Person.nullable(),
  completedAt: z.string().nullable(),
  remarks: z.string().nullable(),
  toleranceGrams: z.number(),
  expected: z.array(
    z.object({
      packetNumber: PacketNumber,
      loanId: z.string(),
      sealedGrossWeight: z.number(),
      status: CustodyStatus,
      location: VaultLocation.nullable(),
      found: z.boolean(),
      weighedGrossWeight: z.number().nullable(),
    }),
  ),
  scans: z.array(
    z.object({
      packetNumber: PacketNumber,
      weighedGrossWeight: z.number().nullable(),
      method: z.enum(['camera', 'typed']),
      expected: z.boolean(),
      by: Person,
      at: z.string(),
    }),
  ),
  /** Live while in progress; as recorded at completion afterwards. */
  result: z.object({
    found: z.array(PacketNumber),
    missing: z.array(PacketNumber),
    extra: z.array(
      z.object({
        packetNumber: PacketNumber,
        weighedGrossWeight: z.number().nullable(),
        identified: IdentifiedPacket.nullable(),
      }),
    ),
    weightDifferences: z.array(
      z.object({
        packetNumber: PacketNumber,
        sealedGrossWeight: z.number(),
        weighedGrossWeight: z.number(),
        difference: z.number(),
      }),
    ),
  }),
  counts: VaultAuditCounts,
  /** The signature's digest, once completed. */
  reportSha256: z.string().nullable(),
});
export type VaultAuditView = z.infer<typeof VaultAuditView>;

export const VaultAuditResponse = z.object({ success: z.literal(true), data: VaultAuditView });

export const VaultAuditSummary = z.object({
  auditId: z.uuid(),
  branch: z.object({ id: z.uuid(), code: z.string(), name: z.string() }),
  status: z.enum(['in_progress', 'completed']),
  startedBy: Person,
  startedAt: z.string(),
  completedBy: Person.nullable(),
  completedAt: z.string().nullable(),
  counts: VaultAuditCounts,
});
export type VaultAuditSummary = z.infer<typeof VaultAuditSummary>;
export const VaultAuditListResponse = z.object({
  success: z.literal(true),
  data: z.array(VaultAuditSummary),
});
