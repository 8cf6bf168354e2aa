import type { Clock } from '../../shared/clock.js';
import { unixSeconds } from '../../shared/clock.js';
import { SocialError } from '../errors.js';
import { pageOf, type Page, type PageRequest } from '../paging.js';
import type { SocialDb } from '../store.js';
import { newestFirst } from '../keyset.js';

/**
 * Starter packs (spec §2.15): curated lists of fids; `memberAt` is in milliseconds. Members are listed
 * newest first, to the event: `seq` orders members added in the same millisecond.
 */

export interface StarterPackMember {
  fid: number;
  memberAt: number;
}

export interface StarterPackInput {
  id: string;
  name: string;
  description: string;
}

/** Creates the pack, or renames and re-describes it; its members stay. */
export async function putStarterPack(db: SocialDb, clock: Clock, pack: StarterPackInput): Promise<void> {
  await db
    .insertInto('starter_packs')
    .values({ ...pack, created_at: unixSeconds(clock) })
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet({ name: pack.name, description: pack.description }),
    )
    .execute();
}

/** Deletes the pack with its members; deleting an absent pack succeeds. */
export async function deleteStarterPack(db: SocialDb, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockPack(trx, id);
    await trx.deleteFrom('starter_pack_members').where('pack_id', '=', id).execute();
    await trx.deleteFrom('starter_packs').where('id', '=', id).execute();
  });
}

/**
 * Adds or removes one member of an existing pack. Adding a member again keeps their original memberAt;
 * removing an absent member succeeds.
 */
export async function changeMembership(
  db: SocialDb,
  clock: Clock,
  change: { id: string; fid: number; member: boolean },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await lockPack(trx, change.id))) throw notFound(change.id);
    if (change.member) {
      await trx
        .insertInto('starter_pack_members')
        .values({ pack_id: change.id, fid: change.fid, member_at: clock.now() })
        .onConflict((conflict) => conflict.columns(['pack_id', 'fid']).doNothing())
        .execute();
    } else {
      await trx
        .deleteFrom('starter_pack_members')
        .where('pack_id', '=', change.id)
        .where('fid', '=', change.fid)
        .execute();
    }
  });
}

/**
 * Takes the pack's row lock (PostgreSQL; SQLite has one writer), so membership changes and the pack's
 * deletion run one after the other. False when the pack does not exist.
 */
async function lockPack(trx: SocialDb, id: string): Promise<boolean> {
  const pack = await trx
    .updateTable('starter_packs')
    .set({ id })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return pack !== undefined;
}

/** A pack's members, most recently added first. */
export async function listMembers(
  db: SocialDb,
  id: string,
  request: PageRequest,
): Promise<Page<StarterPackMember>> {
  const pack = await db.selectFrom('starter_packs').select('id').where('id', '=', id).executeTakeFirst();
  if (pack === undefined) throw notFound(id);
  const query = db
    .selectFrom('starter_pack_members')
    .select(['seq', 'fid', 'member_at'])
    .where('pack_id', '=', id);
  const rows = await newestFirst(query, 'member_at', 'seq', request).execute();
  return pageOf(
    rows,
    request,
    (row) => [row.member_at, row.seq],
    (row) => ({ fid: row.fid, memberAt: row.member_at }),
  );
}

function notFound(id: string): SocialError {
  return new SocialError('STARTER_PACK_NOT_FOUND', { message: `Starter pack ${id} does not exist` });
}
