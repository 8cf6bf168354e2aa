// The data bench/reads.ts reads, written quickly (none of it is measured): node messages as the engine's own
// rows in multi-row inserts (signed, but not merged one by one), names as the store's rows in multi-row
// inserts, social state through its domain functions but for follows (multi-row inserts of their rows).
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { castAdd, signerFor, userData } from '../src/node/engine/testing.js';
import type { TestAccount } from '../src/node/engine/testing.js';
import { toIncoming } from '../src/node/engine/message-rows.js';
import { castStore, userDataStore } from '../src/node/engine/stores/index.js';
import { address } from '../src/node/onchain/testing.js';
import type { NodeTables } from '../src/node/store/schema.js';
import type { NamesDatabase, NamesTables } from '../src/names/store.js';
import { UserDataType } from '../src/protocol/gen/message.js';
import type { CastId } from '../src/protocol/gen/message.js';
import { seededRandom } from '../src/shared/seeded-random.js';
import { blockUser } from '../src/social/blocks/blocks.js';
import { createChannel } from '../src/social/channels/catalog.js';
import { channelListChanged } from '../src/social/channels/list-version.js';
import { grantRole } from '../src/social/channels/roles.js';
import type { SocialContext } from '../src/social/context.js';
import type { SocialTables } from '../src/social/store.js';

/** Rows per multi-row insert: well under either dialect's limit on bound parameters. */
const INSERT_CHUNK = 500;

async function insertChunks<DB>(
  db: Kysely<DB>,
  table: keyof DB & string,
  rows: readonly unknown[],
): Promise<void> {
  for (let at = 0; at < rows.length; at += INSERT_CHUNK) {
    // Kysely's insert typing cannot follow a table chosen by a type parameter.
    await db
      .insertInto(table)
      .values(rows.slice(at, at + INSERT_CHUNK) as never)
      .execute();
  }
}

export interface NodeSeed {
  /** About a thousand casts, spread over all of them. */
  casts: CastId[];
  fids: number[];
}

const USER_DATA: [UserDataType, string][] = [
  [UserDataType.PFP, 'https://example.com/avatars/a-picture-of-someone.png'],
  [UserDataType.DISPLAY, 'Someone Somewhere 🌍'],
  [UserDataType.BIO, 'Builds things on Farcaster; writes about protocols, databases and coffee.'],
  [UserDataType.URL, 'https://example.com/someone'],
];

/**
 * `casts` CastAdds round-robin over `fidCount` fids (multi-byte text, every fourth one mentioning another
 * fid), plus four UserDataAdds per fid, stored as the engine's merge stores them.
 */
export async function seedNode(db: Kysely<NodeTables>, casts: number, fidCount: number): Promise<NodeSeed> {
  const accounts: TestAccount[] = Array.from({ length: fidCount }, (_, i) => ({
    fid: i + 1,
    signer: signerFor(i + 1, (i + 1) >> 8),
    custody: address(i + 1),
  }));
  const sampled: CastId[] = [];
  const sampleEvery = Math.max(1, Math.floor(casts / 1000));
  for (let at = 0; at < casts; at += INSERT_CHUNK) {
    const messages = [];
    const mentions = [];
    for (let i = at; i < Math.min(casts, at + INSERT_CHUNK); i++) {
      const account = accounts[i % fidCount] as TestAccount;
      const mentioned = i % 4 === 0 ? [1 + ((i * 7) % fidCount)] : [];
      const cast = castAdd(account, `cast ${i}: gm from the bench — こんにちは 🌍`, casts - i + 1000, {
        mentions: mentioned,
      });
      const incoming = toIncoming(castStore, cast);
      messages.push(incoming.row);
      for (const fid of incoming.mentions)
        mentions.push({ hash: incoming.row.hash, mentioned_fid: fid, ts_hash: incoming.tsHash });
      if (i % sampleEvery === 0) sampled.push({ fid: account.fid, hash: cast.message.hash });
    }
    await insertChunks(db, 'messages', messages);
    await insertChunks(db, 'cast_mentions', mentions);
  }
  const profiles = accounts.flatMap((account) =>
    USER_DATA.map(
      ([type, value], i) => toIncoming(userDataStore, userData(account, type, value, 10 + i)).row,
    ),
  );
  await insertChunks(db, 'messages', profiles);
  return { casts: sampled, fids: accounts.map(({ fid }) => fid) };
}

