// Messages merged per second by the node's engine, as a ratio to raw inserts of the rows it writes, in the
// same run. Usage: npx tsx bench/engine.ts [--messages N] [--fids N] [--batch 100,500] [--rounds R]
//   [--postgres postgres://...]   (also runs on PostgreSQL, in a scratch schema dropped afterwards)
//   [--sqlite-synchronous full|normal]   (SQLite's sync at commit, for both the floor and the engine; full)
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { createEngine, createSignaturePool } from '../src/node/engine/index.js';
import type { Engine, MergeOutcome } from '../src/node/engine/index.js';
import {
  NETWORK,
  castAdd,
  castIdOf,
  clock,
  link,
  reaction,
  setUpAccount,
  signerFor,
} from '../src/node/engine/testing.js';
import type { TestAccount } from '../src/node/engine/testing.js';
import { address } from '../src/node/onchain/testing.js';
import type { NodeTables } from '../src/node/store/schema.js';
import { MessageType } from '../src/protocol/gen/message.js';
import type { CastId } from '../src/protocol/gen/message.js';
import type { ReceivedMessage } from '../src/protocol/message.js';
import type { Dialect } from '../src/storage/index.js';
import { seededRandom } from '../src/shared/seeded-random.js';
import { openTestDatabase } from '../src/storage/testing.js';

const { values } = parseArgs({
  options: {
    messages: { type: 'string' },
    fids: { type: 'string' },
    batch: { type: 'string' },
    rounds: { type: 'string' },
    postgres: { type: 'string' },
    'sqlite-synchronous': { type: 'string' },
  },
});
const count = Number(values.messages ?? 10_000);
const fidCount = Number(values.fids ?? 300);
const batchSizes = (values.batch ?? '100,500').split(',').map(Number);
const rounds = Number(values.rounds ?? 3);
const synchronous = values['sqlite-synchronous'] === 'normal' ? 'normal' : 'full';
// The test harness makes the scratch databases; it takes its PostgreSQL URL from the environment.
if (values.postgres !== undefined) process.env.AGORA_TEST_DATABASE_URL = values.postgres;
const dialects: Dialect[] = values.postgres === undefined ? ['sqlite'] : ['sqlite', 'postgres'];

const accounts: TestAccount[] = Array.from({ length: fidCount }, (_, i) => {
  const fid = i + 1;
  return { fid, signer: signerFor(fid, fid >> 8), custody: address(fid) };
});

/**
 * The input, signed ahead of time, one second apart and oldest first: 60% reactions (likes of earlier
 * casts), 25% casts (multi-byte text, a mention, every third a reply), 15% follows. Every 20th message
 * is a conflict instead of a like: alternately an exact re-send of an earlier message (a duplicate) or a
 * ReactionRemove superseding an earlier like.
 */
function makeInput(): ReceivedMessage[] {
  const random = seededRandom(20_251_121);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const messages: ReceivedMessage[] = [];
  const casts: CastId[] = [];
  const likes: { account: TestAccount; target: CastId }[] = [];
  const liked = new Set<string>();
  const follows = new Map<number, number>();
  for (let i = 0; i < count; i++) {
    const account = pick(accounts);
    const ago = count - i;
    const slot = i % 20;
    const target = casts.length > 0 ? pick(casts) : undefined;
    if (slot === 5 && likes.length > 0) {
      const earlier = pick(likes);
      messages.push(
        Math.floor(i / 20) % 2 === 0
          ? pick(messages)
          : reaction(earlier.account, false, { castId: earlier.target }, ago),
      );
    } else if (slot < 12 && target !== undefined && !liked.has(likeKey(account, target))) {
      liked.add(likeKey(account, target));
      likes.push({ account, target });
      messages.push(reaction(account, true, { castId: target }, ago));
    } else if (slot < 17) {
      // Also stands in for a like that would repeat an earlier one.
      const mentioned = pick(accounts).fid;
      const parentCastId = i % 3 === 0 ? target : undefined;
      const cast = castAdd(account, `gm ${i} — こんにちは 🌍 @${mentioned}`, ago, {
        mentions: [mentioned],
        parentCastId,
      });
      casts.push(castIdOf(cast));
      messages.push(cast);
    } else {
      // Each follow of a fid targets a new fid, so follows never conflict by accident.
      const n = follows.get(account.fid) ?? 0;
      follows.set(account.fid, n + 1);
      messages.push(link(account, true, ((account.fid + 7 * (n + 1)) % fidCount) + 1, ago));
    }
  }
  return messages;
}

