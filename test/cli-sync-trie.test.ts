/**
 * `agora sync-trie verify` and `agora sync-trie rebuild` against a real node process on each dialect, run
 * as an operator runs them, next to the node on its database. Verify finds the stored trie the same as the
 * stores' while the node runs, tells a count tampered with (exit 3) from a root hash tampered with (exit
 * 4), and rebuild mends both. Then the node is SIGKILLed while a client streams submits at it: verify still
 * finds its trie the same, and the node starts again without rebuilding it, serving the root verify printed.
 *
 * A failure prints the seed; AGORA_CRASH_SEED=<seed> replays its order and kill point.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { startDevnet, type Devnet } from '../src/chain/devnet/index.js';
import { createAccount } from '../src/chain/fixtures.js';
import type { NodeTables } from '../src/node/store/schema.js';
import { makeMessage } from '../src/protocol/builder.js';
import { createEd25519Signer } from '../src/protocol/ed25519.js';
import { FarcasterNetwork, Message, MessageType } from '../src/protocol/gen/message.js';
import { hexToBytes } from '../src/protocol/hex.js';
import { toFarcasterTime } from '../src/protocol/time.js';
import { COMMANDS, parseCommand } from '../src/shared/config/index.js';
import { openServiceStore, type Database } from '../src/storage/index.js';
import { forEachDialect } from '../src/storage/testing.js';
import { runAgora } from './support/agora-cli.js';
import {
  crashService,
  crashSettings,
  getJson,
  request,
  withState,
  type CrashService,
} from './support/crash-process.js';
import { waitFor } from './support/wait.js';

const CRASH = crashSettings(200);
/** Submitted, all acknowledged, before the first verify. */
const FIRST_CASTS = 36;
/** Most submits of each writer while verify runs: a bound, never reached. */
const BUSY_WRITES = 2000;
const REBUILT_LOG = 'built the sync trie from the stores';

interface Author {
  fid: number;
  signerKey: string;
  sign: ReturnType<typeof createEd25519Signer>;
}

/** A cast's bytes as submitMessage takes them; `age` seconds old, so the casts spread over many seconds. */
function cast(author: Author, text: string, age: number): Uint8Array {
  const timestamp = (toFarcasterTime(Date.now()) ?? 0) - age;
  const message = makeMessage(
    {
      type: MessageType.CAST_ADD,
      fid: author.fid,
      network: FarcasterNetwork.DEVNET,
      timestamp,
      castAddBody: { embedsDeprecated: [], mentions: [], mentionsPositions: [], text, embeds: [], type: 0 },
    },
    author.sign,
  );
  return Message.encode(message).finish();
}

const submit = (url: string, bytes: Uint8Array) =>
  request(`${url}/v1/submitMessage`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: bytes,
  });

/**
 * The storage flags a running service process was started with (crashService keeps its scratch storage to
 * itself), so the CLI is pointed at the node's database as an operator would point it.
 */
function storageFlagsOf(pid: number): string[] {
  const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  return ['--data-dir', '--database-url'].flatMap((flag) =>
    argv.includes(flag) ? [flag, argv[argv.indexOf(flag) + 1]!] : [],
  );
}

let devnet: Devnet;
let authors: Author[];

before(async () => {
  devnet = await startDevnet({ port: 0 });
  authors = [];
  // One after another: concurrent fixtures funded by the same dev account can collide on its nonce.
  for (let i = 0; i < 2; i++) {
    const account = await createAccount(devnet);
    authors.push({
      fid: Number(account.fid),
      signerKey: account.signer.publicKey,
      sign: createEd25519Signer(hexToBytes(account.signer.privateKey) ?? new Uint8Array()),
    });
  }
});

after(async () => {
  await devnet?.stop();
});

