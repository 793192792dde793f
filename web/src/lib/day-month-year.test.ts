import { describe, expect, it } from 'vitest';
import { dayMonthYearToIso, isoToDayMonthYear, maskDayMonthYear } from './day-month-year';

describe('dates typed as dd/mm/yyyy', () => {
  it('read 05/01/2027 as 5 January 2027, whatever the browser’s locale', () => {
    expect(dayMonthYearToIso('05/01/2027')).toBe('2027-01-05');
    expect(dayMonthYearToIso('5/1/2027')).toBe('2027-01-05');
    expect(isoToDayMonthYear('2027-01-05')).toBe('05/01/2027');
  });

  it('refuse a date that does not exist or is not whole', () => {
    for (const bad of ['31/02/2027', '29/02/2027', '00/01/2027', '05/13/2027', '05/01/27', '05/01', '']) {
      expect(dayMonthYearToIso(bad), bad).toBeNull();
    }
    expect(dayMonthYearToIso('29/02/2028')).toBe('2028-02-29');
    expect(isoToDayMonthYear('')).toBe('');
    expect(isoToDayMonthYear(null)).toBe('');
  });

  it('put the slashes in as digits are typed, and take pasted separators', () => {
    expect(maskDayMonthYear('0')).toBe('0');
    expect(maskDayMonthYear('050')).toBe('05/0');
    expect(maskDayMonthYear('05012027')).toBe('05/01/2027');
    expect(maskDayMonthYear('050120279')).toBe('05/01/2027');
    expect(maskDayMonthYear('05/01/2027')).toBe('05/01/2027');
    expect(maskDayMonthYear('5/1/2027')).toBe('05/01/2027');
    expect(maskDayMonthYear('05-01-2027')).toBe('05/01/2027');
    expect(maskDayMonthYear('5/')).toBe('05');
    expect(maskDayMonthYear('2027-01-05')).toBe('05/01/2027');
    // Typing on after the slashes the field put in.
    expect(maskDayMonthYear('05/012')).toBe('05/01/2');
    expect(maskDayMonthYear('05/01/20271')).toBe('05/01/2027');
  });
});
