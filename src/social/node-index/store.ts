import { UserDataType } from '../../protocol/gen/message.js';
import { bytesToHex, type Hex } from '../../protocol/hex.js';
import { inChunks } from '../../storage/in-chunks.js';
import type { SocialDb } from '../store.js';
import type { IndexedCastsTable } from './tables.js';

/**
 * Reads and writes of the node index. The indexer writes (inside the transaction that also moves its
 * cursor); every other area only reads, through these functions.
 */

export interface IndexedCast {
  hash: Hex;
  fid: number;
  timestamp: number;
  parentUrl: string | null;
  parentHash: Hex | null;
  parentFid: number | null;
  channelUrl: string | null;
  removed: boolean;
}

export type Protocol = 'ethereum' | 'solana';

export async function indexedCast(db: SocialDb, hash: Uint8Array): Promise<IndexedCast | undefined> {
  const row = await db.selectFrom('indexed_casts').selectAll().where('hash', '=', hash).executeTakeFirst();
  return row === undefined ? undefined : castOf(row);
}

function castOf(row: IndexedCastsTable): IndexedCast {
  return {
    hash: bytesToHex(row.hash),
    fid: row.fid,
    timestamp: row.timestamp,
    parentUrl: row.parent_url,
    parentHash: row.parent_hash === null ? null : bytesToHex(row.parent_hash),
    parentFid: row.parent_fid,
    channelUrl: row.channel_url,
    removed: row.removed_at !== null,
  };
}

export interface VerifiedAddress {
  address: string;
  verifiedAt: number;
}

/** A fid's verified addresses of one protocol, oldest verification first. */
export async function verifiedAddresses(
  db: SocialDb,
  fid: number,
  protocol: Protocol,
): Promise<VerifiedAddress[]> {
  return (await verifiedAddressesByFid(db, [fid], protocol)).get(fid) ?? [];
}

/** {@link verifiedAddresses} of many fids in a few reads; fids without any are absent. */
export async function verifiedAddressesByFid(
  db: SocialDb,
  fids: readonly number[],
  protocol: Protocol,
): Promise<Map<number, VerifiedAddress[]>> {
  const rows = await inChunks(fids, (chunk) =>
    db
      .selectFrom('indexed_verifications')
      .select(['fid', 'address', 'verified_at'])
      .where('fid', 'in', chunk)
      .where('protocol', '=', protocol)
      .orderBy('verified_at')
      .orderBy('address')
      .execute(),
  );
  const byFid = new Map<number, VerifiedAddress[]>();
  for (const row of rows) {
    const held = byFid.get(row.fid) ?? [];
    held.push({ address: row.address, verifiedAt: row.verified_at });
    byFid.set(row.fid, held);
  }
  return byFid;
}

export async function userDataValue(db: SocialDb, fid: number, type: number): Promise<string | undefined> {
  return (await userDataValues(db, [fid], type)).get(fid);
}

/** {@link userDataValue} of many fids in a few reads; fids without that user data are absent. */
export async function userDataValues(
  db: SocialDb,
  fids: readonly number[],
  type: number,
): Promise<Map<number, string>> {
  const rows = await inChunks(fids, (chunk) =>
    db
      .selectFrom('indexed_user_data')
      .select(['fid', 'value'])
      .where('fid', 'in', chunk)
      .where('type', '=', type)
      .execute(),
  );
  return new Map(rows.map((row) => [row.fid, row.value]));
}

/** The fid whose USERNAME user data is each of `names`; the lowest, should the index hold one under two. */
export async function fidsByUsername(db: SocialDb, names: readonly string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .selectFrom('indexed_user_data')
    .select(['fid', 'value'])
    .where('type', '=', UserDataType.USERNAME)
    .where('value', 'in', names)
    .orderBy('fid', 'desc')
    .execute();
  return new Map(rows.map((row) => [row.value, row.fid]));
}

/** An embed as the node renders it: a url, or another cast (hash as 0x hex). */
export type CastEmbed = { url: string } | { castId: { fid: number; hash: Hex } };

/** What a cast says, as the feed reads serve it (docs/social/feed.md). */
export interface CastContent {
  text: string;
  embeds: CastEmbed[];
  mentions: number[];
  /** UTF-8 byte offsets into `text`, one per mention. */
  mentionsPositions: number[];
}

const NO_CONTENT: CastContent = { text: '', embeds: [], mentions: [], mentionsPositions: [] };

/** The `content` column read back; a cast indexed before the index kept content says nothing yet. */
export function castContentOf(stored: string | null): CastContent {
  return stored === null ? NO_CONTENT : (JSON.parse(stored) as CastContent);
}

