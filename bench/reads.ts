// Every service's hot reads over HTTP on realistic volumes, each against a bare Fastify route that serves
// the same bytes, in the same process and the same run. A load generator in another process (reads-load.ts)
// keeps a fixed number of keep-alive requests in flight; for each read the bench reports its req/s as a
// ratio to the bare route's, and the server process's CPU per request (process.cpuUsage over the run, so
// the generator is not in it) as a multiple of the bare route's, which does not depend on how much of the
// two cores the generator takes.
// The services log through the logger given them, at --log-level (the configs' own level is unused).
// Usage: npx tsx bench/reads.ts [--seconds 2] [--rounds 2] [--connections 32] [--casts 100000] [--fids 1000]
//   [--names 10000] [--channels 1000] [--feed-casts 10000] [--log-level info] [--only <part of a read's name>]...
//   [--postgres <url>]
//   [--profile <dir>]   (a CPU profile of the server for each read: reads-profile.ts)
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { batchedOutput } from '../src/shared/logging/batched-output.js';
import { startNodeService } from '../src/node/index.js';
import type { NodeTables } from '../src/node/store/schema.js';
import { createNamesService } from '../src/names/service.js';
import type { NamesTables } from '../src/names/store.js';
import { fakeCustody, testConfig as namesConfig } from '../src/names/testing.js';
import { COMMANDS, configOf } from '../src/shared/config/index.js';
import { createLogger } from '../src/shared/logging/logger.js';
import { createSocialService } from '../src/social/service.js';
import type { SocialTables } from '../src/social/store.js';
import { fakeNode, testSocialConfig } from '../src/social/testing.js';
import type { Dialect } from '../src/storage/index.js';
import { openTestDatabase } from '../src/storage/testing.js';
import { compare, sampleOf, startBare, startLoadGenerator } from './reads-measure.js';
import type { LoadOptions } from './reads-measure.js';
import { feedReads, seedFeed } from './feed-seed.js';
import { seedNames, seedNode, seedSocial } from './reads-seed.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string' },
    rounds: { type: 'string' },
    connections: { type: 'string' },
    casts: { type: 'string' },
    fids: { type: 'string' },
    names: { type: 'string' },
    channels: { type: 'string' },
    'feed-casts': { type: 'string' },
    'log-level': { type: 'string' },
    only: { type: 'string', multiple: true },
    profile: { type: 'string' },
    postgres: { type: 'string' },
  },
});
const loadOptions: LoadOptions = {
  connections: Number(values.connections ?? 32),
  seconds: Number(values.seconds ?? 2),
  warmUpSeconds: 0.5,
  rounds: Number(values.rounds ?? 2),
  profileDir: values.profile,
};
const castCount = Number(values.casts ?? 100_000);
const fidCount = Number(values.fids ?? 1000);
const nameCount = Number(values.names ?? 10_000);
const channelCount = Number(values.channels ?? 1000);
const feedCastCount = Number(values['feed-casts'] ?? 10_000);
const logLevel = values['log-level'] ?? 'info';
// The test harness makes the scratch databases; it takes its PostgreSQL URL from the environment.
if (values.postgres !== undefined) process.env.AGORA_TEST_DATABASE_URL = values.postgres;
const dialects: Dialect[] = values.postgres === undefined ? ['sqlite'] : ['sqlite', 'postgres'];
/** How many distinct keys each read cycles through, so no answer is served from one hot row. */
const KEYS = 1000;

/**
 * What each read is held to, per dialect: single items, pages of 25, the whole channel list and the
 * social feed's pages (PostgreSQL reads its versions on every kept read: one round trip more).
 */
const TARGETS = {
  sqlite: { item: 0.5, page: 0.3, list: 0.3, feed: 0.3 },
  postgres: { item: 0.4, page: 0.25, list: 0.25, feed: 0.2 },
} as const;

interface Read {
  name: string;
  kind: keyof (typeof TARGETS)['sqlite'];
  origin: string;
  paths: string[];
}

