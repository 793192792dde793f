import { describe, expect, it } from 'vitest';
import { csvField, istTimestamp } from './audit-log.routes.js';

describe('a CSV field', () => {
  it('is quoted only when it holds a comma, quote or line break', () => {
    expect(csvField('Asha Admin')).toBe('Asha Admin');
    expect(csvField('Rao, Ravi')).toBe('"Rao, Ravi"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(42)).toBe('42');
  });

  it('never starts with something a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+91 98400')).toBe("'+91 98400");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-1')).toBe("'-1");
  });
});

describe('an IST timestamp', () => {
  it('is the instant at +05:30', () => {
    expect(istTimestamp('2026-11-21T04:30:00.000Z')).toBe('2026-11-21T10:00:00.000+05:30');
    expect(istTimestamp('2026-11-21T20:00:00.000Z')).toBe('2026-11-22T01:30:00.000+05:30');
  });
});
