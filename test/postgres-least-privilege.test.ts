import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { runMigrate } from '../src/cli/commands/migrate.js';
import { startNamesService } from '../src/names/service.js';
import { fakeCustody, signedBody, TEST_SIGNER_KEY } from '../src/names/testing.js';
import { startNodeService } from '../src/node/index.js';
import { createAppKeyToken } from '../src/protocol/app-key-token.js';
import { ed25519PublicKeyFromSeed } from '../src/protocol/ed25519.js';
import { bytesToHex } from '../src/protocol/hex.js';
import { COMMANDS, configOf, NamesOptions, NodeOptions, SocialOptions } from '../src/shared/config/index.js';
import { startSocialService } from '../src/social/service.js';
import { fakeNode } from '../src/social/testing.js';
import { defaultSchemaFor, listServices, openDatabase, type Database } from '../src/storage/index.js';

/**
 * `agora migrate` runs with a privileged role, the services with one that has no DDL
 * rights, only the grants docs/deploy.md lists. Each service starts, reads and writes under it.
 */

const adminUrl = process.env.AGORA_TEST_DATABASE_URL;
const suffix = randomBytes(4).toString('hex');
const dbName = `agora_lp_${suffix}`;
const role = `agora_lp_app_${suffix}`;

const withDatabase = (url: string, database: string, user?: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  if (user !== undefined) parsed.username = user;
  parsed.password = '';
  return parsed.toString();
};

async function asAdmin<T>(database: string, work: (db: Database<unknown>['db']) => Promise<T>): Promise<T> {
  const admin = await openDatabase<unknown>({ url: withDatabase(adminUrl ?? '', database), poolSize: 1 });
  try {
    return await work(admin.db);
  } finally {
    await admin.close();
  }
}

describe(
  'services under a role without DDL rights',
  { skip: adminUrl === undefined && 'AGORA_TEST_DATABASE_URL is not set' },
  () => {
    const migratorUrl = () => withDatabase(adminUrl ?? '', dbName);
    const appUrl = () => withDatabase(adminUrl ?? '', dbName, role);
    const out: string[] = [];
    const io = { out: (line: string) => out.push(line), err: (line: string) => out.push(line) };
    const migrate = (status: boolean) =>
      runMigrate(configOf(COMMANDS.migrate.options, { databaseUrl: migratorUrl(), status }), io);

    before(async () => {
      await asAdmin('postgres', async (db) => {
        await sql`create database ${sql.id(dbName)}`.execute(db);
        await sql`create role ${sql.id(role)} login`.execute(db);
      });
    });
    after(async () => {
      await asAdmin('postgres', async (db) => {
        await sql`drop database if exists ${sql.id(dbName)} with (force)`.execute(db);
        await sql`drop role if exists ${sql.id(role)}`.execute(db);
      });
    });

    it('agora migrate --status lists pending migrations without applying them, then none', async () => {
      assert.equal(await migrate(true), 0);
      assert.ok(
        out.some((line) => /^node: pending 0001_/.test(line)),
        out.join('\n'),
      );
      assert.equal(await migrate(true), 0);
      assert.ok(
        out.filter((line) => line.startsWith('node: pending')).length === 2,
        'status applied nothing',
      );
      out.length = 0;
      assert.equal(await migrate(false), 0);
      assert.equal(await migrate(true), 0);
      assert.deepEqual(out.slice(-3), ['node: up to date', 'names: up to date', 'social: up to date']);
    });

    it('each service starts, reads and writes with only the documented grants', async () => {
      const schemas = listServices().map(defaultSchemaFor);
      await asAdmin(dbName, async (db) => {
        // The grants of docs/deploy.md, "Least privilege on PostgreSQL".
        for (const schema of schemas) {
          await sql`grant usage on schema ${sql.id(schema)} to ${sql.id(role)}`.execute(db);
          await sql`grant select, insert, update, delete on all tables in schema ${sql.id(schema)} to ${sql.id(role)}`.execute(
            db,
          );
          await sql`grant usage, select, update on all sequences in schema ${sql.id(schema)} to ${sql.id(role)}`.execute(
            db,
          );
        }
      });
      const common = { databaseUrl: appUrl(), host: '127.0.0.1', port: 0, logLevel: 'silent' } as const;

      const names = await startNamesService({
        config: configOf(NamesOptions, { ...common, signerKey: TEST_SIGNER_KEY }),
        logger: false,
        chain: { custody: fakeCustody() },
      });
      try {
        const timestamp = Math.floor(Date.now() / 1000);
        const posted = await names.app.inject({
          method: 'POST',
          url: '/transfers',
          payload: await signedBody({ name: 'leastpriv', from: 0, to: 7, timestamp }),
        });
        assert.equal(posted.statusCode, 200, posted.body);
      } finally {
        await names.close();
      }

      const node = await startNodeService(configOf(NodeOptions, { ...common, grpcPort: 0 }));
      try {
        const info = await fetch(`${node.url}/v1/info?dbstats=1`);
        assert.equal(info.status, 200, await info.text());
      } finally {
        await node.close();
      }

      const fakes = fakeNode();
      const social = await startSocialService({
        config: configOf(SocialOptions, common),
        logger: false,
        node: fakes,
        indexer: false,
      });
      try {
        const seed = randomBytes(32);
        fakes.addSigner(5, bytesToHex(ed25519PublicKeyFromSeed(seed)));
        const token = createAppKeyToken({
          fid: 5,
          privateKey: seed,
          exp: Math.floor(Date.now() / 1000) + 300,
        });
        const blocked = await social.app.inject({
          method: 'POST',
          url: '/fc/blocked-users',
          headers: { authorization: `Bearer ${token}` },
          payload: { blockFid: 6 },
        });
        assert.equal(blocked.statusCode, 200, blocked.body);
      } finally {
        await social.close();
      }
    });
  },
);
