/**
 * What the soak runs, started through the CLI as a person or an operator would:
 * - `sqlite`: `agora dev`, the whole system in one process on SQLite (anvil its child);
 * - `postgres`: the production layout of docs/deploy.md on one scratch PostgreSQL database, each service a
 *   process of its own: `agora names`, `agora node` with the chain and fname loops, a second `agora node`
 *   serving the API only, and `agora social` following the first node; anvil started by the soak.
 * Both run the names registry as `agora dev` does (no cooldown, no per-fid transfer limit) and the social
 * API with its default limits, which the load keeps to (test/support/soak/budgets.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { DEVNET_ROLES, startDevnet, type Devnet } from '../../src/chain/devnet/index.js';
import type { DevnetConnection } from '../../src/chain/devnet/clients.js';
import type { DevnetFile } from '../../src/cli/dev/devnet-file.js';
import { freePort } from '../../test/support/free-port.js';
import { descendantsOf, startAgora, type SoakProcess } from './processes.js';
import { createScratchDatabase, type ScratchDatabase } from '../../src/storage/scratch-database.js';
import { MB } from '../../test/support/soak/stats.js';
import type { Urls } from '../../test/support/soak/world.js';

export const MODES = ['sqlite', 'postgres'] as const;
export type Mode = (typeof MODES)[number];

export interface Deployment {
  chain: DevnetConnection;
  urls: Urls;
  adminToken: string;
  /** The services' data directories (and heap snapshots) are under it. */
  dataDir: string;
  /** The processes under soak, each sampled. */
  processes: SoakProcess[];
  /** anvil, measured from /proc. */
  anvilPid: number | undefined;
  /** The data at the end, for the summary. */
  describeData(): Promise<string>;
  /** Stops everything and deletes the data unless `keep`. */
  stop(keep: boolean): Promise<void>;
}

const LOG = ['--log-level', 'warn'];

export async function deploy(mode: Mode, options: { databaseUrl: string }): Promise<Deployment> {
  const dataDir = await mkdtemp(join(tmpdir(), `agora-soak-${mode}-`));
  const removeData = () => rm(dataDir, { recursive: true, force: true });
  try {
    return mode === 'sqlite'
      ? await agoraDev(dataDir, removeData)
      : await services(dataDir, removeData, options);
  } catch (error) {
    await removeData();
    throw error;
  }
}

async function agoraDev(dataDir: string, removeData: () => Promise<void>): Promise<Deployment> {
  // gRPC needs a port of its own (0 turns it off); the others take any free one and devnet.json says which.
  const grpcPort = await freePort();
  const ports = ['--chain-port', '--node-port', '--names-port', '--social-port'].flatMap((flag) => [
    flag,
    '0',
  ]);
  const dev = await startAgora('dev', [
    'dev',
    ...[
      '--data-dir',
      dataDir,
      '--fresh',
      '--host',
      '127.0.0.1',
      ...ports,
      '--node-grpc-port',
      String(grpcPort),
    ],
    ...LOG,
  ]);
  const devnet = JSON.parse(readFileSync(join(dataDir, 'devnet.json'), 'utf8')) as DevnetFile;
  return {
    chain: {
      rpcUrl: devnet.chainRpcUrl,
      chainId: devnet.chainId,
      accounts: devnet.accounts,
      contracts: devnet.contracts,
    },
    urls: {
      nodes: [devnet.urls.node],
      grpc: devnet.urls.nodeGrpc === undefined ? [] : [devnet.urls.nodeGrpc],
      names: devnet.urls.names,
      social: devnet.urls.social,
    },
    adminToken: devnet.adminToken,
    dataDir,
    processes: [dev],
    anvilPid: descendantsOf(dev.pid)[0],
    describeData: async () =>
      readdirSync(dataDir)
        .filter((name) => /\.sqlite/.test(name) || name === 'chain-state.json')
        .sort()
        .map((name) => `${name} ${(statSync(join(dataDir, name)).size / MB).toFixed(1)} MB`)
        .join(', '),
    stop: async (keep) => {
      await dev.stop();
      if (keep) console.log(`data kept in ${dataDir}`);
      else await removeData();
    },
  };
}

