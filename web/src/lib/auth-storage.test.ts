import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY, SIGNED_OUT, readAuthState, writeAuthState } from './auth-storage';

function memoryStorage(initial?: string) {
  const items = new Map<string, string>(initial === undefined ? [] : [[AUTH_STORAGE_KEY, initial]]);
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
    items,
  };
}

const signedIn = {
  user: { _id: 'u1', role: 'customer' as const, email: 'c@demo.local', name: 'Meena' },
  token: 'a.b.c',
  isAuthenticated: true,
};

afterEach(() => vi.restoreAllMocks());

describe('the stored auth state', () => {
  it('restores a signed-in state saved earlier', () => {
    const storage = memoryStorage();
    writeAuthState(signedIn, storage);
    expect(readAuthState(storage)).toEqual(signedIn);
  });

  it('starts signed out when nothing is stored', () => {
    expect(readAuthState(memoryStorage())).toEqual(SIGNED_OUT);
  });

  it.each([
    ['text that is not JSON', '{not json'],
    ['a user without a token', JSON.stringify({ ...signedIn, token: null })],
    ['an unknown role', JSON.stringify({ ...signedIn, user: { ...signedIn.user, role: 'agent' } })],
  ])('logs "Error parsing stored auth state" and starts signed out for %s', (_, stored) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(readAuthState(memoryStorage(stored))).toEqual(SIGNED_OUT);
    expect(log).toHaveBeenCalledWith('Error parsing stored auth state', expect.anything());
  });

  it('removes the key when the state becomes signed out', () => {
    const storage = memoryStorage(JSON.stringify(signedIn));
    writeAuthState(SIGNED_OUT, storage);
    expect(storage.items.has(AUTH_STORAGE_KEY)).toBe(false);
  });
});
