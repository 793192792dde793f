import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@goldledger/contracts';
import { createUpcaster } from './upcasting.js';

const stored = (type: string, schemaVersion: number, data: Record<string, unknown>): RecordedEvent => ({
  eventId: '00000000-0000-4000-8000-000000000001',
  streamId: 's',
  streamType: 'loan',
  streamPosition: 1,
  position: { transactionId: '1', globalPosition: '1' },
  type,
  schemaVersion,
  data,
  metadata: {},
  occurredAt: '2026-11-21T00:00:00.000Z',
  recordedAt: '2026-11-21T00:00:00.000Z',
});

describe('upcasting', () => {
  const upcast = createUpcaster({
    GoldWeighed: {
      1: (d) => ({ netWeightMg: Math.round(Number(d.netWeightGrams) * 1000) }),
      2: (d) => ({ ...d, purityKarat: 22 }),
    },
  });

  it('lifts an old event step by step to the current version', () => {
    expect(upcast(stored('GoldWeighed', 1, { netWeightGrams: 10.5 }))).toMatchObject({
      schemaVersion: 3,
      data: { netWeightMg: 10_500, purityKarat: 22 },
    });
  });

  it('leaves current events and other types untouched', () => {
    const current = stored('GoldWeighed', 3, { netWeightMg: 1 });
    expect(upcast(current)).toBe(current);
    const other = stored('LoanCreated', 1, {});
    expect(upcast(other)).toBe(other);
  });
});
