import { z } from 'zod';

/**
 * The custody of a loan's pledged gold. When a loan is created its gold is sealed in a
 * packet; every physical movement of the packet afterwards is an event on the packet's
 * stream (`packet-<uuid>`, stream type `packet`), made by one member of staff and confirmed
 * by a second one of the same branch with their own credential (dual control). Weights are
 * integer milligrams. Schema version 1.
 */
export const PACKET_STREAM_TYPE = 'packet';
export const packetStreamId = (packetUuid: string) => `packet-${packetUuid}`;

/** A packet number, unique per lender: `PK` and eight digits from the `sequence-packet` counter. */
export const PacketNumber = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^PK\d{8}$/, 'A packet number is PK followed by 8 digits');
export const formatPacketNumber = (n: number) => `PK${String(n).padStart(8, '0')}`;

/** A member of staff as the custody record names them. */
export const CustodyPerson = z.object({ id: z.uuid(), name: z.string().min(1) });
export type CustodyPerson = z.infer<typeof CustodyPerson>;

/** The second person of dual control, and how they proved it was them. */
export const CustodyConfirmer = CustodyPerson.extend({ method: z.enum(['otp', 'password']) });
export type CustodyConfirmer = z.infer<typeof CustodyConfirmer>;

/** Where in a branch's vault a packet lies: one of the vault's safes, and a tray/slot in it. */
export const VaultLocation = z.object({
  safe: z.string().trim().min(1).max(40),
  slot: z.string().trim().min(1, 'Tray or slot is required').max(40),
});
export type VaultLocation = z.infer<typeof VaultLocation>;

const Movement = z.object({
  by: CustodyPerson,
  confirmedBy: CustodyConfirmer,
  /** The instant of the movement (ISO 8601, from the injected clock). */
  at: z.iso.datetime({ offset: true }),
  reason: z.string().trim().max(500).nullable(),
});

/** Why a packet leaves the vault without leaving the branch for good. */
export const TakeOutPurpose = z.enum(['inspection', 'release', 'auction', 'transfer']);
export type TakeOutPurpose = z.infer<typeof TakeOutPurpose>;

export const PacketEvents = {
  PacketSealed: Movement.extend({
    packetId: z.uuid(),
    packetNumber: PacketNumber,
    loanStreamId: z.string().min(1),
    loanId: z.string().min(1),
    branchId: z.uuid(),
    /** Gross weight of the sealed packet on the branch scale. */
    sealedGrossWeightMg: z.number().int().positive(),
    itemCount: z.number().int().positive(),
  }),
  /** Put into the vault: first after sealing, or back after an inspection or a cancelled release. */
  PacketStored: Movement.extend({ branchId: z.uuid(), location: VaultLocation }),
  PacketTakenOut: Movement.extend({ branchId: z.uuid(), purpose: TakeOutPurpose }),
  /** Handed back to the customer: the loan was closed and the customer proved presence with a code. */
  PacketReleased: Movement.extend({
    branchId: z.uuid(),
    weighedGrossWeightMg: z.number().int().positive(),
    customerConfirmed: z.literal(true),
    /** Set when the weight at release differed from the sealed weight (an incident was opened). */
    incidentId: z.uuid().nullable(),
  }),
  PacketSentToAuction: Movement.extend({ branchId: z.uuid() }),
  /**
   * Gold added to the loan's pledge (a margin call cured with gold): the packet opened, the
   * appraised items put in and resealed, weighed again, under dual control. It stays where it was.
   */
  PacketItemsAdded: Movement.extend({
    branchId: z.uuid(),
    addedItemCount: z.number().int().positive(),
    /** The packet's items after the addition. */
    itemCount: z.number().int().positive(),
    previousGrossWeightMg: z.number().int().positive(),
    /** The resealed packet's gross weight on the branch scale. */
    sealedGrossWeightMg: z.number().int().positive(),
  }),
  PacketTransferredOut: Movement.extend({ fromBranchId: z.uuid(), toBranchId: z.uuid() }),
  PacketTransferredIn: Movement.extend({
    fromBranchId: z.uuid(),
    toBranchId: z.uuid(),
    location: VaultLocation,
  }),
  /** A weighing found the packet's weight different from its sealed weight. Admins must resolve it. */
  PacketIncidentOpened: z.object({
    incidentId: z.uuid(),
    kind: z.enum(['weight_difference']),
    expectedGrossWeightMg: z.number().int().positive(),
    foundGrossWeightMg: z.number().int().positive(),
    openedBy: CustodyPerson,
    at: z.iso.datetime({ offset: true }),
  }),
  PacketIncidentResolved: z.object({
    incidentId: z.uuid(),
    resolution: z.string().trim().min(5).max(1000),
    resolvedBy: CustodyPerson,
    at: z.iso.datetime({ offset: true }),
  }),
} as const;

export type PacketEventType = keyof typeof PacketEvents;
export type PacketEvent = {
  [K in PacketEventType]: { type: K; data: z.infer<(typeof PacketEvents)[K]> };
}[PacketEventType];
