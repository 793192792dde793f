import { randomUUID } from 'node:crypto';
import {
  ContactRequest,
  ErrorResponse,
  MessageResponse,
  TooManyRequestsResponse,
} from '@goldledger/contracts';
import { metadataOf } from '../platform/http/metadata.js';
import type { App } from '../platform/http/app.js';
import { executeContactCommand } from './contact-commands.js';
import type { SliceDeps } from '../slice-deps.js';

export type ContactRouteDeps = Pick<SliceDeps, 'store' | 'clock' | 'messages'>;

/** The form speaks grams with at most 2 decimals; the domain keeps integer milligrams. */
const toMilligrams = (grams: number) => Math.round(grams * 1000);

/** A short reference the enquirer can quote on the phone. */
const referenceOf = (enquiryId: string) => enquiryId.slice(0, 8).toUpperCase();

/**
 * The acknowledgement repeats nothing the sender typed: the form accepts any address,
 * so echoing a name or message would let anyone send text of their choosing from our
 * domain to a stranger.
 */
const acknowledgement = (enquiryId: string) =>
  [
    'Thank you for contacting GoldLedger.',
    '',
    `We have received your enquiry (reference ${referenceOf(enquiryId)}) and our team will call you on the number you gave us.`,
    'Our branch is open Monday to Saturday, 9:00 AM to 6:00 PM.',
    '',
    'If you did not send this enquiry, you can ignore this email.',
  ].join('\n');

export function registerContactRoutes(app: App, deps: ContactRouteDeps): void {
  app.post(
    '/api/contact',
    {
      // Per IP: stops a script from filling the enquiry list or mailing strangers through us.
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '10 minutes' } },
      schema: {
        body: ContactRequest,
        response: { 200: MessageResponse, 400: ErrorResponse, 429: TooManyRequestsResponse },
      },
    },
    async (request) => {
      const { name, email, gold, phone, message } = request.body;
      const enquiryId = randomUUID();
      await executeContactCommand(
        deps,
        {
          type: 'ReceiveContactMessage',
          enquiryId,
          name,
          email,
          goldMilligrams: toMilligrams(gold),
          phone,
          message,
        },
        metadataOf(request),
      );
      try {
        await deps.messages.send({
          channel: 'email',
          to: email,
          subject: 'We have received your message',
          text: acknowledgement(enquiryId),
          purpose: 'contact_ack',
          correlationId: request.id,
          idempotencyKey: `contact_ack:${enquiryId}`,
        });
      } catch (error) {
        // The enquiry is recorded and reaches staff; a missing acknowledgement must not
        // make the visitor send it again.
        request.log.error({ err: error, enquiryId }, 'contact acknowledgement not queued');
      }
      return { message: 'Message sent successfully!' };
    },
  );
}
