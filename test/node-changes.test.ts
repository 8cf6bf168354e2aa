import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import {
  Message as CoreMessage,
  ReactionType,
  makeCastAdd,
  UserDataType,
  UserNameType,
  makeCastRemove,
  makeLinkAdd,
  makeLinkCompactState,
  makeReactionAdd,
  makeReactionRemove,
  makeUserDataAdd,
  makeUsernameProof,
} from '@farcaster/core';
import type { NobleEd25519Signer } from '@farcaster/core';
import { hexToBytes } from '../src/protocol/hex.js';
import { Message, MessageData } from '../src/protocol/gen/message.js';
import { OnChainEvent, SignerEventType } from '../src/protocol/gen/onchain_event.js';
import { UserNameProof } from '../src/protocol/gen/username_proof.js';
import { defaultStoreLimits } from '../src/node/engine/limits.js';
import type { StoreLimits } from '../src/node/engine/limits.js';
import { STORED_COLUMNS } from '../src/node/engine/message-rows.js';
import { castStore } from '../src/node/engine/stores/index.js';
import { deleteRows } from '../src/node/engine/writes.js';
import { mergeFnameProof } from '../src/node/fnames/index.js';
import { mergeOnChainEvents, retractBlocks } from '../src/node/onchain/index.js';
import { blockHash, signerEvent } from '../src/node/onchain/testing.js';
import type { MessageChange, StoreChange } from '../src/node/store/changes.js';
import { observeChanges, writeTransaction } from '../src/node/store/write-transaction.js';
import { buildStoredNodes } from '../src/node/sync/build-trie.js';
import { ensureSyncTrie } from '../src/node/sync/rebuild-sync-trie.js';
import { createSyncTrie } from '../src/node/sync/sync-trie.js';
import type { StoredNode } from '../src/node/sync/trie-nodes.js';
import { hexOf, trieOf } from '../src/node/sync/trie-nodes.js';
import { createAnswerCache } from '../src/shared/http/answer-cache.js';
import { heldSyncId, storedSyncIds } from '../src/node/sync/sync-ids.js';
import { forEachDialect } from '../src/storage/testing.js';
import { ok as grpcOk } from './support/grpc-results.js';
import {
  accepted,
  cast,
  custodyRemove,
  dataOf,
  ed25519Signer,
  keyAdd,
  lend,
  openGaslessNode,
  setUpAccount,
  unwrap,
} from './support/gasless.js';
import type { Account, GaslessNode } from './support/gasless.js';

/**
 * The node's change stream: every writer reports each item it adds or removes, once, in its transaction's
 * order, to observers registered once; a rolled-back transaction reports nothing. Each step below is checked
 * against the stores themselves: what the step's changes add and remove is exactly what the tables gained
 * and lost.
 */

/** One item the node holds, named as a change names it. */
const itemOf = (change: StoreChange): string => {
  switch (change.kind) {
    case 'message':
      return `message ${change.fid} ${change.type} ${change.timestamp} ${Buffer.from(change.hash).toString('hex')}`;
    case 'onchain':
      return `onchain ${change.type} ${change.fid} ${change.blockNumber}:${change.logIndex} ${change.blockTimestamp}`;
    case 'fname':
      return `fname ${change.name} ${change.fid} ${change.timestamp}`;
  }
};

const described = (changes: readonly StoreChange[]) =>
  changes.map((change) => `${change.op} ${itemOf(change)}`);

