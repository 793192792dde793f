import { describe, expect, it } from 'vitest';
import {
  formatAnnualRate,
  formatCountdown,
  formatDate,
  formatDateTime,
  formatGrams,
  formatLongDate,
  formatMoney,
  formatNumber,
  formatRelativeTime,
  formatStatus,
} from './format';

describe('money', () => {
  it('shows rupees with Indian grouping and no decimals', () => {
    expect(formatMoney(100000)).toBe('₹1,00,000');
    expect(formatMoney(5000000)).toBe('₹50,00,000');
    expect(formatMoney(0)).toBe('₹0');
  });

  it('rounds half away from zero, as the server does', () => {
    expect(formatMoney(1234567.5)).toBe('₹12,34,568');
    expect(formatMoney(-500.5)).toBe('-₹501');
  });
});

describe('numbers', () => {
  it('groups the Indian way and keeps two decimals at most', () => {
    expect(formatNumber(12345678.456)).toBe('1,23,45,678.46');
    expect(formatAnnualRate(7.5)).toBe('7.5% p.a.');
    expect(formatGrams(10.25)).toBe('10.25 g');
  });
});

describe('dates', () => {
  it('writes a business date as it is, whatever the time zone', () => {
    expect(formatDate('2026-01-05')).toBe('05/01/2026');
    expect(formatLongDate('2026-11-21')).toBe('21 Nov 2026');
  });

  it('reads an instant in Asia/Kolkata, where 20:00 UTC is already the next day', () => {
    expect(formatDate('2026-11-21T20:00:00Z')).toBe('22/11/2026');
    expect(formatDateTime('2026-11-21T20:00:00Z')).toBe('22/11/2026, 1:30 am');
  });

  it('shows an em dash for a missing or unreadable date', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });
});

describe('relative times', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('says "Just now" under an hour, then hours, then days', () => {
    expect(formatRelativeTime('2026-11-21T11:01:00Z', now)).toBe('Just now');
    expect(formatRelativeTime('2026-11-21T11:00:00Z', now)).toBe('1 hour ago');
    expect(formatRelativeTime('2026-11-21T00:00:00Z', now)).toBe('12 hours ago');
    expect(formatRelativeTime('2026-11-19T12:00:00Z', now)).toBe('2 days ago');
  });
});

describe('small text helpers', () => {
  it('counts down as m:ss', () => {
    expect(formatCountdown(180)).toBe('3:00');
    expect(formatCountdown(59.2)).toBe('1:00');
    expect(formatCountdown(-3)).toBe('0:00');
  });

  it('capitalises statuses', () => {
    expect(formatStatus('active')).toBe('Active');
    expect(formatStatus('ready_for_auction')).toBe('Ready for auction');
  });
});
