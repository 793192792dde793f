/**
 * Fault tests only: with `FAULT_CRASH_AT=<point>` in its environment, a process kills
 * itself (SIGKILL, nothing flushed or undone) the first time it reaches that point, so a
 * test can stop it exactly between two writes and check what a restart makes of it.
 * Unset everywhere else, where each point is one environment lookup.
 */
export function crashPoint(point: string): void {
  if (process.env.FAULT_CRASH_AT === point) process.kill(process.pid, 'SIGKILL');
}
