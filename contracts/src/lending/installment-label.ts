import { z } from 'zod';
import { formatBusinessDate } from '../operations/display.js';
import { BusinessDate } from './dates.js';

/**
 * Where a rate upgrade's new schedule starts. An upgrade keeps the installments already
 * paid and numbers the new ones on from the old schedule's last (numbers are never reused:
 * receipts and due-date events name them), so a 6-month loan upgraded twice has an
 * installment 13. People read the place in the schedule in force instead: "2 of 3 after
 * the upgrade on 12 Jan 2027".
 */
export const ScheduleUpgrade = z.object({
  level: z.number().int().positive(),
  upgradeDate: BusinessDate,
  /** The new schedule's first installment number. */
  firstNumber: z.number().int().positive(),
});
export type ScheduleUpgrade = z.infer<typeof ScheduleUpgrade>;

/** An installment's place: the `n`th of the `of` installments of its schedule. */
export const InstallmentPlace = z.object({
  n: z.number().int().positive(),
  of: z.number().int().positive(),
  /** The day of the upgrade that made the schedule; null for the loan's original schedule. */
  upgradedOn: BusinessDate.nullable(),
});
export type InstallmentPlace = z.infer<typeof InstallmentPlace>;

/**
 * The upgrade an event `RateUpgraded` makes of the schedule it replaces: its installments
 * start after the replaced schedule's highest number (as the decider numbers them).
 */
export function scheduleUpgradeOf(
  replaced: readonly { number: number }[],
  upgrade: { level: number; upgradeDate: string },
): ScheduleUpgrade {
  return {
    level: upgrade.level,
    upgradeDate: upgrade.upgradeDate,
    firstNumber: Math.max(0, ...replaced.map((i) => i.number)) + 1,
  };
}

/**
 * The place of installment `number` in the schedule it belongs to. Schedules run from one
 * upgrade's first number to the next one's; the last runs to `lastNumber` (the current
 * schedule's last installment). A number outside every schedule (none should be) is held
 * to the nearest end, so the place is always `1 ≤ n ≤ of`.
 */
export function installmentPlace(
  number: number,
  lastNumber: number,
  upgrades: readonly ScheduleUpgrade[],
): InstallmentPlace {
  const sorted = [...upgrades].sort((a, b) => a.firstNumber - b.firstNumber);
  const segments = [
    { first: 1, upgradedOn: null as string | null },
    ...sorted.map((u) => ({ first: u.firstNumber, upgradedOn: u.upgradeDate as string | null })),
  ];
  let k = 0;
  while (k + 1 < segments.length && segments[k + 1]!.first <= number) k++;
  const { first, upgradedOn } = segments[k]!;
  const next = segments[k + 1];
  const end = next ? next.first - 1 : Math.max(first, lastNumber);
  const of = Math.max(1, end - first + 1);
  const n = Math.min(of, Math.max(1, number - first + 1));
  return { n, of, upgradedOn };
}

/** `2 of 3 after the upgrade on 12 Jan 2027`, or `2 of 6` on the original schedule. */
export function installmentPlaceText(place: InstallmentPlace): string {
  const base = `${place.n} of ${place.of}`;
  return place.upgradedOn ? `${base} after the upgrade on ${formatBusinessDate(place.upgradedOn)}` : base;
}

/** `Installment 2 of 3 after the upgrade on 12 Jan 2027`: cards, reminders, documents. */
export function installmentLabel(place: InstallmentPlace): string {
  return `Installment ${installmentPlaceText(place)}`;
}
