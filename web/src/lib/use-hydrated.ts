import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while a prerendered page is being hydrated (and in the prerender itself), true once
 * React owns the page. A form prerendered at build is disabled until then: typed before
 * hydration, its text would be lost, and a press of its button would submit natively.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
