import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { OTP_POLICY } from '../identity/otp.js';
import type { Clock } from '../platform/clock.js';
import { DomainError } from '../platform/decider.js';
import type { Database } from '../platform/platform.js';

export interface LoanConfirmationDeps {
  db: Kysely<Database>;
  clock: Clock;
}

const validMinutes = OTP_POLICY.loanConfirmationValidSeconds / 60;

export const LOAN_CONFIRMATION_REQUIRED = `The customer must confirm this loan: send the loan code to the customer's mobile and enter it (valid for ${validMinutes} minutes once entered).`;

/** The loan gate's code was entered: the customer confirms one loan by this member of staff. */
export async function recordLoanConfirmation(
  deps: LoanConfirmationDeps,
  customerUuid: string,
  staffUserId: string,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db
    .insertInto('loan_confirmations')
    .values({
      id: randomUUID(),
      customer_uuid: customerUuid,
      staff_user_id: staffUserId,
      verified_at: now,
      expires_at: new Date(now.getTime() + OTP_POLICY.loanConfirmationValidSeconds * 1000),
    })
    .execute();
}

/** The customer's confirmation a loan uses: when their code was verified (a renewal or top-up records it). */
export interface LoanConfirmation {
  verifiedAt: Date;
}

/**
 * Opens a loan only on a confirmation of the customer's, given to this member of staff
 * within the last minutes and not used yet. The confirmation is taken before the loan is
 * opened (so two parallel requests cannot share one), handed back if opening fails, and
 * records the loan it opened.
 */
export async function withLoanConfirmation<T extends { loanUuid: string }>(
  deps: LoanConfirmationDeps,
  customerUuid: string,
  staffUserId: string,
  open: (confirmation: LoanConfirmation) => Promise<T>,
): Promise<T> {
  const now = deps.clock.now();
  const taken = await deps.db
    .updateTable('loan_confirmations')
    .set({ consumed_at: now })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('loan_confirmations')
        .select('id')
        .where('customer_uuid', '=', customerUuid)
        .where('staff_user_id', '=', staffUserId)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('verified_at', 'desc')
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .where('consumed_at', 'is', null)
    .returning(['id', 'verified_at'])
    .executeTakeFirst();
  if (!taken) throw new DomainError(LOAN_CONFIRMATION_REQUIRED, 'loan_confirmation_required', 409);
  let opened: T;
  try {
    opened = await open({ verifiedAt: new Date(taken.verified_at) });
  } catch (error) {
    await deps.db
      .updateTable('loan_confirmations')
      .set({ consumed_at: null })
      .where('id', '=', taken.id)
      .execute();
    throw error;
  }
  await deps.db
    .updateTable('loan_confirmations')
    .set({ loan_uuid: opened.loanUuid })
    .where('id', '=', taken.id)
    .execute();
  return opened;
}
