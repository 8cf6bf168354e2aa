import type { Selectable } from 'kysely';
import { pageOf, type Page, type PageRequest } from '../paging.js';
import type { SocialDb } from '../store.js';
import { newestFirst } from '../keyset.js';
import type { AccountVerificationsTable, Platform } from './tables.js';

/**
 * Third-party account verifications (spec §2.12), kept by the operator through the admin API. Lists are
 * newest first, to the event: `seq` orders verifications of the same second.
 */

export interface AccountVerification {
  fid: number;
  platform: Platform;
  platformId: string;
  platformUsername: string;
  verifiedAt: number;
}

/** One platform's verifications, optionally of one fid, newest first. */
export async function listVerifications(
  db: SocialDb,
  filter: { platform: Platform; fid?: number },
  request: PageRequest,
): Promise<Page<AccountVerification>> {
  let query = db.selectFrom('account_verifications').selectAll().where('platform', '=', filter.platform);
  if (filter.fid !== undefined) query = query.where('fid', '=', filter.fid);
  const rows = await newestFirst(query, 'verified_at', 'seq', request).execute();
  return pageOf(rows, request, (row) => [row.verified_at, row.seq], verificationOf);
}

function verificationOf(row: Selectable<AccountVerificationsTable>): AccountVerification {
  return {
    fid: row.fid,
    platform: row.platform,
    platformId: row.platform_id,
    platformUsername: row.platform_username,
    verifiedAt: row.verified_at,
  };
}

/**
 * Records a verification; the platform account moves to this fid if another fid had verified it. Recorded
 * for another fid or time, it is a new verification, listed where it came; a new username alone keeps its
 * place.
 */
export async function putVerification(db: SocialDb, verification: AccountVerification): Promise<void> {
  const { fid, platform, platformId, platformUsername, verifiedAt } = verification;
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('account_verifications')
      .where('platform', '=', platform)
      .where('platform_id', '=', platformId)
      .where((eb) => eb.or([eb('fid', '!=', fid), eb('verified_at', '!=', verifiedAt)]))
      .execute();
    await trx
      .insertInto('account_verifications')
      .values({
        platform,
        platform_id: platformId,
        fid,
        platform_username: platformUsername,
        verified_at: verifiedAt,
      })
      .onConflict((conflict) =>
        conflict.columns(['platform', 'platform_id']).doUpdateSet({ platform_username: platformUsername }),
      )
      .execute();
  });
}

/** Removing an absent verification succeeds, like the API's other removals. */
export async function deleteVerification(
  db: SocialDb,
  platform: Platform,
  platformId: string,
): Promise<void> {
  await db
    .deleteFrom('account_verifications')
    .where('platform', '=', platform)
    .where('platform_id', '=', platformId)
    .execute();
}
