import { randomUUID } from 'node:crypto';
import {
  CUSTOMER_KEY_STREAM_TYPE,
  CUSTOMER_MESSAGES,
  CUSTOMER_STREAM_TYPE,
  customerStreamId,
  DEFAULT_BRANCH_ID,
  type CustomerEvent,
  type CustomerProfile,
  type EventMetadata,
} from '@goldledger/contracts';
import { customerAccountId, openCustomerAccount } from '../identity/staff-registration.js';
import { holderOf } from '../identity/user-commands.js';
import { userStreamId } from '../identity/user.decider.js';
import { crashPoint } from '../platform/crash-points.js';
import { handle, type CommandDeps } from '../platform/command-handler.js';
import { DomainError } from '../platform/decider.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { nextInSequence } from '../platform/sequence.js';
import {
  checkProfile,
  customerUuidOf,
  decideCustomer,
  formatCustomerNumber,
  type CustomerCommand,
} from './customer.decider.js';
import { evolveCustomer, initialCustomerState, type Customer, type CustomerState } from './customer.state.js';

export type CustomerDeps = CommandDeps;

/** Load, decide, append (retrying on conflict) on one customer stream. */
export function executeCustomerCommand(
  { store, clock }: CustomerDeps,
  customerUuid: string,
  command: CustomerCommand,
  metadata: EventMetadata = {},
) {
  return handle<CustomerState>(
    store,
    customerStreamId(customerUuid),
    ({ state }) => decideCustomer(command, state).map((e) => ({ ...e, occurredAt: clock.now() })),
    {
      streamType: CUSTOMER_STREAM_TYPE,
      initialState: initialCustomerState,
      evolve: (s, e) => evolveCustomer(s, e as CustomerEvent),
      metadata,
    },
  );
}

/** The customer as of now, read from its stream (never behind, unlike the read model). */
export async function loadCustomer(
  store: EventStore,
  customerUuid: string,
): Promise<{ state: CustomerState; version: number }> {
  const { version, events } = await store.readStream(customerStreamId(customerUuid));
  return {
    version,
    state: events.reduce((s, e) => evolveCustomer(s, e as unknown as CustomerEvent), initialCustomerState()),
  };
}

// --- Unique keys: an Aadhar number belongs to one customer; a CUS number names one. ---

export type CustomerKeyKind = 'aadhar' | 'number';

const keyStreamId = (kind: CustomerKeyKind, value: string) => `customer-${kind}:${value}`;

interface KeyState {
  customerUuid: string | null;
}

const evolveKey = (s: KeyState, e: { type: string; data: Record<string, unknown> }): KeyState =>
  e.type === 'CustomerKeyClaimed'
    ? { customerUuid: String(e.data.customerUuid) }
    : e.type === 'CustomerKeyReleased'
      ? { customerUuid: null }
      : s;

function decideKey(
  { store, clock }: CustomerDeps,
  kind: CustomerKeyKind,
  value: string,
  customerUuid: string,
  metadata: EventMetadata,
  decide: (state: KeyState) => 'CustomerKeyClaimed' | 'CustomerKeyReleased' | null,
): Promise<unknown> {
  return handle<KeyState>(
    store,
    keyStreamId(kind, value),
    ({ state }) => {
      const type = decide(state);
      return type ? [{ type, data: { customerUuid }, occurredAt: clock.now() }] : [];
    },
    {
      streamType: CUSTOMER_KEY_STREAM_TYPE,
      initialState: () => ({ customerUuid: null }),
      evolve: evolveKey,
      metadata,
    },
  );
}

/**
 * Claims a key for the customer; held by another customer → 409. Claiming one's own is
 * a no-op. True when this call made the claim (false: it was the customer's already).
 */
export async function claimCustomerKey(
  deps: CustomerDeps,
  kind: CustomerKeyKind,
  value: string,
  customerUuid: string,
  metadata: EventMetadata = {},
): Promise<boolean> {
  let claims = false;
  await decideKey(deps, kind, value, customerUuid, metadata, (state) => {
    claims = false;
    if (state.customerUuid === customerUuid) return null;
    if (state.customerUuid) {
      throw new DomainError(
        kind === 'aadhar' ? CUSTOMER_MESSAGES.duplicateAadhar : 'This customer number is already in use',
        kind === 'aadhar' ? 'aadhar_taken' : 'customer_number_taken',
        409,
      );
    }
    claims = true;
    return 'CustomerKeyClaimed';
  });
  return claims;
}

/** Frees a key this customer holds; one held by another customer is left alone. */
export async function releaseCustomerKey(
  deps: CustomerDeps,
  kind: CustomerKeyKind,
  value: string,
  customerUuid: string,
  metadata: EventMetadata = {},
): Promise<void> {
  await decideKey(deps, kind, value, customerUuid, metadata, (state) =>
    state.customerUuid === customerUuid ? 'CustomerKeyReleased' : null,
  );
}

