import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Message as CoreMessage } from '@farcaster/core';
import {
  ReactionType,
  UserDataType,
  UserNameType,
  makeCastAdd,
  makeCastRemove,
  makeLinkAdd,
  makeLinkCompactState,
  makeLinkRemove,
  makeReactionAdd,
  makeReactionRemove,
  makeUserDataAdd,
} from '@farcaster/core';
import { getInsecureHubRpcClient } from 'hub-nodejs-0.11';
import type { HubRpcClient } from 'hub-nodejs-0.11';
import { defaultStoreLimits } from '../src/node/engine/limits.js';
import type { StoreLimits } from '../src/node/engine/limits.js';
import { castStore } from '../src/node/engine/stores/index.js';
import { mergeFnameProof } from '../src/node/fnames/index.js';
import { mergeOnChainEvents } from '../src/node/onchain/index.js';
import { signerEvent } from '../src/node/onchain/testing.js';
import { storedSyncIds } from '../src/node/sync/sync-ids.js';
import { trieOf } from '../src/node/sync/trie-nodes.js';
import { SignerEventType } from '../src/protocol/gen/onchain_event.js';
import { UserNameProof } from '../src/protocol/gen/username_proof.js';
import { seededRandom } from '../src/shared/seeded-random.js';
import { forEachDialect } from '../src/storage/testing.js';
import { ok } from './support/grpc-results.js';
import {
  dataOf,
  ed25519Signer,
  keyAdd,
  lend,
  openGaslessNode,
  publicKey,
  setUpAccount,
  submit,
  unwrap,
} from './support/gasless.js';
import type { Account, GaslessNode } from './support/gasless.js';

/**
 * The root a node serves is the root of what it holds, after thousands of messages of every kind: casts
 * and their removes, reactions toggled, follows and a compact state, user data overwritten, gasless keys,
 * storage lends, casts pruned over a lowered limit, a signer's messages revoked by an admin reset, on-chain
 * events and fname transfers; submitted over HTTP one by one and over gRPC in bulk. The root is checked
 * against tries built from scratch: of the ids the node lists through the reference's calls
 * (hub-nodejs 0.11), and of the ids of what its stores hold.
 */

const hexOf = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
const MAX_IDS = 1024;
const ACCOUNTS = 6;
const MESSAGES_PER_ACCOUNT = 350;
/** Casts each account may hold: low enough that merges and the prune job drop the oldest. */
const CAST_LIMIT = 120;

