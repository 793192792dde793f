import { describe, expect, it } from 'vitest';
import { businessToday } from './business-date';

describe('businessToday', () => {
  it("takes today's date at the branch, in Asia/Kolkata", () => {
    expect(businessToday(new Date('2026-11-20T19:00:00Z'))).toBe('2026-11-21');
    expect(businessToday(new Date('2026-11-20T18:00:00Z'))).toBe('2026-11-20');
  });

  it('reads the visitor clock when no instant is given', () => {
    expect(businessToday()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
