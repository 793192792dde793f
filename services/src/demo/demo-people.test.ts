import { describe, expect, it } from 'vitest';
import { aadharFor, customerProfile, mobileFor } from './demo-people.js';
import { Rng } from './rng.js';

const CUSTOMERS = 100_000;

describe('demo customers', () => {
  it('have unique 12-digit Aadhar numbers that start with 2-9 and miss the demo accounts', () => {
    const seen = new Set<string>();
    for (let i = 0; i < CUSTOMERS; i++) seen.add(aadharFor(i));
    expect(seen.size).toBe(CUSTOMERS);
    expect([...seen].filter((a) => !/^[2-9]\d{11}$/.test(a))).toEqual([]);
    for (const demo of ['400000000001', '400000000002', '500000000003']) expect(seen.has(demo)).toBe(false);
  });

  it("have unique mobiles starting 6-9, none of them the demo accounts' 9000000001-3", () => {
    const seen = new Set<string>();
    for (let slot = 0; slot < 3 * CUSTOMERS; slot++) seen.add(mobileFor(slot));
    expect(seen.size).toBe(3 * CUSTOMERS);
    const wrong = [...seen].filter(
      (m) => !/^[6-9]\d{9}$/.test(m) || (m >= '9000000000' && m <= '9000000099'),
    );
    expect(wrong).toEqual([]);
  });

  it('have distinct own, second and emergency-contact numbers and the same profile for the same seed', () => {
    const a = customerProfile(42, new Rng(7));
    expect(customerProfile(42, new Rng(7))).toEqual(a);
    const mobiles = [a.primaryMobile, a.secondaryMobile, a.emergencyContact.mobile].filter(Boolean);
    expect(new Set(mobiles).size).toBe(mobiles.length);
  });
});