forEachDialect('the sync root after every kind of write', (dialect) => {
  let node: GaslessNode;
  let client: HubRpcClient;
  let accounts: Account[];
  const limits: StoreLimits = (units, store) =>
    store === castStore.store ? CAST_LIMIT : defaultStoreLimits(units, store);

  before(async () => {
    node = await openGaslessNode(dialect, { engine: { rateLimit: false, limits } });
    client = getInsecureHubRpcClient(node.grpc.address);
    accounts = [];
    for (let fid = 1; fid <= ACCOUNTS; fid++) {
      accounts.push(await setUpAccount(node.database.db, fid, { units: 2, nowMs: node.clock.now() }));
    }
  });
  after(async () => {
    client?.close();
    await node?.close();
  });

  /** One account's messages, oldest first: every kind, with the conflicts each kind has. */
  async function messagesOf(account: Account, random: () => number): Promise<CoreMessage[]> {
    const at = (ago: number) => ({ ...dataOf(node, account), timestamp: node.now() - ago });
    const other = () => accounts[Math.floor(random() * ACCOUNTS)]!;
    const messages: CoreMessage[] = [];
    const casts: CoreMessage[] = [];
    for (let i = 0; i < MESSAGES_PER_ACCOUNT; i++) {
      const ago = 50_000 - i * 140 - Math.floor(random() * 100);
      const pick = random();
      if (pick < 0.4 || casts.length === 0) {
        const body = {
          text: `cast ${i}`,
          embeds: [],
          embedsDeprecated: [],
          mentions: [],
          mentionsPositions: [],
          type: 0,
        };
        const message = unwrap(await makeCastAdd(body, at(ago), account.signer));
        casts.push(message);
        messages.push(message);
      } else if (pick < 0.45) {
        const target = casts.splice(Math.floor(random() * casts.length), 1)[0]!;
        messages.push(unwrap(await makeCastRemove({ targetHash: target.hash }, at(ago), account.signer)));
      } else if (pick < 0.7) {
        const like = {
          type: ReactionType.LIKE,
          targetUrl: `https://example.com/${Math.floor(random() * 40)}`,
        };
        const make = random() < 0.7 ? makeReactionAdd : makeReactionRemove;
        messages.push(unwrap<CoreMessage>(await make(like, at(ago), account.signer)));
      } else if (pick < 0.9) {
        const follow = { type: 'follow', targetFid: 100 + Math.floor(random() * 30) };
        const make = random() < 0.75 ? makeLinkAdd : makeLinkRemove;
        messages.push(unwrap<CoreMessage>(await make(follow, at(ago), account.signer)));
      } else {
        const data = { type: UserDataType.BIO, value: `bio ${i} of ${other().fid}` };
        messages.push(unwrap(await makeUserDataAdd(data, at(ago), account.signer)));
      }
    }
    return messages;
  }

  it('equals the roots of the ids it lists and of what its stores hold', async () => {
    const random = seededRandom(2_611_29);
    const messages: CoreMessage[] = [];
    for (const account of accounts) messages.push(...(await messagesOf(account, random)));
    // A compact state of the first account's follows, and each account's gasless key and a lend.
    const first = accounts[0]!;
    messages.push(
      unwrap(
        await makeLinkCompactState(
          { type: 'follow', targetFids: [101, 102, 103] },
          { ...dataOf(node, first), timestamp: node.now() - 30_000 },
          first.signer,
        ),
      ),
    );
    for (const [index, account] of accounts.entries()) {
      messages.push(await keyAdd(node, account, ed25519Signer(60 + index), { nonce: 1 }));
      messages.push(await lend(node, account, accounts[(index + 1) % ACCOUNTS]!.fid, 1));
    }
    // Shuffled, so removes often arrive before what they remove; half over HTTP, half over gRPC in bulk.
    for (let index = messages.length - 1; index > 0; index--) {
      const other = Math.floor(random() * (index + 1));
      [messages[index], messages[other]] = [messages[other]!, messages[index]!];
    }
    const half = Math.floor(messages.length / 2);
    let merged = 0;
    for (const message of messages.slice(0, half)) {
      if ((await submit(node, message)).status === 200) merged++;
    }
    for (let start = half; start < messages.length; start += 200) {
      const answer = ok(
        await node.client.submitBulkMessages({ messages: messages.slice(start, start + 200) }),
      );
      merged += answer.messages.filter((result) => result.message !== undefined).length;
    }
    assert.ok(merged > messages.length / 2, `${merged} of ${messages.length} merged`);
    await node.engine.prune();

    // An admin reset of one account's signer revokes every message it signed.
    const revoked = accounts[ACCOUNTS - 1]!;
    const reset = signerEvent(revoked.fid, await publicKey(revoked.signer), SignerEventType.ADMIN_RESET, {
      block: 5000,
    });
    for (const result of await mergeOnChainEvents(node.database.db, [reset], node.clock))
      assert.ok(result.ok);
    await node.engine.revokeSigner(revoked.fid, await publicKey(revoked.signer));

    // Fname proofs: registered, moved between fids, one released.
    const context = { clock: node.clock, revokeUsername: node.engine.revokeUsername };
    const base = Math.floor(node.clock.now() / 1000) - 4000;
    const proof = (name: string, fid: number, timestamp: number) =>
      UserNameProof.fromPartial({
        timestamp,
        name: new TextEncoder().encode(name),
        owner: new Uint8Array(20).fill(fid),
        signature: new Uint8Array(65).fill(timestamp % 250),
        fid,
        type: UserNameType.USERNAME_TYPE_FNAME,
      });
    for (const [step, [name, fid]] of (
      [
        ['net', 1],
        ['network', 2],
        ['alice', 1],
        ['alice', 3],
        ['bob', 4],
        ['bob', 0],
        ['averyveryverylongname', 5],
      ] as const
    ).entries()) {
      await mergeFnameProof(node.database.db, proof(name, fid, base + step), context);
    }

    const held: string[] = [];
    for await (const ids of storedSyncIds(node.database.db)) held.push(...ids.map(hexOf));
    assert.ok(held.length > 700, `${held.length} items held`);

    const listed = await gathered(new Uint8Array(0));
    assert.deepEqual(
      [...listed].sort(),
      [...held].sort(),
      'the ids listed are those of what the stores hold',
    );
    const info = ok(await client.getInfo({ dbStats: true }));
    const http = (await node.get('/v1/info?dbstats=1')).body as {
      rootHash: string;
      dbStats: { numMessages: number };
    };
    const fromStores = trieOf(held.map((id) => Buffer.from(id, 'hex'))).rootHash();
    assert.equal(info.rootHash, fromStores, 'gRPC GetInfo: the root of what the stores hold');
    assert.equal(http.rootHash, fromStores, 'HTTP /v1/info: the same root');
    assert.equal(trieOf(listed.map((id) => Buffer.from(id, 'hex'))).rootHash(), fromStores);
    assert.equal(info.dbStats?.numMessages, held.length);
    assert.equal(http.dbStats.numMessages, held.length);
  });

  /** Every id the node lists: ids by prefix where a node's ids fit under the cap, its children elsewhere. */
  async function gathered(prefix: Uint8Array): Promise<string[]> {
    const metadata = ok(await client.getSyncMetadataByPrefix({ prefix }));
    if (metadata.numMessages <= MAX_IDS) {
      return ok(await client.getAllSyncIdsByPrefix({ prefix })).syncIds.map(hexOf);
    }
    const ids: string[] = [];
    for (const child of metadata.children) ids.push(...(await gathered(child.prefix)));
    return ids;
  }
});
