import { useEffect, useState } from 'react';

/**
 * The time in ms, refreshed every `intervalMs` while `active`. Countdowns compare
 * deadlines with it, so a tab that slept (or a test's fast-forwarded clock) catches
 * up at the next tick instead of drifting.
 */
export function useNow(active: boolean, intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
  return now;
}
