/** The stored auth state lives under this key in local storage (auth-storage.ts reads and checks it). */
export const AUTH_STORAGE_KEY = 'authState';

/**
 * Whether an earlier visit left a session in this browser, without reading it: the
 * public header loads the session code (and its schemas) only then. False on the
 * server and where the browser refuses storage.
 */
export function hasStoredSession(): boolean {
  try {
    return globalThis.localStorage?.getItem(AUTH_STORAGE_KEY) != null;
  } catch {
    return false;
  }
}

/** Calls `listener` when another tab signs in or out. */
export function subscribeStoredSession(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === AUTH_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
