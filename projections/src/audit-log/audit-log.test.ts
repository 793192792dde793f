import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@goldledger/contracts';
import { evolveStreamStats } from '../stream-stats/stream-stats.projector.js';
import { auditFacets, normalizeClientIp, toAuditRow } from './audit-log.projector.js';

const event = (over: Partial<RecordedEvent> = {}): RecordedEvent => ({
  eventId: '00000000-0000-4000-8000-000000000001',
  streamId: 'loan-1',
  streamType: 'loan',
  streamPosition: 1,
  position: { transactionId: '7', globalPosition: '42' },
  type: 'LoanCreated',
  schemaVersion: 1,
  data: {},
  metadata: {
    actor: { id: 'u1', role: 'employee', name: 'Ravi' },
    clientIp: '10.1.1.1',
    correlationId: 'c1',
  },
  occurredAt: '2026-11-20T05:00:00.000Z',
  recordedAt: '2026-11-21T05:00:00.000Z',
  ...over,
});

describe('the audit log row', () => {
  it('records who did what, when and from where', () => {
    expect(toAuditRow(event())).toMatchObject({
      global_position: '42',
      event_type: 'LoanCreated',
      actor_id: 'u1',
      actor_role: 'employee',
      actor_name: 'Ravi',
      client_ip: '10.1.1.1',
      correlation_id: 'c1',
      occurred_at: '2026-11-20T05:00:00.000Z',
    });
  });

  it('leaves the actor empty for events without one', () => {
    expect(toAuditRow(event({ metadata: {} }))).toMatchObject({ actor_id: null, client_ip: null });
  });
});

describe('stream stats', () => {
  it('count events and keep the first and last times', () => {
    const one = evolveStreamStats(undefined, event());
    const two = evolveStreamStats(
      one,
      event({ streamPosition: 2, type: 'PaymentRecorded', occurredAt: '2026-11-21T06:00:00.000Z' }),
    );
    expect(two).toMatchObject({
      events: 2,
      last_version: 2,
      last_event_type: 'PaymentRecorded',
      first_event_at: '2026-11-20T05:00:00.000Z',
      last_event_at: '2026-11-21T06:00:00.000Z',
    });
  });
});

describe('the audit facets of a batch', () => {
  it('count each actor under each name they used, with their latest role, and each event type', () => {
    const rows = [
      event(),
      event({ eventId: '00000000-0000-4000-8000-000000000002', type: 'PaymentRecorded' }),
      event({
        eventId: '00000000-0000-4000-8000-000000000003',
        metadata: { actor: { id: 'u1', role: 'admin', name: 'Ravi' } },
        recordedAt: '2026-11-22T05:00:00.000Z',
      }),
      event({ eventId: '00000000-0000-4000-8000-000000000004', metadata: {} }),
    ].map(toAuditRow);
    expect(auditFacets(rows)).toEqual({
      actors: [
        {
          actor_id: 'u1',
          actor_name: 'Ravi',
          actor_role: 'admin',
          events: '3',
          last_recorded_at: '2026-11-22T05:00:00.000Z',
        },
      ],
      eventTypes: [
        { event_type: 'LoanCreated', events: '3', last_recorded_at: '2026-11-22T05:00:00.000Z' },
        { event_type: 'PaymentRecorded', events: '1', last_recorded_at: '2026-11-21T05:00:00.000Z' },
      ],
    });
  });
});

describe('a client address', () => {
  it('is kept as plain IPv4 when a dual-stack socket reported it as IPv6', () => {
    expect(normalizeClientIp('::ffff:10.1.1.1')).toBe('10.1.1.1');
    expect(normalizeClientIp('2001:DB8::1')).toBe('2001:db8::1');
    expect(normalizeClientIp('10.1.1.1')).toBe('10.1.1.1');
    expect(normalizeClientIp(undefined)).toBeNull();
  });
});
