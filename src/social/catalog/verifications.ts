import { pageOf, type Page, type PageRequest } from '../paging.js';
import type { SocialDb } from '../store.js';
import { keysetPage } from '../keyset.js';
import type { AccountVerificationsTable, Platform } from './tables.js';

/** Third-party account verifications (spec §2.12), kept by the operator through the admin API. */

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
  const rows = await keysetPage(
    query,
    { columns: ['verified_at', 'platform_id'], direction: 'desc', tiebreaker: 'text' },
    request,
  ).execute();
  return pageOf(rows, request, (row) => [row.verified_at, row.platform_id], verificationOf);
}

function verificationOf(row: AccountVerificationsTable): AccountVerification {
  return {
    fid: row.fid,
    platform: row.platform,
    platformId: row.platform_id,
    platformUsername: row.platform_username,
    verifiedAt: row.verified_at,
  };
}

/** Records a verification; the platform account moves to this fid if another fid had verified it. */
export async function putVerification(db: SocialDb, verification: AccountVerification): Promise<void> {
  const { fid, platform, platformId, platformUsername, verifiedAt } = verification;
  await db
    .insertInto('account_verifications')
    .values({
      platform,
      platform_id: platformId,
      fid,
      platform_username: platformUsername,
      verified_at: verifiedAt,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['platform', 'platform_id'])
        .doUpdateSet({ fid, platform_username: platformUsername, verified_at: verifiedAt }),
    )
    .execute();
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
