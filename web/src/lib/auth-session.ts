import { AUTH_STORAGE_KEY, SIGNED_OUT, readAuthState, writeAuthState, type AuthState } from './auth-storage';

/**
 * The signed-in state, outside React so the API client reads the current token
 * synchronously (a request fired in the same tick as a sign-in already carries it).
 * React reads it through useSyncExternalStore in the AuthProvider.
 */
let current: AuthState | undefined;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export const authSession = {
  get(): AuthState {
    current ??= readAuthState();
    return current;
  },
  /** Every change is saved: a signed-out state removes the stored one. */
  set(next: AuthState): void {
    current = next;
    writeAuthState(next);
    notify();
  },
  /** Ends the session if `token` is still the one in use (a late answer must not end a newer session). */
  endIfCurrent(token: string): void {
    if (this.get().token === token) this.set(SIGNED_OUT);
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Another tab signed in or out: follow it. */
  syncFromStorage(event: StorageEvent): void {
    if (event.key !== null && event.key !== AUTH_STORAGE_KEY) return;
    current = readAuthState();
    notify();
  },
};
