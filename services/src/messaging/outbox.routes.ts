import { OutboxListResponse, OutboxQuery } from '@goldledger/contracts';
import { ADMIN_READERS } from '../identity/access.plugin.js';
import type { App } from '../platform/http/app.js';
import type { SliceDeps } from '../slice-deps.js';
import { listDevOutbox, listOutbox } from './outbox-queries.js';

/**
 * Admins (and auditors) read the outbox (what was sent, to whom, with what outcome), with one-time
 * codes masked. With OUTBOX_API=1, outside production, anyone may read it by recipient,
 * codes included: that is how tests and a demo receive their sign-in codes.
 */
export function registerOutboxRoutes(app: App, { db, config }: Pick<SliceDeps, 'db' | 'config'>): void {
  const route = { schema: { querystring: OutboxQuery, response: { 200: OutboxListResponse } } };
  app.get('/api/admin/outbox', { ...route, config: { access: ADMIN_READERS } }, async (request) => ({
    data: await listOutbox(db, request.query),
  }));
  if (config.OUTBOX_API && config.NODE_ENV !== 'production') {
    app.get(
      '/api/dev/outbox',
      { ...route, config: { access: 'public', rateLimit: false } },
      async (request) => ({
        data: await listDevOutbox(db, request.query),
      }),
    );
  }
}
