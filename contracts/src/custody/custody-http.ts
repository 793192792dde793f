import { z } from 'zod';
import { Grams } from '../lending/money-schemas.js';
import {
  CustodyConfirmer,
  CustodyPerson,
  PacketNumber,
  TakeOutPurpose,
  VaultLocation,
} from './packet-events.js';

/**
 * The custody of a loan's packet over HTTP: `/api/loans/{id}/custody…` and the admins'
 * incidents. Weights arrive in grams (up to 3 decimals) and leave in milligrams.
 */

/** What custody rules are made of (docs/decisions.md, "Custody of pledged gold"). */
export const CUSTODY_POLICY = Object.freeze({
  /**
   * A weighing that differs from the sealed weight by more than this opens an incident.
   * Zero: the branch scale reads to the milligram and any difference is for an admin to look at.
   */
  releaseWeightToleranceMg: 0,
  /** Wrong tries at a second person's password or code, per second person, in `confirmWindowSeconds`. */
  maxConfirmAttempts: 10,
  confirmWindowSeconds: 900,
});

const message = (label: string) => `${label} is required`;

/**
 * The second person of dual control proves it is them with their own credential: their
 * email or mobile, and their password or the code just sent to their own mobile
 * (`POST /api/custody/confirmation-code`). Never the first person's session.
 */
const ConfirmerIdentifier = z
  .string({ error: message("Second person's email or mobile") })
  .trim()
  .min(3, message("Second person's email or mobile"))
  .max(254);

export const ConfirmerCredential = z
  .object(
    {
      identifier: ConfirmerIdentifier,
      password: z.string().min(1, message("Second person's password")).max(200).optional(),
      code: z
        .string()
        .trim()
        .regex(/^\d{6}$/, 'The code is 6 digits')
        .optional(),
    },
    { error: 'A second member of staff must confirm this with their own password or code' },
  )
  .refine((c) => (c.password === undefined) !== (c.code === undefined), {
    message: "Give the second person's password or the code sent to their mobile (one of them)",
  });
export type ConfirmerCredential = z.infer<typeof ConfirmerCredential>;

const Reason = z.string().trim().max(500, 'Reason can be at most 500 characters');
const OptionalReason = Reason.nullish();
const RequiredReason = Reason.min(3, 'Please give a reason (at least 3 characters)');

/** POST /api/custody/confirmation-code: a code to the second person's own mobile. */
export const ConfirmationCodeRequest = z.object({ identifier: ConfirmerIdentifier });
export const CodeSentResponse = z.object({
  message: z.string(),
  expiresInSeconds: z.number().int(),
  resendInSeconds: z.number().int(),
});

/** POST /api/loans/{id}/custody/seal */
export const SealPacketRequest = z.object({
  sealedGrossWeight: Grams('Sealed gross weight').refine((g) => g > 0, 'Sealed gross weight must be above 0'),
  confirmer: ConfirmerCredential,
});

/** POST /api/loans/{id}/custody/store: into the vault (after sealing, or back after it was taken out). */
export const StorePacketRequest = z.object({
  location: VaultLocation,
  reason: OptionalReason,
  confirmer: ConfirmerCredential,
});

/** POST /api/loans/{id}/custody/take-out */
export const TakeOutPacketRequest = z.object({
  purpose: TakeOutPurpose,
  reason: RequiredReason,
  confirmer: ConfirmerCredential,
});

/** POST /api/loans/{id}/custody/release-code: a code to the customer's primary mobile. */
export const ReleaseCodeRequest = z.object({}).passthrough().nullish();

/** POST /api/loans/{id}/custody/release: handed to the customer, weighed, with the customer's code. */
export const ReleasePacketRequest = z.object({
  customerCode: z
    .string({ error: "The customer's code is required" })
    .trim()
    .regex(/^\d{6}$/, "The customer's code is 6 digits"),
  weighedGrossWeight: Grams('Weight at release').refine((g) => g > 0, 'Weight at release must be above 0'),
  reason: OptionalReason,
  confirmer: ConfirmerCredential,
});

/** POST /api/loans/{id}/custody/send-to-auction */
export const SendToAuctionRequest = z.object({ reason: OptionalReason, confirmer: ConfirmerCredential });

/** POST /api/loans/{id}/custody/transfer-out */
export const TransferOutRequest = z.object({
  toBranchId: z.uuid('Please choose the branch it goes to'),
  reason: RequiredReason,
  confirmer: ConfirmerCredential,
});

/** POST /api/loans/{id}/custody/transfer-in: recorded by the receiving branch's pair. */
export const TransferInRequest = z.object({
  location: VaultLocation,
  reason: OptionalReason,
  confirmer: ConfirmerCredential,
});

/** Where a packet is now. */
export const PacketStatus = z.enum([
  /** Sealed at the counter, not yet in the vault. */
  'sealed',
  'in_vault',
  /** Out of the vault, in the branch, for `outPurpose`. */
  'out',
  'in_transit',
  'released',
  'sent_to_auction',
]);
export type PacketStatus = z.infer<typeof PacketStatus>;

/** The movements a caller may ask for next (the panel's buttons). */
export const CustodyMove = z.enum([
  'seal',
  'store',
  'take_out',
  'release',
  'send_to_auction',
  'transfer_out',
  'transfer_in',
]);
export type CustodyMove = z.infer<typeof CustodyMove>;

