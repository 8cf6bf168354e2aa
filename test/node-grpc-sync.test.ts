import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Message as CoreMessage } from '@farcaster/hub-nodejs';
import {
  getAuthMetadata,
  getInsecureHubRpcClient,
  Message as HubbleMessage,
  Metadata,
} from 'hub-nodejs-0.11';
import type { HubRpcClient, TrieNodeMetadataResponse, TrieNodeSnapshotResponse } from 'hub-nodejs-0.11';
import { castAdd, link, NOW, NOW_MS, reaction, setUpAccount } from '../src/node/engine/testing.js';
import type { TestAccount } from '../src/node/engine/testing.js';
import { openNodeGrpc } from '../src/node/grpc/testing.js';
import type { NodeGrpcHarness } from '../src/node/grpc/testing.js';
import { MerkleTrie } from '../src/node/sync/merkle-trie.js';
import type { TrieNodeSummary } from '../src/node/sync/merkle-trie.js';
import { fnameSyncId, messageSyncId, onChainSyncId } from '../src/node/sync/sync-id.js';
import { trieOf } from '../src/node/sync/trie-nodes.js';
import { Message } from '../src/protocol/gen/message.js';
import { OnChainEventType } from '../src/protocol/gen/onchain_event.js';
import { SyncIds } from '../src/protocol/gen/request_response.js';
import type { ReceivedMessage } from '../src/protocol/message.js';
import { testClock } from '../src/shared/test-clock.js';
import { forEachDialect } from '../src/storage/testing.js';
import { errorOf, ok } from './support/grpc-results.js';
import { rawUnary } from './support/raw-grpc.js';

/**
 * The reference hub's diff-sync RPCs with the client that calls them, hub-nodejs 0.11, against a node
 * holding over a thousand messages spread over two days: every answer compared with an in-memory trie
 * built here of the ids the node was given, never with what the node computed.
 */

const hexOf = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
const ascii = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'latin1'));
const ROOT = new Uint8Array(0);
/** The reference hub's cap on one GetAllMessagesBySyncIds call. */
const MAX_IDS = 1024;
const INVALID_ARGUMENT = 3;
const PERMISSION_DENIED = 7;

/**
 * Seconds before NOW of message `i`. Four in five lie in 20 minutes over an hour back, two to four in a
 * second (so leaves split below the timestamp levels); these fill the cap of ids by prefix before the
 * newer ones. The rest are spread over the last hour and the two days before.
 */
const agoOf = (i: number): number =>
  i % 10 === 0 ? 7200 + i * 131 : i % 5 === 0 ? 1 + i * 3 : 5001 + ((i * 37) % 400) * 3;
const MESSAGES = 1300;

/** Message `i`, signed by one of the accounts: mostly casts, some reactions and follows. */
function messageOf(i: number, accounts: readonly TestAccount[]): ReceivedMessage {
  const account = accounts[i % accounts.length]!;
  if (i % 7 === 3) return reaction(account, true, { url: `https://example.com/${i}` }, agoOf(i));
  if (i % 7 === 5) return link(account, true, 10_000 + i, agoOf(i));
  return castAdd(account, `cast ${i}`, agoOf(i));
}

const idOf = (received: ReceivedMessage): Uint8Array => {
  const id = messageSyncId({ ...received.data, hash: received.message.hash });
  assert.ok(id);
  return id;
};

const snapshotJson = (snapshot: {
  prefix: Uint8Array;
  excludedHashes: readonly string[];
  numMessages: number;
}) => ({
  prefix: hexOf(snapshot.prefix),
  excludedHashes: snapshot.excludedHashes,
  numMessages: snapshot.numMessages,
});

/** The in-memory trie's snapshot at `prefix`, as the RPC answers it. */
const expectedSnapshot = (trie: MerkleTrie, prefix: Uint8Array) => ({
  ...snapshotJson(trie.snapshot(prefix)),
  rootHash: trie.rootHash(),
});

const servedSnapshot = (response: TrieNodeSnapshotResponse) => ({
  ...snapshotJson(response),
  rootHash: response.rootHash,
});

