import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .optional();

/**
 * Build-time settings (`VITE_*`, read by Vite from the environment or web/.env), checked
 * when the app is built (web/vite.config.ts): a bad value stops the build with a list of
 * every problem. The app reads the parsed values from config/env.ts.
 */
const EnvSchema = z.object({
  /** Where the API lives. Empty: the same origin (the API serves the app; Vite's dev server proxies /api). */
  VITE_API_URL: z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || /^https?:\/\/[^/]+(\/.*)?$/.test(v), 'must be empty or an http(s) URL')
    .transform((v) => v.replace(/\/+$/, '')),
  VITE_COMPANY_NAME: optionalText,
  VITE_CONTACT_PHONE: optionalText,
  VITE_CONTACT_WHATSAPP: optionalText,
  VITE_CONTACT_EMAIL: optionalText,
  VITE_BRANCH_NAME: optionalText,
  VITE_BRANCH_ADDRESS: optionalText,
});
export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid web settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

export function parseEnv(source: Record<string, unknown>): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  return Object.freeze(parsed.data);
}
