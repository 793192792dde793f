import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Projection } from '@goldledger/projections';
import { httpRequestDuration, registry } from '../metrics.js';
import type { Platform } from '../platform.js';
import { checkReadiness, registerStoreGauges } from '../readiness.js';
import {
  CAUGHT_UP_HEADER,
  READ_AFTER_HEADER,
  formatReadAfter,
  lastWrite,
  readAfterGate,
  withWriteTracking,
} from '../read-after-write.js';
import { registerErrorHandler } from './errors.js';
import { registerIdempotency } from './idempotency.plugin.js';
import { registerTextInputGuard } from '../text-input.js';
import { registerHttpSecurity } from './security.js';
import { AccessLogController } from './access-log.js';

export type App = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The API as a plugin-style factory: server.ts only listens; tests use inject(). */
export async function buildApp(platform: Platform, projections: readonly Projection[]): Promise<App> {
  const app = Fastify({
    loggerInstance: platform.log as FastifyBaseLogger,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: platform.config.BODY_LIMIT_BYTES,
    // Our ids are at most 36 characters: a longer path segment matches no route (404), never a 5xx.
    routerOptions: { maxParamLength: 100 },
    trustProxy: platform.config.TRUST_PROXY,
    // One access-log line per request, and refusals by a rate limit sampled (access-log.ts).
    logController: new AccessLogController(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, { bodyLimit: platform.config.BODY_LIMIT_BYTES });
  // NUL and lone surrogates: Postgres cannot hold them; refuse with a 400 before any route.
  registerTextInputGuard(app);
  await registerHttpSecurity(app, platform.config, platform.db);
  registerStoreGauges(platform, projections);

  // Read your own writes (read-after-write.ts): note what a command appended, and let a
  // later read wait for the read models to pass it.
  app.addHook('onRequest', (_request, _reply, done) => withWriteTracking(done));
  const readAfter = readAfterGate(
    platform.db,
    projections.map((p) => p.name),
    { maxWaitMs: platform.config.READ_AFTER_MAX_WAIT_MS, maxWaiting: platform.config.READ_AFTER_MAX_WAITING },
  );
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' || !request.url.startsWith('/api/')) return;
    const caughtUp = await readAfter(request.headers[READ_AFTER_HEADER]);
    if (caughtUp !== undefined) reply.header(CAUGHT_UP_HEADER, String(caughtUp));
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    const written = lastWrite();
    if (written) reply.header(READ_AFTER_HEADER, formatReadAfter(written));
  });

  // Idempotency-Key on command routes; its onSend keeps the final answer, so it comes after the one above.
  registerIdempotency(app, { db: platform.db, config: platform.config, log: platform.log });

  // By route pattern, not raw URL: ids must not make a series each.
  app.addHook('onResponse', async (request, reply) => {
    httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  // Probes and the scraper are never rate limited: a 429 would read as "down" and restart a healthy pod.
  app.get('/health', async () => ({ status: 'ok' }));

  app.get('/ready', async (_request, reply) => {
    const result = await checkReadiness(platform, projections);
    return reply.status(result.ready ? 200 : 503).send(result);
  });

  app.get('/metrics', async (_request, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });

  return app;
}
