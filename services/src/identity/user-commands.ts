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
  /** When the holder claimed it (business time of the claim event). */
  claimedAt: Date | null;
}

const evolveClaim = (
  s: ClaimState,
  e: { type: string; data: Record<string, unknown>; occurredAt?: Date | string },
): ClaimState =>
  e.type === 'IdentifierClaimed'
    ? { userId: String(e.data.userId), claimedAt: e.occurredAt ? new Date(e.occurredAt) : null }
    : e.type === 'IdentifierReleased'
      ? { userId: null, claimedAt: null }
      : s;

const noClaim = (): ClaimState => ({ userId: null, claimedAt: null });

/** How registrations hold emails and mobiles: a claim left behind counts as abandoned after this long. */
export const IDENTIFIER_CLAIM_POLICY = {
  /**
   * A registration claims and writes its account within one request (milliseconds); a
   * claim whose account is still unwritten after this long was left by a process that
   * died in between, and the next registration of the value takes it over.
   */
  abandonedAfterSeconds: 30,
} as const;

/** The pure decision on an identifier's claim stream: the events to append (type and holder), or none. */
type ClaimDecision = (state: ClaimState) => Array<['IdentifierClaimed' | 'IdentifierReleased', string]>;

function decideClaim(
  { store, clock }: IdentityDeps,
  kind: IdentifierKind,
  value: string,
  metadata: EventMetadata,
  decide: ClaimDecision,
): Promise<unknown> {
  return handle<ClaimState>(
    store,
    identifierStreamId(kind, value),
    ({ state }) =>
      decide(state).map(([type, userId]) => ({ type, data: { userId }, occurredAt: clock.now() })),
    { streamType: 'user-identifier', initialState: noClaim, evolve: evolveClaim, metadata },
  );
}

/** 409: the email or mobile belongs to another account. */
export const identifierTaken = (kind: IdentifierKind) =>
  new DomainError(
    kind === 'email' ? 'Email is already registered' : 'Mobile number is already registered',
    `${kind}_taken`,
    409,
  );

/**
 * The account holding the value, if it counts: a claim whose account was never written
 * (its registration died between the two writes) does not, once it is older than
 * IDENTIFIER_CLAIM_POLICY.abandonedAfterSeconds.
 */
export async function holderOf(
  { store, clock }: IdentityDeps,
  kind: IdentifierKind,
  value: string,
): Promise<string | null> {
  const { events } = await store.readStream(identifierStreamId(kind, value));
  const claim = events.reduce(evolveClaim, noClaim());
  return claim.userId && !(await abandoned(store, claim, clock.now())) ? claim.userId : null;
}

async function abandoned(store: EventStore, claim: ClaimState, now: Date): Promise<boolean> {
  if (!claim.userId || !claim.claimedAt) return false;
  const age = now.getTime() - claim.claimedAt.getTime();
  if (age < IDENTIFIER_CLAIM_POLICY.abandonedAfterSeconds * 1000) return false;
  return (await store.streamVersion(userStreamId(claim.userId))) === 0;
}

/**
 * Emails and mobiles are unique across accounts. Each value is claimed by appending
 * to a stream of its own, so two registrations racing for one email cannot both win
 * (the store's expected-version check decides), and sign-in finds the account with a
 * read that is never behind. Claiming one's own is a no-op, so a registration tried
 * again goes on where it stopped; an abandoned claim (see holderOf) is released and
 * taken in one append.
 */
export async function claimIdentifier(
  deps: IdentityDeps,
  kind: IdentifierKind,
  value: string,
  userId: string,
  metadata: EventMetadata = {},
): Promise<void> {
  const { events } = await deps.store.readStream(identifierStreamId(kind, value));
  const seen = events.reduce(evolveClaim, noClaim());
  const leftBy =
    seen.userId && seen.userId !== userId && (await abandoned(deps.store, seen, deps.clock.now()))
      ? seen.userId
      : null;
  await decideClaim(deps, kind, value, metadata, (state) => {
    if (state.userId === userId) return [];
    if (state.userId && state.userId === leftBy) {
      return [
        ['IdentifierReleased', leftBy],
        ['IdentifierClaimed', userId],
      ];
    }
    if (state.userId) throw identifierTaken(kind);
    return [['IdentifierClaimed', userId]];
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
  await decideClaim(deps, kind, value, metadata, (state) =>
    state.userId === userId ? [['IdentifierReleased', userId]] : [],
  );
}

export async function findUserIdBy(
  store: EventStore,
  kind: IdentifierKind,
  value: string,
): Promise<string | null> {
  const { events } = await store.readStream(identifierStreamId(kind, value));
  return events.reduce(evolveClaim, noClaim()).userId;
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
