import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

/*
 * The public pages' reads (the gold rate, the valuation price, the calculator's quote)
 * without SWR: a small cache keyed by request, shared by every component that asks,
 * with in-flight requests shared and answers kept for a minute. The signed-in areas use
 * SWR; the public pages paint and hydrate without loading it (issue 19, docs/decisions.md).
 */

export interface QueryState<T> {
  data: T | undefined;
  error: unknown;
  isLoading: boolean;
}

interface Entry {
  state: QueryState<unknown>;
  /** When the answer (or the error) came. */
  at: number;
  pending: Promise<void> | null;
}

const MAX_AGE_MS = 60_000;
const LOADING: QueryState<never> = Object.freeze({ data: undefined, error: undefined, isLoading: true });
const IDLE: QueryState<never> = Object.freeze({ data: undefined, error: undefined, isLoading: false });
const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function settle(key: string, state: QueryState<unknown>): void {
  entries.set(key, { state, at: performance.now(), pending: null });
  for (const listener of listeners) listener();
}

/** Asks unless a fresh answer or a request for `key` is already there. */
function load(key: string, fetcher: () => Promise<unknown>): void {
  const entry = entries.get(key);
  if (entry?.pending || (entry && performance.now() - entry.at < MAX_AGE_MS)) return;
  const pending = fetcher().then(
    (data) => settle(key, { data, error: undefined, isLoading: false }),
    (error: unknown) => settle(key, { data: undefined, error, isLoading: false }),
  );
  entries.set(key, { state: entry?.state ?? LOADING, at: entry?.at ?? 0, pending });
}

/**
 * The answer for `key` (null: nothing to ask). The server render and the first render
 * of a prerendered page both say "loading", so the page hydrates as it was rendered.
 * With `keepPrevious`, the last answer stays while the next key loads.
 */
export function usePublicQuery<T>(
  key: string | null,
  fetcher: () => Promise<T>,
  options: { keepPrevious?: boolean } = {},
): QueryState<T> {
  const state = useSyncExternalStore(
    subscribe,
    () => (key === null ? IDLE : (entries.get(key)?.state ?? LOADING)),
    () => (key === null ? IDLE : LOADING),
  ) as QueryState<T>;
  const fetcherRef = useRef(fetcher);
  useEffect(() => {
    fetcherRef.current = fetcher;
  });
  useEffect(() => {
    if (key !== null) load(key, () => fetcherRef.current());
  }, [key]);
  // The last answer this component showed (React's "information from previous renders").
  const [previous, setPrevious] = useState<T | undefined>(undefined);
  if (state.data !== undefined && state.data !== previous) setPrevious(state.data);
  if (options.keepPrevious && state.data === undefined && state.isLoading && previous !== undefined) {
    return { ...state, data: previous };
  }
  return state;
}
