import { ApiError, NetworkError, SentForApproval } from '@/lib/api-client';

export const NETWORK_ERROR = 'Network error. Please try again.';

/**
 * What to show for a failed call, one line each (a multi-line error is listed
 * as bullets): the server's `errors[]` messages, else its message, else the seeds' text.
 */
export function errorLines(error: unknown, fallback: string): string[] {
  if (error instanceof NetworkError) return [NETWORK_ERROR];
  if (error instanceof SentForApproval) return [error.message];
  if (!(error instanceof ApiError)) return [fallback];
  const body = error.body as { errors?: unknown } | null;
  if (body && Array.isArray(body.errors)) {
    const lines = [
      ...new Set(
        body.errors
          .map((e: unknown) => (e && typeof e === 'object' && 'msg' in e ? String(e.msg) : ''))
          .filter((m) => m !== ''),
      ),
    ];
    if (lines.length > 0) return lines;
  }
  return [error.serverMessage ?? fallback];
}
