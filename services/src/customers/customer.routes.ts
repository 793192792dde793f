import {
  CheckAadharParams,
  CheckAadharResponse,
  CreateCustomerRequest,
  CreateCustomerResponse,
  CUSTOMER_MESSAGES,
  CustomerListQuery,
  CustomerListResponse,
  CustomerRefParams,
  CustomerSavedResponse,
  ErrorResponse,
  MASKED_AADHAR,
  SendLoanOtpRequest,
  SendLoanOtpResponse,
  TooManyRequestsResponse,
  UpdateCustomerRequest,
  VerifyCustomerOtpRequest,
  VerifyCustomerOtpResponse,
  VerifyLoanOtpRequest,
  VerifyLoanOtpResponse,
  type CustomerProfile,
  type Role,
} from '@goldledger/contracts';
import type { FastifyRequest } from 'fastify';
import { StaffLookups } from '../audit/staff-lookups.js';
import { branchForNewCustomer, branchScopeOf, inBranchScope, scopeOf } from '../branches/branch-scope.js';
import { sessionOf } from '../identity/access.plugin.js';
import { metadataOf } from '../platform/http/metadata.js';
import { OTP_POLICY, OtpTooSoonError } from '../identity/otp.js';
import { DomainError } from '../platform/decider.js';
import type { App } from '../platform/http/app.js';
import {
  completeVerification,
  registerCustomer,
  resolveCustomer,
  updateCustomer,
  type AccountOutcome,
} from './customer-commands.js';
import { otpIdentifier, sendCustomerOtp, verifyCustomerOtp } from './customer-otp.js';
import { recordLoanConfirmation } from './loan-confirmation.js';
import { customerDetails, customerRowNow, listCustomers, type Viewer } from './customer.queries.js';
import type { SliceDeps } from '../slice-deps.js';

export type CustomerRouteDeps = Pick<
  SliceDeps,
  'store' | 'clock' | 'db' | 'otp' | 'messages' | 'smsTemplates'
>;

/** Admins see full Aadhar numbers; everyone else the masked form, whatever the path. */
const viewerOf = (request: FastifyRequest): Viewer => ({ fullAadhar: sessionOf(request).role === 'admin' });

/** {prefix} is admin or employee by role; admins may use either; auditors read through either. */
const PREFIXES: ReadonlyArray<{ prefix: string; access: readonly Role[]; reads: readonly Role[] }> = [
  { prefix: 'admin', access: ['admin'], reads: ['admin', 'auditor'] },
  { prefix: 'employee', access: ['admin', 'employee'], reads: ['admin', 'employee', 'auditor'] },
];
const STAFF: readonly Role[] = ['admin', 'employee'];

const profileOf = (b: Omit<CustomerProfile, 'aadharNumber'>, aadharNumber: string): CustomerProfile => ({
  aadharNumber,
  name: b.name,
  email: b.email,
  primaryMobile: b.primaryMobile,
  secondaryMobile: b.secondaryMobile,
  emergencyContact: b.emergencyContact,
  presentAddress: b.presentAddress,
  permanentAddress: b.permanentAddress,
});

const last4 = (mobile: string) => mobile.slice(-4);

const sentTo = (mobile: string, email: string | null) =>
  `the mobile number ending ${last4(mobile)}${email ? ` and to ${email}` : ''}`;

const VERIFIED_MESSAGE: Record<AccountOutcome, string> = {
  opened: 'Customer verified successfully. They can now sign in to their dashboard with their mobile number.',
  existing: 'Customer verified successfully.',
  contact_taken:
    'Customer verified successfully. No sign-in account was opened: the mobile number or email already belongs to another account.',
};

