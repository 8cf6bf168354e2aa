import type { Kysely } from 'kysely';
import type { NewHubEvent } from '../events/event-log.js';
import type { NodeTables } from '../store/schema.js';
import { removedEvent } from './events.js';
import { rowMessage } from './message-rows.js';
import type { Incoming, RemovalKind, StoredRow } from './store-spec.js';
import { storeForCode } from './stores/index.js';

/** Hashes per delete statement, well under either dialect's bound-parameter limit. */
const DELETE_CHUNK = 500;

/** Deletes the rows (their cast_mentions go with them by cascade); a row listed twice is deleted once. */
export async function deleteRows(db: Kysely<NodeTables>, rows: readonly StoredRow[]): Promise<void> {
  const hashes = [...new Map(rows.map((row) => [Buffer.from(row.hash).toString('hex'), row.hash])).values()];
  for (let start = 0; start < hashes.length; start += DELETE_CHUNK) {
    await db
      .deleteFrom('messages')
      .where('hash', 'in', hashes.slice(start, start + DELETE_CHUNK))
      .execute();
  }
}

export async function insertMessage(db: Kysely<NodeTables>, incoming: Incoming): Promise<void> {
  await db.insertInto('messages').values(incoming.row).execute();
  if (incoming.mentions.length === 0) return;
  await db
    .insertInto('cast_mentions')
    .values(
      incoming.mentions.map((fid) => ({
        hash: incoming.row.hash,
        mentioned_fid: fid,
        ts_hash: incoming.row.ts_hash,
      })),
    )
    .execute();
}

/** One PRUNE_MESSAGE or REVOKE_MESSAGE (or its store's own event) per row, in the given order. */
export function removalEvents(kind: RemovalKind, rows: readonly StoredRow[]): NewHubEvent[] {
  return rows.map((row) => {
    const spec = storeForCode(row.store);
    if (spec === undefined) throw new Error(`message ${Buffer.from(row.hash).toString('hex')} has no store`);
    return removedEvent(spec, kind, rowMessage(row));
  });
}