forEachDialect('agora sync-trie', (dialect) => {
  describe('verify and rebuild next to a node process', { timeout: 240_000 }, () => {
    let node: CrashService;
    let url: string;
    let storage: string[];
    let database: Database<NodeTables>;
    /** The root of the trie of the first casts, as verify printed it. */
    let firstRoot: string;

    /** `agora sync-trie <action>` on the node's database: its exit code, output and printed stored root. */
    async function syncTrie(action: string) {
      const run = runAgora(['sync-trie', action, ...storage]);
      const code = await run.exited;
      const output = run.output();
      return { code, output, root: /^stored: .* root (\S+)$/m.exec(output)?.[1] };
    }
    const infoRoot = async () => (await getJson<{ rootHash: string }>(`${url}/v1/info`)).rootHash;

    before(async () => {
      node = await crashService('node', dialect, CRASH, [
        ...['--network', 'devnet', '--chain-rpc-url', devnet.rpcUrl, '--chain-confirmations', '0'],
        ...['--submit-rate-limit', '0', '--grpc-port', '0', '--log-level', 'info'],
      ]);
      const started = await node.start();
      url = started.url;
      storage = storageFlagsOf(started.pid);
      const { config } = parseCommand('sync-trie', COMMANDS['sync-trie'].options, storage, {});
      database = await openServiceStore<NodeTables>('node', config);
      for (const author of authors) {
        await waitFor(`fid ${author.fid}'s signer on the node`, async () => {
          const { status } = await request(
            `${url}/v1/onChainSignersByFid?fid=${author.fid}&signer=${author.signerKey}`,
          );
          return status === 200 ? true : undefined;
        });
      }
    });

    after(async () => {
      await database?.close();
      await node?.close();
    });

    // Verify reads the stores and the trie in one snapshot: a write between its reads cannot make them differ.
    it('verify says same while the node takes writes', async () => {
      let verifying = true;
      let acked = 0;
      const writer = async (w: number) => {
        for (let i = 0; verifying && i < BUSY_WRITES; i++) {
          const answer = await submit(url, cast(authors[w % authors.length]!, `busy ${w} ${i}`, 200 + i));
          assert.equal(answer.status, 200, answer.body);
          acked++;
        }
      };
      const writers = Array.from({ length: 4 }, (_, w) => writer(w));
      await waitFor('the first writes', () => acked > 0);
      const verified = await syncTrie('verify').finally(() => (verifying = false));
      await Promise.all(writers);
      assert.equal(verified.code, 0, verified.output);
      assert.ok(acked < 4 * BUSY_WRITES, 'the writes went on until verify was done');
    });

    it('verify finds the trie of a running node the same as its stores', async () => {
      const answers = await Promise.all(
        Array.from({ length: FIRST_CASTS }, (_, i) =>
          submit(url, cast(authors[i % authors.length]!, `first ${i}`, 120 + i)),
        ),
      );
      for (const answer of answers) assert.equal(answer.status, 200, answer.body);
      const verified = await syncTrie('verify');
      assert.equal(verified.code, 0, verified.output);
      assert.match(verified.output, /^same$/m);
      firstRoot = verified.root!;
      assert.match(firstRoot, /^[0-9a-f]{40}$/);
      assert.equal(await infoRoot(), firstRoot, 'verify prints the root the node serves');
    });

    it('exits 3 for an id missing from sync_ids; rebuild puts it back', async () => {
      const { id } = await database.db.selectFrom('sync_ids').select('id').limit(1).executeTakeFirstOrThrow();
      await database.db.deleteFrom('sync_ids').where('id', '=', id).execute();
      const tampered = await syncTrie('verify');
      assert.equal(tampered.code, 3, tampered.output);
      assert.match(tampered.output, /^counts differ/m);

      const rebuilt = await syncTrie('rebuild');
      assert.equal(rebuilt.code, 0, rebuilt.output);
      assert.match(rebuilt.output, new RegExp(`: \\d+ items, root ${firstRoot}$`, 'm'));
      const verified = await syncTrie('verify');
      assert.equal(verified.code, 0, verified.output);
      assert.equal(verified.root, firstRoot);
    });

    it('exits 4 for a wrong root hash with the right counts; rebuild mends it', async () => {
      await database.db
        .updateTable('sync_trie_nodes')
        .set({ hash: new Uint8Array(20).fill(7) })
        .where('prefix', '=', new Uint8Array(0))
        .execute();
      const tampered = await syncTrie('verify');
      assert.equal(tampered.code, 4, tampered.output);
      assert.match(tampered.output, /^roots differ/m);
      assert.equal(tampered.root, '07'.repeat(20));

      assert.equal((await syncTrie('rebuild')).code, 0);
      const verified = await syncTrie('verify');
      assert.equal(verified.code, 0, verified.output);
      assert.equal(verified.root, firstRoot);
      assert.equal(await infoRoot(), firstRoot);
    });

    it('refuses an unknown action with exit code 2', async () => {
      const refused = await syncTrie('check');
      assert.equal(refused.code, 2);
      assert.match(refused.output, /unknown action "check"; the actions are verify and rebuild/);
    });

    it('after a SIGKILL mid-stream, verify finds the trie the same and the node starts without rebuilding it', async (t) => {
      const random = CRASH.random();
      const tasks = Array.from({ length: CRASH.writes }, (_, i) => ({
        id: String(i),
        value: cast(authors[i % authors.length]!, `streamed ${CRASH.seed} #${i}`, Math.floor(random() * 100)),
      }));
      const stream = await node.streamAndKill(random, {
        tasks,
        concurrency: 16,
        send: (bytes) => submit(url, bytes),
        parse: (body) => body,
      });
      node.assertKilledMidStream(t, stream, 'message');

      const verified = await syncTrie('verify');
      assert.equal(verified.code, 0, node.failure(verified.output));
      const items = Number(/^stored:\s+(\d+) items/m.exec(verified.output)?.[1]);
      assert.ok(
        items >= FIRST_CASTS + withState(stream, 'acked').length,
        `${items} items hold every acknowledged cast`,
      );

      const restarted = await node.start();
      assert.equal(
        await infoRoot(),
        verified.root,
        node.failure('the restarted node serves the root verify read'),
      );
      // Info lines reach the output (request logs, at this level), and the rebuild's is not among them.
      assert.match(restarted.output(), /"level":30/);
      assert.doesNotMatch(restarted.output(), new RegExp(REBUILT_LOG), node.failure('the trie was rebuilt'));
    });
  });
});
