import { sql, type Expression, type SqlBool } from 'kysely';
import { UserDataType } from '../../protocol/gen/message.js';
import { bytesToHex, hexToBytes, type Hex } from '../../protocol/hex.js';
import { SocialError } from '../errors.js';
import { castContentOf, type CastContent } from '../node-index/store.js';
import type { SocialDb } from '../store.js';
import { columnOf, replyShown, type Audience } from './rules.js';

/** The casts a feed read lists: the page query's base, its rows rendered, and where a page ends. */

/** A cast as the feed reads serve it (docs/social/feed.md). */
export interface FeedCast extends CastContent {
  hash: Hex;
  fid: number;
  /** UNIX seconds. */
  timestamp: number;
  parentUrl?: string;
  parentHash?: Hex;
  parentFid?: number;
  /** The direct replies the same reader would see (cast replies' rules). */
  replyCount: number;
  /** The author's USERNAME and DISPLAY user data, when the node has them. */
  username?: string;
  displayName?: string;
}

/** A page of casts and, unless it is the last, where the next starts. */
export interface CastPage<T, P> {
  casts: T[];
  next?: P;
}

/** A page and the channel url its casts were read in (null: a thread outside channels). */
export type ChannelCastPage<T, P> = CastPage<T, P> & { channelUrl: string | null };

/**
 * Cast rows (alias `listed`) with what a {@link FeedCast} shows; the caller adds which casts, the rules of
 * its read, and the order.
 */
export function listedCasts(db: SocialDb, audience: Audience) {
  const userData = (type: UserDataType) =>
    db
      .selectFrom('indexed_user_data')
      .select('value')
      .where('fid', '=', columnOf<number>('listed', 'fid'))
      .where('type', '=', type);
  const replyCount = db
    .selectFrom('indexed_casts as reply')
    .select(sql<number>`count(*)`.as('count'))
    .where('reply.parent_hash', '=', columnOf<Uint8Array>('listed', 'hash'))
    .where(replyShown(db, 'reply', audience, columnOf<number>('listed', 'fid')));
  return db
    .selectFrom('indexed_casts as listed')
    .select([
      'listed.hash',
      'listed.fid',
      'listed.timestamp',
      'listed.parent_url',
      'listed.parent_hash',
      'listed.parent_fid',
      'listed.content',
      userData(UserDataType.USERNAME).as('username'),
      userData(UserDataType.DISPLAY).as('display_name'),
      replyCount.$asScalar().$notNull().as('reply_count'),
    ]);
}

type ListedRow = Awaited<ReturnType<ReturnType<typeof listedCasts>['execute']>>[number];

function feedCastOf(row: ListedRow): FeedCast {
  return {
    hash: bytesToHex(row.hash),
    fid: row.fid,
    timestamp: row.timestamp,
    ...castContentOf(row.content),
    ...(row.parent_url !== null && { parentUrl: row.parent_url }),
    ...(row.parent_hash !== null && { parentHash: bytesToHex(row.parent_hash) }),
    ...(row.parent_fid !== null && { parentFid: row.parent_fid }),
    replyCount: row.reply_count,
    ...(row.username !== null && { username: row.username }),
    ...(row.display_name !== null && { displayName: row.display_name }),
  };
}

/**
 * A position in a timeline: a cast's timestamp and 0x hash, which orders casts of the same second. It
 * comes back in a cursor, so the hash is checked ({@link cursorHash}) before use.
 */
export type TimelineAt = [timestamp: number, hash: string];

/** Listed casts strictly past `at` going `direction` through the timeline. */
export function pastInTimeline(at: TimelineAt, direction: 'asc' | 'desc'): Expression<SqlBool> {
  const past = sql.raw(direction === 'desc' ? '<' : '>');
  // A row value comparison, which both dialects read as a range of the (…, timestamp, hash) indexes.
  const row = sql`(${columnOf('listed', 'timestamp')}, ${columnOf('listed', 'hash')})`;
  return sql<SqlBool>`${row} ${past} (${at[0]}, ${cursorHash(at[1])})`;
}

/** A hash a cursor carried; a forged one that is not 20 bytes of hex is a bad cursor. */
export function cursorHash(hex: string): Uint8Array {
  const hash = hexToBytes(hex, 20);
  if (hash === undefined) throw new SocialError('BAD_CURSOR');
  return hash;
}

export const timelineAt = (row: ListedRow): TimelineAt => [row.timestamp, bytesToHex(row.hash)];

/**
 * The page the `limit + 1` rows of a page query make: the first `limit` as casts with what `marks` adds
 * (pinned, belowFold), and the position after the last one served when more follow.
 */
export function castPageOf<Row extends ListedRow, M, P>(
  rows: Row[],
  limit: number,
  marks: (row: Row) => M,
  positionOf: (row: Row) => P,
): CastPage<FeedCast & M, P> {
  const served = rows.slice(0, limit);
  const last = served.at(-1);
  const casts = served.map((row) => ({ ...feedCastOf(row), ...marks(row) }));
  return rows.length > limit && last !== undefined ? { casts, next: positionOf(last) } : { casts };
}
