/*
 * The API's refusals as errors. No schema library here: the public pages use these
 * without loading zod (issue 19); the error body's fields are read only when they have
 * the type the API gives them, and anything else is ignored.
 */

/** A field of the API's error body (services/src/platform/http/errors.ts), if it has that type. */
function field<T extends 'string' | 'number'>(
  body: unknown,
  name: string,
  type: T,
): (T extends 'string' ? string : number) | undefined {
  const value =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === type ? (value as T extends 'string' ? string : number) : undefined;
}

/** The server answered with an error status (or with a body that breaks the contract). */
export class ApiError extends Error {
  /** The server's own words, when it gave any: screens show these before their fallback. */
  readonly serverMessage: string | undefined;
  readonly code: string | undefined;
  /** Seconds to wait, on 429 (OTP resend cooldown, rate limits). */
  readonly timeLeft: number | undefined;
  readonly attemptsLeft: number | undefined;

  constructor(
    readonly status: number,
    readonly body: unknown,
    fallback = `Request failed (${status})`,
  ) {
    const message = field(body, 'message', 'string');
    super(message ?? fallback);
    this.name = 'ApiError';
    this.serverMessage = message;
    this.code = field(body, 'code', 'string');
    this.timeLeft = field(body, 'timeLeft', 'number');
    this.attemptsLeft = field(body, 'attemptsLeft', 'number');
  }
}

/** No answer at all: offline, DNS, connection refused. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network error', { cause });
    this.name = 'NetworkError';
  }
}

/**
 * Maker-checker (202 `Sent for approval`): the command was stored for another admin to
 * approve and nothing has changed yet. Not a failure, but not the answer the screen
 * asked for either: screens that can, say so as news; the rest show its message.
 */
export class SentForApproval extends Error {
  constructor(readonly approvalId: string) {
    super(
      'Sent for approval: nothing changes until another admin approves it. Its status is under Approvals.',
    );
    this.name = 'SentForApproval';
  }
}

/** The server's message when it sent one, otherwise the screen's own wording. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof SentForApproval) return error.message;
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
