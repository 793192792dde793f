/**
 * The as-of pickers (a loan's replay, the vault register): a `datetime-local` value (the
 * browser's time zone, to the second) to and from an instant.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-11-21T10:30:15` for an instant, in the browser's time zone. */
export function toLocalInputValue(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}

/**
 * The instant a `datetime-local` value names, as ISO; null when empty or unreadable. A value
 * without seconds means the end of that minute, so the events of that minute are in.
 */
export function fromLocalInputValue(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  const withSeconds = s !== undefined;
  const at = new Date(+y!, +mo! - 1, +d!, +h!, +mi!, withSeconds ? +s! : 59, 999);
  if (Number.isNaN(at.getTime()) || at.getMonth() !== +mo! - 1) return null;
  return at.toISOString();
}
