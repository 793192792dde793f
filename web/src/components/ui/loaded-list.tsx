import { useState, type ReactNode } from 'react';
import { errorMessage } from '@/lib/api-client';
import { Loading } from './spinner';
import { EmptyState, ErrorState } from './states';

/** What a list fetched with SWR offers: its answer, its error, and a way to fetch it again. */
interface FetchedList<T extends { data: readonly unknown[] }> {
  data?: T;
  error?: unknown;
  mutate: () => unknown;
}

interface LoadedListProps<T extends { data: readonly unknown[] }> {
  list: FetchedList<T>;
  /** What the list holds, in the plural: "refunds" reads "Failed to fetch refunds", "Loading refunds...". */
  what: string;
  empty: { title: ReactNode; description?: ReactNode };
  children: (answer: T) => ReactNode;
}

/**
 * A fetched list's four faces: the error with a Retry, the spinner, the empty state, or the
 * list itself (drawn by `children` once the answer holds at least one row).
 */
export function LoadedList<T extends { data: readonly unknown[] }>({
  list,
  what,
  empty,
  children,
}: LoadedListProps<T>) {
  if (list.error)
    return (
      <ErrorState
        title={`Failed to fetch ${what}`}
        message={errorMessage(list.error, 'Please check your connection and try again.')}
        onRetry={() => void list.mutate()}
      />
    );
  if (!list.data) return <Loading text={`Loading ${what}...`} />;
  if (list.data.data.length === 0) return <EmptyState title={empty.title} description={empty.description} />;
  return <>{children(list.data)}</>;
}

export type Notice = { tone: 'success' | 'error' | 'warning' | 'info'; text: string } | null;

/**
 * A row's action that opens a dialog: the row being acted on, the notice above the list, and
 * `done`, which closes the dialog, says what the server answered and fetches the list again.
 */
export function useRowDialog<T>(refresh: () => unknown) {
  const [target, setTarget] = useState<T | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  return {
    target,
    open: (row: T) => setTarget(row),
    close: () => setTarget(null),
    notice,
    setNotice,
    done: async (message: string) => {
      setTarget(null);
      setNotice({ tone: 'success', text: message });
      await refresh();
    },
  };
}
