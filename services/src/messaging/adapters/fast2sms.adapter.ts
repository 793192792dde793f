import { z } from 'zod';
import { PermanentDeliveryError, type DeliveryAdapter } from './delivery-adapter.js';

export interface Fast2SmsAdapterOptions {
  /** The bulk API endpoint; tests point it at a local stand-in. */
  url: string;
  apiKey: string;
  /** The DLT-registered sender id (header). */
  senderId: string;
  timeoutMs: number;
}

// What the API answers, success and failure alike. `message` is a list on success and
// a sentence on failure; anything else it sends is ignored.
const answerSchema = z.object({
  return: z.boolean(),
  request_id: z.string().optional(),
  status_code: z.number().optional(),
  message: z.union([z.string(), z.array(z.string())]).optional(),
});

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}

/**
 * Indian SMS must go out on a DLT-registered template: the API takes the template's
 * Fast2SMS message id and the values of its variables, not free text. The stored body
 * is the rendered text, kept for the outbox list.
 */
export function createFast2SmsAdapter(options: Fast2SmsAdapterOptions): DeliveryAdapter {
  return {
    provider: 'fast2sms',
    async deliver(m) {
      if (!m.template)
        throw new PermanentDeliveryError('Fast2SMS sends only DLT templates, and this SMS has no template');
      const form = new URLSearchParams({
        route: 'dlt',
        sender_id: options.senderId,
        message: m.template.id,
        variables_values: m.template.variables.join('|'),
        numbers: m.recipient,
        flash: '0',
      });
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: 'POST',
          headers: {
            authorization: options.apiKey,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: form,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new Error(`Fast2SMS could not be reached: ${describe(error)}`, { cause: error });
      }
      const raw = await response.text().catch(() => '');
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        json = undefined;
      }
      const answer = answerSchema.safeParse(json);
      if (response.ok && answer.success && answer.data.return) {
        return { providerMessageId: answer.data.request_id ?? null };
      }
      const said = answer.success ? [answer.data.message ?? ''].flat().join(' ') : raw.slice(0, 300);
      const code = answer.success && answer.data.status_code ? `, code ${answer.data.status_code}` : '';
      throw new Error(
        `Fast2SMS refused the SMS (HTTP ${response.status}${code}): ${said || 'no reason given'}`,
      );
    },
  };
}
