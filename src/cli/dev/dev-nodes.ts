import { join } from 'node:path';
import type { DevConfig } from '../../shared/config/index.js';
import { StartRefused } from '../../shared/startup/decisions.js';
import type { PortClaim } from './ports.js';

/** Seconds between a dev node's diff syncs from each other node: peers on one machine are cheap to ask. */
export const DEV_SYNC_INTERVAL_SECONDS = 2;

/** Event streams a dev node takes from 127.0.0.1 besides its peers': the node's default per-IP limit. */
export const DEV_CLIENT_STREAMS = 4;

/** Node k listens on the first node's ports plus PORT_STEP × (k − 1): ports a person can guess. */
const PORT_STEP = 10;

const HIGHEST_PORT = 65_535;

/** One node of `agora dev --nodes N`, decided before anything starts. */
export interface DevNode {
  /** 1 to N; node 1 is the one the social API follows and --seed submits to. */
  number: number;
  /** In log lines and progress lines: `node` for node 1 (as with one node), `node-k` after it. */
  name: string;
  /**
   * Node 1 keeps its SQLite file in the dev data dir as with one node; node k in `node-k/` under it, so
   * `agora sync-trie --data-dir .agora/node-k` and its like find each file where a node keeps it.
   */
  dataDir: string;
  /** 0 when --node-port is 0: a free port each. */
  port: number;
  grpcPort: number;
  /** The other nodes' gRPC addresses (`host:port`, as gRPC clients and --peer take them). */
  peers: string[];
}

/**
 * The nodes `--nodes` asks for, each peering with every other. Refused when they could not peer (gRPC
 * off) or a node's ports would run past the highest port.
 */
export function planDevNodes(config: DevConfig): DevNode[] {
  const { nodes: count, nodePort, nodeGrpcPort, host } = config;
  if (count > 1 && nodeGrpcPort === 0) {
    throw new StartRefused(
      `--nodes ${count} needs the nodes' gRPC API, which they sync over: --node-grpc-port 0 turns it off`,
    );
  }
  const shifted = (base: number, flag: string, what: string, number: number): number => {
    const port = base === 0 ? 0 : base + PORT_STEP * (number - 1);
    if (port > HIGHEST_PORT) {
      throw new StartRefused(
        `--nodes ${count} puts node ${number}'s ${what} port at ${port}, past ${HIGHEST_PORT}: choose a lower ${flag}`,
      );
    }
    return port;
  };
  const ports = Array.from({ length: count }, (_, index) => ({
    number: index + 1,
    port: shifted(nodePort, '--node-port', 'HTTP', index + 1),
    grpcPort: shifted(nodeGrpcPort, '--node-grpc-port', 'gRPC', index + 1),
  }));
  return ports.map(({ number, port, grpcPort }) => ({
    number,
    name: number === 1 ? 'node' : `node-${number}`,
    dataDir: number === 1 ? config.dataDir : join(config.dataDir, `node-${number}`),
    port,
    grpcPort,
    peers: ports.filter((other) => other.number !== number).map((other) => `${host}:${other.grpcPort}`),
  }));
}

/** How the banner and the progress lines name node `number` of `count`: plain `node` when it is the only one. */
export function nodeLabel(number: number, count: number): string {
  return count === 1 ? 'node' : `node ${number}`;
}

/** The ports the nodes claim, for assertPortsFree; with one node, as before --nodes. */
export function nodePortClaims(nodes: readonly DevNode[]): PortClaim[] {
  return nodes.flatMap(({ number, port, grpcPort }) => {
    const owned = (claim: PortClaim, what: string): PortClaim =>
      nodes.length === 1 ? claim : { ...claim, owner: `node ${number}'s ${what} port` };
    return [
      owned({ port, flag: '--node-port' }, 'HTTP'),
      owned({ port: grpcPort, flag: '--node-grpc-port' }, 'gRPC'),
    ];
  });
}
