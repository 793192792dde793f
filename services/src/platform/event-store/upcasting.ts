import type { RecordedEvent } from '@goldledger/contracts';

/** Turns a stored event of any schema version into the shape the code reads today. */
export type Upcaster = (event: RecordedEvent) => RecordedEvent;

export const identityUpcaster: Upcaster = (event) => event;

/**
 * Upcasters per event type, keyed by the version they upgrade FROM. Each step lifts
 * the data by one version; steps chain until no step applies. Stored events are
 * never rewritten: this runs on every read.
 */
export type UpcasterSteps = Record<
  string,
  Record<number, (data: Record<string, unknown>) => Record<string, unknown>>
>;

export function createUpcaster(steps: UpcasterSteps): Upcaster {
  return (event) => {
    const forType = steps[event.type];
    if (!forType) return event;
    let { data, schemaVersion } = event;
    for (let step = forType[schemaVersion]; step; step = forType[schemaVersion]) {
      data = step(data);
      schemaVersion += 1;
    }
    return schemaVersion === event.schemaVersion ? event : { ...event, data, schemaVersion };
  };
}
