import { expressionBuilder, sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { SanctionKind } from '../channels/tables.js';
import type { SocialDb, SocialTables } from '../store.js';

/**
 * The moderation rules of the feed reads (docs/social/feed.md gives each one's spec line), as SQL
 * conditions on one cast row of a page query, named by its alias. They read the social API's own tables
 * as the query runs, so a ban, hide, unban or block shows in the very next read.
 */

/** A cast row of the page queries: a cast the page lists, or a reply counted under one. */
export type CastAlias = 'listed' | 'reply';

/** A column of the cast row `alias`, for conditions written inside its subqueries. */
export const columnOf = <T>(alias: CastAlias, column: 'hash' | 'fid' | 'timestamp') =>
  sql.ref<T>(`${alias}.${column}`);

/** Who reads, and the channel the casts belong to (none: a thread outside channels). */
export interface Audience {
  channelId: string | undefined;
  viewerFid: number | undefined;
}

const eb = expressionBuilder<SocialTables, never>();

/** A cast of a channel's feed that a reader may see. */
export function feedCastShown(
  db: SocialDb,
  audience: Audience & { channelId: string },
  publicCasting: boolean,
): Expression<SqlBool> {
  const rules = shown(db, 'listed', audience);
  // §2.1: with publicCasting false only members can cast; the owner and moderators hold member rows too.
  if (!publicCasting) {
    rules.push(eb.exists(authorRow(db, 'channel_roles', audience.channelId, 'listed').select('fid')));
  }
  return eb.and(rules);
}

/** A reply a reader may see under a cast by `parentAuthor`. */
export function replyShown(
  db: SocialDb,
  alias: CastAlias,
  audience: Audience,
  parentAuthor: Expression<number> | number,
): Expression<SqlBool> {
  // §4.5: a block prevents the blocked user from replying to the blocker.
  return eb.and([...shown(db, alias, audience), eb.not(eb.exists(blocks(db, parentAuthor, alias)))]);
}

/**
 * §3.3: replies by a user restricted in the channel (a removed member, or unbanned) show below the fold;
 * 1 for those, else 0, so pages can sort on it.
 */
export function belowFold(db: SocialDb, audience: Audience): RawBuilder<number> {
  if (audience.channelId === undefined) return sql.lit(0);
  const restricted = sanction(db, audience.channelId, 'listed', 'restricted');
  return sql<number>`case when exists ${restricted} then 1 else 0 end`;
}

/** What every listed or counted cast meets: on the node, not hidden, not banned, not blocked by the reader. */
function shown(db: SocialDb, alias: CastAlias, audience: Audience): Expression<SqlBool>[] {
  // §3.5: a cast whose latest moderation action is hide stays hidden until an unhide.
  const latestAction = db
    .selectFrom('cast_moderation_actions')
    .select('action')
    .where('cast_hash', '=', columnOf<Uint8Array>(alias, 'hash'))
    .orderBy('id', 'desc')
    .limit(1);
  const rules: Expression<SqlBool>[] = [
    eb(sql.ref(`${alias}.removed_at`), 'is', null),
    sql<SqlBool>`coalesce(${latestAction}, 'unhide') <> 'hide'`,
  ];
  // §3.4: a banned user's replies are hidden (and, here, their casts), and come back on unban.
  if (audience.channelId !== undefined) {
    rules.push(eb.not(eb.exists(sanction(db, audience.channelId, alias, 'banned'))));
  }
  if (audience.viewerFid !== undefined) rules.push(eb.not(eb.exists(blocks(db, audience.viewerFid, alias))));
  return rules;
}

/** The row of `table` about the author of the cast `alias` in the channel. */
function authorRow(
  db: SocialDb,
  table: 'channel_roles' | 'channel_sanctions',
  channelId: string,
  alias: CastAlias,
) {
  return db
    .selectFrom(table)
    .where('channel_id', '=', channelId)
    .where('fid', '=', columnOf<number>(alias, 'fid'));
}

/** The author's active sanction of `kind` in the channel (one active row at most, indexed). */
function sanction(db: SocialDb, channelId: string, alias: CastAlias, kind: SanctionKind) {
  return authorRow(db, 'channel_sanctions', channelId, alias)
    .select('id')
    .where('kind', '=', kind)
    .where('ended_at', 'is', null);
}

/** `blocker`'s block of the author of the cast `alias`. */
function blocks(db: SocialDb, blocker: Expression<number> | number, alias: CastAlias) {
  return db
    .selectFrom('user_blocks')
    .select('id')
    .where('blocker_fid', '=', blocker)
    .where('blocked_fid', '=', columnOf<number>(alias, 'fid'));
}
