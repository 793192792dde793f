import client from 'prom-client';

const registry = client.register;

function once<T extends client.Metric<string>>(name: string, make: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? make();
}

export const projectionLag = once(
  'goldledger_projection_lag_seconds',
  () =>
    new client.Histogram({
      name: 'goldledger_projection_lag_seconds',
      help: 'Time from an event being recorded to its read-model commit',
      labelNames: ['projection'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    }),
);

export const projectionBehind = once(
  'goldledger_projection_last_lag_seconds',
  () =>
    new client.Gauge({
      name: 'goldledger_projection_last_lag_seconds',
      help: 'Lag of the last batch a projection committed',
      labelNames: ['projection'] as const,
    }),
);

export const projectionApplied = once(
  'goldledger_projection_events_applied_total',
  () =>
    new client.Counter({
      name: 'goldledger_projection_events_applied_total',
      help: 'Events applied by a projection',
      labelNames: ['projection'] as const,
    }),
);

export const deadLetters = once(
  'goldledger_projection_dead_letters_total',
  () =>
    new client.Counter({
      name: 'goldledger_projection_dead_letters_total',
      help: 'Events parked in the dead-letter table',
      labelNames: ['projection'] as const,
    }),
);