forEachDialect('the node change stream', (dialect) => {
  let node: GaslessNode;
  let alice: Account;
  let bob: Account;
  let carol: Account;
  /** The cast store's limit, which the prune step lowers. */
  let castLimit = 1000;
  const limits: StoreLimits = (units, store) =>
    store === castStore.store
      ? Math.min(castLimit, defaultStoreLimits(units, store))
      : defaultStoreLimits(units, store);
  const ensOwners = new Map<string, Uint8Array>();
  /** What the observer saw, per committed transaction, and what it saw inside each before its commit. */
  const committed: StoreChange[][] = [];
  const inside: StoreChange[][] = [];
  let stopObserving: () => void;

  before(async () => {
    node = await openGaslessNode(dialect, {
      engine: { rateLimit: false, limits, ensVerifier: { resolve: async (name) => ensOwners.get(name) } },
    });
    alice = await setUpAccount(node.database.db, 1, { units: 2, nowMs: node.clock.now() });
    bob = await setUpAccount(node.database.db, 2, { nowMs: node.clock.now() });
    carol = await setUpAccount(node.database.db, 3, { nowMs: node.clock.now() });
    stopObserving = observeChanges(node.database.db, {
      beforeCommit: async (_trx, changes) => {
        inside.push([...changes]);
      },
      committed: (changes) => committed.push([...changes]),
    });
  });
  after(async () => {
    stopObserving();
    await node.close();
  });

  /** Every item the stores hold, named as changes name them. */
  /** Every item the stores hold, as an added change. */
  const heldChanges = async (): Promise<StoreChange[]> => {
    const { db } = node.database;
    const messages = [
      ...(await db.selectFrom('messages').select('encoded').execute()),
      ...(await db.selectFrom('gasless_keys').select('encoded').execute()),
    ];
    const events = await db.selectFrom('onchain_events').select('encoded').execute();
    const proofs = await db.selectFrom('fname_proofs').select(['name', 'encoded']).execute();
    return [
      ...messages.map((row): StoreChange => ({ ...changeOfStored(Message.decode(row.encoded)), op: 'add' })),
      ...events.map((row): StoreChange => {
        const { type, fid, blockNumber, logIndex, blockTimestamp } = OnChainEvent.decode(row.encoded);
        return { kind: 'onchain', op: 'add', type, fid, blockNumber, logIndex, blockTimestamp };
      }),
      ...proofs.map((row): StoreChange => {
        const { fid, timestamp } = UserNameProof.decode(row.encoded);
        return { kind: 'fname', op: 'add', name: row.name, fid, timestamp };
      }),
    ];
  };
  const heldItems = async () => new Set((await heldChanges()).map(itemOf));

  /** The SyncIds the node keeps, and those of what its stores hold, as sorted hex. */
  const syncIds = async () => {
    const kept = await node.database.db.selectFrom('sync_ids').select('id').execute();
    const held = (await heldChanges()).flatMap((change) => {
      const id = heldSyncId(change);
      return id === undefined ? [] : [id];
    });
    const hex = (ids: Uint8Array[]) => ids.map((id) => Buffer.from(id).toString('hex')).sort();
    return { kept: hex(kept.map((row) => row.id)), held: hex(held) };
  };

  /**
   * Checks the stored trie against the ids the stores hold: its root is an in-memory trie's of those ids,
   * and once hashed its stored nodes are exactly those a build from scratch makes.
   */
  const checkTrie = async (held: readonly string[]) => {
    const { db } = node.database;
    const ids = held.map((hex) => Buffer.from(hex, 'hex'));
    const rootHash = await createSyncTrie(db, createAnswerCache(0)).rootHash();
    assert.equal(rootHash, trieOf(ids).rootHash(), 'the root is that of the ids the stores hold');
    const built: StoredNode[] = [];
    await buildStoredNodes([ids], async (nodes) => void built.push(...nodes));
    const stored = await db.selectFrom('sync_trie_nodes').select(['prefix', 'items', 'hash']).execute();
    const rows = (nodes: readonly StoredNode[]) =>
      nodes.map(({ prefix, items, hash }) => [hexOf(prefix), items, hash && hexOf(hash)].join(' ')).sort();
    assert.deepEqual(rows(stored), rows(built), 'the stored nodes are those a build makes');
  };

  /**
   * Runs `step` and checks what the observer saw of it: each committed transaction's changes as seen inside
   * it, no item twice with one op, and together exactly what the stores gained and lost. Returns the
   * changes, transaction after transaction.
   */
  const changesOf = async (step: () => Promise<unknown>): Promise<string[]> => {
    const held = await heldItems();
    committed.length = 0;
    inside.length = 0;
    await step();
    assert.deepEqual(inside, committed, 'observers see the same changes before and after the commit');
    const changes = committed.flat();
    const seen = described(changes);
    assert.equal(new Set(seen).size, seen.length, `an item reported twice: ${seen.join('\n')}`);
    const now = await heldItems();
    const ids = await syncIds();
    assert.deepEqual(ids.kept, ids.held, 'the SyncIds kept are those of what the stores hold');
    await checkTrie(ids.held);
    const net = new Map<string, number>();
    for (const change of changes)
      net.set(itemOf(change), (net.get(itemOf(change)) ?? 0) + (change.op === 'add' ? 1 : -1));
    for (const item of now)
      if (!held.has(item)) assert.equal(net.get(item), 1, `stored without a change: ${item}`);
    for (const item of held)
      if (!now.has(item)) assert.equal(net.get(item), -1, `deleted without a change: ${item}`);
    for (const [item, count] of net) {
      if (count !== 0) assert.ok(now.has(item) !== held.has(item), `a change that changed nothing: ${item}`);
    }
    return seen;
  };

  const submitHttp = (message: CoreMessage) => accepted(node, message);
  const submitGrpc = async (message: CoreMessage) => grpcOk(await node.client.submitMessage(message));
  const itemOfMessage = (message: CoreMessage) => itemOf({ ...changeOfStored(toStored(message)), op: 'add' });
  const add = (message: CoreMessage) => `add ${itemOfMessage(message)}`;
  const remove = (message: CoreMessage) => `remove ${itemOfMessage(message)}`;

  let first: CoreMessage;
  it('a merge over HTTP: the message added', async () => {
    first = await cast(node, alice, alice.signer, 'hello');
    assert.deepEqual(await changesOf(() => submitHttp(first)), [add(first)]);
  });

  it('a remove over gRPC: the add it beats goes first, then the remove is added', async () => {
    const removal = unwrap(
      await makeCastRemove({ targetHash: first.hash }, dataOf(node, alice), alice.signer),
    );
    assert.deepEqual(await changesOf(() => submitGrpc(removal)), [remove(first), add(removal)]);
  });

  it('conflicts: a newer user data replaces the older, a reaction remove its add', async () => {
    const older = unwrap(
      await makeUserDataAdd(
        { type: UserDataType.BIO, value: 'old' },
        { ...dataOf(node, bob), timestamp: node.now() - 5 },
        bob.signer,
      ),
    );
    const newer = unwrap(
      await makeUserDataAdd({ type: UserDataType.BIO, value: 'new' }, dataOf(node, bob), bob.signer),
    );
    assert.deepEqual(await changesOf(() => submitHttp(older)), [add(older)]);
    assert.deepEqual(await changesOf(() => submitHttp(newer)), [remove(older), add(newer)]);
    const like = { type: ReactionType.LIKE, targetCastId: { fid: alice.fid, hash: first.hash } };
    const liked = unwrap(
      await makeReactionAdd(like, { ...dataOf(node, bob), timestamp: node.now() - 3 }, bob.signer),
    );
    const unliked = unwrap(await makeReactionRemove(like, dataOf(node, bob), bob.signer));
    assert.deepEqual(await changesOf(() => submitHttp(liked)), [add(liked)]);
    assert.deepEqual(await changesOf(() => submitHttp(unliked)), [remove(liked), add(unliked)]);
  });

  it('a link compact state: the links it stands for are dropped, then it is added', async () => {
    const at = (ago: number) => ({ ...dataOf(node, carol), timestamp: node.now() - ago });
    const follows = [
      unwrap(await makeLinkAdd({ type: 'follow', targetFid: alice.fid }, at(9), carol.signer)),
      unwrap(await makeLinkAdd({ type: 'follow', targetFid: bob.fid }, at(8), carol.signer)),
    ];
    for (const follow of follows) assert.deepEqual(await changesOf(() => submitHttp(follow)), [add(follow)]);
    const state = unwrap(
      await makeLinkCompactState({ type: 'follow', targetFids: [alice.fid] }, at(1), carol.signer),
    );
    const seen = await changesOf(() => submitHttp(state));
    assert.deepEqual(seen.at(-1), add(state), 'the state is added after what it replaces');
    assert.ok(seen.includes(remove(follows[1]!)), 'the follow the state leaves out is gone');
  });

  let gasless: NobleEd25519Signer;
  let keyAddMessage: CoreMessage;
  it('gasless keys: a KEY_ADD is added, a KEY_REMOVE takes it away (a KEY_REMOVE itself is not stored)', async () => {
    gasless = ed25519Signer(77);
    keyAddMessage = await keyAdd(node, alice, gasless, { nonce: 1 });
    assert.deepEqual(await changesOf(() => submitHttp(keyAddMessage)), [add(keyAddMessage)]);
    const removal = await custodyRemove(node, alice, gasless, 2);
    assert.deepEqual(await changesOf(() => submitGrpc(removal)), [remove(keyAddMessage)]);
  });

  it('a storage lend is added', async () => {
    const lent = await lend(node, alice, bob.fid, 1);
    assert.deepEqual(await changesOf(() => submitHttp(lent)), [add(lent)]);
  });

  it('a username proof message is added; a newer one of the same name replaces it', async () => {
    const custody = hexToBytes(alice.custody.address);
    assert.ok(custody !== undefined);
    ensOwners.set('alice.eth', custody);
    const proofAt = (ago: number) =>
      makeUsernameProof(
        {
          timestamp: Math.floor(node.clock.now() / 1000) - ago,
          name: new TextEncoder().encode('alice.eth'),
          owner: custody,
          signature: new Uint8Array(65).fill(1),
          fid: alice.fid,
          type: UserNameType.USERNAME_TYPE_ENS_L1,
        },
        { ...dataOf(node, alice), timestamp: node.now() - ago },
        alice.signer,
      );
    const older = unwrap(await proofAt(20));
    const newer = unwrap(await proofAt(10));
    assert.deepEqual(await changesOf(() => submitHttp(older)), [add(older)]);
    assert.deepEqual(await changesOf(() => submitHttp(newer)), [remove(older), add(newer)]);
  });

  it('prune: the oldest casts over the limit, in one transaction, oldest first', async () => {
    const casts: CoreMessage[] = [];
    for (const ago of [30, 29, 28]) {
      const body = {
        text: `cast ${ago}`,
        embeds: [],
        embedsDeprecated: [],
        mentions: [],
        mentionsPositions: [],
        type: 0,
      };
      const message = unwrap(
        await makeCastAdd(body, { ...dataOf(node, carol), timestamp: node.now() - ago }, carol.signer),
      );
      casts.push(message);
      await submitHttp(message);
    }
    castLimit = 1;
    try {
      const seen = await changesOf(() => node.engine.prune());
      assert.deepEqual(seen, [remove(casts[0]!), remove(casts[1]!)]);
    } finally {
      castLimit = 1000;
    }
  });

  it('the chain loop: an on-chain event is added, a retracted block removes its events', async () => {
    const event = signerEvent(carol.fid, await publicKeyBytes(ed25519Signer(90)), SignerEventType.ADD, {
      block: 900,
    });
    const stored = (change: OnChainEvent) =>
      `onchain ${change.type} ${change.fid} ${change.blockNumber}:${change.logIndex} ${change.blockTimestamp}`;
    assert.deepEqual(await changesOf(() => mergeOnChainEvents(node.database.db, [event], node.clock)), [
      `add ${stored(event)}`,
    ]);
    assert.deepEqual(
      await changesOf(() =>
        retractBlocks(node.database.db, [{ number: 900, hash: blockHash(900) }], node.clock),
      ),
      [`remove ${stored(event)}`],
    );
  });

  it('revoke: a reset signer takes every message it signed, in one transaction', async () => {
    const mine = await cast(node, bob, bob.signer, 'revoked soon');
    await submitHttp(mine);
    const reset = signerEvent(bob.fid, await publicKeyBytes(bob.signer), SignerEventType.ADMIN_RESET, {
      block: 950,
    });
    for (const result of await mergeOnChainEvents(node.database.db, [reset], node.clock))
      assert.ok(result.ok);
    const held = (
      await node.database.db.selectFrom('messages').select('hash').where('fid', '=', bob.fid).execute()
    ).length;
    const seen = await changesOf(async () =>
      node.engine.revokeSigner(bob.fid, await publicKeyBytes(bob.signer)),
    );
    assert.equal(seen.length, held, 'each of the key messages, once');
    assert.ok(seen.includes(remove(mine)));
    assert.equal(committed.length, 1);
  });

  it('the fname loop: a proof added, moved to another fid (its USERNAME revoked after), released', async () => {
    const proof = (fid: number, timestamp: number) =>
      UserNameProof.fromPartial({
        timestamp,
        name: new TextEncoder().encode('carol'),
        owner: new Uint8Array(20).fill(fid),
        signature: new Uint8Array(65).fill(timestamp % 250),
        fid,
        type: UserNameType.USERNAME_TYPE_FNAME,
      });
    const context = { clock: node.clock, revokeUsername: node.engine.revokeUsername };
    const base = Math.floor(node.clock.now() / 1000) - 500;
    const fname = (fid: number, timestamp: number) => `fname carol ${fid} ${timestamp}`;
    assert.deepEqual(
      await changesOf(() => mergeFnameProof(node.database.db, proof(carol.fid, base), context)),
      [`add ${fname(carol.fid, base)}`],
    );
    const username = unwrap(
      await makeUserDataAdd(
        { type: UserDataType.USERNAME, value: 'carol' },
        dataOf(node, carol),
        carol.signer,
      ),
    );
    await submitHttp(username);
    assert.deepEqual(
      await changesOf(() => mergeFnameProof(node.database.db, proof(alice.fid, base + 1), context)),
      [`remove ${fname(carol.fid, base)}`, `add ${fname(alice.fid, base + 1)}`, remove(username)],
    );
    assert.deepEqual(await changesOf(() => mergeFnameProof(node.database.db, proof(0, base + 2), context)), [
      `remove ${fname(alice.fid, base + 1)}`,
    ]);
  });

  it('a rolled-back transaction reports nothing, and an observer that fails rolls its transaction back', async () => {
    const kept = await cast(node, alice, alice.signer, 'kept');
    await submitHttp(kept);
    const rows = await node.database.db
      .selectFrom('messages')
      .select(STORED_COLUMNS)
      .where('hash', '=', kept.hash)
      .execute();
    assert.deepEqual(
      await changesOf(() =>
        assert.rejects(
          writeTransaction(node.database.db, async (trx) => {
            await deleteRows(trx, rows);
            throw new Error('rolled back');
          }),
          /rolled back/,
        ),
      ),
      [],
    );
    const failing = observeChanges(node.database.db, {
      beforeCommit: () => Promise.reject(new Error('observer failed')),
    });
    try {
      const held = await heldItems();
      committed.length = 0;
      const refused = await cast(node, alice, alice.signer, 'never stored');
      const { status } = await node.post('/v1/submitMessage', CoreMessage.encode(refused).finish());
      assert.notEqual(status, 200);
      assert.deepEqual(committed, []);
      assert.deepEqual(await heldItems(), held);
    } finally {
      failing();
    }
  });

  it('SyncIds and the trie of a database that held items before they were kept are filled once, as the stores hold them', async () => {
    const { db } = node.database;
    const before = await syncIds();
    assert.ok(before.kept.length > 10);
    await db.deleteFrom('sync_ids').execute();
    await db.deleteFrom('sync_trie_nodes').execute();
    await db.deleteFrom('service_meta').where('key', '=', 'sync_trie').execute();
    assert.equal(await ensureSyncTrie(db), true);
    assert.deepEqual(await syncIds(), before);
    await checkTrie(before.held);
    assert.equal(await ensureSyncTrie(db), false, 'filled once');
    const paged: string[] = [];
    for await (const ids of storedSyncIds(db, 3))
      paged.push(...ids.map((id) => Buffer.from(id).toString('hex')));
    assert.deepEqual(paged.sort(), before.kept, 'read a few rows at a time, the stores give the same ids');
  });
});

/** A message's change but its op; a stored message carries its data as bytes only. */
function changeOfStored(message: Message): Omit<MessageChange, 'op'> {
  const data = message.data ?? (message.dataBytes && MessageData.decode(message.dataBytes));
  assert.ok(data !== undefined);
  return { kind: 'message', fid: data.fid, type: data.type, timestamp: data.timestamp, hash: message.hash };
}

function toStored(message: CoreMessage): Message {
  return Message.decode(CoreMessage.encode(message).finish());
}

async function publicKeyBytes(signer: NobleEd25519Signer): Promise<Uint8Array> {
  return unwrap(await signer.getSignerKey());
}
