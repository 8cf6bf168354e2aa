import { FarcasterNetwork } from './gen/message.js';

/** The networks a node can run, by the name its `--network` option takes. */
export const NETWORKS = {
  mainnet: FarcasterNetwork.MAINNET,
  testnet: FarcasterNetwork.TESTNET,
  devnet: FarcasterNetwork.DEVNET,
} as const satisfies Record<string, FarcasterNetwork>;

export type NetworkName = keyof typeof NETWORKS;
