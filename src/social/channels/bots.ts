import { unixSeconds, type Clock } from '../../shared/clock.js';
import type { SocialDb } from '../store.js';

/** The operator's allowlist of bots that channel owners may make moderator directly (spec §4.2 rule 6). */

export async function isAllowlistedBot(db: SocialDb, fid: number): Promise<boolean> {
  const row = await db
    .selectFrom('channel_bot_allowlist')
    .select('fid')
    .where('fid', '=', fid)
    .executeTakeFirst();
  return row !== undefined;
}

export async function allowlistedBots(db: SocialDb): Promise<{ fid: number; addedAt: number }[]> {
  const rows = await db.selectFrom('channel_bot_allowlist').selectAll().orderBy('fid').execute();
  return rows.map((row) => ({ fid: row.fid, addedAt: row.added_at }));
}

/** Adding twice keeps the first time; removing never touches roles the bot already holds. */
export async function setAllowlisted(
  db: SocialDb,
  clock: Clock,
  fid: number,
  allowed: boolean,
): Promise<void> {
  if (allowed) {
    await db
      .insertInto('channel_bot_allowlist')
      .values({ fid, added_at: unixSeconds(clock) })
      .onConflict((conflict) => conflict.column('fid').doNothing())
      .execute();
  } else {
    await db.deleteFrom('channel_bot_allowlist').where('fid', '=', fid).execute();
  }
}
