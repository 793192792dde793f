import client from 'prom-client';

/** One registry per process; projections register their own metrics on the same default one. */
export const registry = client.register;

let defaultsStarted = false;
export function collectDefaultMetrics(): void {
  if (defaultsStarted) return;
  defaultsStarted = true;
  client.collectDefaultMetrics({ register: registry, prefix: 'goldledger_' });
}

function once<T extends client.Metric<string>>(name: string, make: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? make();
}

export const eventsAppended = once(
  'goldledger_events_appended_total',
  () =>
    new client.Counter({
      name: 'goldledger_events_appended_total',
      help: 'Events appended to the store',
      labelNames: ['stream_type'] as const,
    }),
);

export const appendDuration = once(
  'goldledger_append_duration_seconds',
  () =>
    new client.Histogram({
      name: 'goldledger_append_duration_seconds',
      help: 'Latency of one append (one transaction)',
      buckets: [0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    }),
);

export const appendConflicts = once(
  'goldledger_append_conflicts_total',
  () =>
    new client.Counter({
      name: 'goldledger_append_conflicts_total',
      help: 'Appends refused because the expected version did not match',
    }),
);

export const relayPublished = once(
  'goldledger_relay_published_total',
  () =>
    new client.Counter({
      name: 'goldledger_relay_published_total',
      help: 'Events published by the relay',
    }),
);

/**
 * Every HTTP request, by route pattern (not the raw URL, so ids do not explode the series),
 * method and status. Observed by an onResponse hook of the Fastify app.
 */
export const httpRequestDuration = once(
  'goldledger_http_request_duration_seconds',
  () =>
    new client.Histogram({
      name: 'goldledger_http_request_duration_seconds',
      help: 'HTTP requests by route pattern, method and status code, with their duration',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
);

/** 1 while this process holds the advisory lock named `lock` (relay, scheduler, projection:<name>), else 0. */
export const leaderStatus = once(
  'goldledger_leader',
  () =>
    new client.Gauge({
      name: 'goldledger_leader',
      help: 'Whether this process is the active holder of a leader lock (1) or a standby (0)',
      labelNames: ['lock'] as const,
    }),
);
