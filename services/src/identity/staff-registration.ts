import { createHash, randomUUID } from 'node:crypto';
import type { EventMetadata } from '@goldledger/contracts';
import { crashPoint } from '../platform/crash-points.js';
import { DomainError } from '../platform/decider.js';
import {
  claimIdentifier,
  executeUserCommand,
  holderOf,
  identifierTaken,
  loadUser,
  releaseIdentifier,
  type IdentifierKind,
  type IdentityDeps,
} from './user-commands.js';
import type { UserCommand } from './user.decider.js';

/**
 * Opens an account in two steps that can each be done again: claim each email and
 * mobile (a no-op when the account holds it already), then write the account (skipped
 * when it is written already). A value held by another account refuses the whole
 * registration before anything is written, so refusals leave nothing to undo; only a
 * registration that loses a race for a value between that check and its claim releases
 * what it claimed. A process that dies between the steps leaves claims for an account
 * that does not exist: the same registration tried again takes them over (see
 * holderOf), and so does any later registration of those values.
 */
async function openAccount(
  deps: IdentityDeps,
  userId: string,
  claims: Array<[IdentifierKind, string | null]>,
  command: UserCommand,
  metadata: EventMetadata,
): Promise<string> {
  const wanted = claims.filter((c): c is [IdentifierKind, string] => c[1] !== null && c[1] !== '');
  for (const [kind, value] of wanted) {
    const holder = await holderOf(deps, kind, value);
    if (holder && holder !== userId) throw identifierTaken(kind);
  }
  const claimed: Array<[IdentifierKind, string]> = [];
  try {
    for (const [kind, value] of wanted) {
      await claimIdentifier(deps, kind, value, userId, metadata);
      claimed.push([kind, value]);
      crashPoint('account-registration:claimed');
    }
  } catch (error) {
    // Lost a race for a value (409): give back what this call holds, the registration is refused whole.
    if (error instanceof DomainError && error.status === 409) {
      for (const [kind, value] of claimed) await releaseIdentifier(deps, kind, value, userId, metadata);
    }
    throw error;
  }
  if (!(await loadUser(deps.store, userId)).state.exists) {
    await executeUserCommand(deps, userId, command, metadata);
  }
  return userId;
}

/** What registering a staff member takes: the command without its type and generated id. */
export type NewStaff = Omit<Extract<UserCommand, { type: 'RegisterStaff' }>, 'type' | 'userId'>;

export function registerStaff(deps: IdentityDeps, staff: NewStaff, metadata: EventMetadata = {}) {
  const userId = randomUUID();
  return openAccount(
    deps,
    userId,
    [
      ['email', staff.email],
      ['mobile', staff.primaryMobile],
    ],
    { type: 'RegisterStaff', userId, ...staff },
    metadata,
  );
}

export type NewCustomerAccount = Omit<
  Extract<UserCommand, { type: 'OpenCustomerAccount' }>,
  'type' | 'userId'
>;

/**
 * The id of a customer's sign-in account, from the customer's own: one customer, one
 * account id, so opening it again (after a crash, or twice at once) finds the same
 * account instead of making a second. A name-based (version 5 form) UUID.
 */
export function customerAccountId(customerUuid: string): string {
  const h = createHash('sha256').update(`goldledger:customer-account:${customerUuid.toLowerCase()}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Opens (or finishes opening) the customer's account under customerAccountId. */
export function openCustomerAccount(
  deps: IdentityDeps,
  customerUuid: string,
  account: NewCustomerAccount,
  metadata: EventMetadata = {},
) {
  const userId = customerAccountId(customerUuid);
  return openAccount(
    deps,
    userId,
    [
      ['mobile', account.primaryMobile],
      ['email', account.email],
    ],
    { type: 'OpenCustomerAccount', userId, ...account },
    metadata,
  );
}
