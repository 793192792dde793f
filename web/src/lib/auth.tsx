import { MessageResponse, ValidateResponse } from '@goldledger/contracts';
import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { api, ApiError } from './api-client';
import { authSession } from './auth-session';
import { SIGNED_OUT, type AuthState, type AuthUser } from './auth-storage';

/** A stored token is re-validated every 300000 ms while it exists. */
export const REVALIDATE_MS = 300_000;

export interface AuthContextValue extends AuthState {
  /** True while a session restored from storage is checked with the server after start. */
  loading: boolean;
  login(token: string, user: AuthUser): void;
  /** Ends the session here and on the server, then goes to /login. */
  logout(): void;
  /** Only the server decides: a success status is valid; no token, a refusal or a network error is not. */
  validateToken(token?: string | null): Promise<boolean>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

async function validate(token: string | null | undefined): Promise<boolean> {
  if (!token) return false;
  try {
    await api.get('/api/auth/validate', ValidateResponse, { token });
    return true;
  } catch (error) {
    if (!(error instanceof ApiError)) console.error('Token validation failed', error);
    return false;
  }
}

/** Signs out here, and on the server, which revokes the token so a copy of it stops working. */
export function endSession(): void {
  const token = authSession.get().token;
  authSession.set(SIGNED_OUT);
  if (token) void api.post('/api/auth/logout', undefined, MessageResponse, { token }).catch(() => undefined);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const state = useSyncExternalStore(authSession.subscribe, authSession.get);
  const navigate = useNavigate();
  // The token found in storage at start is checked once before guarded pages trust it.
  const restored = useRef(authSession.get().token);
  const [checking, setChecking] = useState(restored.current !== null);

  useEffect(() => {
    const token = restored.current;
    if (!token) return;
    let live = true;
    void validate(token).then((valid) => {
      if (!valid) authSession.endIfCurrent(token);
      if (live) setChecking(false);
    });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const token = state.token;
    if (!token) return;
    const timer = setInterval(() => {
      void validate(token).then((valid) => {
        if (!valid) authSession.endIfCurrent(token);
      });
    }, REVALIDATE_MS);
    return () => clearInterval(timer);
  }, [state.token]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => authSession.syncFromStorage(event);
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const login = useCallback((token: string, user: AuthUser) => {
    authSession.set({ token, user, isAuthenticated: true });
  }, []);

  const logout = useCallback(() => {
    endSession();
    navigate(paths.login);
  }, [navigate]);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, loading: checking && state.isAuthenticated, login, logout, validateToken: validate }),
    [state, checking, login, logout],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const context = use(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
