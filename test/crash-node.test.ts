/**
 * `agora node` killed with SIGKILL while a client streams signed messages at it, then started again on the
 * same data: every message answered 200 is still there, the event log holds each stored message exactly
 * once (ids strictly increasing; gaps are allowed by design, docs/decisions/0004-node-event-ids.md, a
 * missing change is not), and the chain and fname cursors resume without losing or re-applying anything.
 * Real devnet, real name registry, the node as its own process. On SQLite the kill is a power loss
 * (support/power-loss.ts): it comes while a commit waits for its WAL sync, and the WAL is cut back to
 * what was synced before the restart, so an answer sent before its write was on disk would show.
 *
 * A failure prints the seed; AGORA_CRASH_SEED=<seed> replays its order and kill point (the kill's exact
 * moment still depends on timing). AGORA_CRASH_WRITES=<n> streams n writes instead of the small default.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DEVNET_ROLES, startDevnet, type Devnet } from '../src/chain/devnet/index.js';
import { addSigner, createAccount, rentStorage, type FixtureAccount } from '../src/chain/fixtures.js';
import { startNamesService, type NamesService } from '../src/names/index.js';
import { makeMessage } from '../src/protocol/builder.js';
import { createEd25519Signer, type Ed25519Signer } from '../src/protocol/ed25519.js';
import { signUserNameProofClaim } from '../src/protocol/eip712/index.js';
import {
  FarcasterNetwork,
  Message,
  MessageType,
  ReactionType,
  type MessageData,
} from '../src/protocol/gen/message.js';
import { bytesToHex, hexToBytes } from '../src/protocol/hex.js';
import { toFarcasterTime } from '../src/protocol/time.js';
import { COMMANDS, parseCommand } from '../src/shared/config/index.js';
import { forEachDialect } from '../src/storage/testing.js';
import {
  crashService,
  crashSettings,
  getJson,
  request,
  shuffled,
  withState,
  type CrashService,
  type StreamResult,
  type StreamTask,
} from './support/crash-process.js';
import { waitFor } from './support/wait.js';

const CRASH = crashSettings(240);
/** Messages per dialect run; AGORA_CRASH_WRITES for a bigger run. */
const MESSAGES = CRASH.writes;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- hub JSON, read field by field
type Json = any;

interface Submission {
  fid: number;
  kind: 'cast' | 'like' | 'follow';
  /** 0x hash. */
  hash: string;
  bytes: Uint8Array;
  /** The read that finds it: castById, reactionById or linkById. */
  readPath: string;
}

/** A node account: its fid, custody and signing key. */
interface Author {
  account: FixtureAccount;
  fid: number;
  signer: Ed25519Signer;
}

function authorOf(account: FixtureAccount): Author {
  return {
    account,
    fid: Number(account.fid),
    signer: createEd25519Signer(hexToBytes(account.signer.privateKey) ?? new Uint8Array()),
  };
}

function submission(author: Author, data: Omit<MessageData, 'fid' | 'network'>): Submission {
  const message = makeMessage({ ...data, fid: author.fid, network: FarcasterNetwork.DEVNET }, author.signer);
  const hash = bytesToHex(message.hash);
  const { fid } = author;
  let kind: Submission['kind'];
  let readPath: string;
  if (data.type === MessageType.CAST_ADD) {
    kind = 'cast';
    readPath = `/v1/castById?fid=${fid}&hash=${hash}`;
  } else if (data.type === MessageType.REACTION_ADD) {
    kind = 'like';
    const target = data.reactionBody?.targetCastId;
    readPath = `/v1/reactionById?fid=${fid}&reaction_type=1&target_fid=${target?.fid}&target_hash=${bytesToHex(target?.hash ?? new Uint8Array())}`;
  } else {
    kind = 'follow';
    readPath = `/v1/linkById?fid=${fid}&link_type=follow&target_fid=${data.linkBody?.targetFid}`;
  }
  return { fid, kind, hash, bytes: Message.encode(message).finish(), readPath };
}

