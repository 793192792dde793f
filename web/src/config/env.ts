import type { Env } from './env-schema';

export type { Env } from './env-schema';

/**
 * Build-time settings (`VITE_*`), checked by web/vite.config.ts with the schema in
 * env-schema.ts when the app is built (a bad value stops the build with every problem)
 * and written into the bundle already parsed: the browser loads no schema library for them.
 */
export const env: Env = Object.freeze(__GOLDLEDGER_ENV__);
