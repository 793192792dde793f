import { projections } from '@goldledger/projections';
import { registerContactRoutes } from './contact/contact.routes.js';
import { registerCustomerRoutes } from './customers/customer.routes.js';
import { registerAccess } from './identity/access.plugin.js';
import { registerAuthRoutes } from './identity/auth.routes.js';
import { OtpService } from './identity/otp.js';
import { registerPasswordRoutes } from './identity/password.routes.js';
import { registerStaffRoutes } from './identity/staff.routes.js';
import type { MessageSender } from './messaging/message-port.js';
import { registerOutboxRoutes } from './messaging/outbox.routes.js';
import type { Clock } from './platform/clock.js';
import { buildApp, type App } from './platform/http/app.js';
import { registerTestClock } from './platform/http/test-clock.routes.js';
import { registerWebApp } from './platform/http/web-app.js';
import type { Platform } from './platform/platform.js';
import type { Secrets } from './platform/secrets.js';
import { registerGoldRateRoutes } from './settings/gold-rate.routes.js';
import { registerLoanQueryRoutes } from './loan-queries/loan-queries.routes.js';
import { registerLoanAuditRoutes } from './lending/loan-audit.routes.js';
import { registerLoanRoutes } from './lending/loan.routes.js';
import { registerGoldReturnRoutes } from './gold-returns/gold-returns.routes.js';
import { registerAuctionRoutes } from './auctions/auctions.routes.js';
import { registerNotificationRoutes } from './notifications/notifications.routes.js';
import { registerCronRoutes } from './jobs/cron.routes.js';
import { registerReminderRoutes } from './reminders/reminders.routes.js';
import { blobStoreFor } from './photos/blob-store.js';
import { registerPhotoRoutes } from './photos/photo.routes.js';
import { registerDocumentRoutes } from './documents/documents.routes.js';
import { registerReportRoutes } from './reports/reports.routes.js';
import { registerAuditLogRoutes } from './audit/audit-log.routes.js';

export interface ApiDeps {
  platform: Platform;
  clock: Clock;
  secrets: Secrets;
  messages: MessageSender;
}

/** The composition root of the HTTP API: platform endpoints, access control, every slice's routes. */
export async function createApi(deps: ApiDeps): Promise<App> {
  const { platform, secrets, messages } = deps;
  const app = await buildApp(platform, projections);
  // TEST_CLOCK=1 (refused in production): the routes below run on a clock tests can move.
  const clock = platform.config.TEST_CLOCK ? registerTestClock(app, deps.clock) : deps.clock;
  registerAccess(app, { secret: secrets.jwt, store: platform.store });
  const otp = new OtpService(platform.db, clock, secrets.otp);
  registerAuthRoutes(app, {
    store: platform.store,
    clock,
    otp,
    messages,
    smsTemplates: platform.config.FAST2SMS_TEMPLATES,
  });
  registerPasswordRoutes(app, { store: platform.store, clock, db: platform.db, otp, messages });
  registerStaffRoutes(app, { store: platform.store, clock, db: platform.db, messages });
  registerGoldRateRoutes(app, { store: platform.store, clock });
  registerContactRoutes(app, { store: platform.store, clock, messages });
  registerCustomerRoutes(app, {
    store: platform.store,
    clock,
    db: platform.db,
    otp,
    messages,
    smsTemplates: platform.config.FAST2SMS_TEMPLATES,
  });
  registerLoanQueryRoutes(app, { db: platform.db, store: platform.store, clock });
  registerLoanRoutes(app, {
    store: platform.store,
    clock,
    messages,
    smsTemplates: platform.config.FAST2SMS_TEMPLATES,
  });
  registerLoanAuditRoutes(app, { store: platform.store, clock });
  registerCronRoutes(app, { platform, clock, messages });
  registerReminderRoutes(app, {
    db: platform.db,
    store: platform.store,
    clock,
    messages,
    config: platform.config,
  });
  // Photo bytes: one store shared by uploads and the slip (BLOB_DIR, default DATA_DIR/blobs).
  const blobs = blobStoreFor(platform.config);
  registerPhotoRoutes(app, {
    store: platform.store,
    clock,
    db: platform.db,
    blobs,
    maxBytes: platform.config.PHOTO_MAX_BYTES,
  });
  registerDocumentRoutes(app, { store: platform.store, clock, db: platform.db, blobs });
  registerGoldReturnRoutes(app, {
    store: platform.store,
    clock,
    db: platform.db,
    messages,
    smsTemplates: platform.config.FAST2SMS_TEMPLATES,
  });
  registerAuctionRoutes(app, {
    store: platform.store,
    clock,
    db: platform.db,
    messages,
    smsTemplates: platform.config.FAST2SMS_TEMPLATES,
  });
  registerNotificationRoutes(app, { store: platform.store, clock, db: platform.db });
  registerReportRoutes(app, { db: platform.db, clock });
  registerAuditLogRoutes(app, { db: platform.db, clock });
  registerOutboxRoutes(app, {
    db: platform.db,
    devApi: platform.config.OUTBOX_API && platform.config.NODE_ENV !== 'production',
  });
  // The built web app (npm run build), on this origin; absent until built.
  await registerWebApp(app, platform.config.WEB_DIST_DIR);
  return app;
}
