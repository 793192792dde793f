/**
 * The Grafana dashboard: it imports cleanly, its panels do not overlap, and it asks only for
 * metrics the code registers, in PromQL parsed by `@prometheus-io/lezer-promql`.
 */

import { readFileSync } from 'node:fs';

import path from 'node:path';

import { parser as promqlParser } from '@prometheus-io/lezer-promql';

import client from 'prom-client';

import { describe, expect, it } from 'vitest';

import type { Json } from './support/deploy-files.js';
import { filesUnder, read, root } from './support/deploy-files.js';

// ---- the Grafana dashboard -----------------------------------------------------------

const dashboard = JSON.parse(read('deploy/grafana/goldledger-dashboard.json')) as Json;
const queries = (dashboard.panels as Json[]).flatMap((p) =>
  ((p.targets ?? []) as Json[]).map((t) => ({ panel: p.title as string, expr: t.expr as string })),
);
/** Grafana's `label_values(<selector>, <label>)`: the selector is PromQL. */
const variableQueries = (dashboard.templating.list as Json[])
  .filter((v) => v.type === 'query')
  .map((v) => {
    const selector = /^label_values\((.+), *\w+\)$/.exec(v.definition as string)?.[1];
    if (!selector) throw new Error(`variable ${v.name}: not label_values(selector, label)`);
    return { panel: `variable ${v.name}`, expr: selector };
  });

/** Grafana's variables replaced by values, so the text is plain PromQL. */
const asPromql = (expr: string) =>
  expr.replace(/\$__(rate_interval|interval|range)/g, '5m').replace(/\$\{?(\w+)\}?/g, '.*');

/** Metric names a PromQL expression selects, or the parse errors. */
function promqlMetrics(expr: string): { metrics: string[]; errors: number } {
  const text = asPromql(expr);
  const metrics: string[] = [];
  let errors = 0;
  promqlParser.parse(text).iterate({
    enter(node) {
      if (node.type.isError) errors++;
      if (node.name === 'Identifier' && node.node.parent?.name === 'VectorSelector') {
        metrics.push(text.slice(node.from, node.to));
      }
    },
  });
  return { metrics, errors };
}

/** Every series name the processes expose: our metrics (found in the source) and prom-client's defaults. */
async function exposedSeries(): Promise<Set<string>> {
  const names = new Set<string>();
  const add = (name: string, type: string) => {
    names.add(name);
    if (type === 'histogram') for (const s of ['_bucket', '_count', '_sum']) names.add(name + s);
    if (type === 'summary') for (const s of ['_count', '_sum']) names.add(name + s);
  };
  const sources = ['services/src', 'projections/src'].flatMap((dir) =>
    filesUnder(path.join(root, dir), /(?<!\.test)\.ts$/),
  );
  for (const file of sources) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(
      /new client\.(Counter|Gauge|Histogram|Summary)\(\{\s*name: '([a-z_:]+)'/g,
    )) {
      add(m[2]!, m[1]!.toLowerCase());
    }
  }
  const defaults = new client.Registry();
  client.collectDefaultMetrics({ register: defaults, prefix: 'goldledger_' });
  for (const metric of await defaults.getMetricsAsJSON()) add(metric.name, String(metric.type));
  defaults.clear();
  return names;
}

describe('the Grafana dashboard', () => {
  it('imports cleanly: its data source is the DS_PROMETHEUS variable and every variable it uses exists', () => {
    const variables = (dashboard.templating.list as Json[]).map((v) => v.name as string);
    expect(dashboard.templating.list[0]).toMatchObject({
      name: 'DS_PROMETHEUS',
      type: 'datasource',
      query: 'prometheus',
    });
    for (const panel of dashboard.panels as Json[]) {
      if (panel.type === 'row') continue;
      expect(panel.datasource, panel.title).toEqual({ type: 'prometheus', uid: '${DS_PROMETHEUS}' });
      for (const target of panel.targets as Json[]) {
        for (const [, name] of String(target.expr).matchAll(/\$(?!__)\{?(\w+)/g))
          expect(variables).toContain(name);
      }
    }
    const ids = (dashboard.panels as Json[]).map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('lays its panels out without overlap on the 24-column grid', () => {
    const boxes = (dashboard.panels as Json[]).map((p) => ({ title: p.title, ...p.gridPos }));
    for (const [i, a] of boxes.entries()) {
      expect(a.x + a.w, a.title).toBeLessThanOrEqual(24);
      for (const b of boxes.slice(i + 1)) {
        const overlap = a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
        expect(overlap, `${a.title} / ${b.title}`).toBe(false);
      }
    }
  });

  it('asks only for metrics the code registers, in valid PromQL', async () => {
    const exposed = await exposedSeries();
    // Written by Prometheus itself for every target.
    exposed.add('up');
    const asked = new Set<string>();
    for (const { panel, expr } of [...queries, ...variableQueries]) {
      const { metrics, errors } = promqlMetrics(expr);
      expect(errors, `${panel}: ${expr}`).toBe(0);
      expect(metrics.length, `${panel}: ${expr}`).toBeGreaterThan(0);
      for (const metric of metrics) {
        asked.add(metric);
        expect(exposed, `${panel}: ${metric}`).toContain(metric);
      }
    }
    // The panels the brief asks for.
    for (const metric of [
      'goldledger_http_request_duration_seconds_count',
      'goldledger_events_appended_total',
      'goldledger_append_duration_seconds_bucket',
      'goldledger_append_conflicts_total',
      'goldledger_relay_published_total',
      'goldledger_projection_behind_events',
      'goldledger_projection_lag_seconds_bucket',
      'goldledger_dead_letters',
      'goldledger_leader',
      'goldledger_process_cpu_seconds_total',
      'goldledger_process_resident_memory_bytes',
      'goldledger_nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(asked, metric).toContain(metric);
    }
    expect(promqlMetrics('sum by (le (rate(x[5m]))').errors).toBeGreaterThan(0);
  });
});
