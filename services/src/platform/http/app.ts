import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Projection } from '@goldledger/projections';
import { registry } from '../metrics.js';
import type { Platform } from '../platform.js';
import { checkReadiness, registerStoreGauges } from '../readiness.js';
import { registerErrorHandler } from './errors.js';

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
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerStoreGauges(platform, projections);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

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
