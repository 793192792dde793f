import { hash } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import {
  ErrorResponse,
  FirstLoginResetRequest,
  FirstLoginResetResponse,
  ForgotPasswordRequest,
  MessageResponse,
  ResetPasswordRequest,
  TooManyRequestsResponse,
  VerifyResetOtpRequest,
} from '@goldledger/contracts';
import { DomainError } from '../platform/decider.js';
import type { App } from '../platform/http/app.js';
import { issueToken, sessionOf, sessionUserOf } from './access.plugin.js';
import { metadataAs, metadataOf } from '../platform/http/metadata.js';
import { OTP_POLICY } from './otp.js';
import { executeUserCommand, findUserIdBy, loadUser } from './user-commands.js';
import type { Database } from '../platform/platform.js';
import type { SliceDeps } from '../slice-deps.js';

export type PasswordRouteDeps = Pick<SliceDeps, 'store' | 'clock' | 'db' | 'otp' | 'messages'>;

/** argon2id with the library's defaults (memory-hard; about 50 ms here). */
async function storePassword(
  db: Kysely<Database>,
  userId: string,
  password: string,
  at: Date,
): Promise<void> {
  const passwordHash = await hash(password);
  await db
    .insertInto('user_credentials')
    .values({ user_id: userId, password_hash: passwordHash, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ password_hash: passwordHash, updated_at: at }))
    .execute();
}

/** Forgot password (three steps: send a code, check it, set the password) and the first-login reset for new staff. */
export function registerPasswordRoutes(app: App, deps: PasswordRouteDeps): void {
  const { store, otp, messages, db, clock } = deps;
  const limited = (max: number) => ({
    access: 'public' as const,
    rateLimit: { max, timeWindow: '1 minute' },
  });

  app.post(
    '/api/auth/forgot-password',
    {
      config: limited(30),
      schema: {
        body: ForgotPasswordRequest,
        response: { 200: MessageResponse, 429: TooManyRequestsResponse },
      },
    },
    async (request) => {
      const { email } = request.body;
      const userId = await findUserIdBy(store, 'email', email);
      const account = userId ? (await loadUser(store, userId)).state : null;
      const eligible = account?.exists && !account.removed && account.role !== 'customer';
      const issued = await otp.issue({
        identifier: email,
        purpose: 'password_reset',
        userId: eligible ? userId : null,
        clientIp: request.ip,
      });
      if (eligible) {
        await messages.send({
          channel: 'email',
          to: email,
          subject: 'Your GoldLedger password reset code',
          text: `${issued.code} is your code to reset your GoldLedger password. It is valid for ${OTP_POLICY.validSeconds / 60} minutes. If you did not ask for it, ignore this email: your password stays as it is.`,
          purpose: 'password_reset_otp',
          secrets: [issued.code],
          correlationId: request.id,
        });
      }
      return { message: 'OTP sent to your email.' };
    },
  );

  app.post(
    '/api/auth/verify-reset-otp',
    {
      config: limited(60),
      schema: { body: VerifyResetOtpRequest, response: { 200: MessageResponse, 400: ErrorResponse } },
    },
    async (request) => {
      const { email, otp: code } = request.body;
      await otp.verify({ identifier: email, purpose: 'password_reset', code, consume: false });
      return { message: 'OTP verified. Please enter your new password.' };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: limited(60),
      schema: { body: ResetPasswordRequest, response: { 200: MessageResponse, 400: ErrorResponse } },
    },
    async (request) => {
      const { email, otp: code, newPassword } = request.body;
      const userId = await otp.verify({ identifier: email, purpose: 'password_reset', code });
      await storePassword(db, userId, newPassword, clock.now());
      const { state } = await loadUser(store, userId);
      const actor = state.role ? { id: userId, role: state.role, name: state.name } : undefined;
      await executeUserCommand(
        deps,
        userId,
        { type: 'SetPassword', reason: 'reset' },
        metadataAs(request, actor),
      );
      return { message: 'Password reset successful! You can now log in.' };
    },
  );

  app.post(
    '/api/auth/reset-password/first-login',
    {
      // Staff of every role set their first password (an auditor's sign-in, not a write to the books).
      config: { access: ['admin', 'employee', 'auditor'], rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        body: FirstLoginResetRequest,
        response: { 200: FirstLoginResetResponse, 400: ErrorResponse },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const { state } = await loadUser(store, session.userId);
      if (!state.mustResetPassword) {
        throw new DomainError(
          'Your password is already set. Use "Forgot password" to change it.',
          'password_set',
          400,
        );
      }
      await storePassword(db, session.userId, request.body.password, clock.now());
      const result = await executeUserCommand(
        deps,
        session.userId,
        { type: 'SetPassword', reason: 'first_login' },
        metadataOf(request),
      );
      const token = issueToken(app, { ...session, tokenVersion: result.nextExpectedVersion });
      return {
        message: 'Password set successfully.',
        token,
        user: sessionUserOf(session),
      };
    },
  );
}
