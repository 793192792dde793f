import type { Kysely } from 'kysely';
import type { OtpService } from './identity/otp.js';
import type { MessageSender } from './messaging/message-port.js';
import type { BlobStore } from './photos/blob-store.js';
import type { Clock } from './platform/clock.js';
import type { Config } from './platform/config.js';
import type { EventStore } from './platform/event-store/event-store.js';
import type { App } from './platform/http/app.js';
import type { Database, Platform } from './platform/platform.js';

/**
 * Everything a slice's routes may use, built once by createApi. Each `register…Routes(app, deps)`
 * takes the `Pick` of it that it needs, so wiring a new slice is one line in app.ts.
 */
export interface SliceDeps {
  platform: Platform;
  config: Config;
  store: EventStore;
  db: Kysely<Database>;
  /** The routes' clock: the test clock when TEST_CLOCK=1, else the process clock. */
  clock: Clock;
  messages: MessageSender;
  /** DLT template ids by message purpose, for SMS providers that require them. */
  smsTemplates: Readonly<Record<string, string>>;
  otp: OtpService;
  /** Photo bytes: one store shared by uploads and the slip (BLOB_DIR, default DATA_DIR/blobs). */
  blobs: BlobStore;
}

/** A slice's routes: registered on the app with the shared dependencies. */
export type SliceRoutes = (app: App, deps: SliceDeps) => void;
