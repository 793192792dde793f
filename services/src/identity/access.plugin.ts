import fastifyJwt from '@fastify/jwt';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DEFAULT_BRANCH_ID, Role, TOKEN_REVOKING_EVENTS, type UserEventType } from '@goldledger/contracts';
import type { EventStore } from '../platform/event-store/event-store.js';
import type { App } from '../platform/http/app.js';
import { userStreamId } from './user.decider.js';
import type { UserState } from './user.state.js';

/**
 * Who may call a route. Every /api route declares one; the server refuses to start
 * with a route that does not, so no endpoint is ever open by accident.
 */
export type Access = 'public' | 'signed-in' | readonly Role[];

export interface Session {
  userId: string;
  role: Role;
  name: string;
  email: string | null;
  /** The account's stream version when the token was issued. */
  tokenVersion: number;
  /**
   * The branches a member of staff works at (from `StaffBranchesAssigned`, the default
   * branch until then). Assigning branches revokes older tokens, so this is current.
   * Admins and auditors see every branch whatever this says; customers have none.
   */
  branchIds: readonly string[];
}

interface TokenClaims {
  sub: string;
  role: Role;
  name: string;
  email: string | null;
  sv: number;
  br: string[];
}

/**
 * What a verified token must carry: a signature alone is not enough. Without `exp` a
 * token would never end, a role the server does not know has no routes, and `sv` is
 * the account version the token was issued at, so it can never be above the current one.
 */
const VerifiedClaims = z.object({
  sub: z.uuid(),
  role: Role,
  name: z.string(),
  email: z.string().nullable(),
  sv: z.number().int().positive(),
  exp: z.number().int(),
  br: z.array(z.uuid()).max(50).default([DEFAULT_BRANCH_ID]),
});

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every /api route with its access rule, for the route × role matrix test and docs. */
    accessTable: RouteAccess[];
  }
  interface FastifyRequest {
    session: Session | null;
  }
}

/** Routes any member of staff may call: admins and employees. */
export const STAFF = ['admin', 'employee'] as const;
/**
 * Reads: what staff may read, auditors read too (they write nothing; every write route
 * leaves them out, and the route × role test and the branch-scoping test hold it so).
 */
export const STAFF_READERS = [...STAFF, 'auditor'] as const;
/** Reads of the admins' pages, auditors included. */
export const ADMIN_READERS = ['admin', 'auditor'] as const;

export const SESSION_HOURS = 12;

const DENIED = {
  signIn: 'Please sign in to continue.',
  ended: 'Your session has ended. Please sign in again.',
  forbidden: 'You do not have access to this resource.',
};

/** `x-auth-token` (the header the original clients send) or `Authorization: Bearer`. */
function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-auth-token'];
  if (typeof header === 'string' && header.length > 0) return header;
  const auth = request.headers.authorization;
  return auth?.startsWith('Bearer ') ? auth.slice(7) : undefined;
}

export function registerAccess(app: App, options: { secret: string; store: EventStore }): void {
  app.register(fastifyJwt, { secret: options.secret, sign: { expiresIn: `${SESSION_HOURS}h` } });
  app.decorateRequest('session', null);

  app.decorate('accessTable', [] as RouteAccess[]);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const access = route.config?.access;
    if (access === undefined) {
      throw new Error(`${String(route.method)} ${route.url} declares no access rule (config.access)`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.accessTable.push({ method, url: route.url, access });
    }
  });

  /**
   * A token is good while nothing that revokes it (logout, role change, password
   * change, removal) has been appended to the account since it was issued. Checked
   * against the store itself, so a revocation counts from the moment it commits.
   */
  async function sessionOf(request: FastifyRequest): Promise<Session | 'none' | 'ended'> {
    const token = tokenOf(request);
    if (!token) return 'none';
    let claims: TokenClaims;
    try {
      const parsed = VerifiedClaims.safeParse(app.jwt.verify(token));
      if (!parsed.success) return 'ended';
      claims = parsed.data;
    } catch {
      return 'ended';
    }
    const streamId = userStreamId(claims.sub);
    const version = await options.store.streamVersion(streamId);
    // A version the account has not reached was never issued by this server.
    if (version === 0 || claims.sv > version) return 'ended';
    if (version > claims.sv) {
      const { events } = await options.store.readStream(streamId);
      const revoked = events.some(
        (e) => e.streamPosition > claims.sv && TOKEN_REVOKING_EVENTS.includes(e.type as UserEventType),
      );
      if (revoked) return 'ended';
    }
    return {
      userId: claims.sub,
      role: claims.role,
      name: claims.name,
      email: claims.email,
      tokenVersion: claims.sv,
      branchIds: claims.br,
    };
  }

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const access = request.routeOptions.config?.access;
    if (access === undefined) return;
    const session = await sessionOf(request);
    if (typeof session === 'object') request.session = session;
    if (access === 'public') return;
    if (typeof session !== 'object') {
      return reply.status(401).send({ message: session === 'ended' ? DENIED.ended : DENIED.signIn });
    }
    if (access !== 'signed-in' && !access.includes(session.role)) {
      return reply.status(403).send({ message: DENIED.forbidden });
    }
  });
}

export function issueToken(app: App, session: Session): string {
  const claims: TokenClaims = {
    sub: session.userId,
    role: session.role,
    name: session.name,
    email: session.email,
    sv: session.tokenVersion,
    br: [...session.branchIds],
  };
  return app.jwt.sign(claims);
}

/** The session a user's account gives at `tokenVersion` (its role, name and branches). */
export function sessionOfUser(userId: string, state: UserState, tokenVersion: number): Session {
  if (!state.role) throw new Error(`user ${userId} has no role`);
  return {
    userId,
    role: state.role,
    name: state.name,
    email: state.email,
    tokenVersion,
    branchIds: state.role === 'customer' ? [] : state.branchIds,
  };
}

/** The signed-in person as the auth routes answer them: an employee with their branches. */
export function sessionUserOf(session: Session) {
  return {
    _id: session.userId,
    role: session.role,
    email: session.email,
    name: session.name,
    ...(session.role === 'employee' ? { branchIds: [...session.branchIds] } : {}),
  };
}

/** The session of a route whose access rule guarantees one. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new Error('route reached without a session: check its access rule');
  return request.session;
}