/**
 * `count` names registered to fids 1..count, every fifth one transferred on to another fid (so a name's
 * history has one or two transfers), as the store writes them (ids in order, the holder of each name),
 * in multi-row inserts. Signatures are random bytes: reads never check them.
 */
export async function seedNames(database: NamesDatabase, count: number): Promise<string[]> {
  const names = Array.from({ length: count }, (_, i) => `name${i + 1}`);
  const start = 1_700_000_000;
  const moves = [
    ...names.map((name, i) => ({ name, from: 0, to: i + 1, timestamp: start + i })),
    ...names.flatMap((name, i) =>
      i % 5 === 0 ? [{ name, from: i + 1, to: count + i + 1, timestamp: start + count + i }] : [],
    ),
  ];
  const transfers = moves.map(({ name, from, to, timestamp }, i) => ({
    id: i + 1,
    timestamp,
    username: name,
    owner: address(from || to),
    from_fid: from,
    to_fid: to,
    user_signature: randomBytes(65),
    server_signature: randomBytes(65),
    requester_fid: from || to,
    created_at: timestamp * 1000,
  }));
  const holders = new Map(moves.map(({ name, to }) => [name, to]));
  await database.db.transaction().execute(async (trx) => {
    await insertChunks<NamesTables>(trx, 'transfers', transfers);
    await insertChunks<NamesTables>(
      trx,
      'name_holders',
      [...holders].map(([name, fid]) => ({ name, fid })),
    );
    await trx.updateTable('transfer_sequence').set({ last_id: transfers.length }).execute();
  });
  return names;
}

export interface SocialVolumes {
  channels: number;
  /** Channels with many followers and members, whose pages the bench reads. */
  bigChannels: number;
  followersPerBigChannel: number;
  membersPerBigChannel: number;
  followersPerChannel: number;
  blockers: number;
  blocksPerBlocker: number;
}

export interface SocialSeed {
  channels: string[];
  bigChannels: string[];
  blockers: number[];
}

/**
 * Channels with an owner and two moderators each; the big ones with thousands of followers and hundreds of
 * members, the others with a few followers; blockers with a page and more of blocks each.
 */
export async function seedSocial(context: SocialContext, volumes: SocialVolumes): Promise<SocialSeed> {
  const { db } = context.database;
  const random = seededRandom(20);
  const fid = () => 1 + Math.floor(random() * 100_000);
  const channels = Array.from({ length: volumes.channels }, (_, i) => `channel-${i}`);
  for (const [i, id] of channels.entries()) {
    await createChannel(context, {
      id,
      name: `Channel ${i}`,
      description: `Channel ${i} is where people talk about topic number ${i}, share links and meet.`,
      imageUrl: `https://example.com/channels/${id}.png`,
      leadFid: 1 + i,
    });
  }
  const bigChannels = channels.slice(0, volumes.bigChannels);
  const now = Math.floor(Date.now() / 1000);
  // Follows as the follow route writes them, in multi-row inserts: a transaction per follow (what
  // setFollowing does) would take minutes on PostgreSQL.
  const follows = channels.flatMap((id, i) => {
    const count = i < volumes.bigChannels ? volumes.followersPerBigChannel : volumes.followersPerChannel;
    const followers = new Set(Array.from({ length: count }, fid));
    return [...followers].map((follower, k) => ({ channel_id: id, fid: follower, followed_at: now - k }));
  });
  await db.transaction().execute(async (trx) => {
    await insertChunks<SocialTables>(trx, 'channel_follows', follows);
    for (const [i, id] of channels.entries()) {
      for (const moderator of [10_001 + i, 20_001 + i]) await grantRole(trx, id, moderator, 'moderator', now);
    }
    for (const id of bigChannels) {
      for (let m = 0; m < volumes.membersPerBigChannel; m++)
        await grantRole(trx, id, fid(), 'member', now - m);
    }
    await channelListChanged(trx);
  });
  const blockers = Array.from({ length: volumes.blockers }, (_, i) => 500_001 + i);
  await db.transaction().execute(async (trx) => {
    for (const blocker of blockers) {
      for (let b = 0; b < volumes.blocksPerBlocker; b++) await blockUser(trx, context.clock, blocker, fid());
    }
  });
  return { channels, bigChannels, blockers };
}
