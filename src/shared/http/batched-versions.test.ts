import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { batchedVersions } from './batched-versions.js';

describe('batchedVersions', () => {
  /** A database of versions that counts its reads and can hold one until told. */
  const versionsDb = () => {
    const versions = new Map<string, number>();
    const reads: string[][] = [];
    let held: Promise<void> | undefined;
    return {
      versions,
      reads,
      hold() {
        let release!: () => void;
        held = new Promise((resolve) => (release = resolve));
        return release;
      },
      read: async (scopes: readonly string[]) => {
        const seen = new Map(scopes.map((scope) => [scope, String(versions.get(scope) ?? 0)]));
        reads.push([...scopes]);
        await held;
        return seen;
      },
    };
  };

  it('answers requests that arrive together with one read of all their scopes', async () => {
    const db = versionsDb();
    db.versions.set('a', 3);
    const reader = batchedVersions(db.read);
    const answers = await Promise.all([reader(['a']), reader(['b', 'a']), reader(['a'])]);
    assert.deepEqual(answers, ['3', '0/3', '3']);
    assert.deepEqual(db.reads, [['a', 'b']]);
  });

  it('starts a new read for a request that arrives once a read started, so it sees what committed before it', async () => {
    const db = versionsDb();
    const reader = batchedVersions(db.read);
    const release = db.hold();
    const first = reader(['a']);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(db.reads, [['a']], 'the first read has started');
    db.versions.set('a', 1);
    const second = reader(['a']);
    release();
    assert.equal(await first, '0');
    assert.equal(await second, '1');
    assert.equal(db.reads.length, 2);
  });

  it('fails every request of a read that fails, and reads anew for the next', async () => {
    let fail = true;
    const reader = batchedVersions(async (scopes) => {
      if (fail) throw new Error('database down');
      return new Map(scopes.map((scope) => [scope, '7']));
    });
    const failed = await Promise.allSettled([reader(['a']), reader(['b'])]);
    assert.deepEqual(
      failed.map((result) => result.status),
      ['rejected', 'rejected'],
    );
    fail = false;
    assert.equal(await reader(['a']), '7');
  });
});
