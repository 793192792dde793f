import { describe, expect, it } from 'vitest';
import { fromLocalInputValue, toLocalInputValue } from '@/lib/local-date-time';
import { isCovered } from './as-of';

describe('the as-of picker', () => {
  it('round-trips an instant through the datetime-local value, to the second', () => {
    const at = new Date('2026-03-14T08:15:42.123Z');
    const value = toLocalInputValue(at);
    expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    // Seconds picked are taken to their end, so every event of that second is in.
    expect(fromLocalInputValue(value)).toBe('2026-03-14T08:15:42.999Z');
  });

  it('takes a value without seconds as the end of that minute', () => {
    const iso = fromLocalInputValue('2026-03-14T10:05')!;
    const back = new Date(iso);
    expect([back.getHours(), back.getMinutes(), back.getSeconds(), back.getMilliseconds()]).toEqual([
      10, 5, 59, 999,
    ]);
  });

  it('refuses an empty or impossible value', () => {
    expect(fromLocalInputValue('')).toBeNull();
    expect(fromLocalInputValue('yesterday')).toBeNull();
    expect(fromLocalInputValue('2026-02-30T10:00')).toBeNull();
  });

  it('marks which events a replay covers, and says nothing without one', () => {
    expect(isCovered(3, 5)).toBe(true);
    expect(isCovered(5, 5)).toBe(true);
    expect(isCovered(6, 5)).toBe(false);
    expect(isCovered(1, undefined)).toBeUndefined();
  });
});
