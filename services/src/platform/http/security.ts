import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import { markRateLimited } from './access-log.js';
import type { App } from './app.js';
import { RateLimitCounters, sharedRateLimitStore } from './rate-limit-store.js';

/**
 * Nothing leaves our origin: no fonts, scripts, maps or frames from other hosts (the
 * customers' privacy, and the tests run offline); a map is a link that opens elsewhere.
 * - No inline script at all: the built index.html only names files (Vite writes no inline
 *   bootstrap for our config), and `script-src-attr 'none'` refuses inline handlers.
 * - `style-src 'self'` with no 'unsafe-inline': React and recharts set `style` through
 *   the CSSOM (element.style), which CSP does not govern; only style attributes in
 *   markup and <style> elements would need it, and the app has neither.
 * - img: `data:` for the small icons Vite inlines, `blob:` for photo previews (the
 *   camera's picture before upload) and authenticated images fetched as blobs.
 * - object-src 'none'. Slips and receipts open as blob: PDFs in a new tab, a document
 *   that inherits this policy; Chromium's PDF viewer (156, checked in the browser tests)
 *   shows them all the same. Older Chromes refused ("Refused to load plugin data"):
 *   if a supported browser does, `object-src blob:` is the narrowest fix.
 * - No media-src, frame-src or worker-src of their own: the camera is the phone's
 *   (`<input capture>`), /about's video is a file of the build on our origin, there are no
 *   frames or workers; default-src 'self' covers them.
 */
export function contentSecurityPolicy(options: { https: boolean }): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Behind TLS, a stray http:// URL is fetched over https instead of being blocked.
    ...(options.https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

export const TOO_MANY_REQUESTS = 'Too many requests. Please try again later.';

/**
 * Security headers on every response (pages, API answers, errors, files), CORS closed
 * unless CORS_ORIGINS names an origin, and per-route rate limits that every public
 * /api route must declare.
 */
export async function registerHttpSecurity(
  app: App,
  config: Pick<Config, 'HSTS' | 'CORS_ORIGINS'>,
  /** The database the rate-limit counters live in; without it, this process's memory (tests of the plugin alone). */
  db?: Kysely<any>,
): Promise<RateLimitCounters | undefined> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy({ https: config.HSTS }) },
    // Our pages open slips in a new tab and keep talking to it; same-origin would cut the tab off.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Not require-corp: nothing cross-origin is embedded, and it would buy no isolation we use.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
    // HSTS pins browsers to https for half a year: only when the site is served over TLS.
    strictTransportSecurity: config.HSTS ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false } : false,
    xFrameOptions: { action: 'deny' },
  });

  const allowed = new Set(config.CORS_ORIGINS);
  await app.register(fastifyCors, {
    // A foreign origin (and a same-origin request, which sends none) gets no CORS headers
    // and its preflight a 404: the browser refuses to let that page read our answers.
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: [
      'content-type',
      'authorization',
      'x-auth-token',
      'x-request-id',
      'x-read-after',
      'idempotency-key',
    ],
    exposedHeaders: [
      'x-request-id',
      'x-read-after',
      'x-read-caught-up',
      'idempotency-replayed',
      'content-disposition',
      'retry-after',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
    ],
    // Sessions travel in a header, never in cookies.
    credentials: false,
    maxAge: 600,
  });

  // Limits are per route and per client IP (TRUST_PROXY decides what the IP is), counted
  // in PostgreSQL (rate-limit-store.ts): N API replicas allow a client the limit once.
  const counters = db ? new RateLimitCounters(db) : undefined;
  await app.register(rateLimit, {
    global: false,
    ...(counters ? { store: sharedRateLimitStore(counters) } : {}),
    // The access log writes the first refusal of a key per window, not each one (access-log.ts).
    onExceeded: (request, key) =>
      markRateLimited(request, `${request.method} ${request.routeOptions.url ?? request.url} ${key}`),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: TOO_MANY_REQUESTS,
      timeLeft: Math.ceil(context.ttl / 1000),
    }),
  });

  // Like a missing access rule (identity/access.plugin.ts), a public route without a
  // deliberate rate limit stops the server from starting; `rateLimit: false` is a decision too.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.config?.access !== 'public') return;
    if (route.config.rateLimit === undefined) {
      throw new Error(
        `${String(route.method)} ${route.url} is public and declares no rate limit (config.rateLimit)`,
      );
    }
  });
  return counters;
}
