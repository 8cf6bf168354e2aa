import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { changeMembership, deleteStarterPack, putStarterPack } from '../src/social/catalog/starter-packs.js';
import type { SocialTables } from '../src/social/store.js';
import { openSocialHarness, TEST_ADMIN_TOKEN, type SocialHarness } from '../src/social/testing.js';
import { forEachDialect, type TestDatabase } from '../src/storage/testing.js';

const ADMIN = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const PACK = 'Underrated-CT-1y7n9b';

forEachDialect('starter packs', (dialect) => {
  let harness: SocialHarness;
  before(async () => {
    harness = await openSocialHarness(dialect);
  });
  after(() => harness.close());

  const admin = (method: 'PUT' | 'DELETE', url: string, payload: object) =>
    harness.app.inject({ method, url: `/admin/${url}`, headers: ADMIN, payload });
  const members = (query: string) =>
    harness.app.inject({ method: 'GET', url: `/fc/starter-pack-members?${query}` });
  const fidsOf = (response: { json(): { result: { members: { fid: number }[] } } }) =>
    response.json().result.members.map((member) => member.fid);

  it('creates a pack and lists members most recently added first, memberAt in milliseconds', async () => {
    assert.deepEqual((await admin('PUT', 'starter-packs', { id: PACK, name: 'Underrated CT' })).json(), {
      result: { success: true },
    });
    const start = harness.clock.now();
    for (const fid of [5, 6, 7]) {
      const response = await admin('PUT', 'starter-pack-members', { id: PACK, fid });
      assert.equal(response.statusCode, 200);
      harness.clock.advance(1500);
    }
    const response = await members(`id=${PACK}`);
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), {
      result: {
        members: [
          { fid: 7, memberAt: start + 3000 },
          { fid: 6, memberAt: start + 1500 },
          { fid: 5, memberAt: start },
        ],
      },
    });
  });

  it('pages with a cursor', async () => {
    const first = await members(`id=${PACK}&limit=2`);
    assert.deepEqual(fidsOf(first), [7, 6]);
    const second = await members(`id=${PACK}&limit=2&cursor=${encodeURIComponent(first.json().next.cursor)}`);
    assert.deepEqual(fidsOf(second), [5]);
    assert.equal(second.json().next, undefined);
  });

  it('lists members added in the same millisecond in the order they were added, across pages', async () => {
    assert.equal((await admin('PUT', 'starter-packs', { id: 'same-ms', name: 'Same' })).statusCode, 200);
    // Neither ascending nor descending, so neither fid order passes for the order they came in.
    for (const fid of [9, 3, 8]) {
      assert.equal((await admin('PUT', 'starter-pack-members', { id: 'same-ms', fid })).statusCode, 200);
    }
    const seen: number[] = [];
    let query = 'id=same-ms&limit=1';
    for (let response = await members(query); ; response = await members(query)) {
      seen.push(...fidsOf(response));
      const cursor = response.json().next?.cursor as string | undefined;
      if (cursor === undefined) break;
      query = `id=same-ms&limit=1&cursor=${encodeURIComponent(cursor)}`;
    }
    assert.deepEqual(seen, [8, 3, 9]);
  });

  it('keeps the first memberAt when a member is added again, and renaming keeps members', async () => {
    const before = (await members(`id=${PACK}`)).json();
    assert.equal((await admin('PUT', 'starter-pack-members', { id: PACK, fid: 5 })).statusCode, 200);
    assert.equal(
      (await admin('PUT', 'starter-packs', { id: PACK, name: 'New', description: 'd' })).statusCode,
      200,
    );
    assert.deepEqual((await members(`id=${PACK}`)).json(), before);
  });

  it('removes a member, and removing a non-member still succeeds', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await admin('DELETE', 'starter-pack-members', { id: PACK, fid: 6 });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { result: { success: true } });
    }
    assert.deepEqual(fidsOf(await members(`id=${PACK}`)), [7, 5]);
  });

  it('answers 404 for an unknown pack, on reads and member changes', async () => {
    const expected = {
      errors: [{ message: 'Starter pack nope does not exist', code: 'STARTER_PACK_NOT_FOUND' }],
    };
    const read = await members('id=nope');
    assert.equal(read.statusCode, 404);
    assert.deepEqual(read.json(), expected);
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await admin(method, 'starter-pack-members', { id: 'nope', fid: 1 });
      assert.equal(response.statusCode, 404);
      assert.deepEqual(response.json(), expected);
    }
  });

  it('rejects bad ids, fids and bodies with 400, and admin calls without the token with 401', async () => {
    for (const query of ['', 'id=', 'id=has%20space', `id=${PACK}&cursor=x`]) {
      assert.equal((await members(query)).statusCode, 400, query);
    }
    for (const body of [{ id: PACK }, { id: PACK, fid: 0 }, { id: PACK, fid: 1, extra: 1 }]) {
      assert.equal((await admin('PUT', 'starter-pack-members', body)).statusCode, 400, JSON.stringify(body));
    }
    assert.equal((await admin('PUT', 'starter-packs', { id: 'a/b', name: 'x' })).statusCode, 400);
    assert.equal((await admin('PUT', 'starter-packs', { id: PACK, name: '' })).statusCode, 400);
    const anonymous = await harness.app.inject({
      method: 'PUT',
      url: '/admin/starter-packs',
      payload: { id: PACK, name: 'x' },
    });
    assert.equal(anonymous.statusCode, 401);
  });

  it('deletes a pack with its members; deleting it again succeeds', async () => {
    for (let i = 0; i < 2; i++) {
      assert.equal((await admin('DELETE', 'starter-packs', { id: PACK })).statusCode, 200);
    }
    assert.equal((await members(`id=${PACK}`)).statusCode, 404);
  });

  it('adds one row when the same member is added concurrently', async () => {
    await admin('PUT', 'starter-packs', { id: 'race', name: 'Race' });
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => admin('PUT', 'starter-pack-members', { id: 'race', fid: 42 })),
    );
    assert.deepEqual(
      responses.map((response) => response.statusCode),
      Array(8).fill(200),
    );
    assert.deepEqual(fidsOf(await members('id=race')), [42]);
  });

  it('never leaves a member of a deleted pack when adds race a delete (from another handle on PostgreSQL)', async () => {
    // A second process shares a PostgreSQL database; SQLite is one process, whose writes queue on one connection.
    const other =
      dialect === 'postgres'
        ? await (harness.database as TestDatabase<SocialTables>).reopen()
        : harness.database;
    for (let round = 0; round < 5; round++) {
      const id = `race-${round}`;
      await putStarterPack(harness.database.db, harness.clock, { id, name: id, description: '' });
      const outcomes = await Promise.allSettled([
        changeMembership(other.db, harness.clock, { id, fid: 1, member: true }),
        deleteStarterPack(harness.database.db, id),
        changeMembership(other.db, harness.clock, { id, fid: 2, member: true }),
      ]);
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') {
          assert.equal((outcome.reason as { code?: string }).code, 'STARTER_PACK_NOT_FOUND');
        }
      }
      const orphans = await harness.database.db
        .selectFrom('starter_pack_members')
        .select('fid')
        .where('pack_id', '=', id)
        .execute();
      assert.deepEqual(orphans, []);
    }
  });
});
