import { Gauge, type Registry } from 'prom-client';
import type { ComponentStatus } from '../status.js';

export interface ComponentSources {
  /** The database ping; throws when it cannot be reached. */
  healthCheck?: (() => Promise<void>) | undefined;
  /** The service's loops and other dependencies, as `/_status` reports them. */
  components?: (() => Record<string, ComponentStatus> | Promise<Record<string, ComponentStatus>>) | undefined;
}

/**
 * The numeric details components report on `/_status`, as gauges labelled by component. Read at scrape
 * time from the same status objects, so the loops count nothing twice; a component without the field
 * has no sample.
 */
const DETAIL_GAUGES = [
  {
    field: 'consecutiveFailures',
    name: 'agora_component_consecutive_failures',
    help: "Failures in a row of the component's loop; 0 once a pass succeeds",
  },
  {
    field: 'blocksBehind',
    name: 'agora_component_blocks_behind',
    help: 'Blocks between the chain head the reader last saw and the next block it will apply',
  },
  { field: 'head', name: 'agora_component_head_block', help: 'The chain head the reader last saw' },
  { field: 'nextBlock', name: 'agora_component_next_block', help: 'The next block the chain reader applies' },
  {
    field: 'cursor',
    name: 'agora_component_cursor',
    help: "The loop's position in its source: the fname sync's last transfer id, the indexer's next event id",
  },
  {
    field: 'lastEventId',
    name: 'agora_component_last_event_id',
    help: 'The last node event the social indexer applied',
  },
  {
    field: 'lagMs',
    name: 'agora_component_lag_seconds',
    help: 'How old the node state the social index reflects is',
    scale: 1 / 1000,
  },
] as const;

/** `agora_component_ready` and the detail gauges, computed from the service's status at each scrape. */
export function registerComponentMetrics(registry: Registry, sources: ComponentSources): void {
  new Gauge({
    name: 'agora_component_ready',
    help: '1 while the component (database, loop) is ready as /_ready counts it, else 0',
    labelNames: ['component'],
    registers: [registry],
    async collect() {
      this.reset();
      this.set({ component: 'database' }, (await answers(sources.healthCheck)) ? 1 : 0);
      for (const [component, status] of Object.entries((await sources.components?.()) ?? {})) {
        this.set({ component }, status.ready ? 1 : 0);
      }
    },
  });
  for (const gauge of DETAIL_GAUGES) {
    const scale = 'scale' in gauge ? gauge.scale : 1;
    new Gauge({
      name: gauge.name,
      help: gauge.help,
      labelNames: ['component'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const [component, status] of Object.entries((await sources.components?.()) ?? {})) {
          const value = status[gauge.field];
          if (typeof value === 'number') this.set({ component }, value * scale);
        }
      },
    });
  }
}

async function answers(healthCheck: ComponentSources['healthCheck']): Promise<boolean> {
  try {
    await healthCheck?.();
    return true;
  } catch {
    return false;
  }
}
