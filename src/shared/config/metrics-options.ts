import { port } from './option.js';

/** `/metrics` on the API port by default; a port of its own keeps it off a public listener. */
export const metricsOptions = (envPrefix: string) => ({
  metricsPort: port({
    description: 'Serve /metrics on this port instead of the HTTP port (0: on the HTTP port)',
    default: 0,
    env: [`${envPrefix}_METRICS_PORT`],
  }),
});