const summaryJson = (node: TrieNodeSummary) => ({
  prefix: hexOf(node.prefix),
  numMessages: node.items,
  hash: node.hash,
  children: [],
});

const metadataJson = (node: TrieNodeMetadataResponse): unknown => ({
  prefix: hexOf(node.prefix),
  numMessages: node.numMessages,
  hash: node.hash,
  children: node.children.map(metadataJson),
});

forEachDialect('node gRPC sync', (dialect) => {
  describe('a node holding messages, without --rpc-auth', () => {
    const apiClock = testClock(NOW_MS);
    let node: NodeGrpcHarness;
    let client: HubRpcClient;
    let freshRootHash: string;
    /** Every id the node was given: its messages' and its accounts' on-chain events'. */
    let ids: Uint8Array[];
    let trie: MerkleTrie;
    /** The submitted messages by their SyncId in hex. */
    const submitted = new Map<string, ReceivedMessage>();

    before(async () => {
      node = await openNodeGrpc(dialect, { apiClock });
      client = getInsecureHubRpcClient(node.grpc.address);
      freshRootHash = ok(await client.getInfo({ dbStats: false })).rootHash;

      const accounts: TestAccount[] = [];
      for (const fid of [1, 2, 3, 4]) accounts.push(await setUpAccount(node.database.db, fid));
      const messages = Array.from({ length: MESSAGES }, (_, i) => messageOf(i, accounts));
      for (let start = 0; start < messages.length; start += 256) {
        const chunk = messages.slice(start, start + 256);
        const core = chunk.map(({ message }) => CoreMessage.decode(Message.encode(message).finish()));
        const answers = ok(await node.client.submitBulkMessages({ messages: core })).messages;
        for (const answer of answers) assert.ok(answer.message, answer.messageError?.message);
      }
      for (const received of messages) submitted.set(hexOf(idOf(received)), received);
      assert.equal(submitted.size, MESSAGES);

      const onChain: Uint8Array[] = [];
      for (const { fid } of accounts) {
        for (const type of [
          OnChainEventType.EVENT_TYPE_SIGNER,
          OnChainEventType.EVENT_TYPE_ID_REGISTER,
          OnChainEventType.EVENT_TYPE_STORAGE_RENT,
        ]) {
          const events = await node.api.onChainEvents(fid, type, { limit: 100 });
          onChain.push(...events.items.map(onChainSyncId));
        }
      }
      assert.equal(onChain.length, 3 * accounts.length);
      ids = [...submitted.values()].map(idOf).concat(onChain);
      trie = trieOf(ids);
    });
    after(async () => {
      client?.close();
      await node?.close();
    });

    /** Every id the node serves: ids by prefix where a node's ids fit under the cap, its children elsewhere. */
    async function gathered(prefix: Uint8Array): Promise<string[]> {
      const node = ok(await client.getSyncMetadataByPrefix({ prefix }));
      if (node.numMessages <= MAX_IDS) {
        return ok(await client.getAllSyncIdsByPrefix({ prefix })).syncIds.map(hexOf);
      }
      const lists = [];
      for (const child of node.children) lists.push(...(await gathered(child.prefix)));
      return lists;
    }

    /** A 10-digit timestamp prefix holding several ids, one ending in 0 (a snapshot bucket's start). */
    const busySecond = (): string => {
      const seconds = new Map<string, number>();
      for (const id of ids) {
        const second = Buffer.from(id.subarray(0, 10)).toString('latin1');
        seconds.set(second, (seconds.get(second) ?? 0) + 1);
      }
      const busy = [...seconds].find(([second, count]) => count >= 3 && second.endsWith('0'));
      assert.ok(busy, 'some bucket start holds three ids');
      return busy[0];
    };

    it('reports the root hash of the ids it was given, "" before it was given any', async () => {
      assert.equal(freshRootHash, '');
      const info = ok(await client.getInfo({ dbStats: true }));
      assert.equal(info.rootHash, trie.rootHash());
      assert.match(info.rootHash, /^[0-9a-f]{40}$/);
      assert.equal(info.dbStats?.numMessages, ids.length);
      assert.deepEqual((await gathered(ROOT)).sort(), ids.map(hexOf).sort());
    });

    it('answers snapshots as the in-memory trie, cut where the path ends', async () => {
      const second = busySecond();
      const missing = String(NOW + 5).padStart(10, '0');
      for (const prefix of [second, second.slice(0, 6), missing, '0000000000']) {
        const served = ok(await client.getSyncSnapshotByPrefix({ prefix: ascii(prefix) }));
        assert.deepEqual(servedSnapshot(served), expectedSnapshot(trie, ascii(prefix)), prefix);
      }
      const full = ok(await client.getSyncSnapshotByPrefix({ prefix: ascii(second) }));
      assert.equal(full.excludedHashes.length, 11);
      assert.equal(Buffer.from(full.prefix).toString('latin1'), second);
      const cut = ok(await client.getSyncSnapshotByPrefix({ prefix: ascii(missing) }));
      assert.ok(cut.prefix.length < 10, 'a prefix with no ids is cut short');
    });

    it("answers an empty prefix with the snapshot of the clock's 10-second bucket", async () => {
      const bucketOf = (nowMs: number) => {
        const seconds = Math.floor((nowMs - Date.UTC(2021, 0, 1)) / 1000);
        return ascii(String(Math.floor(seconds / 10) * 10).padStart(10, '0'));
      };
      // Now: no id is this recent, so the walk stops short.
      const now = ok(await client.getSyncSnapshotByPrefix({ prefix: ROOT }));
      assert.deepEqual(servedSnapshot(now), expectedSnapshot(trie, bucketOf(apiClock.now())));
      assert.ok(now.prefix.length < 10);
      // Seven seconds into the bucket of a busy second: the full walk to it.
      const second = Number(busySecond());
      apiClock.advance((second - NOW + 7) * 1000);
      try {
        const then = ok(await client.getSyncSnapshotByPrefix({ prefix: ROOT }));
        assert.equal(Buffer.from(then.prefix).toString('latin1'), String(second).padStart(10, '0'));
        assert.deepEqual(servedSnapshot(then), expectedSnapshot(trie, bucketOf(apiClock.now())));
        assert.equal(then.excludedHashes.length, 11);
      } finally {
        apiClock.advance(-(second - NOW + 7) * 1000);
      }
    });

    it('answers metadata from the root down to a leaf, children in byte order', async () => {
      let prefix: Uint8Array = ROOT;
      let depth = 0;
      for (;;) {
        const served = ok(await client.getSyncMetadataByPrefix({ prefix }));
        const expected = trie.metadata(prefix);
        assert.ok(expected);
        assert.deepEqual(metadataJson(served), {
          ...summaryJson(expected),
          children: expected.children.map(summaryJson),
        });
        const childPrefixes = served.children.map((child) => Buffer.from(child.prefix));
        assert.deepEqual(childPrefixes, [...childPrefixes].sort(Buffer.compare));
        if (expected.children.length === 0) break;
        // Down the child holding the most ids: to a busy second, then below it to one of its leaves.
        prefix = expected.children.reduce((most, child) => (child.items > most.items ? child : most)).prefix;
        depth++;
      }
      assert.ok(depth > 11, `the path ends at depth ${depth}, below the timestamp levels`);
      const leaf = ok(await client.getSyncMetadataByPrefix({ prefix }));
      assert.equal(leaf.numMessages, 1);

      const none = { prefix: '', numMessages: 0, hash: '', children: [] };
      for (const unknown of [ascii('9999999999'), Uint8Array.of(...prefix, 0)]) {
        assert.deepEqual(metadataJson(ok(await client.getSyncMetadataByPrefix({ prefix: unknown }))), none);
      }
    });

    it('answers ids by prefix, the first children past the cap under a node of more', async () => {
      const served = async (prefix: Uint8Array) =>
        ok(await client.getAllSyncIdsByPrefix({ prefix })).syncIds.map(hexOf);
      const expected = (prefix: Uint8Array) => trie.syncIds(prefix).map(hexOf);
      const under = (prefix: Uint8Array) =>
        ids
          .map(hexOf)
          .filter((id) => id.startsWith(hexOf(prefix)))
          .sort();

      const root = await served(ROOT);
      assert.deepEqual(root, expected(ROOT));
      assert.ok(root.length > MAX_IDS && root.length < ids.length, `${root.length} of ${ids.length}`);
      assert.deepEqual(root, [...root].sort(), 'in byte order');
      assert.deepEqual(root, under(ROOT).slice(0, root.length), 'the first ids');

      const second = ascii(busySecond());
      for (const prefix of [second, second.subarray(0, 7)]) {
        const all = under(prefix);
        assert.ok(all.length > 0 && all.length <= MAX_IDS);
        assert.deepEqual(await served(prefix), all);
        assert.deepEqual(await served(prefix), expected(prefix));
      }
      const [first] = under(second);
      assert.deepEqual(await served(Uint8Array.of(...Buffer.from(first!, 'hex'), 0)), []);
      assert.deepEqual(await served(ascii('9999999999')), []);
    });

    it('answers messages by ids with the bytes submitted, skipping ids of anything else', async () => {
      const held = [...submitted.keys()];
      // A mixed order: the answer follows it.
      const asked = held.filter((_, i) => i % 37 === 0).reverse();
      const missing = Buffer.from(asked[0]!, 'hex');
      missing[35] = missing[35]! ^ 0xff;
      const onChain = ids.find((id) => id[10] === 0x17)!;
      const fname = fnameSyncId({ name: 'alice', fid: 1, timestamp: 1_700_000_000 });
      const response = ok(
        await client.getAllMessagesBySyncIds({
          syncIds: [missing, ...asked.map((id) => Buffer.from(id, 'hex')), onChain, fname],
        }),
      );
      assert.deepEqual(
        response.messages.map((message) => hexOf(HubbleMessage.encode(message).finish())),
        asked.map((id) => hexOf(Message.encode(submitted.get(id)!.message).finish())),
      );

      const most = held.slice(0, MAX_IDS).map((id) => Buffer.from(id, 'hex'));
      const all = ok(await client.getAllMessagesBySyncIds({ syncIds: most }));
      assert.deepEqual(
        all.messages.map((message) => hexOf(message.hash)),
        held.slice(0, MAX_IDS).map((id) => hexOf(submitted.get(id)!.message.hash)),
      );
    });

    it('refuses more than 1024 ids, and malformed ids and prefixes, as bad requests', async () => {
      const tooMany = [...submitted.keys()].slice(0, MAX_IDS + 1).map((id) => Buffer.from(id, 'hex'));
      const refusal = errorOf(await client.getAllMessagesBySyncIds({ syncIds: tooMany }));
      assert.equal(refusal.errCode, 'bad_request.validation_failure', refusal.message);
      const raw = await rawUnary(
        node.grpc.port,
        '/HubService/GetAllMessagesBySyncIds',
        SyncIds.encode({ syncIds: tooMany }).finish(),
      );
      assert.deepEqual([raw.code, raw.errcode], [INVALID_ARGUMENT, 'bad_request.validation_failure']);

      const held = Buffer.from([...submitted.keys()][0]!, 'hex');
      const garbage = {
        short: held.subarray(0, 5),
        'non-digit timestamp': Buffer.concat([ascii('01262x0400'), held.subarray(10)]),
        'unknown kind': Buffer.concat([held.subarray(0, 10), Uint8Array.of(0x05), held.subarray(11)]),
        'wrong length': held.subarray(0, 30),
      };
      for (const [what, id] of Object.entries(garbage)) {
        const syncIds = [held, id];
        const failure = errorOf(await client.getAllMessagesBySyncIds({ syncIds }));
        assert.equal(failure.errCode, 'bad_request.invalid_param', `${what}: ${failure.message}`);
        const answer = await rawUnary(
          node.grpc.port,
          '/HubService/GetAllMessagesBySyncIds',
          SyncIds.encode({ syncIds }).finish(),
        );
        assert.deepEqual(
          [answer.code, answer.errcode],
          [INVALID_ARGUMENT, 'bad_request.invalid_param'],
          what,
        );
      }

      for (const prefix of [ascii('01x'), new Uint8Array(300).fill(0x30)]) {
        const errCodes = [
          errorOf(await client.getSyncSnapshotByPrefix({ prefix })).errCode,
          errorOf(await client.getSyncMetadataByPrefix({ prefix })).errCode,
          errorOf(await client.getAllSyncIdsByPrefix({ prefix })).errCode,
        ];
        assert.deepEqual(errCodes, Array(3).fill('bad_request.invalid_param'));
      }
    });

    it('reports no sync and no peers, and refuses StopSync and ForceSync without --rpc-auth', async () => {
      const idle = { isSyncing: false, syncStatus: [], engineStarted: true };
      assert.deepEqual(ok(await client.getSyncStatus({})), idle);
      assert.deepEqual(ok(await client.getSyncStatus({ peerId: 'somebody' })), idle);
      assert.deepEqual(ok(await client.getCurrentPeers({})), { contacts: [] });
      for (const metadata of [new Metadata(), getAuthMetadata('hub', 'secret')]) {
        for (const call of [client.stopSync({}, metadata), client.forceSync({ peerId: 'p' }, metadata)]) {
          const refusal = errorOf(await call);
          assert.equal(refusal.errCode, 'unauthorized');
          assert.match(refusal.message, /--rpc-auth/);
        }
      }
      const raw = await rawUnary(node.grpc.port, '/HubService/StopSync', new Uint8Array(0));
      assert.deepEqual([raw.code, raw.errcode], [PERMISSION_DENIED, 'unauthorized']);
    });

    it("refuses Snapchain's GetTrieMetadataByPrefix, pointing to GetSyncMetadataByPrefix", async () => {
      const refusal = errorOf(await node.client.getTrieMetadataByPrefix({ shardId: 1, prefix: ROOT }));
      assert.equal(refusal.errCode, 'not_implemented');
      assert.match(refusal.message, /GetSyncMetadataByPrefix/);
    });
  });

  describe('a fresh node with --rpc-auth', () => {
    let node: NodeGrpcHarness;
    let client: HubRpcClient;
    before(async () => {
      node = await openNodeGrpc(dialect, { rpcAuth: ['hub:secret'] });
      client = getInsecureHubRpcClient(node.grpc.address);
    });
    after(async () => {
      client?.close();
      await node?.close();
    });

    it('has an empty root hash and the snapshot of an empty trie', async () => {
      assert.equal(ok(await client.getInfo({ dbStats: false })).rootHash, '');
      const prefix = ascii(String(NOW).padStart(10, '0'));
      const served = ok(await client.getSyncSnapshotByPrefix({ prefix }));
      assert.deepEqual(servedSnapshot(served), expectedSnapshot(new MerkleTrie(), prefix));
      assert.deepEqual(ok(await client.getAllSyncIdsByPrefix({ prefix: ROOT })).syncIds, []);
    });

    it('answers StopSync and ForceSync with the sync status for the credentials alone', async () => {
      for (const metadata of [
        new Metadata(),
        getAuthMetadata('hub', 'wrong'),
        getAuthMetadata('nobody', 'secret'),
      ]) {
        assert.equal(errorOf(await client.stopSync({}, metadata)).errCode, 'unauthenticated');
        assert.equal(errorOf(await client.forceSync({ peerId: 'p' }, metadata)).errCode, 'unauthenticated');
      }
      const idle = { isSyncing: false, syncStatus: [], engineStarted: true };
      const credentials = getAuthMetadata('hub', 'secret');
      assert.deepEqual(ok(await client.stopSync({}, credentials)), idle);
      assert.deepEqual(ok(await client.forceSync({}, credentials)), idle);
      const unknown = errorOf(await client.forceSync({ peerId: 'p' }, credentials));
      assert.equal(unknown.errCode, 'not_found', 'a peer the node does not sync with');
    });
  });
});
