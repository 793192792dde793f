import type { RecordedEvent } from '@goldledger/contracts';

/** At most this many ids on one log line; `correlationIdsMore` counts the rest. */
const MAX_IDS = 20;

/**
 * The correlation ids of a batch of events, for one structured log line. An event's
 * correlation id is the API request id that caused it (or `job-run:<id>`), so
 * searching the logs of api, relay and projector for one id follows a request
 * from its HTTP answer to the read model.
 */
export function batchLogFields(events: readonly RecordedEvent[]): {
  events: number;
  from: string;
  to: string;
  correlationIds: string[];
  correlationIdsMore?: number;
} {
  const ids = [...new Set(events.map((e) => e.metadata.correlationId).filter((id): id is string => !!id))];
  return {
    events: events.length,
    from: events[0]?.position.globalPosition ?? '',
    to: events.at(-1)?.position.globalPosition ?? '',
    correlationIds: ids.slice(0, MAX_IDS),
    ...(ids.length > MAX_IDS ? { correlationIdsMore: ids.length - MAX_IDS } : {}),
  };
}
