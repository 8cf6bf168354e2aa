import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { createHttpApp, type HttpApp } from '../src/shared/http/index.js';
import { socialErrorRenderer } from '../src/social/http/render.js';
import { SocialError } from '../src/social/errors.js';
import { forEachDialect, openTestDatabase, type TestDatabase } from '../src/storage/testing.js';
import {
  changedTables,
  fingerprint,
  fuzzQuery,
  mutateBytes,
  mutateJson,
  Rng,
  fuzzTarget,
  routesOf,
  runFuzz,
  serverErrors,
  socialErrorShape,
  type FuzzRequest,
} from './support/fuzz.js';

/**
 * The fuzz tests' own machinery (test/support/fuzz.ts): it must see each kind of fault it is there to
 * find, or a clean fuzz run would prove nothing. An app with one fault per route is fuzzed here.
 */

forEachDialect('fuzz runner', (dialect) => {
  let database: TestDatabase<{ notes: { id: number; text: string } }>;
  let app: HttpApp;
  const errors = serverErrors();

  before(async () => {
    database = await openTestDatabase(dialect);
    await database.db.schema
      .createTable('notes')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('text', 'text')
      .execute();
    await database.db.insertInto('notes').values({ id: 1, text: 'kept' }).execute();
    app = await createHttpApp({
      service: 'social',
      title: 'faults',
      version: '1',
      logger: errors.logger,
      corsOrigin: '*',
      errors: socialErrorRenderer,
    });
    const refuse = () => new SocialError('INVALID_REQUEST');
    app.post('/fine', { schema: { body: Type.Object({ n: Type.Integer() }) } }, async () => ({ ok: true }));
    app.post('/crash', async () => {
      throw new Error('a bug');
    });
    app.post('/shape', async (_request, reply) => reply.code(400).send({ error: 'not the social shape' }));
    app.post('/half', async () => {
      await database.db.updateTable('notes').set({ text: 'changed' }).where('id', '=', 1).execute();
      throw refuse();
    });
    app.post('/pollute', async () => {
      (Object.prototype as Record<string, unknown>).polluted = true;
      throw refuse();
    });
    app.post('/a/b', async () => ({}));
    app.post('/ab', async () => ({}));
    await app.ready();
  });
  after(async () => {
    delete (Object.prototype as Record<string, unknown>).polluted;
    await app?.close();
    await database?.cleanup();
  });

  it('enumerates routes that share a prefix, without HEAD and OPTIONS', async () => {
    const routes = (await routesOf(app)).map((route) => `${route.method} ${route.url}`);
    for (const route of ['POST /fine', 'POST /a/b', 'POST /ab', 'GET /_health']) {
      assert.ok(routes.includes(route), `${route} in ${routes.join(', ')}`);
    }
    assert.ok(!routes.some((route) => route.startsWith('HEAD ') || route.startsWith('OPTIONS ')));
  });

  it('reports a 500 with its logged cause, a wrong error shape, a change by a rejected request and polluted prototypes', async () => {
    const paths = ['/fine', '/crash', '/shape', '/half', '/pollute'];
    const target = await fuzzTarget({
      name: 'faults',
      app,
      shape: socialErrorShape,
      lastServerError: errors.last,
      fingerprint: () => fingerprint(database),
    });
    const next = (i: number): FuzzRequest => ({
      method: 'POST',
      url: paths[i % paths.length] as string,
      headers: { 'content-type': 'application/json' },
      payload: '{"n":1}',
      note: 'fault',
    });
    const report = await runFuzz(target, paths.length, next);
    delete (Object.prototype as Record<string, unknown>).polluted;
    const text = report.problems.join('\n');
    assert.match(text, /POST "\/crash".* -> 500 .*server fault \(logged: a bug\)/);
    assert.match(text, /POST "\/shape".*not the faults error shape/);
    assert.match(text, /POST "\/half".*rejected, yet changed notes/);
    assert.match(text, /POST "\/pollute".*a built-in prototype changed/);
    assert.ok(!text.includes('"/fine"'), text);
    assert.equal(report.accepted, 1);
  });

  it('fingerprints row contents, not only counts', async () => {
    const before = await fingerprint(database);
    await sql`update notes set text = 'edited' where id = 1`.execute(database.db);
    assert.deepEqual(changedTables(before, await fingerprint(database)), ['notes']);
    assert.deepEqual(changedTables(before, before), []);
  });
});

it('mutators are deterministic per seed and leave their input alone', () => {
  const input = { a: 1, b: ['x', { c: true }] };
  const frozen = JSON.stringify(input);
  const run = (seed: number) => {
    const r = new Rng(seed);
    return [
      JSON.stringify(mutateJson(r, input)),
      Buffer.from(mutateBytes(r, Uint8Array.from([1, 2, 3, 4]))).toString('hex'),
      fuzzQuery(r, [{ name: 'fid', required: true, schema: { type: 'integer' } }], {}),
    ];
  };
  assert.deepEqual(run(42), run(42));
  assert.notDeepEqual(run(42), run(43));
  assert.equal(JSON.stringify(input), frozen);
  assert.deepEqual(Object.keys(Object.prototype), []);
});