/** Lines go as a service's go to stdout (in the background, logger.ts), here to /dev/null. */
const devNull = batchedOutput('/dev/null');
const loggerOf = (service: string) =>
  createLogger({ level: logLevel, format: 'json', service, output: devNull });

/** Up to KEYS of `items`, picked by a prime stride so that they spread over the whole list. */
const spread = <T>(items: readonly T[]): T[] =>
  Array.from({ length: Math.min(KEYS, items.length) }, (_, i) => items[(i * 7919) % items.length] as T);

/** The three services on fresh, seeded databases of `dialect`, and the reads to make of them. */
async function startServices(dialect: Dialect): Promise<{ reads: Read[]; close(): Promise<void> }> {
  const databases: { cleanup(): Promise<void> }[] = [];
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const closer of closers.reverse()) await closer();
    for (const database of databases) await database.cleanup();
  };
  try {
    // SQLite syncs to disk at each commit only as far as WAL needs (reads are the same either way): a
    // seed made of many small transactions takes seconds instead of minutes.
    const options = { backgroundCheckpoints: true, sqliteSynchronous: 'normal' } as const;
    const nodeDb = await openTestDatabase<NodeTables>(dialect, 'node', options);
    const namesDb = await openTestDatabase<NamesTables>(dialect, 'names', options);
    const socialDb = await openTestDatabase<SocialTables>(dialect, 'social', options);
    databases.push(nodeDb, namesDb, socialDb);

    let phase = performance.now();
    const seeded = await seedNode(nodeDb.db, castCount, fidCount);
    const node = await startNodeService(
      configOf(COMMANDS.node.options, { host: '127.0.0.1', port: 0, chainConfirmations: 0, grpcPort: 0 }),
      { database: nodeDb, logger: loggerOf('node') },
    );
    closers.push(() => node.close());
    console.log(`node: ${castCount} casts of ${fidCount} fids seeded in ${elapsed(phase)}`);

    phase = performance.now();
    const names = await seedNames(namesDb, nameCount);
    const namesService = await createNamesService({
      config: namesConfig(),
      logger: loggerOf('names'),
      chain: { custody: fakeCustody() },
      database: namesDb,
    });
    closers.push(() => namesService.close());
    const namesUrl = await namesService.listen();
    console.log(`names: ${nameCount} names seeded in ${elapsed(phase)}`);

    phase = performance.now();
    const social = await createSocialService({
      config: testSocialConfig(),
      logger: loggerOf('social'),
      node: fakeNode(),
      database: socialDb,
      indexer: false,
    });
    closers.push(() => social.close());
    const channels = await seedSocial(social.context, {
      channels: channelCount,
      bigChannels: 10,
      followersPerBigChannel: 2000,
      membersPerBigChannel: 500,
      followersPerChannel: 5,
      blockers: 400,
      blocksPerBlocker: 30,
    });
    const thread = await seedFeed(social.context, feedCastCount);
    const socialUrl = await social.listen();
    console.log(
      `social: ${channelCount} channels, follows, members, blocks and a feed of ${feedCastCount} casts ` +
        `seeded in ${elapsed(phase)}`,
    );

    const hex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}`;
    const reads: Read[] = [
      {
        name: 'node GET /v1/castById',
        kind: 'item',
        origin: node.url,
        paths: spread(seeded.casts).map(({ fid, hash }) => `/v1/castById?fid=${fid}&hash=${hex(hash)}`),
      },
      {
        name: 'node GET /v1/castsByFid (25)',
        kind: 'page',
        origin: node.url,
        paths: spread(seeded.fids).map((fid) => `/v1/castsByFid?fid=${fid}&pageSize=25`),
      },
      {
        name: 'node GET /v1/userDataByFid',
        kind: 'item',
        origin: node.url,
        paths: spread(seeded.fids).map((fid) => `/v1/userDataByFid?fid=${fid}`),
      },
      { name: 'node GET /v1/info', kind: 'item', origin: node.url, paths: ['/v1/info'] },
      {
        name: 'names GET /transfers/current',
        kind: 'item',
        origin: namesUrl,
        paths: spread(names).map((name) => `/transfers/current?name=${name}`),
      },
      {
        name: 'names GET /transfers?name=',
        kind: 'item',
        origin: namesUrl,
        paths: spread(names).map((name) => `/transfers?name=${name}`),
      },
      {
        name: 'social GET /v1/channel',
        kind: 'item',
        origin: socialUrl,
        paths: spread(channels.channels).map((id) => `/v1/channel?channelId=${id}`),
      },
      {
        name: 'social GET /v1/channel-followers (25)',
        kind: 'page',
        origin: socialUrl,
        paths: channels.bigChannels.map((id) => `/v1/channel-followers?channelId=${id}&limit=25`),
      },
      {
        name: 'social GET /fc/channel-members (25)',
        kind: 'page',
        origin: socialUrl,
        paths: channels.bigChannels.map((id) => `/fc/channel-members?channelId=${id}&limit=25`),
      },
      {
        name: `social GET /v2/all-channels (${channelCount})`,
        kind: 'list',
        origin: socialUrl,
        paths: ['/v2/all-channels'],
      },
      {
        name: 'social GET /fc/blocked-users (25)',
        kind: 'page',
        origin: socialUrl,
        paths: spread(channels.blockers).map((fid) => `/fc/blocked-users?blockerFid=${fid}&limit=25`),
      },
      ...(await feedReads(socialUrl, thread)).map(({ name, paths }) => ({
        name: `social ${name}`,
        kind: 'feed' as const,
        origin: socialUrl,
        paths,
      })),
    ];
    return {
      reads: reads.filter(
        (read) => values.only === undefined || values.only.some((part) => read.name.includes(part)),
      ),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

const elapsed = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const load1 = () => loadavg()[0]?.toFixed(1) ?? '?';

const { connections, rounds, seconds, warmUpSeconds } = loadOptions;
console.log(
  `${connections} connections; best of ${rounds} rounds of ${seconds} s, each after ${warmUpSeconds} s of ` +
    `warm-up; services log at ${logLevel} (JSON lines to /dev/null); Node ${process.version}`,
);
const load = startLoadGenerator();
try {
  for (const dialect of dialects) {
    const { reads, close } = await startServices(dialect);
    try {
      const samples = await Promise.all(reads.map(sampleOf));
      const bare = await startBare(samples);
      console.log(`\n${dialect}, load average ${load1()} at start`);
      console.log(
        '| read | bytes | bare req/s | read req/s | ratio (target) | bare CPU µs/req | read CPU µs/req | CPU × bare |',
      );
      console.log('|---|---|---|---|---|---|---|---|');
      for (const [i, read] of reads.entries()) {
        const floorTarget = { origin: bare.url, paths: [`/bare/${i}`] };
        const named = { ...read, name: `${dialect} ${read.name}` };
        const { floor, agora } = await compare(load, floorTarget, named, loadOptions);
        const ratio = agora.perSecond / floor.perSecond;
        console.log(
          `| ${read.name} | ${fmt(samples[i]?.length ?? 0)} | ${fmt(floor.perSecond)} | ${fmt(agora.perSecond)} | ` +
            `**${ratio.toFixed(2)}** (≥ ${TARGETS[dialect][read.kind]}) | ${fmt(floor.cpuMicros)} | ${fmt(agora.cpuMicros)} | ` +
            `${(agora.cpuMicros / floor.cpuMicros).toFixed(1)} |`,
        );
      }
      console.log(
        `load average ${load1()} at the end (1 min; ${loadavg()
          .map((n) => n.toFixed(1))
          .join(', ')})`,
      );
      await bare.app.close();
    } finally {
      await close();
    }
  }
} finally {
  load.stop();
}
