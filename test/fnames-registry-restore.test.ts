// The registry going back in time, with the real services on a devnet: the names
// schema restored from a backup as docs/operations.md says (pg_dump/pg_restore on PostgreSQL, a copy of
// the file on SQLite), the node stopping and saying why on its log and /_status, `agora resync-fnames`
// rebuilding its proofs without losing one the registry still has, then a rotation of the registry key.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import {
  FarcasterNetwork,
  makeUserDataAdd,
  makeUserNameProofClaim,
  Message as CoreMessage,
  NobleEd25519Signer,
  UserDataType,
  ViemLocalEip712Signer,
} from '@farcaster/core';
import { sql } from 'kysely';
import { pino } from 'pino';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { main } from '../src/cli/main.js';
import { startDevnet, type Devnet } from '../src/chain/devnet/index.js';
import { createAccount } from '../src/chain/fixtures.js';
import { startNamesService, type NamesService } from '../src/names/index.js';
import { startNodeService, type NodeService } from '../src/node/index.js';
import type { NodeTables } from '../src/node/store/schema.js';
import { hexToBytes } from '../src/protocol/hex.js';
import { openDatabase } from '../src/storage/database.js';
import { openTestDatabase, testDialects, type TestDatabase } from '../src/storage/testing.js';
import { devnetNamesConfig, devnetNodeConfig, quickFnameSleep } from './support/devnet-services.js';
import { transferTimestamps } from './support/transfer-timestamps.js';
import { waitFor } from './support/wait.js';

type Account = Awaited<ReturnType<typeof createAccount>>;
type Status = { components: { fnames: Record<string, unknown> } };
type Proof = { name: string; fid: number; signature: string; timestamp: number };

const adminUrl = process.env.AGORA_TEST_DATABASE_URL;

/** Where the services keep their data: a database of their own on PostgreSQL, a directory on SQLite. */
interface Storage {
  dataDir: string;
  databaseUrl: string | undefined;
  /** A backup of the names schema (or file) alone. */
  backupNames(): void;
  /** Restores that backup; the registry must be stopped. */
  restoreNames(): void;
  cleanup(): Promise<void>;
}

async function postgresStorage(dataDir: string): Promise<Storage> {
  const name = `agora_fn_${randomBytes(4).toString('hex')}`;
  const asAdmin = async (statement: ReturnType<typeof sql>) => {
    const url = new URL(adminUrl ?? '');
    url.pathname = '/postgres';
    const admin = await openDatabase<unknown>({ url: url.toString(), poolSize: 1 });
    await statement.execute(admin.db).finally(() => admin.close());
  };
  await asAdmin(sql`create database ${sql.id(name)}`);
  const url = new URL(adminUrl ?? '');
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dump = path.join(dataDir, 'names.dump');
  return {
    dataDir,
    databaseUrl,
    // The commands docs/operations.md gives.
    backupNames: () =>
      execFileSync('pg_dump', ['--format=custom', '--schema=agora_names', `--file=${dump}`, databaseUrl]),
    restoreNames: () =>
      execFileSync('pg_restore', ['--clean', '--if-exists', `--dbname=${databaseUrl}`, dump]),
    cleanup: () => asAdmin(sql`drop database if exists ${sql.id(name)} with (force)`),
  };
}

function sqliteStorage(dataDir: string): Storage {
  const file = path.join(dataDir, 'names.sqlite');
  const copy = (from: string, to: string) => {
    for (const suffix of ['', '-wal']) {
      rmSync(`${to}${suffix}`, { force: true });
      if (existsSync(`${from}${suffix}`)) copyFileSync(`${from}${suffix}`, `${to}${suffix}`);
    }
    rmSync(`${to}-shm`, { force: true });
  };
  return {
    dataDir,
    databaseUrl: undefined,
    backupNames: () => copy(file, `${file}.backup`),
    restoreNames: () => copy(`${file}.backup`, file),
    cleanup: async () => {},
  };
}

/** A pino logger whose lines the test reads. */
function capturedLogger() {
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line !== '') lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: pino({ level: 'info' }, stream) };
}

