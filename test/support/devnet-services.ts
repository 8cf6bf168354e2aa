// The names and node configs the `agora names` / `agora node` command lines give for services on a devnet,
// parsed by the CLI's own parser, so tests start the services as a user would.
import type { Devnet } from '../../src/chain/devnet/index.js';
import { DEVNET_ROLES } from '../../src/chain/devnet/index.js';
import { COMMANDS, parseCommand } from '../../src/shared/config/index.js';

const common = (dataDir: string) => [
  '--data-dir',
  dataDir,
  '--host',
  '127.0.0.1',
  '--port',
  '0',
  '--log-level',
  'silent',
];

/** `agora names` signing with the devnet's name-registry key and reading custody from its chain. */
export function devnetNamesConfig(devnet: Devnet, dataDir: string, extraArgs: readonly string[] = []) {
  const signerKey = devnet.accounts[DEVNET_ROLES.nameRegistrySigner]?.privateKey;
  if (signerKey === undefined) throw new Error('the devnet has no name-registry signer');
  const args = [
    ...common(dataDir),
    '--chain-rpc-url',
    devnet.rpcUrl,
    '--signer-key',
    signerKey,
    ...extraArgs,
  ];
  return parseCommand('names', COMMANDS.names.options, args, {}).config;
}

/** `agora node` on the devnet's chain (no confirmations to wait for) with fnames from `namesUrl`. */
export function devnetNodeConfig(devnet: Devnet, dataDir: string, namesUrl: string) {
  const args = [
    ...common(dataDir),
    ...['--network', 'devnet', '--chain-rpc-url', devnet.rpcUrl, '--chain-confirmations', '0'],
    ...['--names-url', namesUrl, '--grpc-port', '0'],
  ];
  return parseCommand('node', COMMANDS.node.options, args, {}).config;
}

/** The fname sync's sleep, cut to 50 ms so a test sees a registry change quickly (the default is 5 s). */
export const quickFnameSleep = (ms: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.min(ms, 50)));
