import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { sql } from 'kysely';
import { waitFor } from '../../test/support/wait.js';
import { openDatabase } from './database.js';
import type { Database } from './database.js';
import { StorageError } from './errors.js';
import { onDisk } from './sqlite-dialect.js';
import { startWalSync } from './wal-sync.js';

/** A data sync the test finishes by hand once `hold` is set: each call then waits in `pending`. */
function heldSyncs() {
  const pending: { file: FileHandle; release: () => void; fail: (error: Error) => void }[] = [];
  let calls = 0;
  const syncs = {
    hold: false,
    pending,
    calls: () => calls,
    dataSync: (file: FileHandle) =>
      new Promise<void>((release, fail) => {
        calls += 1;
        if (syncs.hold) pending.push({ file, release, fail });
        else release();
      }),
    async releaseNext() {
      await until(() => pending.length > 0);
      pending.shift()?.release();
    },
  };
  return syncs;
}

/** Until `ready` holds: the syncs here start after a file open or two, on libuv's pool. */
const until = (ready: () => boolean) => waitFor('the condition', () => ready());

/** Whether `promise` has settled by the time the event loop has run what is ready. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('WAL sync (SQLite group commit)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'agora-wal-sync-'));
  after(() => rm(dir, { recursive: true, force: true }));
  let files = 0;
  const open = async (options: Parameters<typeof openDatabase>[0] = {}) => {
    const database: Database<unknown> = await openDatabase<unknown>({
      sqliteFile: join(dir, `db${files++}.sqlite`),
      ...options,
    });
    await sql`create table notes (id integer primary key, body text not null)`.execute(database.db);
    return database;
  };

  it('syncs once per round for every commit that waits, and never answers a commit before its sync', async () => {
    const syncs = heldSyncs();
    const database = await open({ sqliteDataSync: syncs.dataSync });
    syncs.hold = true;
    const callsBefore = syncs.calls();

    const first = sql`insert into notes (body) values ('a')`.execute(database.db);
    await until(() => syncs.calls() === callsBefore + 1);
    // Two more commit while the first sync runs: neither may ride on it.
    const second = sql`insert into notes (body) values ('b')`.execute(database.db);
    const third = database.db.transaction().execute(async (trx) => {
      await sql`insert into notes (body) values ('c')`.execute(trx);
      await sql`insert into notes (body) values ('d')`.execute(trx);
    });
    // The connection is free while they wait: a read runs and sees all three commits.
    const { rows } = await sql<{ n: number }>`select count(*) as n from notes`.execute(database.db);
    assert.equal(rows[0]?.n, 4);
    assert.equal(await settled(first), false, 'answered before its sync returned');

    await syncs.releaseNext();
    await first;
    assert.equal(await settled(second), false);
    assert.equal(await settled(third), false);
    assert.equal(syncs.calls(), callsBefore + 2, 'one sync for the two commits that waited together');
    const everything = onDisk(database.db);
    assert.equal(await settled(everything), false, 'onDisk waits for the round that covers them');
    await syncs.releaseNext();
    await Promise.all([second, third, everything]);

    // Reads change nothing: no sync, and onDisk answers at once.
    await sql`select * from notes`.execute(database.db);
    assert.equal(await settled(onDisk(database.db)), true);
    assert.equal(syncs.calls(), callsBefore + 2);
    await database.close();
  });

  it('stops answering writes for good once a sync fails', async () => {
    const syncs = heldSyncs();
    const database = await open({ sqliteDataSync: syncs.dataSync });
    syncs.hold = true;
    const write = sql`insert into notes (body) values ('lost?')`.execute(database.db);
    await until(() => syncs.pending.length === 1);
    syncs.pending.shift()?.fail(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    await assert.rejects(write, (error: unknown) => {
      assert.ok(error instanceof StorageError);
      assert.equal(error.code, 'sync_failed');
      assert.match(error.message, /cannot sync the WAL of .*db\d+\.sqlite to disk \(EIO.*restarted/);
      return true;
    });
    await assert.rejects(sql`insert into notes (body) values ('next')`.execute(database.db), /cannot sync/);
    await assert.rejects(onDisk(database.db), /cannot sync/);
    await database.close();
  });

  it('syncs the real WAL file with fdatasync by default, and not at all with synchronous normal', async () => {
    const durable = await open();
    await sql`insert into notes (body) values ('kept')`.execute(durable.db);
    await durable.close();

    const syncs = heldSyncs();
    const fast = await open({ sqliteSynchronous: 'normal', sqliteDataSync: syncs.dataSync });
    await sql`insert into notes (body) values ('quick')`.execute(fast.db);
    await onDisk(fast.db);
    assert.equal(syncs.calls(), 0);
    await fast.close();
  });

  it('shares the sync that starts after a commit, not the one already running', async () => {
    const syncs = heldSyncs();
    syncs.hold = true;
    await writeFile(join(dir, 'direct.sqlite-wal'), '');
    const walSync = startWalSync(join(dir, 'direct.sqlite'), syncs.dataSync);
    assert.equal(await settled(walSync.synced()), true, 'nothing counted: nothing to wait for');
    walSync.committed();
    const round1 = walSync.synced();
    walSync.committed();
    const round2a = walSync.synced();
    const round2b = walSync.synced();
    assert.equal(round2a, round2b);
    assert.notEqual(round1, round2a);
    await syncs.releaseNext();
    await round1;
    assert.equal(await settled(round2a), false);
    await syncs.releaseNext();
    await round2a;
    assert.equal(syncs.calls(), 2);
    await walSync.close();
  });
});
