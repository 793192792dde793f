import { verify } from '@node-rs/argon2';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  CUSTODY_POLICY,
  type ConfirmerCredential,
  type CustodyConfirmer,
  type CustodyPerson,
} from '@goldledger/contracts';
import { worksAtBranch } from '../branches/branch-scope.js';
import type { Session } from '../identity/access.plugin.js';
import { OTP_POLICY, type IssuedOtp } from '../identity/otp.js';
import { classifyIdentifier, findUserIdBy, loadUser } from '../identity/user-commands.js';
import { DomainError } from '../platform/decider.js';
import { RateLimitCounters } from '../platform/http/rate-limit-store.js';
import type { SliceDeps } from '../slice-deps.js';

export type DualControlDeps = Pick<SliceDeps, 'store' | 'db' | 'otp' | 'messages' | 'smsTemplates'>;

/** The challenge a second person's code is kept under: theirs, whoever asked for it. */
const codeIdentifier = (userId: string) => `custody:${userId}`;

const noSuchStaff = () =>
  new DomainError('No member of staff has that email or mobile', 'confirmer_unknown', 403);

/**
 * Dual control: a movement is made by the signed-in member of staff and confirmed by a
 * second one, who proves it is them with their own password or a code sent to their own
 * mobile. Both must work at the branch the movement happens at (read from their accounts
 * now, not from a token); removed accounts and customers never count. Every refusal is
 * 403 with a message, and nothing is written.
 */
export class DualControl {
  private readonly counters: RateLimitCounters;

  constructor(private readonly deps: DualControlDeps) {
    this.counters = new RateLimitCounters(deps.db);
  }

  /** The signed-in person may act at the branch. */
  async requireActor(session: Session, branchId: string, branchName: string): Promise<CustodyPerson> {
    if (!(await worksAtBranch(this.deps.store, session.userId, branchId))) {
      throw new DomainError(`You do not work at ${branchName}`, 'actor_not_at_branch', 403);
    }
    return { id: session.userId, name: session.name };
  }

  /** The account named by an email or mobile, if it is an active member of staff. */
  private async staffBy(identifier: string) {
    const { kind, value } = classifyIdentifier(identifier);
    const userId = value ? await findUserIdBy(this.deps.store, kind, value) : null;
    if (!userId) throw noSuchStaff();
    const { state } = await loadUser(this.deps.store, userId);
    if (!state.exists || state.removed || (state.role !== 'admin' && state.role !== 'employee')) {
      throw noSuchStaff();
    }
    return { userId, state };
  }

  private static notSelf(session: Session, userId: string): void {
    if (userId === session.userId) {
      throw new DomainError(
        'The second person must be a different member of staff, confirming with their own password or code',
        'same_person',
        403,
      );
    }
  }

  /** Sends a code to the second person's own mobile (or email when they have no mobile). */
  async sendCode(
    request: FastifyRequest,
    session: Session,
    identifier: string,
  ): Promise<IssuedOtp & { sentTo: 'mobile' | 'email' }> {
    const { userId, state } = await this.staffBy(identifier);
    DualControl.notSelf(session, userId);
    const issued = await this.deps.otp.issue({
      identifier: codeIdentifier(userId),
      purpose: 'custody_confirmation',
      userId,
      clientIp: request.ip,
      requestedBy: session.userId,
    });
    const text = `${issued.code} is your GoldLedger code to confirm a vault movement with ${session.name}. It is valid for ${OTP_POLICY.validSeconds / 60} minutes. Give it only if you are there and agree.`;
    const common = {
      text,
      purpose: 'custody_confirmation_otp',
      secrets: [issued.code],
      correlationId: request.id,
    };
    if (state.primaryMobile) {
      const template = this.deps.smsTemplates.custody_confirmation_otp;
      await this.deps.messages.send({
        channel: 'sms',
        to: state.primaryMobile,
        ...common,
        ...(template ? { template: { id: template, variables: [issued.code] } } : {}),
      });
      return { ...issued, sentTo: 'mobile' };
    }
    if (!state.email)
      throw new DomainError(`${state.name} has no mobile or email to send a code to`, 'no_contact', 400);
    await this.deps.messages.send({
      channel: 'email',
      to: state.email,
      subject: 'Your GoldLedger vault confirmation code',
      ...common,
    });
    return { ...issued, sentTo: 'email' };
  }

