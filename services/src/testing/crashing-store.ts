import type { EventStore, NewEvent } from '../platform/event-store/event-store.js';

/** Thrown by a CrashingStore's writes once it has "crashed". */
export class SimulatedCrash extends Error {
  constructor(streamId: string) {
    super(`simulated crash: the process died before appending to ${streamId}`);
    this.name = 'SimulatedCrash';
  }
}

/**
 * The real store, as a process sees it that dies at one point of a command: the first
 * append for which `at` is true, and every append after it, fail without writing (a dead
 * process writes nothing more, not even a compensation). Reads still work, so the test
 * can look at what the dead process left behind through the real store.
 */
export function crashingStore(
  store: EventStore,
  at: (streamId: string, events: readonly NewEvent[]) => boolean,
): EventStore & { crashed: boolean } {
  const crashing: EventStore & { crashed: boolean } = {
    crashed: false,
    async append(...args: Parameters<EventStore['append']>) {
      const [streamId, events] = args;
      if (crashing.crashed || at(streamId, events)) {
        crashing.crashed = true;
        throw new SimulatedCrash(streamId);
      }
      return store.append(...args);
    },
    readStream: (streamId: string) => store.readStream(streamId),
    readAll: (...args: Parameters<EventStore['readAll']>) => store.readAll(...args),
    headPosition: () => store.headPosition(),
    streamVersion: (streamId: string) => store.streamVersion(streamId),
    // Appends inside a transaction crash the same way; the crash rolls the whole transaction back.
    transaction: (work) =>
      store.transaction((inner) =>
        work(
          crashingStore(inner, (id, events) => {
            if (crashing.crashed || at(id, events)) crashing.crashed = true;
            return crashing.crashed;
          }),
        ),
      ),
  };
  return crashing;
}