export const PacketMovementView = z.object({
  type: z.enum([
    'PacketSealed',
    'PacketStored',
    'PacketTakenOut',
    'PacketReleased',
    'PacketSentToAuction',
    'PacketItemsAdded',
    'PacketTransferredOut',
    'PacketTransferredIn',
  ]),
  /** What happened, in words ("Stored in Safe 1, tray A3"). */
  summary: z.string(),
  at: z.string(),
  by: CustodyPerson,
  confirmedBy: CustodyConfirmer,
  reason: z.string().nullable(),
  branchId: z.string(),
});
export type PacketMovementView = z.infer<typeof PacketMovementView>;

export const PacketIncidentView = z.object({
  incidentId: z.uuid(),
  kind: z.enum(['weight_difference']),
  expectedGrossWeightMg: z.number().int(),
  foundGrossWeightMg: z.number().int(),
  openedBy: CustodyPerson,
  openedAt: z.string(),
  resolution: z.string().nullable(),
  resolvedBy: CustodyPerson.nullable(),
  resolvedAt: z.string().nullable(),
});
export type PacketIncidentView = z.infer<typeof PacketIncidentView>;

export const PacketView = z.object({
  packetId: z.uuid(),
  packetNumber: PacketNumber,
  status: PacketStatus,
  /** The branch holding it now (the sending one while in transit). */
  branchId: z.string(),
  branchName: z.string(),
  location: VaultLocation.nullable(),
  outPurpose: TakeOutPurpose.nullable(),
  /** While in transit: where it is going. */
  toBranchId: z.string().nullable(),
  toBranchName: z.string().nullable(),
  sealedGrossWeightMg: z.number().int(),
  itemCount: z.number().int(),
  /** The loan it was sealed for (a renewal keeps its predecessor's packet). */
  sealedForLoanId: z.string(),
  movements: z.array(PacketMovementView),
  incidents: z.array(PacketIncidentView),
  version: z.number().int(),
});
export type PacketView = z.infer<typeof PacketView>;

/** GET /api/loans/{id}/custody */
export const CustodyResponse = z.object({
  data: z.object({
    loan: z.object({
      _id: z.uuid(),
      loanId: z.string(),
      status: z.string(),
      branchId: z.string(),
      branchName: z.string(),
      customerName: z.string(),
      goldReturnStatus: z.string().nullable(),
      auctionStatus: z.string(),
    }),
    /** Null: the gold is not sealed yet ("Gold not sealed"). */
    packet: PacketView.nullable(),
    /** What the caller may do next; the server checks it again. */
    allowedMoves: z.array(CustodyMove),
    /** The safes of the vault the next store or transfer-in uses. */
    safes: z.array(z.string()),
    /** Other branches a packet may be transferred to. */
    transferTargets: z.array(z.object({ _id: z.string(), name: z.string() })),
  }),
});
export type CustodyResponse = z.infer<typeof CustodyResponse>;

export const CustodyActionResponse = z.object({
  message: z.string(),
  data: z.object({ packetNumber: PacketNumber, status: PacketStatus, incidentId: z.uuid().nullable() }),
});

/** GET /api/custody/packets: the read model's packets, in the caller's branches. */
export const PacketListQuery = z.object({
  branchId: z.uuid('Branch not found').optional(),
  status: z.enum(['all', 'in_custody', ...PacketStatus.options]).default('all'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const PacketListRow = z.object({
  packetId: z.uuid(),
  packetNumber: z.string(),
  status: PacketStatus,
  branchId: z.string(),
  toBranchId: z.string().nullable(),
  loanUuid: z.string(),
  loanId: z.string(),
  customerName: z.string(),
  location: VaultLocation.nullable(),
  outPurpose: TakeOutPurpose.nullable(),
  sealedGrossWeightMg: z.number().int(),
  sealedAt: z.string(),
  lastMovementAt: z.string(),
  openIncidents: z.number().int(),
});
export const PacketListResponse = z.object({ data: z.array(PacketListRow) });

/** GET /api/admin/custody/incidents */
export const IncidentListQuery = z.object({
  status: z.enum(['open', 'resolved', 'all']).default('open'),
});
export const IncidentListRow = PacketIncidentView.extend({
  packetId: z.uuid(),
  packetNumber: z.string(),
  loanUuid: z.string(),
  loanId: z.string(),
  branchId: z.string(),
});
export type IncidentListRow = z.infer<typeof IncidentListRow>;
export const IncidentListResponse = z.object({ data: z.array(IncidentListRow) });

export const IncidentIdParams = z.object({ id: z.uuid('Incident not found') });
/** POST /api/admin/custody/incidents/{id}/resolve */
export const ResolveIncidentRequest = z.object({
  resolution: z
    .string({ error: 'Please say how the incident was resolved' })
    .trim()
    .min(5, 'Please say how the incident was resolved (at least 5 characters)')
    .max(1000, 'Resolution can be at most 1,000 characters'),
});

/** A packet weight as the custody record prints it: integer milligrams → `30.005 g`. */
export function formatPacketWeight(mg: number): string {
  const sign = mg < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(mg));
  return `${sign}${Math.floor(abs / 1000).toLocaleString('en-IN')}.${String(abs % 1000).padStart(3, '0')} g`;
}
