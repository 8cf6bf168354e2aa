import { Histogram, type Registry } from 'prom-client';
import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../http/app.js';
import { registerComponentMetrics, type ComponentSources } from './component-metrics.js';
import { METRICS_PATH, type ServiceMetrics } from './service-metrics.js';

/** The route label of a request no route matched: its raw path would let clients mint label values. */
const UNMATCHED_ROUTE = 'unmatched';

/** Prometheus' defaults, with finer steps below 5 ms, where most reads of a healthy service fall. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Every request's duration by method, route pattern and status; the service's component gauges; and
 * `GET /metrics` on the API unless `--metrics-port` serves it apart (closed with the app).
 */
export function registerMetrics(app: HttpApp, metrics: ServiceMetrics, sources: ComponentSources): void {
  observeRequests(app, metrics.registry);
  registerComponentMetrics(metrics.registry, sources);
  app.addHook('onClose', async () => metrics.close());
  if (metrics.port !== 0) return;
  app.get(
    METRICS_PATH,
    {
      schema: {
        summary: 'Prometheus metrics: requests, loops, domain counters, process (docs/operations.md)',
        response: { 200: { content: { 'text/plain': { schema: Type.String() } } } },
      },
    },
    async (_request, reply) => {
      const text = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).send(text);
    },
  );
}

function observeRequests(app: HttpApp, registry: Registry): void {
  const durations = new Histogram({
    name: 'agora_http_request_duration_seconds',
    help: 'HTTP request durations by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    durations.observe({ method: request.method, route, status: reply.statusCode }, reply.elapsedTime / 1000);
    done();
  });
}
