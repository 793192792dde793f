import type { EventMetadata } from '@goldledger/contracts';
import type { FastifyRequest } from 'fastify';

/** What every event appended by a request carries: its request id, the caller's IP and the signed-in actor. */
export const metadataOf = (request: FastifyRequest): EventMetadata => ({
  correlationId: request.id,
  clientIp: request.ip,
  ...(request.session
    ? { actor: { id: request.session.userId, role: request.session.role, name: request.session.name } }
    : {}),
});

/**
 * A public route where the caller has just proved who they are (a one-time code): the
 * audit log names that account as the actor, not an anonymous visitor.
 */
export const metadataAs = (request: FastifyRequest, actor: EventMetadata['actor']): EventMetadata => ({
  ...metadataOf(request),
  ...(actor ? { actor } : {}),
});
