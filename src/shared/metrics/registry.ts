import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * How often the event-loop lag is sampled. Each sample measures how late its timer fired, to the
 * nanosecond, so fewer samples lose no precision; at prom-client's 10 ms an idle node woke 100 times a
 * second for this alone.
 */
const EVENT_LOOP_SAMPLE_MS = 50;

/**
 * A registry of the service's own, never prom-client's global one: `agora dev` runs the three services in
 * one process, and each `/metrics` must report its own requests and loops. The process metrics are
 * collected on each (labelled with the service), so every scrape target is complete on its own.
 */
export function createMetricsRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
  return registry;
}
