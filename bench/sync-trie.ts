// The node's stored sync trie on a filled database: the build from the stores (as a ratio to reading the
// stores' columns and writing the ids raw), its reads cold and warm (as multiples of a one-row read), what
// its in-memory subtrees cost, and how long a node takes to be ready on it (as a ratio to an empty database
// of the same dialect), all in the same run. Timings are printed, never checked.
// Usage: node --expose-gc --import tsx bench/sync-trie.ts [--items 1000000] [--seconds N] [--repeat 20]
//   [--start-runs 3]
//   --seconds  distinct Farcaster seconds the items spread over, ending now (default items / 4; a year's
//              span, or longer when there are more)
//   [--postgres postgres://...]   (also runs on PostgreSQL, in a scratch schema dropped afterwards)
import { rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { startNodeService } from '../src/node/index.js';
import { makeTsHash, tsHashTimestamp } from '../src/node/engine/ts-hash.js';
import { rowChange } from '../src/node/store/changes.js';
import type { NodeTables } from '../src/node/store/schema.js';
import { recordChange, writeTransaction } from '../src/node/store/write-transaction.js';
import { rebuildSyncTrie } from '../src/node/sync/rebuild-sync-trie.js';
import { createSyncApi } from '../src/node/sync/sync-api.js';
import type { SyncApi } from '../src/node/sync/sync-api.js';
import { messageSyncId } from '../src/node/sync/sync-id.js';
import { createSyncTrie, TRIE_BYTES_PER_ID } from '../src/node/sync/sync-trie.js';
import { trieOf } from '../src/node/sync/trie-nodes.js';
import { MessageType } from '../src/protocol/gen/message.js';
import { StoreType } from '../src/protocol/gen/request_response.js';
import { fromFarcasterTime, toFarcasterTime } from '../src/protocol/time.js';
import { ANSWER_CACHE_MB } from '../src/shared/config/answer-cache-options.js';
import { configOf, NodeOptions } from '../src/shared/config/index.js';
import { createAnswerCache, MiB } from '../src/shared/http/answer-cache.js';
import { seededRandom } from '../src/shared/seeded-random.js';
import { bytesColumn, migrateToLatest } from '../src/storage/index.js';
import type { Database, Dialect } from '../src/storage/index.js';
import { openTestDatabase } from '../src/storage/testing.js';
import type { TestDatabase } from '../src/storage/testing.js';
import { heldBytes } from '../test/support/heap.js';

const { values } = parseArgs({
  options: {
    items: { type: 'string' },
    seconds: { type: 'string' },
    repeat: { type: 'string' },
    'start-runs': { type: 'string' },
    postgres: { type: 'string' },
  },
});
const itemCount = Number(values.items ?? 1_000_000);
const secondCount = Number(values.seconds ?? Math.ceil(itemCount / 4));
const repeat = Number(values.repeat ?? 20);
const startRuns = Number(values['start-runs'] ?? 3);
// The test harness makes the scratch databases; it takes its PostgreSQL URL from the environment.
if (values.postgres !== undefined) process.env.AGORA_TEST_DATABASE_URL = values.postgres;
const dialects: Dialect[] = values.postgres === undefined ? ['sqlite'] : ['sqlite', 'postgres'];

const YEAR_SECONDS = 365 * 86_400;
const FID_COUNT = 10_000;
/** Rows per multi-row insert, and inserts per transaction while filling. */
const INSERT_ROWS = 1000;
const INSERTS_PER_TRANSACTION = 50;
/** The in-memory tries measured for their heap cost. */
const HEAP_IDS = 100_000;
/** The items end now; the node's clock stands there, so "now" is the last second of the data. */
const END_SECOND = toFarcasterTime(Date.now())!;
/**
 * Items written during the run land in the first second of the current 10-second bucket, so the current
 * snapshot walks all ten digits, as on a network busy enough to write every second.
 */
const BUCKET_SECOND = Math.floor(END_SECOND / 10) * 10;
const clock = { now: () => fromFarcasterTime(END_SECOND) };

const TYPES = [
  { type: MessageType.CAST_ADD, store: StoreType.CASTS },
  { type: MessageType.REACTION_ADD, store: StoreType.REACTIONS },
  { type: MessageType.LINK_ADD, store: StoreType.LINKS },
] as const;
/** What nothing here decodes: the stored protobuf's bytes, of about a real message's size. */
const ENCODED = new Uint8Array(160).fill(0xee);
const SIGNER = new Uint8Array(32).fill(0x5a);

interface Item {
  fid: number;
  type: MessageType;
  store: StoreType;
  second: number;
  hash: Uint8Array;
}

/**
 * `count` items with random hashes, fids and types over exactly `seconds` distinct seconds ending at
 * END_SECOND (each second of a span of at least a year is taken with the same odds), in chunks of `size`.
 */
function* itemChunks(count: number, seconds: number, size: number, seed: number): Generator<Item[]> {
  const random = seededRandom(seed);
  const pick = (n: number) => Math.floor(random() * n);
  const step = Math.max(1, Math.floor(YEAR_SECONDS / seconds));
  const first = END_SECOND - step * seconds + 1;
  const held = Array.from({ length: seconds }, (_, k) => first + k * step + pick(step));
  for (let start = 0; start < count; start += size) {
    yield Array.from({ length: Math.min(size, count - start) }, (_, offset): Item => {
      const i = start + offset;
      // The first `seconds` items take each second once; the rest fall anywhere among them.
      const second = held[i < seconds ? i : pick(seconds)]!;
      const kind = TYPES[pick(TYPES.length)]!;
      const hash = Uint8Array.from({ length: 20 }, () => pick(256));
      return { fid: 1 + pick(FID_COUNT), ...kind, second, hash };
    });
  }
}

/** The item's row as a store keeps it: its hash is its conflict key, so no two rows conflict. */
function messageRow({ fid, type, store, second, hash }: Item): NodeTables['messages'] {
  return {
    hash,
    fid,
    store,
    type,
    is_remove: false,
    conflict_key: hash,
    ts_hash: makeTsHash(second, hash),
    signer: SIGNER,
    encoded: ENCODED,
    target_fid: null,
    target_hash: null,
    target_url: null,
    parent_fid: null,
    parent_hash: null,
    parent_url: null,
    link_type: null,
    reaction_type: null,
    user_data_type: null,
  };
}

/** Writes the rows straight into `messages`, many per statement, leaving `sync_ids` to the build. */
async function fill(db: Kysely<NodeTables>): Promise<void> {
  const chunks = itemChunks(itemCount, secondCount, INSERT_ROWS, 20_251_201);
  for (let next = chunks.next(); next.done !== true;) {
    await db.transaction().execute(async (trx) => {
      for (let n = 0; n < INSERTS_PER_TRANSACTION && next.done !== true; n++, next = chunks.next()) {
        await trx.insertInto('messages').values(next.value.map(messageRow)).execute();
      }
    });
  }
}

let added = 0;

/** One more item, written as every writer writes: its row and its change in one write transaction. */
async function addItem(db: Kysely<NodeTables>): Promise<void> {
  const hash = Uint8Array.from({ length: 20 }, (_, i) => (i < 4 ? (added >> (8 * i)) & 0xff : 0x42));
  added++;
  const row = messageRow({ fid: 1, ...TYPES[0], second: BUCKET_SECOND, hash });
  await writeTransaction(db, async (trx) => {
    await trx.insertInto('messages').values(row).execute();
    recordChange(trx, rowChange('add', { fid: row.fid, type: row.type, tsHash: row.ts_hash }));
  });
}

const timed = async (work: () => Promise<unknown>): Promise<number> => {
  const start = performance.now();
  await work();
  return performance.now() - start;
};

const median = (samples: readonly number[]): number =>
  [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => (n < 10 ? n.toFixed(2) : fmt(n));

function printTable(headers: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: readonly string[]) =>
    `  ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')}`;
  console.log(line(headers));
  for (const row of rows) console.log(line(row));
}

/**
 * The floor of the build: the columns the build reads from `messages`, in the same keyset pages, and the
 * ids written with plain inserts into a table shaped as `sync_ids`, in one transaction. The table is
 * dropped after, so the build starts on the database the fill left.
 */
async function buildFloor(database: Database<NodeTables>): Promise<number> {
  const db = database.db.withTables<{ floor_ids: { id: Uint8Array } }>();
  await db.schema
    .createTable('floor_ids')
    .addColumn('id', bytesColumn(database.dialect), (column) => column.primaryKey())
    .$call((table) => (database.dialect === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table))
    .execute();
  try {
    return await timed(() =>
      db.transaction().execute(async (trx) => {
        for (let after: Uint8Array = new Uint8Array(0); ;) {
          const rows = await trx
            .selectFrom('messages')
            .select(['hash', 'fid', 'type', 'ts_hash'])
            .where('hash', '>', after)
            .orderBy('hash')
            .limit(INSERT_ROWS)
            .execute();
          const ids = rows.map(({ hash, fid, type, ts_hash }) => ({
            id: messageSyncId({ fid, type, timestamp: tsHashTimestamp(ts_hash), hash })!,
          }));
          if (ids.length > 0) await trx.insertInto('floor_ids').values(ids).execute();
          if (rows.length < INSERT_ROWS) return;
          after = rows.at(-1)!.hash;
        }
      }),
    );
  } finally {
    await db.schema.dropTable('floor_ids').execute();
  }
}

interface Read {
  name: string;
  /** Untimed, before each timed call. */
  before?: () => Promise<void>;
  /** Returns a few words on the answer, to show it is the expected one. */
  run: (api: SyncApi) => Promise<string>;
}

function freshApi(db: Kysely<NodeTables>) {
  const answerCache = createAnswerCache(ANSWER_CACHE_MB.node * MiB);
  return { answerCache, api: createSyncApi(db, createSyncTrie(db, answerCache), clock) };
}

const digitsOf = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** The reads of the trie, each cold (a fresh answer cache) and warm (the median of repeated calls). */
function readsOf(db: Kysely<NodeTables>, held: Uint8Array): Read[] {
  const prefix = (length: number) => held.slice(0, length);
  const rootPrefix = new Uint8Array(0);
  const snapshot = async (api: SyncApi, at: Uint8Array) => {
    const answer = await api.snapshot(at);
    return `walked ${answer.prefix.length} bytes, ${fmt(answer.numMessages)} items beside`;
  };
  const metadata = async (api: SyncApi, at: Uint8Array) => {
    const answer = await api.metadata(at);
    return answer === undefined ? 'none' : `${fmt(answer.items)} items, ${answer.children.length} children`;
  };
  const ids = async (api: SyncApi, at: Uint8Array) => `${fmt((await api.syncIds(at)).length)} ids`;
  return [
    {
      name: 'one-row read by primary key (floor)',
      run: async () => {
        const root = await db
          .selectFrom('sync_trie_nodes')
          .select(['prefix', 'items', 'hash'])
          .where('prefix', '=', rootPrefix)
          .executeTakeFirst();
        return `${fmt(root?.items ?? 0)} items`;
      },
    },
    { name: 'writeTransaction with no work', run: () => writeTransaction(db, async () => '') },
    { name: 'root hash, nothing stale', run: async (api) => (await api.trie.rootHash()).slice(0, 8) },
    {
      name: 'root hash after one new item',
      before: () => addItem(db),
      run: async (api) => (await api.trie.rootHash()).slice(0, 8),
    },
    { name: 'snapshot, current bucket', run: (api) => snapshot(api, rootPrefix) },
    { name: `snapshot ${digitsOf(prefix(10))}`, run: (api) => snapshot(api, prefix(10)) },
    { name: 'metadata, root', run: (api) => metadata(api, rootPrefix) },
    { name: `metadata ${digitsOf(prefix(5))}`, run: (api) => metadata(api, prefix(5)) },
    { name: `metadata ${digitsOf(prefix(10))}`, run: (api) => metadata(api, prefix(10)) },
    { name: 'syncIds, root', run: (api) => ids(api, rootPrefix) },
    { name: `syncIds ${digitsOf(prefix(6))}`, run: (api) => ids(api, prefix(6)) },
  ];
}

/** Times each read cold and warm; returns the warm trie's answer cache, which holds what the reads kept. */
async function measureReads(db: Kysely<NodeTables>, held: Uint8Array) {
  const warm = freshApi(db);
  const rows: string[][] = [];
  let floor = 0;
  for (const read of readsOf(db, held)) {
    await read.before?.();
    const cold = freshApi(db).api;
    const coldMs = await timed(() => read.run(cold));
    const answer = await read.run(warm.api);
    const samples: number[] = [];
    for (let i = 0; i < repeat; i++) {
      await read.before?.();
      samples.push(await timed(() => read.run(warm.api)));
    }
    const warmMs = median(samples);
    floor ||= warmMs;
    rows.push([read.name, ms(coldMs), ms(warmMs), `${(warmMs / floor).toFixed(1)}x`, answer]);
  }
  printTable(['read', 'cold ms', `warm ms (median of ${repeat})`, 'warm / floor', 'answer'], rows);
  return warm.answerCache;
}

/** Bytes of the two tables, where the dialect tells them cheaply (SQLite only with its dbstat table). */
async function tableBytes(database: Database<NodeTables>): Promise<string> {
  const tables = ['sync_ids', 'sync_trie_nodes'];
  try {
    const sizes =
      database.dialect === 'sqlite'
        ? await sql<{ name: string; bytes: number }>`select name, sum(pgsize) as bytes from dbstat
             where name in (${sql.join(tables)}) group by name`.execute(database.db)
        : await sql<{ name: string; bytes: number }>`select relname as name,
             pg_total_relation_size(oid)::bigint as bytes from pg_class
             where oid in (to_regclass('sync_ids'), to_regclass('sync_trie_nodes'))`.execute(database.db);
    return sizes.rows.map(({ name, bytes }) => `${name} ${(bytes / MiB).toFixed(1)} MiB`).join(', ');
  } catch (error) {
    return `not available (${(error as Error).message})`;
  }
}

/**
 * Starts a node on the database and waits for its /_status: SQLite through --data-dir (the node opens
 * `<data-dir>/node.sqlite`, to which the test file was renamed); PostgreSQL on a new handle of the scratch
 * schema migrated as the node would (a configured --database-url always means the schema `agora_node`).
 */
async function startedMs(database: TestDatabase<NodeTables>, dataDir: string | undefined): Promise<number> {
  const config = configOf(NodeOptions, {
    host: '127.0.0.1',
    port: 0,
    grpcPort: 0,
    logLevel: 'silent',
    ...(dataDir !== undefined && { dataDir }),
  });
  const start = performance.now();
  const own = dataDir === undefined ? await database.reopen() : undefined;
  if (own !== undefined) await migrateToLatest(own, 'node');
  const node = await startNodeService(config, { database: own });
  try {
    const status = await fetch(`${node.url}/_status`);
    await status.arrayBuffer();
    if (!status.ok) throw new Error(`/_status answered ${status.status}`);
    return performance.now() - start;
  } finally {
    await node.close();
  }
}

/** SQLite: the directory the node will find the database in as node.sqlite; the handle is closed. */
async function asNodeDataDir(database: TestDatabase<NodeTables>): Promise<string | undefined> {
  if (database.dialect !== 'sqlite') return undefined;
  const { rows } = await sql<{
    file: string;
  }>`select file from pragma_database_list where name = 'main'`.execute(database.db);
  const file = rows[0]!.file;
  await sql`pragma wal_checkpoint(truncate)`.execute(database.db);
  await database.close();
  await rename(file, join(dirname(file), 'node.sqlite'));
  return dirname(file);
}

/** Median ready times on the empty and the filled database, interleaved after one unmeasured start. */
async function measureStart(filled: TestDatabase<NodeTables>, dialect: Dialect): Promise<void> {
  const empty = await openTestDatabase<NodeTables>(dialect, 'node');
  try {
    const emptyDir = await asNodeDataDir(empty);
    const filledDir = await asNodeDataDir(filled);
    await startedMs(empty, emptyDir);
    const emptyMs: number[] = [];
    const filledMs: number[] = [];
    for (let run = 0; run < startRuns; run++) {
      emptyMs.push(await startedMs(empty, emptyDir));
      filledMs.push(await startedMs(filled, filledDir));
    }
    const [floor, agora] = [median(emptyMs), median(filledMs)];
    if (dialect === 'postgres') {
      console.log('  (the node gets a new handle on the scratch schema, migrated within the timed span)');
    }
    printTable(
      ['node ready (start + /_status)', `median of ${startRuns} ms`, 'runs ms', 'vs empty'],
      [
        ['empty database (floor)', ms(floor), emptyMs.map(ms).join(', '), '1.00'],
        [`${fmt(itemCount)} items`, ms(agora), filledMs.map(ms).join(', '), (agora / floor).toFixed(2)],
      ],
    );
  } finally {
    await empty.cleanup();
  }
}

async function runDialect(dialect: Dialect): Promise<void> {
  const database = await openTestDatabase<NodeTables>(dialect, 'node');
  const { db } = database;
  try {
    const fillMs = await timed(() => fill(db));
    console.log(
      `\n${dialect}: ${fmt(itemCount)} messages over ${fmt(secondCount)} seconds written in ${fmt(fillMs)} ms (not a result)`,
    );

    const floorMs = await buildFloor(database);
    let ids = 0;
    const buildMs = await timed(async () => (ids = await rebuildSyncTrie(db)));
    if (ids !== itemCount) throw new Error(`the build holds ${ids} ids, not ${itemCount}`);
    const nodes = await db
      .selectFrom('sync_trie_nodes')
      .select(db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    printTable(
      ['build', 'ms', 'ids/s', 'floor / build'],
      [
        ['stores read, ids written raw (floor)', fmt(floorMs), fmt(ids / (floorMs / 1000)), '1.00'],
        [
          `rebuildSyncTrie (${fmt(Number(nodes.n))} nodes)`,
          fmt(buildMs),
          fmt(ids / (buildMs / 1000)),
          (floorMs / buildMs).toFixed(2),
        ],
      ],
    );

    const { id: held } = await db
      .selectFrom('sync_ids')
      .select('id')
      .orderBy('id')
      .offset(Math.floor(itemCount / 2))
      .limit(1)
      .executeTakeFirstOrThrow();
    const answerCache = await measureReads(db, held);
    const kept = answerCache.stats().get('sync_trie');
    console.log(
      `  answer cache 'sync_trie' after the warm reads: ${fmt(kept?.bytes ?? 0)} bytes in ${kept?.entries ?? 0} ` +
        `entries (${fmt((kept?.bytes ?? 0) / TRIE_BYTES_PER_ID)} ids at TRIE_BYTES_PER_ID = ${TRIE_BYTES_PER_ID})`,
    );
    console.log(`  stored: ${await tableBytes(database)}`);
    await measureStart(database, dialect);
  } finally {
    await database.cleanup();
  }
}

/**
 * Heap and ArrayBuffer bytes (malloc's overhead on the 36-byte buffers not included) per id held by the
 * tries `build` makes, once built and once hashed.
 */
async function heapPerId(ids: number, build: () => { rootHash(): string }[]): Promise<string[]> {
  const before = await heldBytes();
  const tries = build();
  const built = await heldBytes();
  for (const trie of tries) trie.rootHash();
  const hashed = await heldBytes();
  return [fmt((built - before) / ids), fmt((hashed - before) / ids), fmt(tries.length)];
}

async function measureHeap(): Promise<void> {
  const random = seededRandom(36);
  const randomIds = Array.from({ length: HEAP_IDS }, () =>
    Uint8Array.from({ length: 36 }, () => Math.floor(random() * 256)),
  );
  // As many a second as in the data: a trie per second is what the cache keeps for a second's node.
  const seconds = Math.max(1, Math.round((HEAP_IDS * secondCount) / itemCount));
  const messageIds: Uint8Array[] = [];
  const bySecond = new Map<number, Uint8Array[]>();
  for (const chunk of itemChunks(HEAP_IDS, seconds, INSERT_ROWS, 7)) {
    for (const item of chunk) {
      const id = messageSyncId({ ...item, timestamp: item.second })!;
      messageIds.push(id);
      bySecond.set(item.second, [...(bySecond.get(item.second) ?? []), id]);
    }
  }
  console.log(
    `\nin-memory MerkleTrie, ${fmt(HEAP_IDS)} ids (the answer cache counts ${TRIE_BYTES_PER_ID} bytes per id)`,
  );
  printTable(
    ['ids', 'bytes/id built', 'bytes/id hashed', 'tries'],
    [
      ['random 36-byte ids, one trie', ...(await heapPerId(HEAP_IDS, () => [trieOf(randomIds)]))],
      [
        `message ids over ${fmt(seconds)} seconds, one trie`,
        ...(await heapPerId(HEAP_IDS, () => [trieOf(messageIds)])),
      ],
      [
        `message ids, one trie per second (${(HEAP_IDS / seconds).toFixed(1)} a second)`,
        ...(await heapPerId(HEAP_IDS, () => [...bySecond.values()].map(trieOf))),
      ],
    ],
  );
}

console.log(
  `${fmt(itemCount)} items over ${fmt(secondCount)} seconds ending now; warm reads: median of ${repeat}; ` +
    `node ${process.version}`,
);
for (const dialect of dialects) await runDialect(dialect);
await measureHeap();
