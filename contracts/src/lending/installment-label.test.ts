import { describe, expect, it } from 'vitest';
import {
  installmentLabel,
  installmentPlace,
  installmentPlaceText,
  scheduleUpgradeOf,
} from './installment-label.js';

// A 6-month loan: 1–6; upgraded on 12 Jan 2027 (new schedule 7–9), then on 12 Apr 2027 (10–12).
const upgrades = [
  { level: 1, upgradeDate: '2027-01-12', firstNumber: 7 },
  { level: 2, upgradeDate: '2027-04-12', firstNumber: 10 },
];

describe('an installment’s place', () => {
  it('is its number of the schedule’s count on a loan never upgraded', () => {
    expect(installmentPlace(2, 6, [])).toEqual({ n: 2, of: 6, upgradedOn: null });
    expect(installmentLabel(installmentPlace(6, 6, []))).toBe('Installment 6 of 6');
  });

  it('counts from the upgrade’s new schedule after an upgrade', () => {
    expect(installmentPlace(8, 9, upgrades.slice(0, 1))).toEqual({ n: 2, of: 3, upgradedOn: '2027-01-12' });
    expect(installmentLabel(installmentPlace(8, 9, upgrades.slice(0, 1)))).toBe(
      'Installment 2 of 3 after the upgrade on 12 Jan 2027',
    );
  });

  it('names installment 13 of a 6-month loan by the schedule it belongs to, never "13 of 6"', () => {
    const later = [...upgrades, { level: 3, upgradeDate: '2027-07-12', firstNumber: 13 }];
    expect(installmentPlaceText(installmentPlace(13, 15, later))).toBe(
      '1 of 3 after the upgrade on 12 Jul 2027',
    );
    // Kept (paid) installments of earlier schedules keep their place in those schedules.
    expect(installmentPlace(7, 15, later)).toEqual({ n: 1, of: 3, upgradedOn: '2027-01-12' });
    expect(installmentPlace(3, 15, later)).toEqual({ n: 3, of: 6, upgradedOn: null });
  });

  it('holds a number outside every schedule to its nearest end', () => {
    expect(installmentPlace(14, 12, upgrades)).toEqual({ n: 3, of: 3, upgradedOn: '2027-04-12' });
    expect(installmentPlace(0, 6, [])).toEqual({ n: 1, of: 6, upgradedOn: null });
  });

  it('starts an upgrade’s schedule after the replaced schedule’s highest number', () => {
    const replaced = [{ number: 1 }, { number: 2 }, { number: 7 }, { number: 8 }, { number: 9 }];
    expect(scheduleUpgradeOf(replaced, { level: 2, upgradeDate: '2027-04-12' })).toEqual(upgrades[1]);
  });
});
