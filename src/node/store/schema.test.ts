/** The node schema's promises to the code built on it, on both dialects. */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Insertable } from 'kysely';
import { MessageType, ReactionType } from '../../protocol/gen/message.js';
import { StoreType } from '../../protocol/gen/request_response.js';
import { forEachDialect, openTestDatabase } from '../../storage/testing.js';
import type { TestDatabase } from '../../storage/testing.js';
import type { MessagesTable, NodeTables } from './schema.js';

function bytes(length: number, first: number, fill = 0): Uint8Array {
  const value = new Uint8Array(length).fill(fill);
  value[0] = first;
  return value;
}

function reaction(hash: Uint8Array, conflictKey: Uint8Array, tsHash: Uint8Array): Insertable<MessagesTable> {
  return {
    hash,
    fid: 9,
    store: StoreType.REACTIONS,
    type: MessageType.REACTION_ADD,
    is_remove: false,
    conflict_key: conflictKey,
    ts_hash: tsHash,
    signer: bytes(32, 1),
    encoded: bytes(50, 2),
    target_fid: 3,
    target_hash: bytes(20, 4),
    reaction_type: ReactionType.LIKE,
  };
}

forEachDialect('node schema', (dialect) => {
  let database: TestDatabase<NodeTables>;
  before(async () => {
    database = await openTestDatabase<NodeTables>(dialect, 'node');
  });
  after(() => database.cleanup());

  it('starts the event clock at zero, in a single row', async () => {
    const rows = await database.db.selectFrom('hub_event_clock').selectAll().execute();
    assert.deepEqual(rows, [{ id: 1, last_id: 0 }]);
    await assert.rejects(database.db.insertInto('hub_event_clock').values({ id: 2, last_id: 0 }).execute());
  });

  it('round-trips a message row with its typed columns, nulls included', async () => {
    const row = reaction(bytes(20, 0x10), bytes(5, 1), bytes(24, 0x10));
    await database.db.insertInto('messages').values(row).execute();
    const read = await database.db
      .selectFrom('messages')
      .selectAll()
      .where('hash', '=', row.hash)
      .executeTakeFirstOrThrow();
    assert.deepEqual(read, {
      ...row,
      target_url: null,
      parent_fid: null,
      parent_hash: null,
      parent_url: null,
      link_type: null,
      user_data_type: null,
    });
  });

  it('keeps one message per (fid, store, conflict key)', async () => {
    const key = bytes(5, 2);
    await database.db
      .insertInto('messages')
      .values(reaction(bytes(20, 0x20), key, bytes(24, 0x20)))
      .execute();
    await assert.rejects(
      database.db
        .insertInto('messages')
        .values(reaction(bytes(20, 0x21), key, bytes(24, 0x21)))
        .execute(),
    );
    // Same key in another store or for another fid is a different CRDT set.
    await database.db
      .insertInto('messages')
      .values({ ...reaction(bytes(20, 0x22), key, bytes(24, 0x22)), store: StoreType.LINKS })
      .execute();
    await database.db
      .insertInto('messages')
      .values({ ...reaction(bytes(20, 0x23), key, bytes(24, 0x23)), fid: 10 })
      .execute();
  });

  it('orders ts_hash bytewise, high bytes after low ones', async () => {
    const tsHashes = [0x80, 0x00, 0xff, 0x7f].map((first) => bytes(24, first, 0xee));
    for (const [index, tsHash] of tsHashes.entries()) {
      await database.db
        .insertInto('messages')
        .values({ ...reaction(bytes(20, 0x30 + index), bytes(5, 0x30 + index), tsHash), fid: 11 })
        .execute();
    }
    const rows = await database.db
      .selectFrom('messages')
      .select('ts_hash')
      .where('fid', '=', 11)
      .orderBy('ts_hash')
      .execute();
    assert.deepEqual(
      rows.map((row) => row.ts_hash[0]),
      [0x00, 0x7f, 0x80, 0xff],
    );
  });

  it('deletes a cast mentions with the cast', async () => {
    const hash = bytes(20, 0x40);
    await database.db
      .insertInto('messages')
      .values({
        ...reaction(hash, bytes(20, 0x40), bytes(24, 0x40)),
        store: StoreType.CASTS,
        type: MessageType.CAST_ADD,
        reaction_type: null,
      })
      .execute();
    await database.db
      .insertInto('cast_mentions')
      .values([5, 6].map((mentioned_fid) => ({ hash, mentioned_fid, ts_hash: bytes(24, 0x40) })))
      .execute();
    await database.db.deleteFrom('messages').where('hash', '=', hash).execute();
    assert.deepEqual(await database.db.selectFrom('cast_mentions').selectAll().execute(), []);
  });

  it('round-trips an fname proof', async () => {
    const proof = {
      name: 'alice',
      fid: 12,
      owner: bytes(20, 5),
      timestamp: 1_700_000_000,
      signature: bytes(65, 6),
      encoded: bytes(40, 7),
    };
    await database.db.insertInto('fname_proofs').values(proof).execute();
    assert.deepEqual(
      await database.db.selectFrom('fname_proofs').selectAll().where('fid', '=', 12).execute(),
      [proof],
    );
  });
});
