import type { Service } from '../stats.js';
import type { World } from '../world.js';

/** One kind of request (or short sequence), picked at random by its weight among all loads' operations. */
export interface Operation {
  service: Service;
  /** As the per-operation table shows it. */
  name: string;
  weight: number;
  run(): Promise<void>;
}

export interface Load {
  operations: readonly Operation[];
  /**
   * Once the load has stopped: what the module checks of the run as a whole. Each failure fails the run;
   * the summary lines go into the report either way.
   */
  finish?(): Promise<{ summary: string[]; failures: string[] }>;
  /** Releases what it holds (streams, connections), also after a failed setup. */
  close?(): void;
}

/**
 * A load module: given the world, sets up what it needs (channels, subscribers) and returns its operations.
 * The soak's whole load is the list in bench/soak/loads/index.ts.
 */
export type LoadModule = (world: World) => Load | Promise<Load>;
