import { describe, expect, it } from 'vitest';
import { LoanEvents } from '@goldledger/contracts';
import { spec, created, after } from '../../testing/loan-decider-fixtures.js';

describe('rate upgrades', () => {
  const scheduler = { type: 'scheduler' as const, id: null, name: 'Scheduler' };
  it('wait for maturity, then climb the ladder every 3 months to 36 %', () => {
    spec.given(created).when({ type: 'UpgradeRate', today: '2026-07-30', upgradedBy: scheduler }).then([]);
    // Maturity is 31 July: the customer has that whole day to pay.
    spec.given(created).when({ type: 'UpgradeRate', today: '2026-07-31', upgradedBy: scheduler }).then([]);
    let events = after(created, { type: 'UpgradeRate', today: '2026-08-15', upgradedBy: scheduler });
    const first = LoanEvents.RateUpgraded.parse(events.at(-1)!.data);
    expect(first).toMatchObject({
      level: 1,
      upgradeDate: '2026-07-31',
      previousRateBps: 1800,
      newRateBps: 2400,
    });
    expect(first.nextUpgradeDate).toBe('2026-10-31');
    expect(first.installments.map((i) => i.dueDate)).toEqual(['2026-08-31', '2026-09-30', '2026-10-31']);
    expect(first.newTotalPaymentPaise).toBeGreaterThan(first.previousTotalPaymentPaise);
    // 31 Jan 2027 is a Sunday: the rate rises only after Monday 1 Feb.
    spec
      .given(after(events, { type: 'UpgradeRate', today: '2026-11-01', upgradedBy: scheduler }))
      .when({ type: 'UpgradeRate', today: '2027-02-01', upgradedBy: scheduler })
      .then([]);
    for (const date of ['2026-11-01', '2027-02-02']) {
      events = after(events, { type: 'UpgradeRate', today: date, upgradedBy: scheduler });
    }
    const last = LoanEvents.RateUpgraded.parse(events.at(-1)!.data);
    expect(last).toMatchObject({ level: 3, newRateBps: 3600, nextUpgradeDate: null });
    spec.given(events).when({ type: 'UpgradeRate', today: '2027-06-01', upgradedBy: scheduler }).then([]);
    spec
      .given(events)
      .when({
        type: 'UpgradeRate',
        today: '2027-06-01',
        upgradedBy: { type: 'admin', id: 'a', name: 'Asha' },
      })
      .thenThrows('This loan has reached the final upgrade level (36%).');
  });
});
