import { mobileDigits, type EventMetadata, type UserEvent } from '@goldledger/contracts';
import { handle, type CommandDeps } from '../platform/command-handler.js';
import { DomainError } from '../platform/decider.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { decideUser, USER_STREAM_TYPE, userStreamId, type UserCommand } from './user.decider.js';
import { evolveUser, initialUserState, type UserState } from './user.state.js';

export type IdentityDeps = CommandDeps;

/** Runs one command against a user stream: load, decide, append (retrying on conflict). */
export function executeUserCommand(
  { store, clock }: IdentityDeps,
  userId: string,
  command: UserCommand,
  metadata: EventMetadata = {},
) {
  return handle<UserState>(
    store,
    userStreamId(userId),
    ({ state }) => decideUser(command, state).map((e) => ({ ...e, occurredAt: clock.now() })),
    {
      streamType: USER_STREAM_TYPE,
      initialState: initialUserState,
      evolve: (s, e) => evolveUser(s, e as UserEvent),
      metadata,
    },
  );
}

export type IdentifierKind = 'email' | 'mobile';

const identifierStreamId = (kind: IdentifierKind, value: string) => `user-identifier:${kind}:${value}`;

interface ClaimState {
  userId: string | null;
}

const evolveClaim = (s: ClaimState, e: { type: string; data: Record<string, unknown> }): ClaimState =>
  e.type === 'IdentifierClaimed'
    ? { userId: String(e.data.userId) }
    : e.type === 'IdentifierReleased'
      ? { userId: null }
      : s;

/** The pure decision on an identifier's claim stream: the event to append, or none. */
type ClaimDecision = (state: ClaimState) => 'IdentifierClaimed' | 'IdentifierReleased' | null;

function decideClaim(
  { store, clock }: IdentityDeps,
  kind: IdentifierKind,
  value: string,
  userId: string,
  metadata: EventMetadata,
  decide: ClaimDecision,
): Promise<unknown> {
  return handle<ClaimState>(
    store,
    identifierStreamId(kind, value),
    ({ state }) => {
      const type = decide(state);
      return type ? [{ type, data: { userId }, occurredAt: clock.now() }] : [];
    },
    { streamType: 'user-identifier', initialState: () => ({ userId: null }), evolve: evolveClaim, metadata },
  );
}

/**
 * Emails and mobiles are unique across accounts. Each value is claimed by appending
 * to a stream of its own, so two registrations racing for one email cannot both win
 * (the store's expected-version check decides), and sign-in finds the account with a
 * read that is never behind.
 */
export async function claimIdentifier(
  deps: IdentityDeps,
  kind: IdentifierKind,
  value: string,
  userId: string,
  metadata: EventMetadata = {},
): Promise<void> {
  await decideClaim(deps, kind, value, userId, metadata, (state) => {
    if (state.userId === userId) return null;
    if (state.userId) {
      throw new DomainError(
        kind === 'email' ? 'Email is already registered' : 'Mobile number is already registered',
        `${kind}_taken`,
        409,
      );
    }
    return 'IdentifierClaimed';
  });
}

/** Frees a value this account holds; a value held by another account is left alone. */
export async function releaseIdentifier(
  deps: IdentityDeps,
  kind: IdentifierKind,
  value: string,
  userId: string,
  metadata: EventMetadata = {},
): Promise<void> {
  await decideClaim(deps, kind, value, userId, metadata, (state) =>
    state.userId === userId ? 'IdentifierReleased' : null,
  );
}

export async function findUserIdBy(
  store: EventStore,
  kind: IdentifierKind,
  value: string,
): Promise<string | null> {
  const { events } = await store.readStream(identifierStreamId(kind, value));
  return events.reduce(evolveClaim, { userId: null }).userId;
}

export async function loadUser(
  store: EventStore,
  userId: string,
): Promise<{ state: UserState; version: number }> {
  const { version, events } = await store.readStream(userStreamId(userId));
  return {
    version,
    state: events.reduce((s, e) => evolveUser(s, e as unknown as UserEvent), initialUserState()),
  };
}

/** Email or 10-digit mobile, as typed at sign-in. */
export function classifyIdentifier(raw: string): { kind: IdentifierKind; value: string } {
  const trimmed = raw.trim();
  if (trimmed.includes('@')) return { kind: 'email', value: trimmed.toLowerCase() };
  return { kind: 'mobile', value: mobileDigits(trimmed) };
}
