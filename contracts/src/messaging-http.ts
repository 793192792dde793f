import { z } from 'zod';

export const OutboxQuery = z.object({
  to: z.string().trim().min(1).max(320).optional(),
  channel: z.enum(['email', 'sms']).optional(),
  status: z.enum(['queued', 'sending', 'sent', 'failed', 'dead']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  before: z.uuid().optional(),
});

export const OutboxEntryResponse = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  purpose: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  provider: z.string().nullable(),
  createdAt: z.date(),
  sentAt: z.date().nullable(),
});

export const OutboxListResponse = z.object({ data: z.array(OutboxEntryResponse) });
