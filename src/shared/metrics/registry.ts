import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * A registry of the service's own, never prom-client's global one: `agora dev` runs the three services in
 * one process, and each `/metrics` must report its own requests and loops. The process metrics are
 * collected on each (labelled with the service), so every scrape target is complete on its own.
 */
export function createMetricsRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return registry;
}
