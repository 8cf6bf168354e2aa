/**
 * A network of node processes, each on its own database (one on PostgreSQL when it is configured), peered
 * with `--peer` and learning the rest from each other: writes spread over them, conflicting writes on
 * different nodes, a node stopped while the others take thousands of messages, and a late joiner given one
 * peer all end with one root hash and the same reads on every node.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  castAdd,
  castIdOf,
  clock,
  castRemove,
  compactState,
  ethAccount,
  link,
  reaction,
  setUpAccount,
  testEngine,
  verificationAdd,
} from '../src/node/engine/testing.js';
import type { TestAccount } from '../src/node/engine/testing.js';
import { defaultStoreLimits } from '../src/node/engine/limits.js';
import { mergeOnChainEvents } from '../src/node/onchain/merge.js';
import { signerEvent } from '../src/node/onchain/testing.js';
import { SignerEventType } from '../src/protocol/gen/onchain_event.js';
import type { NodeTables } from '../src/node/store/schema.js';
import { bytesToHex } from '../src/protocol/hex.js';
import type { ReceivedMessage } from '../src/protocol/message.js';
import type { Dialect } from '../src/storage/index.js';
import { openTestDatabase } from '../src/storage/testing.js';
import type { TestDatabase } from '../src/storage/testing.js';
import { freePort } from './support/free-port.js';
import { processOptions, startNodeProcess } from './support/node-process.js';
import type { NodeProcess } from './support/node-process.js';
import { PEER_NODE_PROCESS } from './support/peer-node-process.js';
import { waitFor } from './support/wait.js';

const FIDS = [1, 2, 3, 4, 5, 6];
/** Generous: three processes and a PostgreSQL server share two cores in CI. */
const CONVERGE_MS = 90_000;

interface Member {
  name: string;
  database: TestDatabase<NodeTables>;
  options: string;
  grpcPort: number;
  flags: string[];
  process: NodeProcess | undefined;
}

const hashOf = (message: ReceivedMessage) => bytesToHex(message.message.hash);

const postgres = process.env['AGORA_TEST_DATABASE_URL'] !== undefined;

