import type { Kysely } from 'kysely';
import { MessageType, UserDataType } from '../../../protocol/gen/message.js';
import { StoreType } from '../../../protocol/gen/request_response.js';
import type { NodeTables } from '../../store/schema.js';
import { lastWriteWins } from '../conflict.js';
import { u32 } from '../conflict-key.js';
import { STORED_COLUMNS, rowMessage } from '../message-rows.js';
import type { StoreSpec, StoredRow } from '../store-spec.js';

export function userDataKey(type: UserDataType): Uint8Array {
  return u32(type);
}

/** User data (node-api.md §5.2): one value per (fid, type), last write wins; there are no removes. */
export const userDataStore: StoreSpec = {
  store: StoreType.USER_DATA,
  ordering: lastWriteWins,
  removeTypes: new Set(),
  pruned: true,
  conflictKey: (data) => userDataKey(data.userDataBody?.type ?? UserDataType.NONE),
  readColumns: (data) => ({ user_data_type: data.userDataBody?.type ?? null }),
};

/** The fid's USERNAME user data when it names `name` (revoked when the name leaves the fid). */
export async function usernameNaming(
  db: Kysely<NodeTables>,
  fid: number,
  name: string,
): Promise<StoredRow | undefined> {
  const row = await db
    .selectFrom('messages')
    .select(STORED_COLUMNS)
    .where('fid', '=', fid)
    .where('store', '=', StoreType.USER_DATA)
    .where('conflict_key', '=', userDataKey(UserDataType.USERNAME))
    .where('type', '=', MessageType.USER_DATA_ADD)
    .executeTakeFirst();
  return row !== undefined && rowMessage(row).data?.userDataBody?.value === name ? row : undefined;
}
