import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { readMeta, writeMeta } from '../../storage/index.js';
import { forEachDialect, openTestDatabase, type TestDatabase } from '../../storage/testing.js';
import { putUserData, userDataValue } from '../node-index/store.js';
import type { SocialTables } from '../store.js';
import { advanceState, readState, STATE_KEY } from './state.js';

forEachDialect('indexer state', (dialect) => {
  let database: TestDatabase<SocialTables>;
  before(async () => {
    database = await openTestDatabase<SocialTables>(dialect, 'social');
  });
  after(() => database.cleanup());

  it('starts new, moves only from the state it expects, and reads a hand-edited value as new', async () => {
    const { db } = database;
    assert.deepEqual(await readState(db), { phase: 'new' });
    const following = { phase: 'following', cursor: 10 } as const;
    assert.equal(await advanceState(db, { phase: 'new' }, following), true);
    assert.deepEqual(await readState(db), following);
    // A step from a state another process has already left changes nothing, not even its own writes.
    const stale = await advanceState(db, { phase: 'new' }, { phase: 'following', cursor: 99 }, (trx) =>
      putUserData(trx, 1, 2, 'stale'),
    );
    assert.equal(stale, false);
    assert.equal(await userDataValue(db, 1, 2), undefined);
    assert.equal(await readMeta(db, STATE_KEY), '{"phase":"following","cursor":10}');
    await writeMeta(db, STATE_KEY, '{"phase":"following"}');
    assert.deepEqual(await readState(db), { phase: 'new' });
  });

  // Several processes share a database only on PostgreSQL; SQLite handles in one thread would only block.
  it('lets exactly one of two processes take the same step', { skip: dialect === 'sqlite' }, async () => {
    const second = await database.reopen();
    const from = { phase: 'following', cursor: 500 } as const;
    await writeMeta(database.db, STATE_KEY, JSON.stringify(from));
    const outcomes = await Promise.all(
      [database.db, second.db, database.db, second.db].map((db, n) =>
        advanceState(db, from, { phase: 'following', cursor: 600 + n }, (trx) =>
          putUserData(trx, 7, 1, `by ${n}`),
        ),
      ),
    );
    assert.equal(outcomes.filter(Boolean).length, 1);
    const winner = outcomes.indexOf(true);
    assert.deepEqual(await readState(database.db), { phase: 'following', cursor: 600 + winner });
    assert.equal(await userDataValue(database.db, 7, 1), `by ${winner}`);
  });
});
