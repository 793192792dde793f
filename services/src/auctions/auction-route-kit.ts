import type { Kysely } from 'kysely';
import { BusinessDate, businessDate } from '@goldledger/contracts';
import type { LendingDeps } from '../lending/loan-commands.js';
import type { MessageSender } from '../messaging/message-port.js';
import type { Config } from '../platform/config.js';
import { DomainError } from '../platform/decider.js';
import type { Database } from '../platform/platform.js';

export interface AuctionRouteDeps extends LendingDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'APPROVALS_OFF_UNTIL_SET'>;
  messages: MessageSender;
  smsTemplates?: Readonly<Record<string, string>>;
}

/**
 * A day from a form: `YYYY-MM-DD`, or an ISO date-time (a date picker's midnight) whose
 * Asia/Kolkata date is meant; without an offset it is read as Asia/Kolkata time.
 */
export function businessDayOf(input: string | null | undefined, label: string): string | null {
  const text = input?.trim();
  if (!text) return null;
  if (BusinessDate.safeParse(text).success) return text;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) {
    const at = new Date(/(?:[zZ]|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text}+05:30`);
    if (!Number.isNaN(at.getTime())) return businessDate(at);
  }
  throw new DomainError(`${label} must be a date (YYYY-MM-DD)`, 'date_invalid');
}