export interface CastInput {
  hash: Uint8Array;
  fid: number;
  timestamp: number;
  parentUrl: string | null;
  parentHash: Uint8Array | null;
  parentFid: number | null;
  /** Absent where only the cast's place matters (tests seeding channels and threads). */
  content?: CastContent;
}

/**
 * Records a cast and settles its channel: a root cast's is its parent url, a reply's is its parent's.
 * Replies that arrived before this cast (their parent unknown then) inherit it now, down the thread.
 */
export async function putCast(db: SocialDb, cast: CastInput): Promise<void> {
  const parent =
    cast.parentHash === null
      ? undefined
      : await db
          .selectFrom('indexed_casts')
          .select('channel_url')
          .where('hash', '=', cast.parentHash)
          .executeTakeFirst();
  const channelUrl = cast.parentUrl ?? parent?.channel_url ?? null;
  // JSON escapes NUL, which the protocol allows in text and a PostgreSQL text column cannot hold.
  const content = cast.content === undefined ? null : JSON.stringify(cast.content);
  await db
    .insertInto('indexed_casts')
    .values({
      hash: cast.hash,
      fid: cast.fid,
      timestamp: cast.timestamp,
      parent_url: cast.parentUrl,
      parent_hash: cast.parentHash,
      parent_fid: cast.parentFid,
      channel_url: channelUrl,
      removed_at: null,
      content,
    })
    // A hash names one content, so writing it again only fills in a row indexed before content was kept.
    .onConflict((conflict) =>
      content === null
        ? conflict.column('hash').doNothing()
        : conflict.column('hash').doUpdateSet({ content }),
    )
    .execute();
  if (channelUrl !== null) await settleReplies(db, [cast.hash], channelUrl);
}

async function settleReplies(db: SocialDb, parents: Uint8Array[], channelUrl: string): Promise<void> {
  let level = parents;
  while (level.length > 0) {
    const children = await db
      .selectFrom('indexed_casts')
      .select('hash')
      .where('parent_hash', 'in', level)
      .where('channel_url', 'is', null)
      .execute();
    level = children.map((child) => child.hash);
    if (level.length > 0) {
      await db
        .updateTable('indexed_casts')
        .set({ channel_url: channelUrl })
        .where('hash', 'in', level)
        .execute();
    }
  }
}

export async function markCastRemoved(db: SocialDb, hash: Uint8Array, removedAt: number): Promise<void> {
  await db
    .updateTable('indexed_casts')
    .set({ removed_at: removedAt })
    .where('hash', '=', hash)
    .where('removed_at', 'is', null)
    .execute();
}

export async function putSigner(
  db: SocialDb,
  signer: { fid: number; key: Uint8Array; requestFid: number | null; addedAt: number },
): Promise<void> {
  await db
    .insertInto('indexed_signers')
    .values({ fid: signer.fid, key: signer.key, request_fid: signer.requestFid, added_at: signer.addedAt })
    .onConflict((conflict) => conflict.columns(['fid', 'key']).doNothing())
    .execute();
}

export async function deleteSigner(db: SocialDb, fid: number, key: Uint8Array): Promise<void> {
  await db.deleteFrom('indexed_signers').where('fid', '=', fid).where('key', '=', key).execute();
}

export async function putVerification(
  db: SocialDb,
  verification: { fid: number; protocol: Protocol; address: string; verifiedAt: number },
): Promise<void> {
  const { fid, protocol, address, verifiedAt } = verification;
  await db
    .insertInto('indexed_verifications')
    .values({ fid, protocol, address, verified_at: verifiedAt })
    .onConflict((conflict) =>
      conflict.columns(['fid', 'protocol', 'address']).doUpdateSet({ verified_at: verifiedAt }),
    )
    .execute();
}

export async function deleteVerification(db: SocialDb, fid: number, protocol: Protocol, address: string) {
  await db
    .deleteFrom('indexed_verifications')
    .where('fid', '=', fid)
    .where('protocol', '=', protocol)
    .where('address', '=', address)
    .execute();
}

/** An empty value removes the entry, as the protocol's user data does. */
export async function putUserData(db: SocialDb, fid: number, type: number, value: string): Promise<void> {
  if (value === '') {
    await db.deleteFrom('indexed_user_data').where('fid', '=', fid).where('type', '=', type).execute();
    return;
  }
  await db
    .insertInto('indexed_user_data')
    .values({ fid, type, value })
    .onConflict((conflict) => conflict.columns(['fid', 'type']).doUpdateSet({ value }))
    .execute();
}