/** `count` independent messages (casts, likes of made-up casts, follows of distinct fids), spread over authors. */
function buildMessages(authors: Author[], count: number, random: () => number): Submission[] {
  const now = toFarcasterTime(Date.now()) ?? 0;
  const messages: Submission[] = [];
  for (let i = 0; i < count; i++) {
    const author = authors[i % authors.length]!;
    const timestamp = now - 60 + Math.floor(random() * 30);
    const kind = i % 3;
    if (kind === 0) {
      messages.push(
        submission(author, {
          type: MessageType.CAST_ADD,
          timestamp,
          castAddBody: {
            embedsDeprecated: [],
            mentions: [],
            mentionsPositions: [],
            text: `crash test ${CRASH.seed} #${i}`,
            embeds: [],
            type: 0,
          },
        }),
      );
    } else if (kind === 1) {
      const hash = new Uint8Array(20).map(() => Math.floor(random() * 256));
      messages.push(
        submission(author, {
          type: MessageType.REACTION_ADD,
          timestamp,
          reactionBody: { type: ReactionType.LIKE, targetCastId: { fid: 1_000_000 + i, hash } },
        }),
      );
    } else {
      messages.push(
        submission(author, {
          type: MessageType.LINK_ADD,
          timestamp,
          linkBody: { type: 'follow', targetFid: 2_000_000 + i },
        }),
      );
    }
  }
  return shuffled(messages, random);
}

function submit(url: string, message: Submission) {
  return request(`${url}/v1/submitMessage`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: message.bytes,
  });
}

/** Every event of the log, following `nextPageEventId` from 0 until an empty page. */
async function allEvents(url: string): Promise<Json[]> {
  const events: Json[] = [];
  let from = 0;
  for (;;) {
    const page: Json = await getJson(`${url}/v1/events?from_event_id=${from}`);
    if (page.events.length === 0) return events;
    events.push(...page.events);
    assert.ok(page.nextPageEventId > from, 'nextPageEventId moves forward');
    from = page.nextPageEventId;
  }
}

/** Every message of a list endpoint (castsByFid, ...), following `nextPageToken`. */
async function allMessages(url: string, path: string): Promise<Json[]> {
  const messages: Json[] = [];
  let token = '';
  for (;;) {
    const page: Json = await getJson(`${url}${path}&pageToken=${encodeURIComponent(token)}`);
    messages.push(...page.messages);
    if (!page.nextPageToken) return messages;
    token = page.nextPageToken;
  }
}

/** How often each value occurs. */
function counts(values: readonly string[]): Map<string, number> {
  const result = new Map<string, number>();
  for (const value of values) result.set(value, (result.get(value) ?? 0) + 1);
  return result;
}

function assertStrictlyIncreasing(ids: readonly number[], what: string): void {
  for (let i = 1; i < ids.length; i++) {
    assert.ok(ids[i]! > ids[i - 1]!, CRASH.withSeed(`${what}: id ${ids[i]} follows ${ids[i - 1]}`));
  }
}

const mergedHashes = (events: Json[]): string[] =>
  events
    .filter((e) => e.type === 'HUB_EVENT_TYPE_MERGE_MESSAGE')
    .map((e) => e.mergeMessageBody.message.hash as string);

let devnet: Devnet;
let names: NamesService;
let namesUrl: string;
let namesDir: string;

before(async () => {
  namesDir = await mkdtemp(join(tmpdir(), 'agora-crash-names-'));
  devnet = await startDevnet({ port: 0 });
  const config = parseCommand(
    'names',
    COMMANDS.names.options,
    [
      ...['--data-dir', namesDir, '--host', '127.0.0.1', '--port', '0', '--log-level', 'silent'],
      ...['--chain-rpc-url', devnet.rpcUrl, '--cooldown-seconds', '0'],
      ...['--signer-key', devnet.accounts[DEVNET_ROLES.nameRegistrySigner]!.privateKey],
    ],
    {},
  ).config;
  names = await startNamesService({ config, logger: false, chain: { rpcUrl: devnet.rpcUrl } });
  namesUrl = await names.listen();
});

