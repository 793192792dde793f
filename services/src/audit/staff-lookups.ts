import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  STAFF_LOOKUP_MESSAGES,
  STAFF_LOOKUP_POLICY,
  STAFF_LOOKUP_STREAM_TYPE,
  maskAadhar,
  maskSearch,
  staffLookupStreamId,
  type StaffLookupEvent,
} from '@goldledger/contracts';
import { sessionOf } from '../identity/access.plugin.js';
import type { Clock } from '../platform/clock.js';
import { DomainError } from '../platform/decider.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { markRateLimited } from '../platform/http/access-log.js';
import { metadataOf } from '../platform/http/metadata.js';
import { RateLimitCounters } from '../platform/http/rate-limit-store.js';
import type { Database } from '../platform/platform.js';

/**
 * The Aadhar check and the customer search answer "is there a customer with this
 * number?": unlimited and unrecorded, they unmasked a customer from the last 4 digits
 * in hours. So, per staff member (any replica: the counters are in PostgreSQL):
 *   - at most STAFF_LOOKUP_POLICY.perWindow lookups a window, then 429 with a message;
 *   - each lookup an event (`AadharLookedUp`, `CustomersSearched`) in the audit log,
 *     with the number masked and whether it was found;
 *   - reaching the limit (the last lookup allowed in a window) raises `StaffLookupBurst`
 *     (an admin notification), once per STAFF_LOOKUP_POLICY.alertCooldownSeconds per
 *     staff member, not once per refusal; refused lookups record nothing.
 */
export class StaffLookups {
  private readonly counters: RateLimitCounters;

  constructor(
    private readonly deps: { store: EventStore; db: Kysely<Database>; clock: Clock },
    private readonly policy = STAFF_LOOKUP_POLICY,
  ) {
    this.counters = new RateLimitCounters(deps.db);
  }

  /** Counts one lookup by the signed-in staff member; refuses it past the limit. */
  async admit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const session = sessionOf(request);
    const key = `staff-lookup ${session.userId}`;
    const { perWindow, windowSeconds } = this.policy;
    const hit = await this.counters.hit(key, windowSeconds * 1000, perWindow);
    // Exactly one request of a window takes the last lookup allowed (the upsert is atomic):
    // it raises the burst, so a refused request records nothing.
    if (hit.current === perWindow) await this.raiseBurst(request);
    if (hit.current <= perWindow) return;
    markRateLimited(request, key);
    const timeLeft = Math.ceil(hit.ttl / 1000);
    reply.header('retry-after', String(timeLeft));
    throw new DomainError(STAFF_LOOKUP_MESSAGES.tooMany, 'lookup_rate_limited', 429, {
      timeLeft,
    });
  }

  async aadharLookedUp(request: FastifyRequest, aadhar: string, customerId: string | null): Promise<void> {
    await this.append(request, {
      type: 'AadharLookedUp',
      data: { aadharMasked: maskAadhar(aadhar), found: customerId !== null, customerId },
    });
  }

  async customersSearched(request: FastifyRequest, search: string, results: number): Promise<void> {
    await this.append(request, {
      type: 'CustomersSearched',
      data: { searchMasked: maskSearch(search), results },
    });
  }

  private async raiseBurst(request: FastifyRequest): Promise<void> {
    const session = sessionOf(request);
    const cooldown = await this.counters.hit(
      `staff-lookup-alert ${session.userId}`,
      this.policy.alertCooldownSeconds * 1000,
      1,
    );
    if (cooldown.current !== 1) return;
    await this.append(request, {
      type: 'StaffLookupBurst',
      data: {
        staff: { id: session.userId, role: session.role, name: session.name },
        limit: this.policy.perWindow,
        windowSeconds: this.policy.windowSeconds,
      },
    });
  }

  private async append(request: FastifyRequest, event: StaffLookupEvent): Promise<void> {
    await this.deps.store.append(
      staffLookupStreamId(randomUUID()),
      [{ type: event.type, data: event.data, occurredAt: this.deps.clock.now() }],
      { streamType: STAFF_LOOKUP_STREAM_TYPE, expectedVersion: 'no_stream', metadata: metadataOf(request) },
    );
  }
}