  /**
   * The second person, proved by their own credential, who works at the branch. Each wrong
   * try counts against them (CUSTODY_POLICY.maxConfirmAttempts per window), so a password
   * cannot be guessed at the counter.
   */
  async confirmer(
    session: Session,
    credential: ConfirmerCredential,
    branch: { branchId: string; name: string },
  ): Promise<CustodyConfirmer> {
    const { userId, state } = await this.staffBy(credential.identifier);
    DualControl.notSelf(session, userId);
    if (!(await worksAtBranch(this.deps.store, userId, branch.branchId))) {
      throw new DomainError(`${state.name} does not work at ${branch.name}`, 'confirmer_not_at_branch', 403);
    }
    const key = `custody-confirm-failed ${userId}`;
    const failures = await this.failuresOf(key);
    if (failures.count >= CUSTODY_POLICY.maxConfirmAttempts) {
      throw new DomainError(
        `Too many wrong tries to confirm as ${state.name}. Please try again in ${Math.max(1, Math.ceil(failures.secondsLeft / 60))} minutes.`,
        'confirm_rate_limited',
        429,
        { timeLeft: failures.secondsLeft },
      );
    }
    const failed = async (error: DomainError) => {
      await this.counters.hit(
        key,
        CUSTODY_POLICY.confirmWindowSeconds * 1000,
        CUSTODY_POLICY.maxConfirmAttempts,
      );
      return error;
    };
    const person = { id: userId, name: state.name };
    if (credential.password !== undefined) {
      const row = await this.deps.db
        .selectFrom('user_credentials')
        .select('password_hash')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) {
        throw new DomainError(
          `${state.name} has no password yet: send a code to their mobile instead`,
          'confirmer_no_password',
          403,
        );
      }
      if (!(await verify(row.password_hash, credential.password))) {
        throw await failed(
          new DomainError("The second person's password is not correct", 'confirmer_wrong_password', 403),
        );
      }
      return { ...person, method: 'password' };
    }
    try {
      await this.deps.otp.verify({
        identifier: codeIdentifier(userId),
        purpose: 'custody_confirmation',
        code: credential.code!,
        requestedBy: session.userId,
      });
    } catch (error) {
      if (error instanceof DomainError) {
        const reason = error.message.replace(/^Invalid OTP\./, 'The code is not correct.');
        throw new DomainError(`${state.name}'s code: ${reason}`, 'confirmer_wrong_code', 403, error.details);
      }
      throw error;
    }
    return { ...person, method: 'otp' };
  }

  /**
   * Wrong tries at a second person's credential in the current window (only failures
   * count: a pair that confirms all day is never held up). Read before a try, counted after
   * a wrong one; a few tries racing past the limit at once are bounded by the route's limit.
   */
  private async failuresOf(key: string): Promise<{ count: number; secondsLeft: number }> {
    const { rows } = await sql<{ hits: number; ms_left: string }>`
      select hits, expires_at - (extract(epoch from clock_timestamp()) * 1000)::bigint as ms_left
      from rate_limit_counters
      where key = ${key} and expires_at > (extract(epoch from clock_timestamp()) * 1000)::bigint`.execute(
      this.deps.db,
    );
    const row = rows[0];
    return row
      ? { count: Number(row.hits), secondsLeft: Math.ceil(Number(row.ms_left) / 1000) }
      : { count: 0, secondsLeft: 0 };
  }
}
