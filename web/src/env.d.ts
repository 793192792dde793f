import type { Env } from './config/env-schema';

declare global {
  /** The VITE_* settings as env-schema.ts parsed them at build (web/vite.config.ts `define`). */
  const __GOLDLEDGER_ENV__: Env;
}
