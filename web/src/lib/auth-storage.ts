import { SessionUser } from '@goldledger/contracts';
import { z } from 'zod';
import { AUTH_STORAGE_KEY } from './stored-session';

export { AUTH_STORAGE_KEY } from './stored-session';

const StoredAuthState = z.object({
  user: SessionUser.nullable(),
  token: z.string().min(1).nullable(),
  isAuthenticated: z.boolean(),
});
export type AuthState = z.infer<typeof StoredAuthState>;
export type AuthUser = z.infer<typeof SessionUser>;

export const SIGNED_OUT: AuthState = Object.freeze({ user: null, token: null, isAuthenticated: false });

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Local storage, or nothing when the browser refuses it (some private modes): then sessions last a tab. */
function browserStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * The state saved by an earlier visit. Anything that does not parse, or says "signed
 * in" without both a user and a token, is logged and the app starts signed out.
 */
export function readAuthState(storage: Storage | null = browserStorage()): AuthState {
  const raw = storage?.getItem(AUTH_STORAGE_KEY) ?? null;
  if (raw === null) return SIGNED_OUT;
  try {
    const state = StoredAuthState.parse(JSON.parse(raw));
    if (!state.isAuthenticated) return SIGNED_OUT;
    if (!state.user || !state.token) throw new Error('signed in without a user or a token');
    return state;
  } catch (error) {
    console.error('Error parsing stored auth state', error);
    return SIGNED_OUT;
  }
}

/** Saves a signed-in state; a signed-out one removes the key (logout clears the stored state). */
export function writeAuthState(state: AuthState, storage: Storage | null = browserStorage()): void {
  try {
    if (state.isAuthenticated) storage?.setItem(AUTH_STORAGE_KEY, JSON.stringify(state));
    else storage?.removeItem(AUTH_STORAGE_KEY);
  } catch (error) {
    // Quota or privacy settings: the session still works in this tab.
    console.error('Could not save the auth state', error);
  }
}
