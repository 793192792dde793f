import { z } from 'zod';

/** Who caused an event. The scheduler and the command line are actors too. */
export const Actor = z.object({
  id: z.string().min(1),
  role: z.enum(['admin', 'employee', 'customer', 'auditor', 'system']),
  name: z.string(),
});
export type Actor = z.infer<typeof Actor>;

/** Metadata stored beside every event (who acted, from where, and which request and command caused it). */
export const EventMetadata = z.object({
  actor: Actor.optional(),
  correlationId: z.string().optional(),
  causationId: z.string().optional(),
  idempotencyKey: z.string().max(200).optional(),
  clientIp: z.string().optional(),
});
export type EventMetadata = z.infer<typeof EventMetadata>;

/**
 * A position in the global order of the store: the pair
 * (transaction_id, global_position). Both are decimal strings because xid8 and
 * bigint do not fit a JavaScript number safely.
 */
export const Position = z.object({
  transactionId: z.string().regex(/^\d+$/),
  globalPosition: z.string().regex(/^\d+$/),
});
export type Position = z.infer<typeof Position>;

/** An event as read back from the store, and as carried on NATS. */
export const RecordedEvent = z.object({
  eventId: z.uuid(),
  streamId: z.string().min(1),
  streamType: z.string().min(1),
  streamPosition: z.number().int().positive(),
  position: Position,
  type: z.string().min(1),
  schemaVersion: z.number().int().positive(),
  data: z.record(z.string(), z.unknown()),
  metadata: EventMetadata,
  occurredAt: z.iso.datetime({ offset: true }),
  recordedAt: z.iso.datetime({ offset: true }),
});
export type RecordedEvent<
  Type extends string = string,
  Data extends Record<string, unknown> = Record<string, unknown>,
> = Omit<z.infer<typeof RecordedEvent>, 'type' | 'data'> & { type: Type; data: Data };

/** Before the first event. */
export const START: Position = Object.freeze({ transactionId: '0', globalPosition: '0' });

/** Total order of the "all" stream: by transaction id, then by global position. */
export function comparePositions(a: Position, b: Position): number {
  const tx = BigInt(a.transactionId) - BigInt(b.transactionId);
  if (tx !== 0n) return tx < 0n ? -1 : 1;
  const gp = BigInt(a.globalPosition) - BigInt(b.globalPosition);
  return gp === 0n ? 0 : gp < 0n ? -1 : 1;
}

/** "tx/gp": how a position travels in a NATS header or a log line. */
export function formatPosition(p: Position): string {
  return `${p.transactionId}/${p.globalPosition}`;
}

export function parsePosition(text: string): Position {
  const parts = text.split('/');
  if (parts.length !== 2) throw new Error(`Not a store position: "${text}"`);
  return Position.parse({ transactionId: parts[0], globalPosition: parts[1] });
}
