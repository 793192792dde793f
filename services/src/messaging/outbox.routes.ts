import type { Kysely } from 'kysely';
import { OutboxListResponse, OutboxQuery } from '@goldledger/contracts';
import type { App } from '../platform/http/app.js';
import { listOutbox } from './outbox-queries.js';

/**
 * Admins read the outbox (what was sent, to whom, with what outcome). With
 * OUTBOX_API=1, outside production, anyone may read it by recipient: that is how
 * tests and a demo receive their sign-in codes.
 */
export function registerOutboxRoutes(app: App, options: { db: Kysely<any>; devApi: boolean }): void {
  const route = { schema: { querystring: OutboxQuery, response: { 200: OutboxListResponse } } };
  app.get('/api/admin/outbox', { ...route, config: { access: ['admin'] } }, async (request) => ({
    data: await listOutbox(options.db, request.query),
  }));
  if (options.devApi) {
    app.get(
      '/api/dev/outbox',
      { ...route, config: { access: 'public', rateLimit: false } },
      async (request) => ({
        data: await listOutbox(options.db, request.query),
      }),
    );
  }
}
