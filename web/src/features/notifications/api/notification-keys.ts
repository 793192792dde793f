import type { Key } from 'swr';

/** SWR keys are `[path, ...args, token]`; every notification key starts with this path. */
export const LIST_PATH = '/api/notifications';
export const COUNT_PATH = '/api/notifications/unread-count';

const pathOf = (key: Key): string | undefined =>
  Array.isArray(key) && typeof key[0] === 'string' ? key[0] : undefined;

/** The panel's lists (either filter). */
export const isListKey = (key: Key) => pathOf(key) === LIST_PATH;
/** The list of one filter. */
export const isListKeyOf = (filter: 'all' | 'unread') => (key: Key) =>
  isListKey(key) && Array.isArray(key) && key[1] === filter;
export const isCountKey = (key: Key) => pathOf(key) === COUNT_PATH;
/** Anything the bell shows. */
export const isNotificationKey = (key: Key) => isListKey(key) || isCountKey(key);
