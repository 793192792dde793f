import type { ReminderListResponse } from '@goldledger/contracts';
import type { z } from 'zod';

export type ReminderItem = z.infer<typeof ReminderListResponse>['data'][number];
export type ReminderTab = 'upcoming' | 'overdue';

/** The upcoming list's windows, 7 days unless chosen otherwise. */
export const DAY_WINDOWS = [3, 7, 14, 30] as const;
export type DayWindow = (typeof DAY_WINDOWS)[number];
export const DEFAULT_DAY_WINDOW: DayWindow = 7;

/** Every key this feature reads starts with this: one revalidation after a send refreshes them all. */
export const isReminderKey = (key: unknown) =>
  Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('/api/notifications/');
