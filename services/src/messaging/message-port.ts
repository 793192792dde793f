import { normaliseMobile as normaliseIndianMobile } from '@goldledger/contracts';
import { z } from 'zod';

export class InvalidMessageError extends Error {
  constructor(readonly errors: { path: string; msg: string }[]) {
    super(`Invalid message: ${errors.map((e) => (e.path ? `${e.path}: ${e.msg}` : e.msg)).join('; ')}`);
    this.name = 'InvalidMessageError';
  }
}

/** The 10-digit form of an Indian mobile number, or undefined if it is not one (`normaliseMobile` of the contracts). */
export function normaliseMobile(input: string): string | undefined {
  return normaliseIndianMobile(input) ?? undefined;
}

/**
 * Email addresses are stored lower-cased: every mail system we will meet treats them
 * case-insensitively, and the outbox is searched by recipient.
 */
export function normaliseEmail(input: string): string {
  return input.trim().toLowerCase();
}

/** The stored form of a recipient, for writing and for searching alike. */
export function normaliseRecipient(channel: Channel, to: string): string {
  return channel === 'sms' ? (normaliseMobile(to) ?? to.trim()) : normaliseEmail(to);
}

const emailAddress = z.email('must be an email address');

const outgoingMessageSchema = z
  .object({
    channel: z.enum(['email', 'sms'], 'must be "email" or "sms"'),
    /** An email address, or an Indian mobile number (10 digits; +91, 91 or 0 in front is fine). */
    to: z.string('is required').trim().min(1, 'is required').max(320),
    /** Required for email; SMS providers ignore it. */
    subject: z
      .string()
      .trim()
      .max(300, 'is longer than 300 characters')
      .regex(/^[^\r\n]*$/, 'must be one line')
      .optional(),
    text: z.string('is required').trim().min(1, 'must not be empty').max(100_000),
    html: z.string().max(500_000).optional(),
    /** e.g. 'login_otp', 'staff_welcome', 'payment_reminder' */
    purpose: z
      .string('is required')
      .regex(/^[a-z][a-z0-9_]{0,63}$/, 'must be a snake_case name such as login_otp'),
    /** SMS DLT template id and variables, when the provider needs them. */
    template: z
      .object({
        id: z.string().trim().min(1, 'is required').max(100),
        // Fast2SMS joins the variables with '|', so one containing it would shift the rest.
        variables: z.array(
          z
            .string()
            .max(500)
            .refine((v) => !v.includes('|'), 'must not contain "|"'),
        ),
      })
      .optional(),
    /**
     * One-time codes in the text, html or template variables. They are stored masked
     * where anyone can read the outbox, sealed for the delivery only, and dropped once
     * the message is sent or given up.
     */
    secrets: z.array(z.string().min(4).max(100)).max(5).optional(),
    /** Links the message to the business event that caused it. */
    correlationId: z.string().trim().min(1).max(200).optional(),
    /**
     * Set it when the caller may run twice for the same reason (a scheduler job re-run):
     * a second send with the same key stores nothing and returns the first message's id.
     */
    idempotencyKey: z.string().trim().min(1).max(200).optional(),
  })
  .superRefine((m, ctx) => {
    if (m.channel === 'email') {
      if (!emailAddress.safeParse(m.to).success)
        ctx.addIssue({ code: 'custom', path: ['to'], message: `"${m.to}" is not an email address` });
      if (!m.subject)
        ctx.addIssue({ code: 'custom', path: ['subject'], message: 'is required for an email' });
    } else if (!normaliseMobile(m.to)) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `"${m.to}" is not a 10-digit Indian mobile number`,
      });
    }
  });

/** What the rest of the code hands to the port (the schema is the one source of its shape). */
export type OutgoingMessage = z.input<typeof outgoingMessageSchema>;
export type Channel = OutgoingMessage['channel'];

export interface MessageSender {
  /**
   * Records the message for delivery and returns at once. Throws only for an invalid
   * message (InvalidMessageError); a provider being down is the dispatcher's business.
   */
  send(message: OutgoingMessage): Promise<{ id: string }>;
}

/** Validates and normalises the recipient; throws InvalidMessageError naming what is wrong. */
export function parseOutgoingMessage(input: unknown): OutgoingMessage {
  const parsed = outgoingMessageSchema.safeParse(input);
  if (!parsed.success) {
    throw new InvalidMessageError(
      parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), msg: i.message })),
    );
  }
  const m = parsed.data;
  return { ...m, to: normaliseRecipient(m.channel, m.to) };
}
