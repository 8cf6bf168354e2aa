import { FarcasterNetwork } from './gen/message.js';

/** The networks a node can run, by the name its `--network` option takes. */
export const NETWORKS = {
  mainnet: FarcasterNetwork.MAINNET,
  testnet: FarcasterNetwork.TESTNET,
  devnet: FarcasterNetwork.DEVNET,
} as const satisfies Record<string, FarcasterNetwork>;

export type NetworkName = keyof typeof NETWORKS;

/** What a refused message of another network needs to be told (issue 22). */
export function networkHint(running: NetworkName): string {
  return (
    `this node accepts ${running} messages only (network ${NETWORKS[running]}): build messages with ` +
    `FarcasterNetwork.${running.toUpperCase()}, or run the node with --network matching your client`
  );
}
