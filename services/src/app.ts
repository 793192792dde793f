import { projections } from '@goldledger/projections';
import { registerApprovalRoutes } from './approvals/approvals.routes.js';
import { registerAuctionRoutes } from './auctions/auctions.routes.js';
import { registerAuditLogRoutes } from './audit/audit-log.routes.js';
import { registerBranchRoutes } from './branches/branch.routes.js';
import { registerCashBookRoutes } from './cash-book/cash-book.routes.js';
import { registerContactRoutes } from './contact/contact.routes.js';
import { registerCustomerRoutes } from './customers/customer.routes.js';
import { registerCustodyReadRoutes } from './custody/custody-read.routes.js';
import { registerCustodyReleaseRoutes } from './custody/custody-release.routes.js';
import { registerCustodyRoutes } from './custody/custody.routes.js';
import { registerDisclosureRoutes } from './documents/disclosure.routes.js';
import { registerDocumentRoutes } from './documents/documents.routes.js';
import { registerGoldReturnRoutes } from './gold-returns/gold-returns.routes.js';
import { registerAccess } from './identity/access.plugin.js';
import { registerAuthRoutes } from './identity/auth.routes.js';
import { OtpService } from './identity/otp.js';
import { registerPasswordRoutes } from './identity/password.routes.js';
import { registerStaffRoutes } from './identity/staff.routes.js';
import { registerCronRoutes } from './jobs/cron.routes.js';
import { registerLoanAuditRoutes } from './lending/loan-audit.routes.js';
import { registerLoanCalculatorRoutes } from './lending/loan-calculator.routes.js';
import { registerLoanPaymentRoutes } from './lending/loan-payment.routes.js';
import { registerLoanRoutes } from './lending/loan.routes.js';
import { registerRenewalRoutes } from './lending/renewal.routes.js';
import { registerLoanQueryRoutes } from './loan-queries/loan-queries.routes.js';
import { registerGoldItemRoutes } from './margin-calls/gold-items.routes.js';
import { registerMarginCallRoutes } from './margin-calls/margin-calls.routes.js';
import { registerDelinquencyRoutes } from './delinquency/delinquency.routes.js';
import type { MessageSender } from './messaging/message-port.js';
import { registerOutboxRoutes } from './messaging/outbox.routes.js';
import { registerNotificationRoutes } from './notifications/notifications.routes.js';
import { blobStoreFor } from './photos/blob-store.js';
import { registerPhotoRoutes } from './photos/photo.routes.js';
import { registerLendingPolicyRoutes } from './policy/lending-policy.routes.js';
import { registerHolidayRoutes } from './holidays/holiday.routes.js';
import type { Clock } from './platform/clock.js';
import { buildApp, type App } from './platform/http/app.js';
import { registerTestClock } from './platform/http/test-clock.routes.js';
import { registerWebApp } from './platform/http/web-app.js';
import type { Platform } from './platform/platform.js';
import type { Secrets } from './platform/secrets.js';
import { registerReminderRoutes } from './reminders/reminders.routes.js';
import { registerReportRoutes } from './reports/reports.routes.js';
import { registerGoldRateRoutes } from './settings/gold-rate.routes.js';
import { registerGoldPriceRoutes } from './gold-prices/gold-prices.routes.js';
import type { SliceDeps, SliceRoutes } from './slice-deps.js';
import { registerVaultAuditRoutes } from './vault/vault-audit.routes.js';
import { registerVaultRegisterRoutes } from './vault/vault-register.routes.js';

export interface ApiDeps {
  platform: Platform;
  clock: Clock;
  secrets: Secrets;
  messages: MessageSender;
}

/** Every slice's routes, in registration order; a new slice is one line here. */
const SLICES: readonly SliceRoutes[] = [
  registerAuthRoutes,
  registerPasswordRoutes,
  registerStaffRoutes,
  registerBranchRoutes,
  registerGoldRateRoutes,
  registerGoldPriceRoutes,
  registerContactRoutes,
  registerCustomerRoutes,
  registerLoanQueryRoutes,
  registerLoanCalculatorRoutes,
  registerLoanRoutes,
  registerRenewalRoutes,
  registerLoanPaymentRoutes,
  registerLoanAuditRoutes,
  registerCronRoutes,
  registerReminderRoutes,
  registerPhotoRoutes,
  registerDocumentRoutes,
  registerDisclosureRoutes,
  registerGoldReturnRoutes,
  registerAuctionRoutes,
  registerCustodyReadRoutes,
  registerCustodyRoutes,
  registerCustodyReleaseRoutes,
  registerNotificationRoutes,
  registerReportRoutes,
  registerAuditLogRoutes,
  registerOutboxRoutes,
  registerApprovalRoutes,
  registerVaultRegisterRoutes,
  registerVaultAuditRoutes,
  registerCashBookRoutes,
  registerLendingPolicyRoutes,
  registerHolidayRoutes,
  registerMarginCallRoutes,
  registerGoldItemRoutes,
  registerDelinquencyRoutes,
];

/** The composition root of the HTTP API: platform endpoints, access control, every slice's routes. */
export async function createApi(deps: ApiDeps): Promise<App> {
  const { platform, secrets, messages } = deps;
  const app = await buildApp(platform, projections);
  // TEST_CLOCK=1 (refused in production): the routes below run on a clock tests can move.
  const clock = platform.config.TEST_CLOCK ? registerTestClock(app, deps.clock) : deps.clock;
  registerAccess(app, { secret: secrets.jwt, store: platform.store });
  const sliceDeps: SliceDeps = {
    platform,
    config: platform.config,
    store: platform.store,
    db: platform.db,
    clock,
    messages,
    smsTemplates: platform.config.FAST2SMS_TEMPLATES,
    otp: new OtpService(platform.db, clock, secrets.otp),
    blobs: blobStoreFor(platform.config),
  };
  for (const register of SLICES) register(app, sliceDeps);
  // The built web app (npm run build), on this origin; absent until built.
  await registerWebApp(app, platform.config.WEB_DIST_DIR);
  return app;
}
