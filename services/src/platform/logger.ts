import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';

export type Logger = PinoLogger;

/**
 * What never reaches a log line, wherever it sits: a URL (the seeds' paths carry the
 * Aadhar number, searches a mobile or an email), a body, an error's message or stack.
 * Applied to each finished line, so no serializer or caller can forget it.
 * Boundaries: a run of digits counts only whole (not inside a longer number, a decimal
 * or an id like a UUID), so times, amounts and ids stay readable.
 */
const DIGITS_BEFORE = String.raw`(?<![\w.-])`;
const DIGITS_AFTER = String.raw`(?![\w-])`;
const SEP = String.raw`(?:[ -]|%20|\+)?`;
const REDACTIONS: ReadonlyArray<readonly [RegExp, string]> = [
  // Emails, also URL-encoded (meena%40example.com).
  [/[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g, '[email]'],
  // Indian mobiles with the country code: +91 98765 43210, %2B919876543210, 0091…
  [new RegExp(String.raw`(?:\+|%2B|\b00)91${SEP}\d{5}${SEP}\d{5}${DIGITS_AFTER}`, 'g'), '[mobile]'],
  // Aadhar numbers: 12 digits, or 4-4-4 with spaces or dashes.
  [new RegExp(`${DIGITS_BEFORE}\\d{4}${SEP}\\d{4}${SEP}\\d{4}${DIGITS_AFTER}`, 'g'), '[aadhar]'],
  // Mobiles: 10 digits starting 6-9, or 5+5 spaced.
  [new RegExp(`${DIGITS_BEFORE}[6-9]\\d{4}${SEP}\\d{5}${DIGITS_AFTER}`, 'g'), '[mobile]'],
  // Codes (6 digits, OTP_POLICY.digits) by their field or their words: "otp":"123456",
  // code=123456, "Your code is 123456", "OTP: 123456". A Postgres error code (5) stays.
  [/((?:otp|code|passcode|pin)(?:\\?["'])?\s*[:=]\s*(?:\\?["'])?)\d{6}(?!\d)/gi, '$1[code]'],
  [/\b((?:otp|code|passcode|pin)(?:\s+is)?[\s:]+)\d{6}(?!\d)/gi, '$1[code]'],
  [/(?<![\w.-])\d{6}(\s+is\s+your\b)/gi, '[code]$1'],
];

export function redactSecrets(line: string): string {
  let out = line;
  for (const [pattern, replacement] of REDACTIONS) out = out.replace(pattern, replacement);
  return out;
}

/** A destination that writes each line redacted; flushing passes through. */
function redacting(destination: DestinationStream): DestinationStream {
  const target = destination as DestinationStream & {
    flush?: (cb?: () => void) => void;
    flushSync?: () => void;
  };
  return Object.assign(Object.create(null) as object, {
    write: (line: string) => target.write(redactSecrets(line)),
    ...(target.flush ? { flush: (cb?: () => void) => target.flush!(cb) } : {}),
    ...(target.flushSync ? { flushSync: () => target.flushSync!() } : {}),
  }) as DestinationStream;
}

/** The process's logger: JSON lines to stdout (or `destination`), secrets redacted (redactSecrets). */
export function createLogger(
  level: string,
  bindings: Record<string, unknown> = {},
  destination: DestinationStream = pino.destination(1),
): Logger {
  return pino({ level, base: { pid: process.pid, ...bindings } }, redacting(destination));
}
