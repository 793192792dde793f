// What the load driver sends and records: a command's kind, outcome and ids, and where it goes.

export type CommandKind = 'register-customer' | 'verify-customer' | 'create-loan' | 'record-payment';

/**
 * acked: answered 2xx — it must be in the store exactly once and in the read models.
 * rejected: answered 4xx — the product said no; it must have changed nothing.
 * failed: no answer, or 5xx — unknown outcome; it must be all there (once) or not at all.
 */
export type Outcome = 'acked' | 'rejected' | 'failed';

export interface CommandRecord {
  kind: CommandKind;
  requestId: string;
  /** False while the request is in flight. */
  done: boolean;
  /** Label of the API process that took (or lost) the request. */
  api: string;
  outcome: Outcome;
  status: number | undefined;
  error: string | undefined;
  /** What the command is about: known before sending (loan, customer) or from the answer. */
  ids: { customerUuid?: string; loanUuid?: string; paymentId?: string; aadhar?: string };
  startedAt: number;
  endedAt: number;
  /** A re-send of an unanswered command (its request id). */
  retryOf?: string;
}

export interface ApiEndpoint {
  label: string;
  url: string;
}

export interface StaffLogin {
  mobile: string;
  token: string;
}

export interface LoadOptions {
  /** The API processes to spread requests over (looked up per request: a killed one stays in the list). */
  apis: () => readonly ApiEndpoint[];
  staff: readonly StaffLogin[];
  /** Requests started per second, all kinds together. */
  ratePerSecond: number;
  concurrency: number;
  /** Per-request time limit. */
  timeoutMs?: number;
}
