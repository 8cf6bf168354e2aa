import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContractAddresses } from '../../chain/contracts.js';
import type { DevAccount } from '../../chain/devnet/accounts.js';
import { DEVNET_ROLES } from '../../chain/devnet/launch.js';
import type { Devnet } from '../../chain/devnet/start-devnet.js';
import type { Hex } from '../../protocol/hex.js';
import type { NetworkName } from '../../protocol/networks.js';

/** The chain part of devnet.json: all that `agora chain` writes, which runs the chain alone. */
export interface ChainFile {
  chainId: number;
  chainRpcUrl: string;
  contracts: ContractAddresses;
  accounts: DevAccount[];
  /** Address of the key that signs the name registry's transfers (give its key to `agora names`). */
  nameRegistrySigner: string;
  /** Address the social API relays approved signer additions from (give its key to `agora social`). */
  relayer: string;
}

/** `.agora/devnet.json` (DESIGN.md §4): how programs find and use a running `agora dev`. */
export interface DevnetFile extends ChainFile {
  /** Whose messages the node accepts: build messages with this FarcasterNetwork. */
  network: NetworkName;
  /**
   * `node` and `nodeGrpc` are the first node's (the one the social API follows); `nodes` lists every node
   * of `--nodes`, in order. A gRPC address is `host:port`, as gRPC clients take it; absent when it is off.
   */
  urls: {
    node: string;
    nodeGrpc?: string;
    nodes: { http: string; grpc?: string }[];
    names: string;
    social: string;
  };
  /** Bearer token of the social API's /admin/ routes; dev only. */
  adminToken: string;
}

/** The chain part of devnet.json for a started devnet; the dev roles' accounts by DEVNET_ROLES. */
export function chainFileOf(devnet: Devnet): { chain: ChainFile; signerKey: Hex; relayerKey: Hex } {
  const signer = devnet.accounts[DEVNET_ROLES.nameRegistrySigner];
  const relayer = devnet.accounts[DEVNET_ROLES.relayer];
  if (signer === undefined || relayer === undefined) throw new Error('the devnet has too few accounts');
  return {
    chain: {
      chainId: devnet.chainId,
      chainRpcUrl: devnet.rpcUrl,
      contracts: devnet.contracts,
      accounts: devnet.accounts,
      nameRegistrySigner: signer.address,
      relayer: relayer.address,
    },
    signerKey: signer.privateKey,
    relayerKey: relayer.privateKey,
  };
}

const DEVNET_FILE = 'devnet.json';

export function writeDevnetFile(dataDir: string, file: ChainFile | DevnetFile): string {
  const path = join(dataDir, DEVNET_FILE);
  writeFileSync(path, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  return path;
}

/** The dev admin token, made once per data directory so it survives restarts. */
export function devAdminToken(dataDir: string): string {
  const path = join(dataDir, 'admin-token');
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  const token = `dev-${randomBytes(24).toString('hex')}`;
  writeFileSync(path, `${token}\n`, { mode: 0o600 });
  return token;
}
