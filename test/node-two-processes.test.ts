/**
 * Kept answers across processes: two node processes serve one database (one SQLite file, or one
 * PostgreSQL schema), each keeping the answers of its message reads over HTTP and gRPC. Whatever one
 * process writes (a submit over either transport, a revocation it runs) or a tool writes beside them (a
 * prune) shows in the other's very next read of every read family, across fids too.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { ReactionType as CoreReactionType, UserDataType as CoreUserDataType } from '@farcaster/hub-nodejs';
import type { HubResult, HubRpcClient } from '@farcaster/hub-nodejs';
import {
  castAdd,
  castIdOf,
  castRemove,
  clock,
  ethAccount,
  link,
  reaction,
  setUpAccount,
  testEngine,
  userData,
  verificationAdd,
  verificationRemove,
} from '../src/node/engine/testing.js';
import type { TestAccount } from '../src/node/engine/testing.js';
import { castStore } from '../src/node/engine/stores/index.js';
import type { Json } from '../src/node/http/testing.js';
import { totalUnits } from '../src/node/onchain/index.js';
import { mergeOnChainEvents } from '../src/node/onchain/merge.js';
import { signerEvent } from '../src/node/onchain/testing.js';
import { ReactionType, UserDataType } from '../src/protocol/gen/message.js';
import { SignerEventType } from '../src/protocol/gen/onchain_event.js';
import { bytesToHex } from '../src/protocol/hex.js';
import type { ReceivedMessage } from '../src/protocol/message.js';
import { forEachDialect } from '../src/storage/testing.js';
import type { NodeProcess, TwoNodes } from './support/two-nodes.js';
import { startTwoNodes } from './support/two-nodes.js';
import { waitFor } from './support/wait.js';

const CHANNEL = 'https://example.com/two-processes';

const hex = (received: ReceivedMessage) => bytesToHex(received.message.hash);

/** One read of one transport, as the hashes of the messages it shows (none for an item not found). */
interface Read {
  name: string;
  read(node: NodeProcess): Promise<string[]>;
}

function http(path: string): Read {
  return {
    name: `HTTP ${path}`,
    async read(node) {
      const { status, body } = await node.get(path);
      if (status === 400 && body.errCode === 'not_found') return [];
      assert.equal(status, 200, `${path}: ${JSON.stringify(body)}`);
      return Array.isArray(body.messages) ? body.messages.map((m: Json) => m.hash as string) : [body.hash];
    },
  };
}

type Shown = { messages: { hash: Uint8Array }[] } | { hash: Uint8Array };

function grpc(name: string, call: (client: HubRpcClient) => Promise<HubResult<Shown>>): Read {
  return {
    name: `gRPC ${name}`,
    async read(node) {
      const result = await call(node.client);
      if (result.isErr()) {
        if (result.error.errCode === 'not_found') return [];
        assert.fail(`${name}: ${result.error.errCode} ${result.error.message}`);
      }
      const { value } = result;
      return 'messages' in value ? value.messages.map((m) => bytesToHex(m.hash)) : [bytesToHex(value.hash)];
    },
  };
}

/** What each read showed, by its name. */
type Seen = Map<string, string[]>;

async function readAll(node: NodeProcess, reads: readonly Read[]): Promise<Seen> {
  const seen: Seen = new Map();
  for (const read of reads) seen.set(read.name, await read.read(node));
  return seen;
}

/** Whether each of `reads` shows `hash` in `seen`, as expected. */
function assertShows(seen: Seen, reads: readonly Read[], hash: string, shown: boolean): void {
  for (const { name } of reads) {
    assert.equal(
      seen.get(name)?.includes(hash),
      shown,
      `B's next ${name} ${shown ? 'shows' : 'no longer shows'} ${hash}: ${JSON.stringify(seen.get(name))}`,
    );
  }
}

