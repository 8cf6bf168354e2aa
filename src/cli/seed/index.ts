import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NETWORKS } from '../../protocol/networks.js';
import type { DevnetFile } from '../dev/devnet-file.js';
import { seedWorld, type SeedSummary } from './world.js';

export type { SeedSummary } from './world.js';

const SEED_FILE = 'seed.json';

export type SeedOutcome =
  | { seeded: true; summary: SeedSummary; file: string }
  | { seeded: false; summary: SeedSummary; file: string; seededAt: string };

/**
 * `agora dev --seed`: fills the running devnet with a small world through the services' public APIs, once
 * per data directory. seed.json records it, so a restart with --seed leaves the world as it is (its names
 * and channel ids are taken by then); `--fresh --seed` starts over.
 */
export async function seedDevnet(
  dataDir: string,
  devnet: DevnetFile,
  log: (line: string) => void,
): Promise<SeedOutcome> {
  const file = join(dataDir, SEED_FILE);
  if (existsSync(file)) {
    const recorded = JSON.parse(readFileSync(file, 'utf8')) as SeedSummary & { seededAt: string };
    const { seededAt, ...summary } = recorded;
    return { seeded: false, summary, file, seededAt };
  }
  const summary = await seedWorld({
    devnet: {
      rpcUrl: devnet.chainRpcUrl,
      chainId: devnet.chainId,
      accounts: devnet.accounts,
      contracts: devnet.contracts,
    },
    urls: devnet.urls,
    adminToken: devnet.adminToken,
    network: NETWORKS[devnet.network],
    log,
  });
  writeFileSync(file, `${JSON.stringify({ ...summary, seededAt: new Date().toISOString() }, null, 2)}\n`);
  return { seeded: true, summary, file };
}
