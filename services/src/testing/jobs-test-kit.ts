import { onLoanDay } from './loan-day.js';
import { sql } from 'kysely';
import { loanStreamId } from '@goldledger/contracts';
import { createLoan } from '../lending/loan-commands.js';
import { OutboxSender } from '../messaging/outbox-sender.js';
import { createLogger } from '../platform/logger.js';
import { Scheduler } from '../platform/scheduler/scheduler.js';
import type { TestApi } from './test-api.js';
import type { TestDatabase } from './test-infra.js';
import { createJobs } from '../jobs/registry.js';
import { BANK_PAYOUT } from './gold-prices-kit.js';

/** Shared by the jobs' and reminders' integration tests. */

export const CLI = { id: 'cli', role: 'system', name: 'test runner' } as const;

/** A scheduler over the test database with the real jobs, as the scheduler process builds it. */
export function schedulerFor(t: TestDatabase, api: TestApi, smsTemplates: Record<string, string> = {}) {
  return new Scheduler({
    db: t.db,
    store: api.store,
    jobs: createJobs({ messages: new OutboxSender(t.db, api.clock), smsTemplates }),
    clock: api.clock,
    log: createLogger('silent'),
    connectionString: t.url,
    lockRetryMs: 100,
  });
}

/** A ₹1,00,000 loan on a 30 g chain for the demo customer. */
export async function openLoan(api: TestApi, o: { loanDate: string; rate: number; termMonths?: number }) {
  return createLoan(onLoanDay(api, o.loanDate), {
    customerRef: api.customers.demo,
    goldItems: [{ description: 'Chain', grossWeightMg: 30_000, netWeightMg: 29_000, purityKarat: 22 }],
    ...BANK_PAYOUT,
    principalPaise: 1_00_000_00,
    annualRateBps: o.rate * 100,
    termMonths: o.termMonths ?? 3,
    loanDate: o.loanDate,
    createdBy: { id: api.users.admin, name: 'Asha Admin', role: 'admin', email: 'admin@demo.local' },
  });
}

export interface StoredEvent {
  streamId: string;
  type: string;
  data: Record<string, any>;
  occurredAt: string;
  metadata: Record<string, any>;
}

/** The events of these loans with these types, in the order they were appended. */
export async function eventsOf(
  t: TestDatabase,
  loanUuids: readonly string[],
  types: readonly string[],
): Promise<StoredEvent[]> {
  const { rows } = await sql<{
    stream_id: string;
    type: string;
    data: Record<string, any>;
    occurred_at: Date;
    metadata: Record<string, any>;
  }>`
    select stream_id, type, data, occurred_at, metadata from events
    where stream_id = any(${loanUuids.map(loanStreamId)}) and type = any(${types})
    order by global_position`.execute(t.db);
  return rows.map((r) => ({
    streamId: r.stream_id,
    type: r.type,
    data: r.data,
    occurredAt: new Date(r.occurred_at).toISOString(),
    metadata: r.metadata,
  }));
}

/** How many of each type. */
export const countByType = (events: readonly StoredEvent[]) =>
  events.reduce<Record<string, number>>((n, e) => ({ ...n, [e.type]: (n[e.type] ?? 0) + 1 }), {});

export interface OutboxRow {
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  purpose: string;
  idempotency_key: string | null;
}

export async function outbox(t: TestDatabase, purpose?: string): Promise<OutboxRow[]> {
  let q = t.db
    .selectFrom('outbox_messages' as any)
    .select(['channel', 'recipient', 'subject', 'body', 'purpose', 'idempotency_key'])
    .orderBy('created_at')
    .orderBy('id');
  if (purpose) q = q.where('purpose', '=', purpose);
  return (await q.execute()) as OutboxRow[];
}
