import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { SqliteAdapter } from './sqlite-adapter.js';

function memoryAdapter(cacheSize?: number): SqliteAdapter {
  const db = new BetterSqlite3(':memory:');
  db.defaultSafeIntegers(true);
  return new SqliteAdapter(db, cacheSize);
}

describe('SqliteAdapter', () => {
  it('reuses prepared statements and evicts the least recently used', () => {
    const adapter = memoryAdapter(2);
    const first = adapter.prepare('select 1 as a');
    adapter.prepare('select 2 as a');
    assert.equal(adapter.prepare('select 1 as a'), first);
    adapter.prepare('select 3 as a');
    assert.equal(adapter.cachedStatements, 2);
    assert.equal(adapter.prepare('select 1 as a'), first, 'recently used statement survives');
    assert.notEqual(adapter.prepare('select 2 as a'), undefined);
    adapter.close();
  });

  it('rebuilds converters after a schema change', () => {
    const adapter = memoryAdapter();
    adapter.prepare('create table t (v text)').run([]);
    adapter.prepare('insert into t values (?)').run(['1']);
    assert.deepEqual(adapter.prepare('select * from t').all([]), [{ v: '1' }]);
    adapter.prepare('drop table t').run([]);
    adapter.prepare('create table t (v boolean)').run([]);
    adapter.prepare('insert into t values (?)').run([true]);
    assert.deepEqual(adapter.prepare('select * from t').all([]), [{ v: true }]);
    adapter.close();
  });

  it('converts values on the way in and out, also when iterating', () => {
    const adapter = memoryAdapter();
    adapter.prepare('create table t (n bigint, b boolean, x blob)').run([]);
    adapter.prepare('insert into t values (?, ?, ?)').run([2 ** 40, false, Uint8Array.of(1, 2)]);
    const rows = [...adapter.prepare('select n, b, x, b as copy, b + 0 as computed from t').iterate([])];
    assert.deepEqual(rows, [{ n: 2 ** 40, b: false, x: Uint8Array.of(1, 2), copy: false, computed: 0 }]);
    adapter.close();
  });

  it('names the column of an out-of-range integer', () => {
    const adapter = memoryAdapter();
    assert.throws(() => adapter.prepare('select 9007199254740993 as big').all([]), {
      name: 'RangeError',
      message: /9007199254740993 in column "big"/,
    });
    adapter.close();
  });
});
