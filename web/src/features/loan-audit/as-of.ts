/**
 * Which events a replay covers: the first `eventCount` in stream order (the server replays
 * a prefix when times rise with the stream, which they do). Pure, for the timeline's marks.
 */
export function isCovered(version: number, eventCount: number | undefined): boolean | undefined {
  return eventCount === undefined ? undefined : version <= eventCount;
}