describe(`a network of node processes (${postgres ? 'one on PostgreSQL' : 'SQLite only'})`, () => {
  const members: Member[] = [];
  let accounts: TestAccount[] = [];

  const join = async (name: string, dialect: Dialect, peers: Member[]): Promise<Member> => {
    const database = await openTestDatabase<NodeTables>(dialect, 'node');
    // Each node's own chain view: the same on-chain events.
    accounts = [];
    for (const fid of FIDS) accounts.push(await setUpAccount(database.db, fid));
    const grpcPort = await freePort();
    const member: Member = {
      name,
      database,
      options: JSON.stringify(await processOptions(database, dialect)),
      grpcPort,
      flags: [
        ...['--grpc-port', String(grpcPort), '--sync-interval', '1'],
        ...peers.flatMap((peer) => ['--peer', `127.0.0.1:${peer.grpcPort}`]),
      ],
      process: undefined,
    };
    members.push(member);
    await start(member);
    return member;
  };
  const start = async (member: Member) => {
    member.process = await startNodeProcess(
      PEER_NODE_PROCESS,
      [member.options, JSON.stringify(member.flags)],
      member.name,
    );
  };
  const running = () => members.filter((member) => member.process !== undefined);
  const node = (member: Member) => member.process!;
  const rootOf = async (member: Member) => (await node(member).get('/v1/info')).body.rootHash as string;
  const roots = () => Promise.all(running().map(rootOf));

  /** Every running node has one root, and that root is not the empty trie's. */
  const converged = async (what: string) => {
    const ends = await waitFor(
      () =>
        `${what}: equal roots on ${running()
          .map((m) => m.name)
          .join(', ')}`,
      async () => {
        const seen = await roots();
        return new Set(seen).size === 1 && seen[0] !== '' ? seen : undefined;
      },
      CONVERGE_MS,
    ).catch((error: Error) => {
      const tails = running().map((m) => `--- ${m.name}\n${node(m).output().slice(-3000)}`);
      throw new Error(`${error.message}\n${tails.join('\n')}`);
    });
    return ends[0]!;
  };

  /** The hashes a read lists, the same on every running node. */
  const sameEverywhere = async (path: string): Promise<string[]> => {
    const answers = await Promise.all(
      running().map(async (member) => {
        const { status, body } = await node(member).get(path);
        assert.equal(status, 200, `${member.name} ${path}: ${JSON.stringify(body)}`);
        return (body.messages as { hash: string }[]).map((message) => message.hash).sort();
      }),
    );
    for (const answer of answers.slice(1)) assert.deepEqual(answer, answers[0], path);
    return answers[0]!;
  };

  /** Submits each message over HTTP to the node chosen for it, many at once. */
  const submitSpread = async (messages: ReceivedMessage[], to: (index: number) => Member) => {
    const inFlight = 16;
    for (let start = 0; start < messages.length; start += inFlight) {
      await Promise.all(
        messages.slice(start, start + inFlight).map((message, k) => node(to(start + k)).submit(message)),
      );
    }
  };

  before(async () => {
    const a = await join('A', 'sqlite', []);
    const b = await join('B', postgres ? 'postgres' : 'sqlite', [a]);
    // C knows only B: it learns A from B's GetCurrentPeers, and A learns C when C announces itself.
    await join('C', 'sqlite', [b]);
  });
  after(async () => {
    await Promise.all(members.map((member) => member.process?.kill()));
    await Promise.all(members.map((member) => member.database.cleanup()));
  });

  it('writes spread over three nodes at once end with one root and the same reads', async () => {
    const messages = accounts.flatMap((account, i) => [
      ...Array.from({ length: 40 }, (_, k) => castAdd(account, `cast ${k} of ${account.fid}`, 2000 + k * 7)),
      ...Array.from({ length: 10 }, (_, k) => link(account, true, 100 + k + i, 1500 + k)),
    ]);
    const nodes = running();
    await submitSpread(messages, (index) => nodes[index % nodes.length]!);
    await converged('after spread writes');
    for (const { fid } of accounts) {
      assert.equal((await sameEverywhere(`/v1/castsByFid?fid=${fid}&pageSize=1000`)).length, 40);
      assert.equal((await sameEverywhere(`/v1/linksByFid?fid=${fid}&pageSize=1000`)).length, 10);
    }
  });

  it('conflicting writes on different nodes end in one state everywhere', async () => {
    const [a, b, c] = running();
    const [alice, bob, carol, dave] = accounts;
    // A cast added on A and removed on B before either saw the other.
    const cast = castAdd(alice!, 'added on A, removed on B', 900);
    // A reaction toggled on two nodes: the later remove wins; and the other way round.
    const target = { castId: castIdOf(castAdd(bob!, 'target', 950)) };
    const liked = reaction(bob!, true, target, 800);
    const unliked = reaction(bob!, false, target, 790);
    const url = { url: 'https://example.com/toggled' };
    const urlUnliked = reaction(bob!, false, url, 800);
    const urlLiked = reaction(bob!, true, url, 790);
    // Links on A and B, a compact state on C that keeps only some of them.
    const links = [101, 102, 103, 104].map((fid, k) => link(carol!, true, fid, 700 + k));
    const compact = compactState(carol!, [101, 103], 600);
    // One fid's verifications over its storage (25 for its one unit), spread so pruning decides on each node.
    const many = await Promise.all(
      Array.from({ length: 33 }, (_, k) => verificationAdd(dave!, ethAccount(k), 5000 - k)),
    );
    // Each node may already hold the other side of a conflict from its peer's stream: then it answers
    // with the conflict, as it would to any client.
    const race = async (member: Member, message: ReceivedMessage) => {
      const { status, body } = await node(member).offer(message);
      if (status !== 200) assert.equal(body.errCode, 'bad_request.conflict', JSON.stringify(body));
    };
    await Promise.all([
      race(a!, cast),
      race(b!, castRemove(alice!, cast.message.hash, 850)),
      race(a!, liked),
      race(c!, unliked),
      race(b!, urlLiked),
      race(c!, urlUnliked),
      submitSpread(links, (k) => (k % 2 === 0 ? a! : b!)),
    ]);
    await node(c!).submit(compact);
    // Pruning on one node while another still holds the pruned message refuses it as prunable there.
    await Promise.all(many.map((message, index) => node([a!, b!, c!][index % 3]!).offer(message)));
    await converged('after conflicts');
    // Each node's prune job (run here beside the processes, as a tool would) trims the fid to its limit;
    // a node that has pruned refuses the older ones back from a peer that has not yet.
    for (const member of running()) {
      await testEngine(member.database.db, { limits: defaultStoreLimits }).prune();
    }
    await converged('after every node pruned');
    const casts = await sameEverywhere(`/v1/castsByFid?fid=${alice!.fid}&pageSize=1000`);
    assert.ok(!casts.includes(hashOf(cast)), 'the removed cast');
    assert.deepEqual(
      await sameEverywhere(`/v1/reactionsByFid?fid=${bob!.fid}&pageSize=1000`),
      [hashOf(urlLiked)],
      'the later of each toggle: the cast unliked, the URL liked',
    );
    const carolsLinks = await sameEverywhere(`/v1/linksByFid?fid=${carol!.fid}&pageSize=1000`);
    assert.deepEqual(
      carolsLinks,
      [links[0]!, links[2]!].map(hashOf).sort(),
      'the compact state keeps 101 and 103; the links before it to anyone else are gone',
    );
    assert.deepEqual(
      await sameEverywhere(`/v1/verificationsByFid?fid=${dave!.fid}&pageSize=1000`),
      many.slice(-25).map(hashOf).sort(),
      'pruned down to the newest 25 on every node',
    );
  });

  it('a node stopped while the others take thousands of messages catches up to the same root', async () => {
    const [a, b, c] = running();
    await node(c!).kill();
    c!.process = undefined;
    const messages = accounts.flatMap((account) =>
      Array.from({ length: 350 }, (_, k) => castAdd(account, `while C was down ${k}`, 3000 + k * 3)),
    );
    await submitSpread(messages, (index) => (index % 2 === 0 ? a! : b!));
    const withoutC = await converged('A and B');
    await start(c!);
    assert.equal(await converged('C back'), withoutC);
  });

  it('a new empty node given one peer catches up, learns the others, and ends equal', async () => {
    const [a, b, c] = running();
    const d = await join('D', 'sqlite', [a!]);
    const root = await converged('with D');
    assert.equal(root, await rootOf(a!));
    const statusOf = async (member: Member) =>
      (await node(member).get('/_status')).body.components as Record<string, unknown>;
    const peersOfD = await waitFor(
      'D syncs with B and C too',
      async () => {
        const names = Object.keys(await statusOf(d)).filter((name) => name.startsWith('peer '));
        return names.length === 3 ? names.sort() : undefined;
      },
      CONVERGE_MS,
    );
    assert.deepEqual(peersOfD, [a!, b!, c!].map((member) => `peer 127.0.0.1:${member.grpcPort}`).sort());
    // And the others learned D from its announce: a message submitted to D reaches them all.
    const late = castAdd(accounts[0]!, 'from the late joiner', 10);
    await node(d).submit(late);
    await converged('after a write on D');
  });

  it('a signer removed while its messages are in flight leaves none of them on any node', async () => {
    const eve = accounts[4]!;
    const nodes = running();
    const inFlight = Array.from({ length: 90 }, (_, k) => castAdd(eve, `in flight ${k}`, 400 + k));
    // Submits that reach a node after its chain view dropped the signer are refused (or deferred when
    // they come from a peer): whichever way, none may stay.
    const submitting = Promise.all(
      inFlight.map((message, index) => node(nodes[index % nodes.length]!).offer(message)),
    );
    // Each node's chain reader sees the removal and revokes the signer's messages.
    for (const member of nodes) {
      const removal = signerEvent(eve.fid, eve.signer.publicKey, SignerEventType.REMOVE, { block: 500 });
      for (const result of await mergeOnChainEvents(member.database.db, [removal], clock)) {
        assert.ok(result.ok, JSON.stringify(result));
      }
      await testEngine(member.database.db).revokeSigner(eve.fid, eve.signer.publicKey);
    }
    await submitting;
    await converged('after the removal');
    assert.deepEqual(await sameEverywhere(`/v1/castsByFid?fid=${eve.fid}&pageSize=1000`), []);
  });
});
