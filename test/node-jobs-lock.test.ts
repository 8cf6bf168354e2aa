/**
 * On one PostgreSQL database only one node process runs the loops (chain reader, fname
 * sync) and with them the prune and event-retention jobs. A second loop-running `agora node` is refused
 * by an advisory lock and told to run API-only; an API-only node runs no jobs; a loop node can start again
 * once the first one stopped.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runAgora } from './support/agora-cli.js';
import { createScratchDatabase, type ScratchDatabase } from '../src/storage/scratch-database.js';
import { freePort } from './support/free-port.js';

const BASE_URL = process.env.AGORA_TEST_DATABASE_URL;

describe(
  'one loop-running node per PostgreSQL database',
  {
    skip: BASE_URL === undefined || BASE_URL === '' ? 'AGORA_TEST_DATABASE_URL is not set' : false,
    timeout: 120_000,
  },
  () => {
    let scratch: ScratchDatabase;
    let databaseUrl: string;
    let dataDir: string;
    before(async () => {
      scratch = await createScratchDatabase(BASE_URL ?? '', 'lock');
      databaseUrl = scratch.url;
      dataDir = await mkdtemp(join(tmpdir(), 'agora-lock-'));
    });
    after(async () => {
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    });

    /** `agora node` on the scratch database; `loops` gives it an fname sync (its registry need not answer). */
    const node = async (loops: boolean) =>
      runAgora(
        [
          ...['node', '--host', '127.0.0.1', '--port', '0', '--grpc-port', String(await freePort())],
          ...['--log-format', 'json', '--data-dir', dataDir],
          ...(loops ? ['--names-url', `http://127.0.0.1:${await freePort()}`] : []),
        ],
        { DATABASE_URL: databaseUrl },
      );

    it('refuses a second loop node, runs no jobs in an API-only one, and lets a loop node start after the first', async () => {
      const first = await node(true);
      try {
        await first.until(/agora node: listening on/);
        const where = new URL(databaseUrl);
        assert.ok(
          first.output().includes(`storage: PostgreSQL ${where.host}${where.pathname}, schema agora_node`),
          first.output(),
        );
        assert.ok(!first.output().includes(`${where.username}@`), 'the database user is not printed');
        assert.match(first.output(), /fname sync: on, following http:\/\/127\.0\.0\.1:\d+/);
        assert.match(first.output(), /prune and event-retention jobs: on, events kept 72 hours/);

        const second = await node(true);
        assert.equal(await second.exited, 2, second.output());
        assert.match(
          second.output(),
          /agora node: another node process runs the chain reader, fname sync and peer sync on this database \(it holds their PostgreSQL advisory lock\): start this one without --chain-rpc-url, --names-url and --peer to serve the API only/,
        );

        const api = await node(false);
        try {
          await api.until(/agora node: listening on/);
          assert.match(
            api.output(),
            /prune and event-retention jobs: off, the node running the loops on this database runs them/,
          );
        } finally {
          assert.equal(await api.stop(), 0, api.output());
        }
      } finally {
        assert.equal(await first.stop(), 0, first.output());
      }

      const next = await node(true);
      try {
        await next.until(/agora node: listening on/);
        assert.match(next.output(), /prune and event-retention jobs: on/);
      } finally {
        assert.equal(await next.stop(), 0, next.output());
      }
    });
  },
);
