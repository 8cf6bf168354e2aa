import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContractAddresses } from '../../chain/contracts.js';
import type { DevAccount } from '../../chain/devnet/index.js';
import type { NetworkName } from '../../protocol/networks.js';

/** `.agora/devnet.json` (DESIGN.md §4): how programs find and use a running `agora dev`. */
export interface DevnetFile {
  /** Whose messages the node accepts: build messages with this FarcasterNetwork. */
  network: NetworkName;
  chainId: number;
  chainRpcUrl: string;
  contracts: ContractAddresses;
  accounts: DevAccount[];
  /** `nodeGrpc` is `host:port`, as gRPC clients take it; absent when the gRPC API is off. */
  urls: { node: string; nodeGrpc?: string; names: string; social: string };
  /** Address of the key that signs the name registry's transfers. */
  nameRegistrySigner: string;
  /** Address the social API relays approved signer additions from. */
  relayer: string;
  /** Bearer token of the social API's /admin/ routes; dev only. */
  adminToken: string;
}

const DEVNET_FILE = 'devnet.json';

export function writeDevnetFile(dataDir: string, file: DevnetFile): string {
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
