import { FarcasterNetwork } from './gen/message.js';

/** The networks a node can run, by the name its `--network` option takes. */
export const NETWORKS = {
  mainnet: FarcasterNetwork.MAINNET,
  testnet: FarcasterNetwork.TESTNET,
  devnet: FarcasterNetwork.DEVNET,
} as const satisfies Record<string, FarcasterNetwork>;

export type NetworkName = keyof typeof NETWORKS;

const nameOf = (network: FarcasterNetwork): NetworkName | undefined =>
  (Object.keys(NETWORKS) as NetworkName[]).find((name) => NETWORKS[name] === network);

/**
 * The refusal of a message of another network. Its first sentence is the reference's text, which clients
 * may match; the rest tells a person which network the node runs and how to change it.
 */
export function incorrectNetwork(received: FarcasterNetwork, running: FarcasterNetwork): string {
  const reference = `incorrect network: ${received} (expected: ${running})`;
  const runs = nameOf(running);
  if (runs === undefined) return reference;
  const wanted = nameOf(received);
  const change =
    wanted === undefined
      ? 'or run the node with --network set to the network your client signs for'
      : `or run the node on ${wanted}: \`agora node --network ${wanted}\` (\`agora dev --network ${wanted}\` for the dev system)`;
  return `${reference}. This node runs ${runs} (network ${running}): sign messages with FarcasterNetwork.${runs.toUpperCase()}, ${change}`;
}
