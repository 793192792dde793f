import type { DeliveryAdapter } from './delivery-adapter.js';

/**
 * The default for both channels: the stored row is the delivery. Demo and tests read
 * messages (OTPs included) from the table, and admins see them in the outbox list.
 */
export function createOutboxAdapter(): DeliveryAdapter {
  return {
    provider: 'outbox',
    async deliver() {
      return { providerMessageId: null };
    },
  };
}
