import type { Kysely } from 'kysely';
import { fail, ok } from '../../../protocol/errors.js';
import type { HubResult } from '../../../protocol/errors.js';
import { FarcasterNetwork } from '../../../protocol/gen/message.js';
import type { LendStorageBody } from '../../../protocol/gen/message.js';
import { StoreType } from '../../../protocol/gen/request_response.js';
import { reusableListQuery } from '../../../storage/reusable-query.js';
import { unitsKey } from '../../onchain/storage-units.js';
import type { NodeTables } from '../../store/schema.js';
import { lastWriteWins } from '../conflict.js';
import { u64 } from '../conflict-key.js';
import { rowMessage } from '../message-rows.js';
import type { StoreSpec } from '../store-spec.js';

/** On mainnet a lender needs this many purchased units of the type it lends (snapchain-messages.md §5). */
const MAINNET_MIN_PURCHASED_UNITS = 1000;

/** One lend per (lender, borrower): the key is the borrower; the unit type is not part of it. */
function lendKey(toFid: number): Uint8Array {
  return u64(toFid);
}

const INSUFFICIENT = 'insufficient storage';

/**
 * Storage lends (snapchain-messages.md §5): a lender's LEND_STORAGE moves units of one type to a borrower,
 * last write wins per pair; one of 0 units revokes the pair's lend and is pruned as soon as it merges. The
 * lender lends only purchased units (never borrowed ones), keeps at least one of the type so it can still
 * revoke, and on mainnet needs 1,000 of them. Lends never expire, count toward no enforced limit and are never
 * pruned by the job; every other store's limit uses the net units they leave (storage-balance.ts).
 */
export const lendStore: StoreSpec = {
  store: StoreType.STORAGE_LENDS,
  ordering: lastWriteWins,
  removeTypes: new Set(),
  pruned: false,
  limitReportedOnly: true,
  conflictKey: (data) => lendKey(data.lendStorageBody?.toFid ?? 0),
  readColumns: (data) => ({ target_fid: data.lendStorageBody?.toFid ?? null }),
  checkStorage(incoming, { balance, network }): HubResult<void> {
    const body = incoming.data.lendStorageBody;
    const kind = body === undefined ? undefined : unitsKey(body.unitType);
    if (body === undefined || kind === undefined) return fail('bad_request.validation_failure', INSUFFICIENT);
    const purchased = balance.purchased[kind];
    if (network === FarcasterNetwork.MAINNET && purchased < MAINNET_MIN_PURCHASED_UNITS) {
      return fail('bad_request.validation_failure', INSUFFICIENT);
    }
    // Every current lend of the type counts, the one this message would replace included (as Snapchain).
    return purchased - balance.lent[kind] >= body.numUnits + 1
      ? ok(undefined)
      : fail('bad_request.validation_failure', INSUFFICIENT);
  },
  prunedOnMerge: (data) => data.lendStorageBody?.numUnits === 0,
  storageChangedFor: (data) => [data.fid, data.lendStorageBody?.toFid ?? data.fid],
};

/** A stored lend: who lends to whom, and what. */
export interface Lend {
  lender: number;
  borrower: number;
  body: LendStorageBody;
}

const lendRows = reusableListQuery((db: Kysely<NodeTables>, fids: number[]) =>
  db
    .selectFrom('messages')
    .select('encoded')
    .where('store', '=', StoreType.STORAGE_LENDS)
    .where((eb) => eb.or([eb('fid', 'in', fids), eb('target_fid', 'in', fids)])),
);

/** The current lends made by or to any of `fids`. */
export async function lendsOf(db: Kysely<NodeTables>, fids: readonly number[]): Promise<Lend[]> {
  const rows = await lendRows(db, fids);
  // A lend between fids of two chunks is read twice.
  const seen = new Set<string>();
  return rows.flatMap((row) => {
    const data = rowMessage(row).data;
    const body = data?.lendStorageBody;
    if (data === undefined || body === undefined) return [];
    const pair = `${data.fid}:${body.toFid}`;
    if (seen.has(pair)) return [];
    seen.add(pair);
    return [{ lender: data.fid, borrower: body.toFid, body }];
  });
}
