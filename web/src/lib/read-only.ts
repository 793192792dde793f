import { useAuth } from './auth';

/**
 * True for an auditor: they read the admin console's pages, and every button that would
 * change something is left out. The server refuses their writes (403) whatever the screen shows.
 */
export function useReadOnly(): boolean {
  return useAuth().user?.role === 'auditor';
}