after(async () => {
  await names?.close();
  await devnet?.stop();
  if (namesDir !== undefined) await rm(namesDir, { recursive: true, force: true });
});

/** Registers `name` to the author's fid, signed by its custody key. */
async function registerName(author: Author, name: string): Promise<void> {
  const { custody } = author.account;
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = await signUserNameProofClaim(
    { name, timestamp, owner: custody.address },
    custody.privateKey,
  );
  const answer = await request(`${namesUrl}/transfers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      from: 0,
      to: author.fid,
      fid: author.fid,
      owner: custody.address,
      timestamp,
      signature,
    }),
  });
  assert.equal(answer.status, 200, answer.body);
}

forEachDialect('agora node killed mid-stream', (dialect) => {
  describe(
    'restarts on the same data without losing or repeating anything',
    { timeout: Math.max(240_000, MESSAGES * 400) },
    () => {
      const random = CRASH.random();
      const tag = `${dialect === 'sqlite' ? 's' : 'p'}${(CRASH.seed % 46656).toString(36)}`;
      const nameOf = (n: number) => `crash-${tag}-${n}`;
      let node: CrashService;
      let url: string;
      let authors: [Author, Author, Author];
      let messages: Submission[];
      let stream: StreamResult<Submission, Json>;
      /** Chain and name activity after the restart, started early so the node's polls overlap the checks. */
      let afterRestart: Promise<{ thirdSigner: string }>;
      /** Added while the node was down. */
      let downtimeSigner: string;

      before(async () => {
        // One after another: concurrent fixtures funded by the same dev account can collide on its nonce
        // ("replacement transaction underpriced", which the fixtures do not retry).
        const accounts: FixtureAccount[] = [];
        for (let i = 0; i < 3; i++) accounts.push(await createAccount(devnet));
        authors = accounts.map(authorOf) as [Author, Author, Author];
        await registerName(authors[0], nameOf(1));
        node = await crashService(
          'node',
          dialect,
          CRASH,
          [
            ...['--network', 'devnet', '--chain-rpc-url', devnet.rpcUrl, '--chain-confirmations', '0'],
            ...['--names-url', namesUrl, '--submit-rate-limit', '0', '--grpc-port', '0'],
          ],
          { powerLoss: true },
        );
        url = (await node.start()).url;
        for (const author of authors) {
          await waitFor(`fid ${author.fid}'s signer on the node`, async () => {
            const { status } = await request(
              `${url}/v1/onChainSignersByFid?fid=${author.fid}&signer=${author.account.signer.publicKey}`,
            );
            return status === 200 ? true : undefined;
          });
        }
        await waitFor(`${nameOf(1)} on the node`, async () => {
          const { status } = await request(`${url}/v1/userNameProofByName?name=${nameOf(1)}`);
          return status === 200 ? true : undefined;
        });
        messages = buildMessages(authors, MESSAGES, random);
      });

      after(() => node?.close());

      it('takes a concurrent stream of messages, is killed in the middle of it, and starts again', async (t) => {
        const tasks: StreamTask<Submission>[] = messages.map((m) => ({ id: m.hash, value: m }));
        // On-chain activity the node may be applying when it dies.
        const started = Date.now();
        const phase = (what: string) => t.diagnostic(`${what} at ${Date.now() - started} ms`);
        const streamRent = rentStorage(devnet, authors[0].account, 1n);
        stream = await node.streamAndKill(random, {
          tasks,
          concurrency: 16,
          send: (message) => submit(url, message),
          parse: (body) => JSON.parse(body) as Json,
        });
        phase('stream ended');
        await streamRent;
        node.assertKilledMidStream(t, stream, 'message');
        assert.ok(withState(stream, 'acked').length >= stream.killAfterAcked);
        for (const { task, outcome } of withState(stream, 'acked')) {
          assert.equal(outcome.response.hash, task.value.hash, 'the 200 answers with the message');
        }

        // While the node is down: a signer added on chain and a name registered.
        phase('chain rent mined');
        downtimeSigner = (await addSigner(devnet, authors[0].account)).publicKey;
        await registerName(authors[1], nameOf(2));
        phase('downtime activity done');
        const restarted = await node.start();
        phase('restarted');
        assert.equal(restarted.url, url, 'the node listens on the same address again');
        const activity = (async () => {
          const thirdSigner = (await addSigner(devnet, authors[1].account)).publicKey;
          await registerName(authors[2], nameOf(3));
          return { thirdSigner };
        })();
        afterRestart = activity;
        activity.catch(() => undefined); // awaited by the tests that need it
      });

      it('serves every message it acknowledged before the crash', async () => {
        const acked = withState(stream, 'acked');
        for (const { task } of acked) {
          const answer = await request(`${url}${task.value.readPath}`);
          assert.equal(
            answer.status,
            200,
            node.failure(`${task.value.kind} ${task.value.hash}: ${answer.body}`),
          );
          assert.equal((JSON.parse(answer.body) as Json).hash, task.value.hash);
        }
      });

      it('logs each stored message exactly once, in strictly increasing ids, with no stored message unlogged', async (t) => {
        const events = await allEvents(url);
        assertStrictlyIncreasing(
          events.map((e) => e.id as number),
          'event ids',
        );
        const merged = counts(mergedHashes(events));
        for (const [hash, n] of merged)
          assert.equal(n, 1, node.failure(`message ${hash} has ${n} merge events`));
        for (const { task } of withState(stream, 'acked')) {
          assert.ok(
            merged.has(task.value.hash),
            node.failure(`acknowledged ${task.value.hash} has no merge event`),
          );
        }
        // A message and its event commit together: what is stored is logged, and what is logged is stored.
        const ours = new Set(messages.map((m) => m.hash));
        const stored = new Set<string>();
        for (const { fid } of authors) {
          for (const path of ['castsByFid', 'reactionsByFid', 'linksByFid']) {
            for (const m of await allMessages(url, `/v1/${path}?fid=${fid}`)) stored.add(m.hash as string);
          }
        }
        const loggedOurs = [...merged.keys()].filter((hash) => ours.has(hash));
        const lost = withState(stream, 'lost');
        const lostStored = lost.filter(({ task }) => stored.has(task.value.hash)).length;
        t.diagnostic(`lost in the crash: ${lost.length}, of which stored: ${lostStored}`);
        for (const { task } of withState(stream, 'unsent')) {
          assert.ok(!stored.has(task.value.hash), node.failure(`${task.value.hash} was never sent`));
        }
        assert.deepEqual(
          [...stored].filter((hash) => ours.has(hash)).sort(),
          loggedOurs.sort(),
          node.failure('stored messages and merge events differ'),
        );
        assert.deepEqual(
          [...stored].filter((hash) => !ours.has(hash)),
          [],
          'only the stream wrote messages',
        );
        const unexpected = events.filter(
          (e) => e.type === 'HUB_EVENT_TYPE_REVOKE_MESSAGE' || e.type === 'HUB_EVENT_TYPE_PRUNE_MESSAGE',
        );
        assert.deepEqual(unexpected, [], 'nothing was revoked or pruned');
      });

      it('takes the whole stream again: acknowledged messages are duplicates, each message is logged once', async () => {
        const acked = new Set(withState(stream, 'acked').map(({ task }) => task.id));
        const queue = [...messages];
        const worker = async () => {
          for (let message = queue.shift(); message !== undefined; message = queue.shift()) {
            const answer = await submit(url, message);
            if (acked.has(message.hash) || answer.status !== 200) {
              assert.equal(answer.status, 400, node.failure(`resubmitting ${message.hash}: ${answer.body}`));
              assert.equal((JSON.parse(answer.body) as Json).errCode, 'bad_request.duplicate', answer.body);
            }
          }
        };
        await Promise.all(Array.from({ length: 8 }, worker));
        const merged = counts(mergedHashes(await allEvents(url)));
        for (const message of messages) {
          assert.equal(merged.get(message.hash), 1, node.failure(`merge events of ${message.hash}`));
        }
      });

      it('resumes the chain cursor: no on-chain event lost (downtime, after restart) or applied twice', async () => {
        const { thirdSigner } = await waitFor(
          'chain and name activity after the restart',
          afterRestart,
          60_000,
        );
        const [first, second, third] = authors;
        await waitFor('the signer added after the restart', async () => {
          const { status } = await request(
            `${url}/v1/onChainSignersByFid?fid=${second.fid}&signer=${thirdSigner}`,
          );
          return status === 200 ? true : undefined;
        });
        const onChain = async (author: Author, type: string): Promise<Json[]> =>
          ((await getJson(`${url}/v1/onChainEventsByFid?fid=${author.fid}&event_type=${type}`)) as Json)
            .events;
        const signerKeys = async (author: Author) =>
          (await onChain(author, 'EVENT_TYPE_SIGNER')).map((e) => e.signerEventBody.key as string).sort();
        assert.deepEqual(await signerKeys(first), [first.account.signer.publicKey, downtimeSigner].sort());
        assert.deepEqual(await signerKeys(second), [second.account.signer.publicKey, thirdSigner].sort());
        assert.deepEqual(await signerKeys(third), [third.account.signer.publicKey]);
        for (const author of authors) {
          assert.equal((await onChain(author, 'EVENT_TYPE_ID_REGISTER')).length, 1);
        }
        const rents = await Promise.all(authors.map((a) => onChain(a, 'EVENT_TYPE_STORAGE_RENT')));
        assert.deepEqual(
          rents.map((list) => list.length),
          [2, 1, 1],
          'the rent made during the stream counts once',
        );

        const events = await allEvents(url);
        const onChainEvents = events.filter((e) => e.type === 'HUB_EVENT_TYPE_MERGE_ON_CHAIN_EVENT');
        const positions = counts(
          onChainEvents.map(
            (e) =>
              `${e.mergeOnChainEventBody.onChainEvent.transactionHash}:${e.mergeOnChainEventBody.onChainEvent.logIndex}`,
          ),
        );
        for (const [position, n] of positions)
          assert.equal(n, 1, node.failure(`on-chain event ${position} merged ${n} times`));
        const perFid = counts(onChainEvents.map((e) => String(e.mergeOnChainEventBody.onChainEvent.fid)));
        // Register + rent + signer(s): 1 + 2 + 2, 1 + 1 + 2, 1 + 1 + 1.
        assert.deepEqual(
          authors.map((a) => perFid.get(String(a.fid))),
          [5, 4, 3],
          node.failure('on-chain merge events per fid'),
        );
      });

      it('resumes the fname cursor: names from before, during and after the downtime each merged once', async () => {
        await waitFor('chain and name activity after the restart', afterRestart, 60_000);
        await waitFor(
          `${nameOf(3)} on the node`,
          async () => {
            const { status } = await request(`${url}/v1/userNameProofByName?name=${nameOf(3)}`);
            return status === 200 ? true : undefined;
          },
          30_000,
        );
        for (const [index, author] of authors.entries()) {
          const { proofs }: Json = await getJson(`${url}/v1/userNameProofsByFid?fid=${author.fid}`);
          assert.deepEqual(
            proofs.map((p: Json) => p.name),
            [nameOf(index + 1)],
          );
        }
        const proofEvents = (await allEvents(url))
          .filter((e) => e.type === 'HUB_EVENT_TYPE_MERGE_USERNAME_PROOF')
          .map((e) => e.mergeUsernameProofBody.usernameProof.name as string)
          .filter((name) => name.startsWith(`crash-${tag}-`));
        assert.deepEqual(
          proofEvents.sort(),
          [nameOf(1), nameOf(2), nameOf(3)],
          node.failure('username proof events'),
        );
      });
    },
  );
});
