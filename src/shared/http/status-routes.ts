import { Type } from '@sinclair/typebox';
import type { ComponentSources } from '../metrics/component-metrics.js';
import type { ComponentStatus } from '../status.js';
import type { HttpApp } from './app.js';

export const STATUS_PATH = '/_status';
export const READY_PATH = '/_ready';

export interface StatusSources {
  service: string;
  version: string;
  /** The database ping; throws when it cannot be reached. */
  healthCheck?: (() => Promise<void>) | undefined;
  /** The service's loops and other dependencies, by name. */
  components?: ComponentSources['components'];
}

const Component = Type.Object(
  { required: Type.Boolean(), ready: Type.Boolean() },
  { additionalProperties: true },
);
const StatusBody = Type.Object({
  service: Type.String(),
  version: Type.String(),
  ready: Type.Boolean(),
  components: Type.Record(Type.String(), Component),
});
const ReadyBody = Type.Object({
  service: Type.String(),
  ready: Type.Boolean(),
  /** The required components that are not ready. */
  waitingFor: Type.Array(Type.String()),
});

/**
 * `/_status`: every dependency and loop with its position, failures and last error (URLs reduced to their
 * host), for an operator. `/_ready`: 503 while a required one is down or has not caught up once, for a
 * load balancer or an orchestrator's readiness probe.
 */
export function registerStatusRoutes(app: HttpApp, sources: StatusSources): void {
  const collect = async () => {
    const database: ComponentStatus = { required: true, ready: true };
    try {
      await sources.healthCheck?.();
    } catch (error) {
      database.ready = false;
      app.log.warn({ err: error }, 'status: the database is unavailable');
    }
    const components = { database, ...(await sources.components?.()) };
    const waitingFor = Object.entries(components)
      .filter(([, component]) => component.required && !component.ready)
      .map(([name]) => name);
    return { components, waitingFor };
  };

  app.get(
    STATUS_PATH,
    {
      schema: {
        summary: 'Each dependency and background loop: position, lag, failures',
        response: { 200: StatusBody },
      },
    },
    async () => {
      const { components, waitingFor } = await collect();
      return {
        service: sources.service,
        version: sources.version,
        ready: waitingFor.length === 0,
        components,
      };
    },
  );
  app.get(
    READY_PATH,
    {
      schema: {
        summary: 'Ready to serve: 503 while a required dependency is down or a loop has not caught up once',
        response: { 200: ReadyBody, 503: ReadyBody },
      },
    },
    async (_request, reply) => {
      const { waitingFor } = await collect();
      const ready = waitingFor.length === 0;
      return reply.code(ready ? 200 : 503).send({ service: sources.service, ready, waitingFor });
    },
  );
}