async function services(
  dataDir: string,
  removeData: () => Promise<void>,
  options: { databaseUrl: string },
): Promise<Deployment> {
  const stops: (() => Promise<unknown>)[] = [];
  const started: SoakProcess[] = [];
  /** The services together, then the chain and the database. */
  const stopAll = async () => {
    await Promise.all(started.splice(0).map((service) => service.stop()));
    for (const stop of stops.splice(0).reverse()) await stop();
  };
  let database: ScratchDatabase | undefined;
  try {
    database = await createScratchDatabase(options.databaseUrl, 'soak');
    const db = database;
    stops.push(() => db.drop());
    const devnet: Devnet = await startDevnet({ port: 0, host: '127.0.0.1' });
    stops.push(() => devnet.stop());
    const key = (role: keyof typeof DEVNET_ROLES) => {
      const account = devnet.accounts[DEVNET_ROLES[role]];
      if (account === undefined) throw new Error(`the devnet has no ${role} account`);
      return account.privateKey;
    };
    const [namesPort, loopsPort, loopsGrpc, apiPort, apiGrpc, socialPort] = await Promise.all(
      Array.from({ length: 6 }, () => freePort()),
    );
    const url = (port: number | undefined) => `http://127.0.0.1:${port}`;
    const adminToken = `soak-${randomBytes(16).toString('hex')}`;
    const start = async (label: string, args: string[]) => {
      const storage = ['--database-url', db.url, '--data-dir', join(dataDir, label), '--host', '127.0.0.1'];
      const service = await startAgora(label, [...args, ...storage, ...LOG]);
      started.push(service);
      return service;
    };
    const chain = ['--chain-rpc-url', devnet.rpcUrl];
    const node = ['node', '--network', 'devnet'];
    const names = await start('names', [
      ...['names', '--port', String(namesPort), ...chain, '--signer-key', key('nameRegistrySigner')],
      ...['--cooldown-seconds', '0', '--transfer-fid-limit', '0'],
    ]);
    // The others only poll the services they follow, so they start together.
    const others = await Promise.allSettled([
      start('node', [
        ...[...node, '--port', String(loopsPort), '--grpc-port', String(loopsGrpc), ...chain],
        ...['--chain-confirmations', '0', '--names-url', url(namesPort)],
      ]),
      start('node-api', [...node, '--port', String(apiPort), '--grpc-port', String(apiGrpc)]),
      start('social', [
        ...['social', '--port', String(socialPort), '--node-url', url(loopsPort), ...chain],
        ...['--relayer-key', key('relayer'), '--admin-token', adminToken],
      ]),
    ]);
    const failed = others.find((result) => result.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
    const processes = [
      names,
      ...others.map((result) => (result as PromiseFulfilledResult<SoakProcess>).value),
    ];
    return {
      chain: devnet,
      urls: {
        nodes: [url(loopsPort), url(apiPort)],
        grpc: [`127.0.0.1:${loopsGrpc}`, `127.0.0.1:${apiGrpc}`],
        names: url(namesPort),
        social: url(socialPort),
      },
      adminToken,
      dataDir,
      processes,
      anvilPid: descendantsOf(process.pid).find((pid) => /anvil/.test(commandOf(pid))),
      describeData: async () => `PostgreSQL database ${((await db.sizeBytes()) / MB).toFixed(1)} MB`,
      stop: async (keep) => {
        if (keep) {
          // The database stays too: drop it by hand when done.
          stops.shift();
          console.log(`data kept in ${dataDir} and ${db.url}`);
        }
        await stopAll();
        if (!keep) await removeData();
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}
