import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@goldledger/contracts';
import {
  claimIdentifier,
  executeUserCommand,
  releaseIdentifier,
  type IdentifierKind,
  type IdentityDeps,
} from './user-commands.js';
import type { UserCommand } from './user.decider.js';

/**
 * Claims each email and mobile, then opens the account. If anything fails, the
 * claims made so far are released: a failed registration leaves nothing behind.
 */
async function openAccount(
  deps: IdentityDeps,
  userId: string,
  claims: Array<[IdentifierKind, string | null]>,
  command: UserCommand,
  metadata: EventMetadata,
): Promise<string> {
  const claimed: Array<[IdentifierKind, string]> = [];
  try {
    for (const [kind, value] of claims) {
      if (!value) continue;
      await claimIdentifier(deps, kind, value, userId, metadata);
      claimed.push([kind, value]);
    }
    await executeUserCommand(deps, userId, command, metadata);
    return userId;
  } catch (error) {
    for (const [kind, value] of claimed) await releaseIdentifier(deps, kind, value, userId, metadata);
    throw error;
  }
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

export function openCustomerAccount(
  deps: IdentityDeps,
  account: NewCustomerAccount,
  metadata: EventMetadata = {},
) {
  const userId = randomUUID();
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