const hashKey = (hash: Uint8Array) => Buffer.from(hash).toString('hex');

function likeKey(account: TestAccount, castId: CastId): string {
  return `${account.fid}>${castId.fid}:${hashKey(castId.hash)}`;
}

function batches<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );
}

const timed = async (work: () => Promise<void>): Promise<number> => {
  const start = performance.now();
  await work();
  return performance.now() - start;
};

/** A fresh node database with every account registered (signer, one storage unit) through on-chain events. */
async function accountsDatabase(dialect: Dialect) {
  const database = await openTestDatabase<NodeTables>(dialect, 'node', { sqliteSynchronous: synchronous });
  for (const account of accounts) await setUpAccount(database.db, account.fid, { signer: account.signer });
  return database;
}

/**
 * Merge calls running at once: with two, one batch is validated while the other's transaction runs, as
 * the node's submit pipeline overlaps them.
 */
const IN_FLIGHT = 2;

/** Signatures are verified on worker threads, one per core, as the node service does. */
const signatures = createSignaturePool();

function nodeEngine(db: Kysely<NodeTables>): Engine {
  return createEngine({ db, network: NETWORK, clock, logger: { info: () => undefined }, signatures });
}

/** The rows one merge transaction left in the tables: one transaction of the floor. */
interface Written {
  messages: NodeTables['messages'][];
  mentions: NodeTables['cast_mentions'][];
  events: NodeTables['hub_events'][];
}

interface MergeRun {
  mergeMs: number;
  validateMs: number;
  outcomes: MergeOutcome[];
  written: Written[];
}

/**
 * Merges the batches with up to IN_FLIGHT calls running at once, started in order: the next batch's
 * validation and signatures overlap the current batch's transaction.
 */
