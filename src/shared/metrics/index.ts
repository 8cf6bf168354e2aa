export { createServiceMetrics, METRICS_PATH } from './service-metrics.js';
export type { ServiceMetrics } from './service-metrics.js';
export { registerMetrics } from './http-metrics.js';
