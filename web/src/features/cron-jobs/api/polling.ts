/** While a run is going, the screen asks again this often until it ends. */
export const RUNNING_REFRESH_MS = 1_000;

/**
 * While a run is going the screen asks every second. The interval handed to SWR is a
 * number that changes only when running starts or stops (state set from the data): a
 * function, or a value new on every render, would restart SWR's timer at each render
 * (the running card re-renders every second) and it would never fire.
 */
export const pollingMs = (running: boolean) => (running ? RUNNING_REFRESH_MS : 0);