export function registerCustomerRoutes(app: App, deps: CustomerRouteDeps): void {
  const notFound = () => new DomainError(CUSTOMER_MESSAGES.notFound, 'customer_not_found', 404);

  /** A customer by any reference, if the caller's branches hold them: another branch's is not found. */
  async function customerInScope(request: FastifyRequest, ref: string) {
    const found = await resolveCustomer(deps.store, ref);
    if (!found || !inBranchScope(branchScopeOf(sessionOf(request)), found.state.branchId)) return null;
    return found;
  }

  // Aadhar checks and searches: limited per staff member, each one in the audit log (issue 15).
  const lookups = new StaffLookups(deps);

  for (const { prefix, access, reads } of PREFIXES) {
    // The wizard's first step: prefill an existing customer.
    app.get(
      `/api/${prefix}/check-aadhar/:aadhar`,
      {
        config: { access: reads },
        schema: { params: CheckAadharParams, response: { 200: CheckAadharResponse, 400: ErrorResponse } },
      },
      async (request, reply) => {
        await lookups.admit(request, reply);
        // Another branch's customer is answered as no customer (the register's 409 still stops a second record).
        const found = await customerInScope(request, request.params.aadhar);
        await lookups.aadharLookedUp(request, request.params.aadhar, found?.state.customerId ?? null);
        return {
          exists: found !== null,
          customerDetails: found && customerDetails(found.customerUuid, found.state, viewerOf(request)),
        };
      },
    );

    app.post(
      `/api/${prefix}/customers`,
      {
        config: { access },
        schema: {
          body: CreateCustomerRequest,
          response: { 201: CreateCustomerResponse, 400: ErrorResponse, 409: ErrorResponse },
        },
      },
      async (request, reply) => {
        const b = request.body;
        const branchId = await branchForNewCustomer(deps.store, sessionOf(request), b.branchId);
        const { customerUuid, customer } = await registerCustomer(
          deps,
          profileOf(b, b.aadharNumber),
          metadataOf(request),
          branchId,
        );
        // The customer is registered whatever happens to the code: staff can ask for another.
        let message: string;
        let expiresInSeconds: number | null = null;
        let resendInSeconds = 0;
        try {
          await sendCustomerOtp(deps, 'customer_verification', customerUuid, customer, request);
          message = `Customer added. An OTP has been sent to ${sentTo(b.primaryMobile, b.email)}.`;
          expiresInSeconds = OTP_POLICY.validSeconds;
          resendInSeconds = OTP_POLICY.resendAfterSeconds;
        } catch (error) {
          if (error instanceof OtpTooSoonError) {
            message = `Customer added. A code was sent to this mobile number moments ago; a new one can be requested in ${error.timeLeft} seconds.`;
            resendInSeconds = error.timeLeft;
          } else {
            request.log.error({ err: error, customerUuid }, 'customer verification code not sent');
            message = 'Customer added, but the OTP could not be sent. Please request a new OTP.';
          }
        }
        return reply.status(201).send({
          message,
          customer: customerDetails(customerUuid, customer, viewerOf(request)),
          expiresInSeconds,
          resendInSeconds,
        });
      },
    );

    app.post(
      `/api/${prefix}/verify-customer-otp`,
      {
        config: { access },
        schema: {
          body: VerifyCustomerOtpRequest,
          response: { 200: VerifyCustomerOtpResponse, 400: ErrorResponse },
        },
      },
      async (request) => {
        const { phoneNumber, otp } = request.body;
        const customerUuid = await verifyCustomerOtp(deps, 'customer_verification', phoneNumber, otp);
        if (!(await customerInScope(request, customerUuid))) throw notFound();
        // The customer has just given their code to this member of staff, at the branch:
        // that confirms the loan the wizard opens next (the wizard's loan gate for a new customer).
        await recordLoanConfirmation(deps, customerUuid, sessionOf(request).userId);
        const { account, customer } = await completeVerification(
          deps,
          customerUuid,
          { channel: 'sms', openAccount: true },
          metadataOf(request),
        );
        return {
          message: VERIFIED_MESSAGE[account ?? 'existing'],
          customer: customerDetails(customerUuid, customer, viewerOf(request)),
          accountOpened: account === 'opened',
        };
      },
    );

    app.get(
      `/api/${prefix}/customers`,
      {
        config: { access: reads },
        schema: { querystring: CustomerListQuery, response: { 200: CustomerListResponse } },
      },
      async (request, reply) => {
        const { page, limit, search } = request.query;
        const searching = search !== undefined && search.trim() !== '';
        if (searching) await lookups.admit(request, reply);
        const { data, total } = await listCustomers(
          deps.db,
          { page, limit, search },
          viewerOf(request),
          scopeOf(request),
        );
        if (searching) await lookups.customersSearched(request, search, total);
        return { data, pagination: { page, limit, total, totalPages: Math.ceil(total / limit) } };
      },
    );

    // The path's key is the Aadhar number, as in the original API; employees, who see it masked, use `_id` or the CUS number.
    app.put(
      `/api/${prefix}/customers/:aadhar`,
      {
        config: { access },
        schema: {
          params: CustomerRefParams,
          body: UpdateCustomerRequest,
          response: {
            200: CustomerSavedResponse,
            400: ErrorResponse,
            404: ErrorResponse,
            409: ErrorResponse,
          },
        },
      },
      async (request, reply) => {
        // By Aadhar number, a 404 says "no such customer": it spends the lookup allowance too.
        if (/^\d{12}$/.test(request.params.aadhar.trim())) await lookups.admit(request, reply);
        const found = await customerInScope(request, request.params.aadhar);
        if (!found) throw notFound();
        const b = request.body;
        const current = found.state.profile.aadharNumber;
        // The masked number an employee's form holds back means "unchanged".
        const masked = MASKED_AADHAR.exec(b.aadharNumber);
        if (masked && masked[1] !== current.slice(-4)) {
          throw new DomainError(CUSTOMER_MESSAGES.aadhar, 'aadhar_invalid');
        }
        const customer = await updateCustomer(
          deps,
          found.customerUuid,
          profileOf(b, masked ? current : b.aadharNumber),
          metadataOf(request),
        );
        const oldMobile = found.state.profile.primaryMobile;
        if (customer.profile.primaryMobile !== oldMobile) {
          // The old number hears of it: a changed mobile is how an account is taken over.
          const template = deps.smsTemplates.primary_mobile_changed;
          const ending = customer.profile.primaryMobile.slice(-4);
          await deps.messages.send({
            channel: 'sms',
            to: oldMobile,
            text: `The mobile number on your GoldLedger customer record was changed to one ending ${ending}. If you did not ask for this, call your branch at once.`,
            purpose: 'primary_mobile_changed',
            correlationId: request.id,
            ...(template ? { template: { id: template, variables: [ending] } } : {}),
          });
        }
        return {
          message: CUSTOMER_MESSAGES.updated,
          data: await customerRowNow(
            deps.db,
            found.customerUuid,
            customer,
            viewerOf(request),
            deps.clock.now(),
          ),
        };
      },
    );
  }

  // The second OTP gate before the loan form.
  app.post(
    '/api/loans/send-otp',
    {
      config: { access: STAFF },
      schema: {
        body: SendLoanOtpRequest,
        response: {
          200: SendLoanOtpResponse,
          400: ErrorResponse,
          404: ErrorResponse,
          429: TooManyRequestsResponse,
        },
      },
    },
    async (request) => {
      const found = await customerInScope(request, request.body.customerId);
      if (!found) throw notFound();
      const { primaryMobile, email } = found.state.profile;
      // Sent to the contacts on file only, never to an address in the request; only the
      // member of staff who asked can enter it.
      await sendCustomerOtp(
        deps,
        'loan',
        found.customerUuid,
        found.state,
        request,
        sessionOf(request).userId,
      );
      return {
        message: `OTP sent to ${sentTo(primaryMobile, email)}`,
        expiresInSeconds: OTP_POLICY.validSeconds,
        resendInSeconds: OTP_POLICY.resendAfterSeconds,
      };
    },
  );

  app.post(
    '/api/loans/verify-otp',
    {
      config: { access: STAFF },
      schema: {
        body: VerifyLoanOtpRequest,
        response: { 200: VerifyLoanOtpResponse, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const found = await customerInScope(request, request.body.customerId);
      if (!found) throw notFound();
      const identifier = otpIdentifier('loan', found.customerUuid, found.state);
      const staffUserId = sessionOf(request).userId;
      const customerUuid = await verifyCustomerOtp(deps, 'loan', identifier, request.body.otp, staffUserId);
      if (customerUuid !== found.customerUuid) throw notFound();
      // The customer's confirmation of one loan, opened next by this member of staff.
      await recordLoanConfirmation(deps, customerUuid, staffUserId);
      const { customer } = await completeVerification(
        deps,
        customerUuid,
        { channel: 'sms', openAccount: true },
        metadataOf(request),
      );
      return {
        message: 'OTP verified successfully',
        verified: true as const,
        customer: customerDetails(customerUuid, customer, viewerOf(request)),
      };
    },
  );
}
