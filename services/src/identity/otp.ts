import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Clock } from '../platform/clock.js';
import { DomainError } from '../platform/decider.js';
import type { Database } from '../platform/platform.js';

/** One-time codes (sign-in, password reset, customer checks): their length, lifetime, resend pace and tries. */
export const OTP_POLICY = Object.freeze({
  digits: 6,
  validSeconds: 180,
  resendAfterSeconds: 60,
  maxWrongAttempts: 5,
  maxSendsPerHour: 5,
  /**
   * Codes per account (or per unknown identifier) in any 24 hours, its email and mobile
   * and every purpose together: with 5 tries a code, at most 50 guesses a day.
   */
  maxSendsPerAccountPerDay: 10,
  /** A customer's loan code, once entered, confirms one loan opened within this time. */
  loanConfirmationValidSeconds: 600,
});

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The lock-out message once an account has used up its codes for the day. */
export const OTP_DAILY_CAP_MESSAGE =
  'Too many OTP requests for this account today. Please try again later or contact your branch.';

/**
 * What a code proves. `customer_verification` and `loan` prove a customer (not an
 * account) holds the mobile: their challenges carry the customer's uuid as `userId`.
 */
export type OtpPurpose =
  'login' | 'password_reset' | 'customer_verification' | 'loan' | 'custody_confirmation' | 'custody_release';

/**
 * Purposes with send limits of their own, counted apart from the others: the second
 * person of a vault movement (custody_confirmation, to a member of staff) may confirm
 * dozens of movements a day, and those codes must not use up their sign-in codes.
 */
const OWN_LIMITS: Partial<Record<OtpPurpose, { perHour: number; perDay: number }>> = {
  custody_confirmation: { perHour: 30, perDay: 200 },
  custody_release: { perHour: OTP_POLICY.maxSendsPerHour, perDay: OTP_POLICY.maxSendsPerAccountPerDay },
};
const SEPARATELY_COUNTED = Object.keys(OWN_LIMITS) as OtpPurpose[];

/** HTTP 429 with `timeLeft` (seconds), which the sign-in screen counts down from. */
export class OtpTooSoonError extends DomainError {
  constructor(
    readonly timeLeft: number,
    message = 'Please wait before requesting another OTP',
  ) {
    super(message, 'otp_too_soon', 429, { timeLeft });
    this.name = 'OtpTooSoonError';
  }
}

/** A transaction-scoped advisory lock on a name: released at commit or rollback. */
async function lock(trx: Transaction<Database>, name: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(trx);
}

export interface IssuedOtp {
  challengeId: string;
  code: string;
  expiresAt: Date;
}

/**
 * One-time codes: 6 digits, valid 3 minutes, resend after 60 s, void after 5 wrong
 * tries, stored as an HMAC keyed by a server secret and compared in constant time.
 * A code is issued for unknown identifiers too (and never sent), so answers and
 * timing do not reveal which emails and mobiles have accounts.
 */