async function mergeInFlight(engine: Engine, queue: ReceivedMessage[][]): Promise<MergeOutcome[][]> {
  const results: MergeOutcome[][] = [];
  let next = 0;
  const lane = async () => {
    for (let index = next++; index < queue.length; index = next++) {
      results[index] = await engine.mergeMessages(queue[index] as ReceivedMessage[]);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  return results;
}

/** Merges the input in batches into a fresh database; then times `engine.validate` of each message alone. */
async function mergeRun(dialect: Dialect, input: ReceivedMessage[], size: number): Promise<MergeRun> {
  const database = await accountsDatabase(dialect);
  try {
    const engine = nodeEngine(database.db);
    const outcomes: MergeOutcome[] = [];
    const mergeMs = await timed(async () => {
      for (const batchOutcomes of await mergeInFlight(engine, batches(input, size))) {
        outcomes.push(...batchOutcomes);
      }
    });
    const validateMs = await timed(async () => {
      for (const message of input) {
        const result = await engine.validate(message);
        if (!result.ok) throw new Error(`validation failed: ${result.error.message}`);
      }
    });
    return { mergeMs, validateMs, outcomes, written: await writtenRows(database.db, input, outcomes, size) };
  } finally {
    await database.cleanup();
  }
}

/** What the merges left in the tables, grouped by the batch that wrote them: the rows the floor inserts. */
async function writtenRows(
  db: Kysely<NodeTables>,
  input: ReceivedMessage[],
  outcomes: MergeOutcome[],
  size: number,
): Promise<Written[]> {
  const batchOfHash = new Map<string, number>();
  input.forEach((message, i) => {
    const key = hashKey(message.message.hash);
    if (!batchOfHash.has(key)) batchOfHash.set(key, Math.floor(i / size));
  });
  const batchOfEvent = new Map(
    outcomes.flatMap((outcome, i) => (outcome.ok ? [[outcome.event.id, Math.floor(i / size)] as const] : [])),
  );
  const groups = batches(input, size).map((): Written => ({ messages: [], mentions: [], events: [] }));
  const group = (batch: number | undefined): Written => {
    const found = batch === undefined ? undefined : groups[batch];
    if (found === undefined) throw new Error('a written row belongs to no batch');
    return found;
  };
  const ofHash = (hash: Uint8Array) => group(batchOfHash.get(hashKey(hash)));
  for (const row of await db.selectFrom('messages').selectAll().execute())
    ofHash(row.hash).messages.push(row);
  for (const row of await db.selectFrom('cast_mentions').selectAll().execute()) {
    ofHash(row.hash).mentions.push(row);
  }
  for (const row of await db.selectFrom('hub_events').selectAll().orderBy('id').execute()) {
    // Registration's on-chain events are set-up, not merges.
    if (batchOfEvent.has(row.id)) group(batchOfEvent.get(row.id)).events.push(row);
  }
  return groups;
}

/** The floor: the same rows in plain inserts, one transaction per merge batch, on a fresh database. */
async function floorRun(dialect: Dialect, written: Written[]): Promise<number> {
  const database = await openTestDatabase<NodeTables>(dialect, 'node', { sqliteSynchronous: synchronous });
  try {
    return await timed(async () => {
      for (const { messages, mentions, events } of written) {
        await database.db.transaction().execute(async (trx) => {
          if (messages.length > 0) await trx.insertInto('messages').values(messages).execute();
          if (mentions.length > 0) await trx.insertInto('cast_mentions').values(mentions).execute();
          if (events.length > 0) await trx.insertInto('hub_events').values(events).execute();
        });
      }
    });
  } finally {
    await database.cleanup();
  }
}

/** A re-sent message is a duplicate, or a conflict when a newer message on its key has arrived since. */
const EXPECTED_REFUSALS = ['bad_request.duplicate', 'bad_request.conflict'];

function summarize(outcomes: MergeOutcome[]): string {
  const merged = outcomes.filter((outcome) => outcome.ok);
  const superseding = merged.filter((outcome) => outcome.event.mergeMessageBody?.deletedMessages.length);
  const refused = new Map<string, number>();
  for (const outcome of outcomes) {
    if (!outcome.ok) refused.set(outcome.error.errCode, (refused.get(outcome.error.errCode) ?? 0) + 1);
  }
  const other = [...refused].filter(([code]) => !EXPECTED_REFUSALS.includes(code));
  if (other.length > 0) throw new Error(`unexpected refusals: ${JSON.stringify(other)}`);
  return `${merged.length} merged (${superseding.length} superseding), refused ${JSON.stringify(Object.fromEntries(refused))}`;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const perSecond = (ms: number) => count / (ms / 1000);

/** The input's actual mix: share of each message type, and of exact re-sends among them. */
function describeInput(input: readonly ReceivedMessage[]): string {
  const share = (n: number) => `${Math.round((100 * n) / input.length)}%`;
  const byType = new Map<string, number>();
  for (const { data } of input)
    byType.set(MessageType[data.type], (byType.get(MessageType[data.type]) ?? 0) + 1);
  const resent = input.length - new Set(input.map(({ message }) => hashKey(message.hash))).size;
  return `${[...byType].map(([type, n]) => `${type} ${share(n)}`).join(', ')}; re-sent ${share(resent)}`;
}

const signingStart = performance.now();
const input = makeInput();
console.log(
  `input: ${count} messages from ${fidCount} fids, signed in ${fmt(performance.now() - signingStart)} ms ` +
    `(not measured): ${describeInput(input)}; best of ${rounds}; Node ${process.version}`,
);
console.log(
  `agora = engine.mergeMessages, validation (hash, signature, body rules, account) included, ${IN_FLIGHT} calls in flight; SQLite synchronous=${synchronous}`,
);
for (const dialect of dialects) {
  for (const size of batchSizes) {
    let best: MergeRun | undefined;
    let floorMs = Infinity;
    let validateMs = Infinity;
    for (let round = 0; round < rounds; round++) {
      const run = await mergeRun(dialect, input, size);
      if (best === undefined || run.mergeMs < best.mergeMs) best = run;
      validateMs = Math.min(validateMs, run.validateMs);
      floorMs = Math.min(floorMs, await floorRun(dialect, run.written));
    }
    if (best === undefined) throw new Error('--rounds must be at least 1');
    console.log(
      `${dialect} batch ${size}: floor (raw inserts) ${fmt(perSecond(floorMs))} msg/s, ` +
        `agora ${fmt(perSecond(best.mergeMs))} msg/s, ratio ${(floorMs / best.mergeMs).toFixed(2)} (target >= 0.25)`,
    );
    console.log(
      `  engine.validate alone ${fmt(perSecond(validateMs))} msg/s = ` +
        `${Math.round((100 * validateMs) / best.mergeMs)}% of the merge time; ${summarize(best.outcomes)}`,
    );
  }
}
await signatures.close();
