import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { walMark } from './wal-mark.js';

it('moves with every commit of any connection, through WAL restarts, and not at checkpoints', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'agora-wal-mark-'));
  const file = join(dir, 'marks.sqlite');
  const [one, other] = [new BetterSqlite3(file), new BetterSqlite3(file)];
  one.pragma('journal_mode = WAL');
  one.exec('create table t (v integer)');
  const mark = walMark(file);
  assert.ok(mark !== undefined);
  try {
    const moves = (change: () => unknown) => {
      const before = mark.read();
      change();
      return mark.read() !== before;
    };
    const cases: [string, () => unknown, boolean][] = [
      ['nothing', () => undefined, false],
      ['a read', () => one.prepare('select count(*) from t').get(), false],
      ["this connection's commit", () => one.exec('insert into t values (1)'), true],
      ["another connection's commit", () => other.exec('insert into t values (2)'), true],
      ['a passive checkpoint', () => other.pragma('wal_checkpoint(PASSIVE)'), false],
      ['a write rolled back', () => other.exec('begin; insert into t values (3); rollback'), false],
    ];
    for (const [what, change, expected] of cases) assert.equal(moves(change), expected, what);
    // After a full checkpoint the next commit starts the WAL over, at the frame count it had before.
    other.pragma('wal_checkpoint(TRUNCATE)');
    for (let i = 0; i < 3; i++) {
      assert.equal(
        moves(() => other.exec(`insert into t values (${i})`)),
        true,
        `commit ${i} after a restart`,
      );
    }
  } finally {
    mark.close();
    one.close();
    other.close();
    await rm(dir, { recursive: true, force: true });
  }
});

it('is undefined for a database without a WAL index file', () => {
  assert.equal(walMark(join(tmpdir(), 'agora-no-such-dir', 'none.sqlite')), undefined);
});