export class OtpService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly secret: string,
  ) {}

  private hash(challengeId: string, code: string): Buffer {
    return createHmac('sha256', this.secret).update(`${challengeId}:${code}`).digest();
  }

  async issue(input: {
    identifier: string;
    purpose: OtpPurpose;
    userId: string | null;
    clientIp?: string;
    /** The member of staff asking (the loan gate): only they can enter the code. */
    requestedBy?: string;
  }): Promise<IssuedOtp> {
    const now = this.clock.now();
    const challengeId = randomUUID();
    const code = String(randomInt(0, 10 ** OTP_POLICY.digits)).padStart(OTP_POLICY.digits, '0');
    const expiresAt = new Date(now.getTime() + OTP_POLICY.validSeconds * 1000);
    await this.db.transaction().execute(async (trx) => {
      // Issuance is serialised per identifier and per account (always in that order, so
      // two sends never wait for each other in a cycle): parallel sends see each other's
      // codes, and only one of them issues one.
      await lock(trx, `otp:identifier:${input.identifier}`);
      if (input.userId) await lock(trx, `otp:account:${input.userId}`);
      const recent = await trx
        .selectFrom('auth_otp_challenges')
        .select(['created_at'])
        .where('identifier', '=', input.identifier)
        .where('purpose', '=', input.purpose)
        .where('created_at', '>', new Date(now.getTime() - HOUR_MS))
        .orderBy('created_at', 'desc')
        .execute();
      const last = recent[0];
      if (last) {
        const elapsed = (now.getTime() - new Date(last.created_at).getTime()) / 1000;
        if (elapsed < OTP_POLICY.resendAfterSeconds) {
          throw new OtpTooSoonError(Math.ceil(OTP_POLICY.resendAfterSeconds - elapsed));
        }
      }
      const own = OWN_LIMITS[input.purpose];
      if (recent.length >= (own?.perHour ?? OTP_POLICY.maxSendsPerHour)) {
        const oldest = new Date(recent.at(-1)!.created_at).getTime();
        throw new OtpTooSoonError(
          Math.ceil((oldest + HOUR_MS - now.getTime()) / 1000),
          'Too many OTP requests. Please try again later.',
        );
      }
      // The daily cap counts the account's codes whichever identifier they went to.
      let today = trx
        .selectFrom('auth_otp_challenges')
        .select(['created_at'])
        .where('created_at', '>', new Date(now.getTime() - DAY_MS))
        .orderBy('created_at', 'asc');
      today = input.userId
        ? today.where('user_id', '=', input.userId)
        : today.where('identifier', '=', input.identifier).where('user_id', 'is', null);
      today = own
        ? today.where('purpose', '=', input.purpose)
        : today.where('purpose', 'not in', SEPARATELY_COUNTED);
      const sentToday = await today.execute();
      if (sentToday.length >= (own?.perDay ?? OTP_POLICY.maxSendsPerAccountPerDay)) {
        const oldest = new Date(sentToday[0]!.created_at).getTime();
        throw new OtpTooSoonError(Math.ceil((oldest + DAY_MS - now.getTime()) / 1000), OTP_DAILY_CAP_MESSAGE);
      }
      // A new code replaces any earlier one for the same identifier and purpose.
      await trx
        .updateTable('auth_otp_challenges')
        .set({ voided_at: now })
        .where('identifier', '=', input.identifier)
        .where('purpose', '=', input.purpose)
        .where('voided_at', 'is', null)
        .where('consumed_at', 'is', null)
        .execute();
      await trx
        .insertInto('auth_otp_challenges')
        .values({
          id: challengeId,
          purpose: input.purpose,
          identifier: input.identifier,
          user_id: input.userId,
          code_hash: this.hash(challengeId, code),
          created_at: now,
          expires_at: expiresAt,
          client_ip: input.clientIp ?? null,
          requested_by: input.requestedBy ?? null,
        })
        .execute();
    });
    return { challengeId, code, expiresAt };
  }

  /**
   * The account the code belongs to, or a DomainError saying what is wrong. With
   * `consume: false` the code stays usable (the reset flow checks it at step 2 and
   * spends it at step 3); wrong tries count either way.
   */
  async verify(input: {
    identifier: string;
    purpose: OtpPurpose;
    code: string;
    consume?: boolean;
    /** For a code issued with `requestedBy`: who enters it. Anyone else is told there is no code. */
    requestedBy?: string;
  }): Promise<string> {
    const now = this.clock.now();
    const row = await this.db
      .selectFrom('auth_otp_challenges')
      .select(['id', 'user_id', 'code_hash', 'attempts', 'created_at', 'expires_at', 'requested_by'])
      .where('identifier', '=', input.identifier)
      .where('purpose', '=', input.purpose)
      .where('voided_at', 'is', null)
      .where('consumed_at', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row || (row.requested_by !== null && row.requested_by !== input.requestedBy))
      throw new DomainError('Invalid OTP. Please request a new OTP.', 'otp_invalid');
    if (new Date(row.expires_at).getTime() <= now.getTime()) {
      throw new DomainError('OTP has expired. Please request a new OTP.', 'otp_expired');
    }
    const given = this.hash(row.id, input.code);
    const matches = given.length === row.code_hash.length && timingSafeEqual(given, row.code_hash);
    if (matches && row.user_id && input.consume === false) return row.user_id;
    if (matches && row.user_id) {
      const consumed = await this.db
        .updateTable('auth_otp_challenges')
        .set({ consumed_at: now })
        .where('id', '=', row.id)
        .where('consumed_at', 'is', null)
        .where('voided_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (consumed) return row.user_id;
      throw new DomainError('Invalid OTP. Please request a new OTP.', 'otp_invalid');
    }
    // Counted atomically, so parallel guesses cannot exceed the limit.
    const counted = await this.db
      .updateTable('auth_otp_challenges')
      .set({
        attempts: sql`attempts + 1`,
        voided_at: sql`case when attempts + 1 >= ${OTP_POLICY.maxWrongAttempts} then ${now}::timestamptz end`,
      })
      .where('id', '=', row.id)
      .where('voided_at', 'is', null)
      .returning('attempts')
      .executeTakeFirst();
    const attemptsLeft = Math.max(
      0,
      OTP_POLICY.maxWrongAttempts - Number(counted?.attempts ?? OTP_POLICY.maxWrongAttempts),
    );
    if (attemptsLeft === 0) {
      throw new DomainError('Too many wrong attempts. Please request a new OTP.', 'otp_voided', 400, {
        attemptsLeft: 0,
      });
    }
    throw new DomainError(
      `Invalid OTP. ${attemptsLeft} attempt${attemptsLeft === 1 ? '' : 's'} left.`,
      'otp_invalid',
      400,
      { attemptsLeft },
    );
  }
}
