import {
  ErrorResponse,
  MessageResponse,
  SendLoginOtpRequest,
  SendLoginOtpResponse,
  TooManyRequestsResponse,
  ValidateResponse,
  VerifyOtpRequest,
  VerifyOtpResponse,
} from '@goldledger/contracts';
import { DomainError } from '../platform/decider.js';
import type { App } from '../platform/http/app.js';
import { metadataAs, metadataOf } from '../platform/http/metadata.js';
import { issueToken, sessionOf, sessionOfUser, sessionUserOf } from './access.plugin.js';
import { OTP_POLICY } from './otp.js';
import { classifyIdentifier, executeUserCommand, findUserIdBy, loadUser } from './user-commands.js';
import type { SliceDeps } from '../slice-deps.js';

export type AuthRouteDeps = Pick<SliceDeps, 'store' | 'clock' | 'otp' | 'messages' | 'smsTemplates'>;

export function registerAuthRoutes(app: App, deps: AuthRouteDeps): void {
  const { store, otp, messages } = deps;
  const identity = { store, clock: deps.clock };

  app.post(
    '/api/auth/send-login-otp',
    {
      // Per IP; a branch's counter shares one address, so the per-identifier OTP limits do the real work.
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        body: SendLoginOtpRequest,
        response: { 200: SendLoginOtpResponse, 400: ErrorResponse, 429: TooManyRequestsResponse },
      },
    },
    async (request) => {
      const { kind, value } = classifyIdentifier(request.body.identifier);
      const userId = await findUserIdBy(store, kind, value);
      const account = userId ? (await loadUser(store, userId)).state : null;
      const active = account && account.exists && !account.removed ? account : null;
      const issued = await otp.issue({
        identifier: value,
        purpose: 'login',
        userId: active ? userId : null,
        clientIp: request.ip,
      });
      if (active) {
        const text = `${issued.code} is your GoldLedger sign-in code. It is valid for 3 minutes. Never share it with anyone, including our staff.`;
        await messages.send(
          kind === 'email'
            ? {
                channel: 'email',
                to: value,
                subject: 'Your GoldLedger sign-in code',
                text,
                purpose: 'login_otp',
                secrets: [issued.code],
                correlationId: request.id,
              }
            : {
                channel: 'sms',
                to: value,
                text,
                purpose: 'login_otp',
                secrets: [issued.code],
                correlationId: request.id,
                ...(deps.smsTemplates.login_otp
                  ? { template: { id: deps.smsTemplates.login_otp, variables: [issued.code] } }
                  : {}),
              },
        );
      }
      // The same answer whether or not an account exists.
      return {
        message: `OTP sent to your ${kind === 'email' ? 'email' : 'mobile number'}`,
        expiresInSeconds: OTP_POLICY.validSeconds,
        resendInSeconds: OTP_POLICY.resendAfterSeconds,
      };
    },
  );

  app.post(
    '/api/auth/verify-otp',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { body: VerifyOtpRequest, response: { 200: VerifyOtpResponse, 400: ErrorResponse } },
    },
    async (request) => {
      const { value } = classifyIdentifier(request.body.identifier);
      const userId = await otp.verify({ identifier: value, purpose: 'login', code: request.body.otp });
      const { state } = await loadUser(store, userId);
      if (!state.exists || state.removed || !state.role) {
        throw new DomainError('Invalid OTP. Please request a new OTP.', 'otp_invalid');
      }
      const signedIn = await executeUserCommand(
        identity,
        userId,
        { type: 'RecordSignIn', method: 'otp' },
        metadataAs(request, { id: userId, role: state.role, name: state.name }),
      );
      const session = sessionOfUser(userId, state, signedIn.nextExpectedVersion);
      const token = issueToken(app, session);
      return {
        token,
        user: sessionUserOf(session),
        mustResetPassword: state.mustResetPassword,
      };
    },
  );

  app.get(
    '/api/auth/validate',
    {
      // Per IP: each tab asks at start and every 5 minutes.
      config: { access: 'signed-in', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { response: { 200: ValidateResponse } },
    },
    async (request) => {
      return { valid: true as const, user: sessionUserOf(sessionOf(request)) };
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: 'signed-in', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { response: { 200: MessageResponse } },
    },
    async (request) => {
      const session = sessionOf(request);
      await executeUserCommand(identity, session.userId, { type: 'SignOut' }, metadataOf(request));
      return { message: 'Signed out' };
    },
  );
}