export async function findCustomerUuidBy(
  store: EventStore,
  kind: CustomerKeyKind,
  value: string,
): Promise<string | null> {
  const { events } = await store.readStream(keyStreamId(kind, value));
  return events.reduce(evolveKey, { customerUuid: null }).customerUuid;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A customer by any of its references: the `_id` (stream uuid, with or without the
 * `customer-` prefix), the `CUS…` number or the 12-digit Aadhar number. Null when no
 * registered customer answers to it. Reads streams only, so a customer registered a
 * moment ago is found.
 */
export async function resolveCustomer(
  store: EventStore,
  ref: string,
): Promise<{ customerUuid: string; state: Customer } | null> {
  const r = ref.trim();
  let customerUuid: string | null = null;
  if (/^\d{12}$/.test(r)) customerUuid = await findCustomerUuidBy(store, 'aadhar', r);
  else if (/^CUS\d{6,}$/i.test(r)) customerUuid = await findCustomerUuidBy(store, 'number', r.toUpperCase());
  else if (UUID.test(customerUuidOf(r))) customerUuid = customerUuidOf(r).toLowerCase();
  if (!customerUuid) return null;
  const { state } = await loadCustomer(store, customerUuid);
  return state ? { customerUuid, state } : null;
}

type Claim = (kind: CustomerKeyKind, value: string) => Promise<void>;

/** Runs `work`, which claims keys as it goes; if anything fails, what it claimed is released. */
async function withClaims<T>(
  deps: CustomerDeps,
  customerUuid: string,
  metadata: EventMetadata,
  work: (claim: Claim) => Promise<T>,
): Promise<T> {
  const claimed: Array<[CustomerKeyKind, string]> = [];
  try {
    return await work(async (kind, value) => {
      // Only what this call claimed is released on failure, never a claim it found in place.
      if (await claimCustomerKey(deps, kind, value, customerUuid, metadata)) claimed.push([kind, value]);
    });
  } catch (error) {
    for (const [kind, value] of claimed) await releaseCustomerKey(deps, kind, value, customerUuid, metadata);
    throw error;
  }
}

/**
 * Registers a new, unverified customer at a branch: claims the Aadhar number (a duplicate
 * spends nothing), takes the next `CUS` number, claims it as a look-up, then opens the
 * customer's stream. A failure releases the claims; a number taken is spent.
 */
export async function registerCustomer(
  deps: CustomerDeps,
  profile: CustomerProfile,
  metadata: EventMetadata = {},
  branchId: string = DEFAULT_BRANCH_ID,
): Promise<{ customerUuid: string; customer: Customer }> {
  checkProfile(profile);
  const customerUuid = (await abandonedRegistration(deps.store, profile.aadharNumber)) ?? randomUUID();
  return withClaims(deps, customerUuid, metadata, async (claim) => {
    await claim('aadhar', profile.aadharNumber);
    const customerId = formatCustomerNumber(await nextInSequence(deps, 'customer', metadata));
    await claim('number', customerId);
    const result = await executeCustomerCommand(
      deps,
      customerUuid,
      { type: 'RegisterCustomer', customerId, profile, branchId },
      metadata,
    );
    return { customerUuid, customer: result.state! };
  });
}

/**
 * A registration that died half-way (its process killed between claiming the Aadhar
 * number and writing the customer) leaves the number claimed for a customer that does
 * not exist. Registering the number again takes that customer id over rather than
 * refusing the number for good. Were that registration still running after all, both
 * would write the same new stream: the expected version lets one through.
 */
async function abandonedRegistration(store: EventStore, aadharNumber: string): Promise<string | null> {
  const holder = await findCustomerUuidBy(store, 'aadhar', aadharNumber);
  if (!holder) return null;
  return (await store.streamVersion(customerStreamId(holder))) === 0 ? holder : null;
}

/**
 * A staff edit: the whole profile. A new Aadhar number is claimed before the change
 * and the old one released after it, so the number is never free in between.
 */
export async function updateCustomer(
  deps: CustomerDeps,
  customerUuid: string,
  profile: CustomerProfile,
  metadata: EventMetadata = {},
): Promise<Customer> {
  checkProfile(profile);
  const { state } = await loadCustomer(deps.store, customerUuid);
  if (!state) throw new DomainError(CUSTOMER_MESSAGES.notFound, 'customer_not_found', 404);
  const oldAadhar = state.profile.aadharNumber;
  const aadharChanges = oldAadhar !== profile.aadharNumber;
  const updated = await withClaims(deps, customerUuid, metadata, async (claim) => {
    if (aadharChanges) await claim('aadhar', profile.aadharNumber);
    const result = await executeCustomerCommand(
      deps,
      customerUuid,
      { type: 'UpdateCustomer', profile },
      metadata,
    );
    return result.state!;
  });
  if (aadharChanges) await releaseCustomerKey(deps, 'aadhar', oldAadhar, customerUuid, metadata);
  return updated;
}

export type AccountOutcome = 'opened' | 'existing' | 'contact_taken';

/**
 * Opens the customer's sign-in account (OTP to their mobile or email) unless one is
 * linked already, under the one id the customer's account can have
 * (customerAccountId): done again, it finds the account it opened before. When the
 * mobile or email belongs to another account, none is opened and staff are told why.
 * It does not link the account: completeVerification writes the link together with the
 * verification.
 */
async function openAccountFor(
  deps: CustomerDeps,
  customerUuid: string,
  state: Customer,
  metadata: EventMetadata,
): Promise<{ outcome: AccountOutcome; userId: string | null }> {
  if (state.userId) return { outcome: 'existing', userId: state.userId };
  const userId = customerAccountId(customerUuid);
  const { name, email, primaryMobile } = state.profile;
  const holders = await Promise.all([
    holderOf(deps, 'mobile', primaryMobile),
    email ? holderOf(deps, 'email', email) : null,
  ]);
  const others = [...new Set(holders.filter((h): h is string => h !== null && h !== userId))];
  if (others.length === 1 && (await openedFor(deps.store, others[0]!, state.customerId))) {
    // Opened under another id before accounts had one id per customer, and never linked.
    return { outcome: 'opened', userId: others[0]! };
  }
  if (others.length > 0) return { outcome: 'contact_taken', userId: null };
  try {
    await openCustomerAccount(
      deps,
      customerUuid,
      { customerId: state.customerId, name, email, primaryMobile },
      metadata,
    );
  } catch (error) {
    // Another account took the mobile or email a moment ago.
    if (!(error instanceof DomainError) || error.status !== 409) throw error;
    return { outcome: 'contact_taken', userId: null };
  }
  return { outcome: 'opened', userId };
}

/** True when the account was opened as this customer's (CUS number) sign-in account. */
async function openedFor(store: EventStore, userId: string, customerId: string): Promise<boolean> {
  const { events } = await store.readStream(userStreamId(userId));
  return events.some((e) => e.type === 'CustomerAccountOpened' && e.data.customerId === customerId);
}

/**
 * The customer proved the code: marks them verified and, with `openAccount`, gives them
 * their sign-in account if they have none. Two writes, in an order a crash cannot
 * break: first the account (claims, then the account's stream; each a no-op when done
 * before), then one append of the verification and the link together. A process that
 * dies between them leaves an unverified customer, whose next verification finds the
 * account already open and links it; never a verified customer without the account.
 */
export async function completeVerification(
  deps: CustomerDeps,
  customerUuid: string,
  options: { channel: 'sms' | 'email'; openAccount: boolean },
  metadata: EventMetadata = {},
): Promise<{ justVerified: boolean; account: AccountOutcome | null; customer: Customer }> {
  const { state } = await loadCustomer(deps.store, customerUuid);
  if (!state) throw new DomainError(CUSTOMER_MESSAGES.notFound, 'customer_not_found', 404);
  const account = options.openAccount ? await openAccountFor(deps, customerUuid, state, metadata) : null;
  crashPoint('customer-verification:account-opened');
  const link = account?.outcome === 'opened' ? account.userId : null;
  const evolve = (s: CustomerState, e: { type: string; data: unknown }) =>
    evolveCustomer(s, e as CustomerEvent);
  let verifiesNow = false;
  const result = await handle<CustomerState>(
    deps.store,
    customerStreamId(customerUuid),
    ({ state: current }) => {
      const verified = decideCustomer({ type: 'VerifyCustomer', channel: options.channel }, current);
      verifiesNow = verified.length > 0;
      const linked =
        link === null
          ? []
          : decideCustomer({ type: 'LinkCustomerAccount', userId: link }, verified.reduce(evolve, current));
      const occurredAt = deps.clock.now();
      return [...verified, ...linked].map((e) => ({ ...e, occurredAt }));
    },
    { streamType: CUSTOMER_STREAM_TYPE, initialState: initialCustomerState, evolve, metadata },
  );
  return {
    justVerified: result.eventIds.length > 0 && !result.duplicate && verifiesNow,
    account: account?.outcome ?? null,
    customer: result.state!,
  };
}

/**
 * A customer registered, verified and given a sign-in account in one go: for the demo
 * seed and tests, where nobody is at the counter to read out a code.
 */
export async function registerVerifiedCustomer(
  deps: CustomerDeps,
  profile: CustomerProfile,
  metadata: EventMetadata = {},
  branchId: string = DEFAULT_BRANCH_ID,
): Promise<{ customerUuid: string; customer: Customer; userId: string }> {
  const { customerUuid } = await registerCustomer(deps, profile, metadata, branchId);
  const { customer } = await completeVerification(
    deps,
    customerUuid,
    { channel: 'sms', openAccount: true },
    metadata,
  );
  if (!customer.userId) {
    throw new Error(`no sign-in account for ${customer.customerId}: its mobile or email is taken`);
  }
  return { customerUuid, customer, userId: customer.userId };
}
