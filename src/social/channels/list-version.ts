import type { SocialDb } from '../store.js';

/**
 * The version of the channel list (GET /v2/all-channels: every channel with its counts, moderators and
 * pin). A transaction that changes any of it bumps the version, so a process keeping a rendering of the
 * list knows with one tiny read whether it is current, whichever process made the change.
 */

export interface ListVersionTables {
  list_versions: { name: string; version: number };
}

/**
 * Bumps the version: the LAST statement of the changing transaction. Every channel change waits on this
 * one row, so it is held only until the commit, while the transaction waits on nothing else.
 */
export async function channelListChanged(trx: SocialDb): Promise<void> {
  await trx
    .updateTable('list_versions')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('name', '=', 'channels')
    .execute();
}

/** Read it before the list, so a rendering is never older than the version it is kept under. */
export async function channelListVersion(db: SocialDb): Promise<number> {
  const row = await db
    .selectFrom('list_versions')
    .select('version')
    .where('name', '=', 'channels')
    .executeTakeFirstOrThrow();
  return Number(row.version);
}