for (const dialect of testDialects()) {
  describe(
    `the registry going back in time [${dialect.name}]`,
    { skip: !dialect.available && (dialect.reason ?? true) },
    () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'agora-fnames-'));
      const signerKeys = { K2: generatePrivateKey(), K3: generatePrivateKey() };
      let storage: Storage;
      let devnet: Devnet;
      let names: NamesService | undefined;
      let namesUrl: string;
      let node: NodeService | undefined;
      let log: ReturnType<typeof capturedLogger>;
      const accounts: Record<string, Account> = {};
      const fresh: TestDatabase<NodeTables>[] = [];
      const nodes: NodeService[] = [];
      const nextTimestamp = transferTimestamps();

      before(async () => {
        storage = dialect.name === 'postgres' ? await postgresStorage(dataDir) : sqliteStorage(dataDir);
        devnet = await startDevnet({ port: 0 });
        for (const name of ['alice', 'bob', 'carol', 'erin', 'frank', 'grace', 'henry']) {
          accounts[name] = await createAccount(devnet);
        }
        await startNames();
        await startNode();
      });

      after(async () => {
        await Promise.all(nodes.map((each) => each.close()));
        await names?.close();
        await devnet?.stop();
        for (const database of fresh) await database.cleanup();
        await storage?.cleanup();
        rmSync(dataDir, { recursive: true, force: true });
      });

      /** `agora names` on the same port each time, so the node's --names-url stays right. */
      async function startNames(extraArgs: string[] = []) {
        const port = namesUrl === undefined ? '0' : new URL(namesUrl).port;
        const config = devnetNamesConfig(devnet, dataDir, ['--cooldown-seconds', '0', ...extraArgs]);
        names = await startNamesService({
          config: { ...config, port: Number(port), databaseUrl: storage.databaseUrl },
          logger: false,
          chain: { rpcUrl: devnet.rpcUrl },
        });
        namesUrl = await names.listen();
      }

      async function stopNames() {
        await names?.close();
        names = undefined;
      }

      /** `agora node` on the storage, or on `database` (a node of its own). */
      async function startNode(database?: TestDatabase<NodeTables>) {
        const logged = capturedLogger();
        const config = { ...devnetNodeConfig(devnet, dataDir, namesUrl), databaseUrl: storage.databaseUrl };
        const started = await startNodeService(config, {
          sleep: quickFnameSleep,
          logger: logged.logger,
          ...(database !== undefined && { database: await database.reopen() }),
        });
        nodes.push(started);
        await started.fnameSync?.caughtUp();
        if (database === undefined) {
          node = started;
          log = logged;
        }
        return { node: started, log: logged };
      }

      async function stopNode() {
        await node?.close();
        nodes.splice(nodes.indexOf(node!), 1);
        node = undefined;
      }

      /** A transfer signed by the custody key of `who`'s account with core's client helpers. */
      async function transfer(name: string, from: number, to: number, who: Account) {
        const signer = new ViemLocalEip712Signer(privateKeyToAccount(who.custody.privateKey));
        const timestamp = nextTimestamp();
        const claim = makeUserNameProofClaim({ name, owner: who.custody.address, timestamp });
        const signature = (await signer.signUserNameProofClaim(claim))._unsafeUnwrap();
        const response = await fetch(`${namesUrl}/transfers`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name,
            from,
            to,
            fid: Number(who.fid),
            owner: who.custody.address,
            timestamp,
            signature: `0x${Buffer.from(signature).toString('hex')}`,
          }),
        });
        assert.equal(response.status, 200, await response.text());
      }
      const register = (name: string) => transfer(name, 0, fidOf(name), accounts[name]!);
      const fidOf = (name: string) => Number(accounts[name]!.fid);

      const get = async <T>(base: string, route: string): Promise<{ status: number; body: T }> => {
        const response = await fetch(`${base}${route}`);
        return { status: response.status, body: (await response.json()) as T };
      };
      const fnames = async (at = node!) => (await get<Status>(at.url, '/_status')).body.components.fnames;

      /** The node's proofs of the names, by name; a name it has no proof for is missing. */
      async function proofs(at = node!): Promise<Record<string, Proof>> {
        const held: Record<string, Proof> = {};
        for (const name of Object.keys(accounts)) {
          const { status, body } = await get<Proof>(at.url, `/v1/userNameProofByName?name=${name}`);
          if (status === 200) held[name] = body;
        }
        return held;
      }
      const holders = (held: Record<string, Proof>) =>
        Object.fromEntries(Object.entries(held).map(([name, proof]) => [name, proof.fid]));

      async function submitUsername(name: string) {
        const account = accounts[name]!;
        const message = await makeUserDataAdd(
          { type: UserDataType.USERNAME, value: name },
          { fid: Number(account.fid), network: FarcasterNetwork.DEVNET },
          new NobleEd25519Signer(hexToBytes(account.signer.privateKey)!),
        );
        return fetch(`${node!.url}/v1/submitMessage`, {
          method: 'POST',
          headers: { 'content-type': 'application/octet-stream' },
          body: CoreMessage.encode(message._unsafeUnwrap()).finish(),
        });
      }

      const cli = async (args: string[]) => {
        const out: string[] = [];
        const io = { out: (line: string) => out.push(line), err: (line: string) => out.push(line) };
        const storageArgs =
          storage.databaseUrl === undefined
            ? ['--data-dir', dataDir]
            : ['--database-url', storage.databaseUrl];
        const code = await main(['resync-fnames', ...storageArgs, '--names-url', namesUrl, ...args], io);
        return { code, out: out.slice(1) }; // the first line echoes the configuration
      };

      let bobBefore: Proof;

      it('stops advancing, and says why, when the names schema is restored from a backup', async () => {
        await register('alice'); // id 1
        await register('bob'); // id 2
        await node!.fnameSync!.caughtUp();
        await stopNames();
        storage.backupNames();
        await startNames();
        await register('carol'); // id 3
        await transfer('alice', fidOf('alice'), 0, accounts.alice!); // id 4: unregistered
        await node!.fnameSync!.caughtUp();
        const accepted = await submitUsername('carol');
        assert.equal(accepted.status, 200, await accepted.text());
        bobBefore = (await proofs()).bob!;
        assert.deepEqual(holders(await proofs()), { bob: fidOf('bob'), carol: fidOf('carol') });

        await stopNames();
        storage.restoreNames(); // the registry now ends at transfer 2
        await startNames();
        await waitFor('the sync to stop', async () => (await fnames()).halted !== null);
        const below = await fnames();
        assert.match(
          String(below.halted),
          /the registry's newest transfer id is below the node's cursor 4 \(was the registry's database restored from a backup\?\); the fname sync is stopped until the registry is fixed or `agora resync-fnames` runs/,
        );
        assert.equal(below.ready, false);
        assert.equal(below.cursor, 4);
        const ready = await get<{ waitingFor: string[] }>(node!.url, '/_ready');
        assert.equal(ready.status, 503);
        assert.deepEqual(ready.body.waitingFor, ['fnames']);
        const error = log.lines.find((line) => line.level === 50 && line.component === 'fnames');
        assert.ok(error, 'an error-level line');
        assert.match(error.msg, /^fname sync: stopped advancing: the registry's newest transfer id is below/);
        assert.equal(error.recovery, 'agora resync-fnames');

        // New registrations reuse ids 3 and 4: the node must not take them as the ones it synced.
        await register('erin'); // id 3
        await register('frank'); // id 4
        await register('grace'); // id 5
        await waitFor('the reissued ids to be seen', async () =>
          /is not the one the node synced/.test(String((await fnames()).halted)),
        );
        assert.equal((await fnames()).cursor, 4);
        assert.deepEqual(holders(await proofs()), { bob: fidOf('bob'), carol: fidOf('carol') });
      });

      it('agora resync-fnames makes the proofs the registry has, losing none it still has', async () => {
        if (storage.databaseUrl !== undefined) {
          // The running node holds the loops lock on PostgreSQL: the resync refuses to write beside it.
          const refused = await cli([]);
          assert.equal(refused.code, 1);
          assert.match(refused.out.join('\n'), /holds the loops lock\): stop it first/);
        }
        await stopNode();
        const dryRun = await cli(['--dry-run']);
        assert.equal(dryRun.code, 0, dryRun.out.join('\n'));
        assert.deepEqual(dryRun.out, [
          'read 5 transfer(s); 1 proof(s) already matched the registry',
          '4 proof(s) to be added: alice, erin, frank, grace',
          '0 proof(s) to be replaced',
          '1 proof(s) to be removed: carol',
          'dry run: nothing changed; the cursor would move to transfer 5',
        ]);

        const { code, out } = await cli([]);
        assert.equal(code, 0, out.join('\n'));
        assert.equal(out.at(-1), 'fname sync cursor set to transfer 5; start the node again');

        await startNode();
        const status = await fnames();
        assert.equal(status.halted, null);
        assert.equal(status.ready, true);
        assert.equal(status.cursor, 5);
        const held = await proofs();
        assert.deepEqual(holders(held), {
          alice: fidOf('alice'),
          bob: fidOf('bob'),
          erin: fidOf('erin'),
          frank: fidOf('frank'),
          grace: fidOf('grace'),
        });
        assert.deepEqual(held.bob, bobBefore, 'the proof the registry still has is untouched');
        // carol's removal was announced like an unregistration (without a new proof), then her USERNAME
        // revoked; the other changes as merges.
        type Event = { type: string; mergeUsernameProofBody?: Record<string, { name: string; fid: number }> };
        const { body } = await get<{ events: Event[] }>(node!.url, '/v1/events?from_event_id=0');
        const tail = body.events
          .slice(-6)
          .map(({ type, mergeUsernameProofBody: proof }) =>
            [
              type.replace('HUB_EVENT_TYPE_', ''),
              proof?.usernameProof?.name,
              proof?.deletedUsernameProof && `(was ${proof.deletedUsernameProof.name})`,
            ]
              .filter((part) => part !== undefined)
              .join(' '),
          );
        assert.deepEqual(tail, [
          'MERGE_USERNAME_PROOF alice',
          'MERGE_USERNAME_PROOF erin',
          'MERGE_USERNAME_PROOF frank',
          'MERGE_USERNAME_PROOF grace',
          'MERGE_USERNAME_PROOF (was carol)',
          'REVOKE_MESSAGE',
        ]);
        const userData = await get<{ messages: unknown[] }>(
          node!.url,
          `/v1/userDataByFid?fid=${fidOf('carol')}`,
        );
        assert.deepEqual(userData.body.messages, []);

        // The sync goes on from there.
        await register('henry'); // id 6
        await node!.fnameSync!.caughtUp();
        assert.equal((await proofs()).henry?.fid, fidOf('henry'));
      });

      it('follows a rotation of the registry key announced on /signer, skipping nothing', async () => {
        const K1 = (await get<{ signer: string }>(namesUrl, '/signer')).body.signer;
        const K2 = privateKeyToAccount(signerKeys.K2).address;
        await stopNames();
        await startNames(['--signer-key', signerKeys.K2, '--previous-signer-address', K1]);
        assert.deepEqual((await get(namesUrl, '/signer')).body, { signer: K2, previousSigner: K1 });
        await transfer('henry', fidOf('henry'), 0, accounts.henry!); // id 7, signed with K2
        await node!.fnameSync!.caughtUp();
        const status = await fnames();
        assert.equal(status.signer, K2.toLowerCase());
        assert.equal(status.previousSigner, K1.toLowerCase());
        assert.equal(status.halted, null);
        assert.equal(status.cursor, 7);
        assert.equal((await proofs()).henry, undefined);

        // A node syncing from scratch takes the transfers signed with either key.
        const database = await openTestDatabase<NodeTables>(dialect.name, 'node');
        fresh.push(database);
        const other = await startNode(database);
        assert.deepEqual(await proofs(other.node), await proofs());
        assert.equal((await fnames(other.node)).halted, null);
      });

      it('stops loudly at a transfer signed by a key the registry does not announce', async () => {
        const K2 = privateKeyToAccount(signerKeys.K2).address;
        await stopNames();
        // A second rotation announcing only K2: the transfers K1 signed are now unverifiable.
        await startNames(['--signer-key', signerKeys.K3, '--previous-signer-address', K2]);
        const database = await openTestDatabase<NodeTables>(dialect.name, 'node');
        fresh.push(database);
        const logged = capturedLogger();
        const config = { ...devnetNodeConfig(devnet, dataDir, namesUrl), databaseUrl: storage.databaseUrl };
        const other = await startNodeService(config, {
          sleep: quickFnameSleep,
          logger: logged.logger,
          database: await database.reopen(),
        });
        nodes.push(other);
        await waitFor('the sync to stop', async () => (await fnames(other)).halted !== null);
        const status = await fnames(other);
        assert.match(
          String(status.halted),
          /^transfer 1 \(alice\) is not signed by the registry's key 0x[0-9a-f]{40} or 0x[0-9a-f]{40}: /,
        );
        assert.equal(status.cursor, 0);
        assert.deepEqual(await proofs(other), {});
        assert.equal((await get(other.url, '/_ready')).status, 503);
        const error = logged.lines.find((line) => line.level === 50);
        assert.match(String(error?.msg), /fname sync: stopped advancing: transfer 1 \(alice\)/);
        // The node that already holds them is unaffected: nothing new to verify.
        assert.equal((await fnames()).halted, null);
      });
    },
  );
}