forEachDialect('kept answers across two node processes', (dialect) => {
  let nodes: TwoNodes;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;
  let dave: TestAccount;
  let erin: TestAccount;
  /** Bob's cast, seeded before the processes start: the target of replies and reactions. */
  let b1: ReceivedMessage;

  before(async () => {
    nodes = await startTwoNodes(dialect, async ({ db }) => {
      alice = await setUpAccount(db, 1);
      bob = await setUpAccount(db, 2);
      carol = await setUpAccount(db, 3);
      dave = await setUpAccount(db, 4);
      erin = await setUpAccount(db, 5);
      b1 = castAdd(bob, 'hi from bob', 500);
      const outcomes = await testEngine(db).mergeMessages([b1, castAdd(alice, 'first', 400)]);
      assert.ok(
        outcomes.every((outcome) => outcome.ok),
        JSON.stringify(outcomes),
      );
    });
  });
  after(() => nodes?.close());

  /**
   * Reads each of `reads` twice on B (the second is served kept) and checks both alike, runs `write`, and
   * returns B's very next read of each.
   */
  const nextReadsAfter = async (reads: readonly Read[], write: () => Promise<void>): Promise<Seen> => {
    const warm = await readAll(nodes.b, reads);
    assert.deepEqual(await readAll(nodes.b, reads), warm, 'B answers each read alike twice');
    await write();
    return readAll(nodes.b, reads);
  };

  it("B keeps its answers: a row deleted behind both engines' backs still shows, until A writes", async () => {
    const newest = [
      http(`/v1/castsByFid?fid=${dave.fid}&reverse=1&pageSize=1`),
      grpc('GetCastsByFid newest', (c) => c.getCastsByFid({ fid: dave.fid, reverse: true, pageSize: 1 })),
    ];
    const first = castAdd(dave, 'kept in B', 90);
    assertShows(await nextReadsAfter(newest, () => nodes.a.submit(first)), newest, hex(first), true);
    // Unseen by any version: only an answer B keeps can still show it.
    const deleted = await nextReadsAfter(newest, async () => {
      await nodes.database.db.deleteFrom('messages').where('hash', '=', first.message.hash).execute();
    });
    assertShows(deleted, newest, hex(first), true);
    const second = castAdd(dave, 'written by A', 80);
    assertShows(await nextReadsAfter(newest, () => nodes.a.submit(second)), newest, hex(second), true);
  });

  it("casts: an add through A over HTTP, then its removal over gRPC, in B's next read of every cast read", async () => {
    const cast = castAdd(alice, 'a reply that mentions bob', 90, {
      parentCastId: castIdOf(b1),
      mentions: [bob.fid],
    });
    const byFid = [
      http(`/v1/castsByFid?fid=${alice.fid}`),
      grpc('GetAllCastMessagesByFid', (c) => c.getAllCastMessagesByFid({ fid: alice.fid })),
    ];
    const addsOnly = [grpc('GetCastsByFid', (c) => c.getCastsByFid({ fid: alice.fid }))];
    const byId = [
      http(`/v1/castById?fid=${alice.fid}&hash=${hex(cast)}`),
      grpc('GetCast', (c) => c.getCast(castIdOf(cast))),
    ];
    const acrossFids = [
      http(`/v1/castsByParent?fid=${bob.fid}&hash=${hex(b1)}`),
      grpc('GetCastsByParent', (c) => c.getCastsByParent({ parentCastId: castIdOf(b1) })),
      http(`/v1/castsByMention?fid=${bob.fid}`),
      grpc('GetCastsByMention', (c) => c.getCastsByMention({ fid: bob.fid })),
    ];
    const reads = [...byFid, ...addsOnly, ...byId, ...acrossFids];

    assertShows(await nextReadsAfter(reads, () => nodes.a.submit(cast)), reads, hex(cast), true);

    const removal = castRemove(alice, cast.message.hash, 85);
    const removed = await nextReadsAfter(reads, () => nodes.a.submitOverGrpc(removal));
    assertShows(removed, reads, hex(cast), false);
    assertShows(removed, byFid, hex(removal), true);
  });

  it("casts: a channel cast through A over gRPC in B's next read of the channel", async () => {
    const cast = castAdd(alice, 'in a channel', 70, { parentUrl: CHANNEL });
    const reads = [
      http(`/v1/castsByParent?url=${encodeURIComponent(CHANNEL)}`),
      grpc('GetCastsByParent url', (c) => c.getCastsByParent({ parentUrl: CHANNEL })),
      grpc('GetCastsByFid', (c) => c.getCastsByFid({ fid: alice.fid })),
    ];
    assertShows(await nextReadsAfter(reads, () => nodes.a.submitOverGrpc(cast)), reads, hex(cast), true);
  });

  it("reactions: a like and its removal through A, and a URL's like, in B's next reads", async () => {
    const target = castIdOf(b1);
    const like = reaction(alice, true, { castId: target }, 90, ReactionType.LIKE);
    const urlLike = reaction(alice, true, { url: CHANNEL }, 89, ReactionType.LIKE);
    const castTarget = `target_fid=${target.fid}&target_hash=${bytesToHex(target.hash)}`;
    const byFid = [
      http(`/v1/reactionsByFid?fid=${alice.fid}`),
      grpc('GetReactionsByFid', (c) => c.getReactionsByFid({ fid: alice.fid })),
      grpc('GetAllReactionMessagesByFid', (c) => c.getAllReactionMessagesByFid({ fid: alice.fid })),
    ];
    const ofCast = [
      http(`/v1/reactionById?fid=${alice.fid}&${castTarget}&reaction_type=1`),
      grpc('GetReaction', (c) =>
        c.getReaction({ fid: alice.fid, reactionType: CoreReactionType.LIKE, targetCastId: target }),
      ),
      http(`/v1/reactionsByCast?${castTarget}`),
      grpc('GetReactionsByCast', (c) => c.getReactionsByCast({ targetCastId: target })),
    ];
    const ofUrl = [
      http(`/v1/reactionsByTarget?url=${encodeURIComponent(CHANNEL)}`),
      grpc('GetReactionsByTarget', (c) => c.getReactionsByTarget({ targetUrl: CHANNEL })),
    ];
    const reads = [...byFid, ...ofCast, ...ofUrl];

    const liked = await nextReadsAfter(reads, () => nodes.a.submit(like));
    assertShows(liked, [...byFid, ...ofCast], hex(like), true);
    const urlLiked = await nextReadsAfter(reads, () => nodes.a.submitOverGrpc(urlLike));
    assertShows(urlLiked, [...byFid, ...ofUrl], hex(urlLike), true);
    const unliked = await nextReadsAfter(reads, () =>
      nodes.a.submit(reaction(alice, false, { castId: target }, 85, ReactionType.LIKE)),
    );
    assertShows(unliked, reads, hex(like), false);
    assertShows(unliked, [...byFid, ...ofUrl], hex(urlLike), true);
  });

  it("links: a follow through A over gRPC, and its removal over HTTP, in B's next reads", async () => {
    const follow = link(alice, true, carol.fid, 90);
    const reads = [
      http(`/v1/linksByFid?fid=${alice.fid}`),
      grpc('GetLinksByFid', (c) => c.getLinksByFid({ fid: alice.fid })),
      grpc('GetAllLinkMessagesByFid', (c) => c.getAllLinkMessagesByFid({ fid: alice.fid })),
      http(`/v1/linkById?fid=${alice.fid}&target_fid=${carol.fid}&link_type=follow`),
      grpc('GetLink', (c) => c.getLink({ fid: alice.fid, linkType: 'follow', targetFid: carol.fid })),
      http(`/v1/linksByTargetFid?target_fid=${carol.fid}`),
      grpc('GetLinksByTarget', (c) => c.getLinksByTarget({ targetFid: carol.fid })),
    ];
    assertShows(await nextReadsAfter(reads, () => nodes.a.submitOverGrpc(follow)), reads, hex(follow), true);
    const unfollowed = await nextReadsAfter(reads, () => nodes.a.submit(link(alice, false, carol.fid, 85)));
    assertShows(unfollowed, reads, hex(follow), false);
  });

  it("user data: a bio through A, then one replacing it, in B's next reads", async () => {
    const reads = [
      http(`/v1/userDataByFid?fid=${alice.fid}`),
      http(`/v1/userDataByFid?fid=${alice.fid}&user_data_type=${UserDataType.BIO}`),
      grpc('GetUserDataByFid', (c) => c.getUserDataByFid({ fid: alice.fid })),
      grpc('GetUserData', (c) => c.getUserData({ fid: alice.fid, userDataType: CoreUserDataType.BIO })),
      grpc('GetAllUserDataMessagesByFid', (c) => c.getAllUserDataMessagesByFid({ fid: alice.fid })),
    ];
    const first = userData(alice, UserDataType.BIO, 'first bio', 90);
    assertShows(await nextReadsAfter(reads, () => nodes.a.submit(first)), reads, hex(first), true);
    const second = userData(alice, UserDataType.BIO, 'second bio', 80);
    const replaced = await nextReadsAfter(reads, () => nodes.a.submitOverGrpc(second));
    assertShows(replaced, reads, hex(first), false);
    assertShows(replaced, reads, hex(second), true);
  });

  it("verifications: an address verified through A, and its removal, in B's next reads", async () => {
    const eth = ethAccount(1);
    const reads = [
      http(`/v1/verificationsByFid?fid=${alice.fid}`),
      http(`/v1/verificationsByFid?fid=${alice.fid}&address=${bytesToHex(eth.address)}`),
      grpc('GetVerificationsByFid', (c) => c.getVerificationsByFid({ fid: alice.fid })),
      grpc('GetVerification', (c) => c.getVerification({ fid: alice.fid, address: eth.address })),
      grpc('GetAllVerificationMessagesByFid', (c) => c.getAllVerificationMessagesByFid({ fid: alice.fid })),
    ];
    const verification = await verificationAdd(alice, eth, 90);
    const verified = await nextReadsAfter(reads, () => nodes.a.submit(verification));
    assertShows(verified, reads, hex(verification), true);
    const removed = await nextReadsAfter(reads, () =>
      nodes.a.submitOverGrpc(verificationRemove(alice, eth.address, 85)),
    );
    assertShows(removed, reads, hex(verification), false);
  });

  it("prune: casts a tool prunes beside both processes are gone from B's next reads", async () => {
    // Oldest first.
    const casts = [0, 1, 2, 3].map((n) => castAdd(erin, `erin ${n}`, 100 - n));
    for (const cast of casts) await nodes.a.submit(cast);
    const oldest = casts[0]!;
    const reads = [
      http(`/v1/castsByFid?fid=${erin.fid}`),
      grpc('GetCastsByFid', (c) => c.getCastsByFid({ fid: erin.fid })),
      grpc('GetAllCastMessagesByFid', (c) => c.getAllCastMessagesByFid({ fid: erin.fid })),
      http(`/v1/castById?fid=${erin.fid}&hash=${hex(oldest)}`),
      grpc('GetCast', (c) => c.getCast(castIdOf(oldest))),
    ];
    // The tool's engine holds every fid to two casts: erin's two oldest go (and other fids' beyond two).
    const tool = testEngine(nodes.database.db, {
      limits: (units, store) => (store === castStore.store ? 2 : totalUnits(units) * 1000),
    });
    const pruned = await nextReadsAfter(reads, async () => {
      assert.ok((await tool.prune()).length >= 2);
    });
    for (const cast of casts.slice(0, 2)) assertShows(pruned, reads, hex(cast), false);
    for (const cast of casts.slice(2)) assertShows(pruned, reads.slice(0, 3), hex(cast), true);
  });

  it("revocation: a signer reset a tool merges, revoked by A, takes its messages from B's next reads", async () => {
    const cast = castAdd(carol, 'hey bob, from carol', 90, { mentions: [bob.fid] });
    const bio = userData(carol, UserDataType.BIO, 'carol until revoked', 89);
    await nodes.a.submit(cast);
    await nodes.a.submitOverGrpc(bio);
    const castReads = [
      http(`/v1/castsByFid?fid=${carol.fid}`),
      grpc('GetCastsByFid', (c) => c.getCastsByFid({ fid: carol.fid })),
      http(`/v1/castById?fid=${carol.fid}&hash=${hex(cast)}`),
      grpc('GetCast', (c) => c.getCast(castIdOf(cast))),
      http(`/v1/castsByMention?fid=${bob.fid}`),
      grpc('GetCastsByMention', (c) => c.getCastsByMention({ fid: bob.fid })),
    ];
    const bioReads = [
      http(`/v1/userDataByFid?fid=${carol.fid}`),
      grpc('GetUserDataByFid', (c) => c.getUserDataByFid({ fid: carol.fid })),
    ];
    const reads = [...castReads, ...bioReads];
    const served = await readAll(nodes.b, reads);
    assertShows(served, castReads, hex(cast), true);
    assertShows(served, bioReads, hex(bio), true);

    const revoked = await nextReadsAfter(reads, async () => {
      // The reset queues the revocation in its transaction; A's retry runs it (B never looks again).
      const [reset] = await mergeOnChainEvents(
        nodes.database.db,
        [signerEvent(carol.fid, carol.signer.publicKey, SignerEventType.ADMIN_RESET, { block: 100 })],
        clock,
      );
      assert.ok(reset?.ok, JSON.stringify(reset));
      await waitFor(
        () => `A revoking carol's messages\n${nodes.a.output()}`,
        async () => {
          const hashes = await revokedHashes(nodes.a);
          return hashes.includes(hex(cast)) && hashes.includes(hex(bio));
        },
      );
    });
    assertShows(revoked, castReads, hex(cast), false);
    assertShows(revoked, bioReads, hex(bio), false);
  });
});

/** The hashes of every message the node's event log shows revoked. */
async function revokedHashes(node: NodeProcess): Promise<string[]> {
  const hashes: string[] = [];
  let from = 0;
  for (;;) {
    const { status, body } = await node.get(`/v1/events?from_event_id=${from}`);
    assert.equal(status, 200, JSON.stringify(body));
    for (const event of body.events as Json[]) {
      if (event.type === 'HUB_EVENT_TYPE_REVOKE_MESSAGE') hashes.push(event.revokeMessageBody.message.hash);
    }
    if (body.events.length === 0) return hashes;
    from = body.nextPageEventId;
  }
}
