/**
 * Gasless signers. Every message built with @farcaster/core 0.20.0's builders, custody and app
 * parts signed by viem wallets, submitted over HTTP to a node on SQLite and PostgreSQL: adding a key, using
 * it within and outside its scopes, its sliding expiry on a test clock, removal by the custody and by the key
 * itself, nonces, one owner per key, and every refusal's text.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import {
  FarcasterNetwork,
  makeLinkAdd,
  makeReactionAdd,
  Message as CoreMessage,
  MessageType,
} from '@farcaster/core';
import { mergeOnChainEvents } from '../src/node/onchain/index.js';
import { signerEvent, transferEvent } from '../src/node/onchain/testing.js';
import { SignerEventType } from '../src/protocol/gen/onchain_event.js';
import { hexToBytes } from '../src/protocol/hex.js';
import { forEachDialect } from '../src/storage/testing.js';
import type { Json } from '../src/node/http/testing.js';
import {
  accepted,
  cast,
  custodyRemove,
  dataOf,
  ed25519Signer,
  hex,
  keyAdd,
  openGaslessNode,
  publicKey,
  refused,
  selfRevoke,
  setUpAccount,
  unwrap,
} from './support/gasless.js';
import type { Account, GaslessNode } from './support/gasless.js';

const INVALID = 'bad_request.validation_failure';

forEachDialect('node gasless keys', (dialect) => {
  let node: GaslessNode;
  let alice: Account;
  let bob: Account;
  let app: Account;

  before(async () => {
    // Behind the real clock, so it can move forward for the expiry test (core refuses future timestamps).
    node = await openGaslessNode(dialect, { behindSeconds: 3600 });
    const account = (fid: number) => setUpAccount(node.database.db, fid, { units: 2 });
    [alice, bob, app] = [await account(1), await account(2), await account(3)];
  });
  after(() => node?.close());

  const events = async (): Promise<Json[]> => (await node.get('/v1/events?from_event_id=0')).body.events;
  const signerOf = async (fid: number, key: Uint8Array) =>
    node.get(`/v1/signer?fid=${fid}&signer=${hex(key)}`);

  it('adds a key without a transaction, signs casts within its scope and nothing else', async () => {
    const key = ed25519Signer(11);
    const add = await keyAdd(node, alice, key, { app, scopes: [MessageType.CAST_ADD], nonce: 1 });
    const merged = await accepted(node, add);
    assert.equal(merged.hash, hex(add.hash));
    assert.equal(merged.data.type, 'MESSAGE_TYPE_KEY_ADD');

    const { status, body } = await signerOf(alice.fid, await publicKey(key));
    assert.equal(status, 200);
    assert.equal(body.signer.source, 'SIGNER_SOURCE_OFFCHAIN');
    assert.equal(body.signer.requestFid, app.fid);
    assert.deepEqual(body.signer.scopes, ['MESSAGE_TYPE_CAST_ADD']);

    await accepted(node, await cast(node, alice, key, 'signed by a gasless key'));
    const like = unwrap(
      await makeReactionAdd({ type: 1, targetUrl: 'https://example.com' }, dataOf(node, alice), key),
    );
    await refused(node, like, INVALID, 'message type 3 is not in the scope of the gasless signer');
    // Another fid's messages are not the key's to sign.
    await refused(
      node,
      await cast(node, bob, key, 'not bob'),
      'bad_request.unknown_signer',
      `invalid signer: signer ${hex(await publicKey(key))} not found for fid ${bob.fid}`,
    );

    const merges = (await events()).filter((event) => event.type === 'HUB_EVENT_TYPE_MERGE_MESSAGE');
    const keyAddEvent = merges.find((event) => event.mergeMessageBody.message.hash === hex(add.hash));
    assert.deepEqual(keyAddEvent?.mergeMessageBody.deletedMessages, []);
  });

  it('expires the key ttl seconds after its last use, sliding with each message', async () => {
    const key = ed25519Signer(12);
    const added = node.now();
    await accepted(node, await keyAdd(node, alice, key, { nonce: 2, ttl: 1000 }));
    node.clock.advance(900);
    // Used 900 s on (more than 300 s after the last use): its window now starts at this message.
    await accepted(node, await cast(node, alice, key, 'still alive'));
    node.clock.advance(900);
    await accepted(node, await cast(node, alice, key, 'alive again'));
    const { body } = await signerOf(alice.fid, await publicKey(key));
    assert.equal(body.signer.lastUsedAt, added + 1800 + 1_609_459_200);
    assert.equal(body.signer.expiresAt, body.signer.lastUsedAt + 1000);
    node.clock.advance(1000);
    // Still valid at its last second (validated, not merged, so its window does not move).
    const lastSecond = await node.post(
      '/v1/validateMessage',
      CoreMessage.encode(await cast(node, alice, key, 'at the last second')).finish(),
    );
    assert.equal(lastSecond.status, 200, JSON.stringify(lastSecond.body));
    node.clock.advance(1);
    await refused(
      node,
      await cast(node, alice, key, 'too late'),
      INVALID,
      `gasless-key last_used_at expired: stored=${added + 1800} + ttl=1000 < current_block_timestamp=${added + 2801}`,
    );
    // Expired keys stay listed (and counted) until removed.
    assert.equal((await signerOf(alice.fid, await publicKey(key))).status, 200);
    node.clock.advance(-2801);
  });

  it('removes a key by the custody: later messages are refused, earlier ones stay (decision 0008)', async () => {
    const key = ed25519Signer(13);
    const add = await keyAdd(node, alice, key, { nonce: 3 });
    await accepted(node, add);
    const before = await cast(node, alice, key, 'before the removal');
    await accepted(node, before);
    const remove = await custodyRemove(node, alice, key, 4);
    await accepted(node, remove);
    await refused(
      node,
      await cast(node, alice, key, 'after the removal'),
      'bad_request.unknown_signer',
      `invalid signer: signer ${hex(await publicKey(key))} not found for fid ${alice.fid}`,
    );
    const kept = await node.get(`/v1/castById?fid=${alice.fid}&hash=${hex(before.hash)}`);
    assert.equal(kept.status, 200);
    assert.equal((await signerOf(alice.fid, await publicKey(key))).status, 400);

    const all = await events();
    const removal = all.find((event) => event.mergeMessageBody?.message.hash === hex(remove.hash));
    assert.deepEqual(
      removal?.mergeMessageBody.deletedMessages.map((message: Json) => message.hash),
      [hex(add.hash)],
    );
    assert.equal(all.filter((event) => event.type === 'HUB_EVENT_TYPE_REVOKE_MESSAGE').length, 0);
  });

  it('lets a key revoke itself with its app nonce, shared by the fids holding keys of that app', async () => {
    const [aliceKey, bobKey] = [ed25519Signer(14), ed25519Signer(15)];
    await accepted(node, await keyAdd(node, alice, aliceKey, { app, nonce: 5 }));
    await accepted(node, await keyAdd(node, bob, bobKey, { app, nonce: 1 }));
    const counts = await node.get(`/v1/signersByFid?fid=${bob.fid}&requesterFids=${app.fid}`);
    assert.deepEqual(counts.body.requesterFidNonces, { [app.fid]: 0 });

    await accepted(node, await selfRevoke(node, alice, aliceKey, 1));
    // Bob's key is from the same app: nonce 1 is spent.
    await refused(
      node,
      await selfRevoke(node, bob, bobKey, 1),
      'bad_request.conflict',
      'gasless-key nonce 1 is not greater than stored nonce 1',
    );
    // Only the key may revoke itself.
    await refused(node, await selfRevoke(node, bob, bobKey, 2, bob.signer), INVALID, 'invalid signature');
    await accepted(node, await selfRevoke(node, bob, bobKey, 7));
    const after = await node.get(`/v1/signersByFid?fid=${bob.fid}&requester_fids=${app.fid},99`);
    assert.deepEqual(after.body.requesterFidNonces, { [app.fid]: 7, 99: 0 });
    assert.equal(after.body.currentUserNonce, 1);
  });

  it('accepts any greater nonce, as Snapchain: one key can spend its app’s self-revocation nonce', async () => {
    // Accounts of their own: an app and two of its users, so no other test's nonces are touched.
    const account = (fid: number) => setUpAccount(node.database.db, fid);
    const [spender, victim, greedyApp] = [await account(10), await account(11), await account(12)];
    const [spenderKey, victimKey] = [ed25519Signer(40), ed25519Signer(41)];
    await accepted(node, await keyAdd(node, spender, spenderKey, { app: greedyApp, nonce: 1 }));
    await accepted(node, await keyAdd(node, victim, victimKey, { app: greedyApp, nonce: 1 }));
    const last = 2 ** 32 - 1;
    await accepted(node, await selfRevoke(node, spender, spenderKey, last));
    await refused(
      node,
      await selfRevoke(node, victim, victimKey, last),
      'bad_request.conflict',
      `gasless-key nonce ${last} is not greater than stored nonce ${last}`,
    );
    // The user's custody still removes the key, with the fid's own nonce.
    await accepted(node, await custodyRemove(node, victim, victimKey, 2));
  });

  it('refuses a replayed nonce, and replays of merged messages', async () => {
    const key = ed25519Signer(16);
    const add = await keyAdd(node, alice, key, { nonce: 6 });
    await accepted(node, add);
    await refused(node, add, 'bad_request.duplicate', 'message has already been merged');
    const other = ed25519Signer(17);
    await refused(
      node,
      await keyAdd(node, alice, other, { nonce: 6 }),
      'bad_request.conflict',
      'gasless-key nonce 6 is not greater than stored nonce 6',
    );
    // The custody's removal spends the user nonce as well.
    await refused(
      node,
      await custodyRemove(node, alice, key, 5),
      'bad_request.conflict',
      'gasless-key nonce 5 is not greater than stored nonce 6',
    );
    const remove = await custodyRemove(node, alice, key, 9);
    await accepted(node, remove);
    await refused(node, remove, INVALID, 'key is not registered for this fid');
  });

  it('keeps a key to one fid, and to one app per fid; the same app updates it', async () => {
    const key = ed25519Signer(18);
    const first = await keyAdd(node, bob, key, { app, nonce: 10, scopes: [MessageType.CAST_ADD] });
    await accepted(node, first);
    await refused(
      node,
      await keyAdd(node, alice, key, { nonce: 20 }),
      INVALID,
      'key is already claimed by a different fid',
    );
    await refused(
      node,
      await keyAdd(node, bob, key, { app: bob, nonce: 11 }),
      INVALID,
      'key is already registered for this fid by a different requesting fid',
    );
    const update = await keyAdd(node, bob, key, {
      app,
      nonce: 12,
      scopes: [MessageType.CAST_ADD, MessageType.LINK_ADD],
    });
    await accepted(node, update);
    const replaced = (await events()).find(
      (event) => event.mergeMessageBody?.message.hash === hex(update.hash),
    );
    assert.deepEqual(
      replaced?.mergeMessageBody.deletedMessages.map((message: Json) => message.hash),
      [hex(first.hash)],
    );
    const { body } = await signerOf(bob.fid, await publicKey(key));
    assert.deepEqual(body.signer.scopes, ['MESSAGE_TYPE_CAST_ADD', 'MESSAGE_TYPE_LINK_ADD']);
    assert.equal(body.signer.nonce, 12);
  });

  it('refuses an on-chain key, and signatures that are not the custody’s or the app’s', async () => {
    await refused(
      node,
      await keyAdd(node, alice, alice.signer, { nonce: 30 }),
      INVALID,
      'key is already registered onchain for this fid',
    );
    const key = ed25519Signer(19);
    // The app part signed by bob's custody for app's fid.
    const stranger = { ...app, wallet: bob.wallet };
    await refused(
      node,
      await keyAdd(node, alice, key, { app: stranger, nonce: 31 }),
      INVALID,
      'requestSigner does not match custody address of requestFid',
    );
    // The custody part signed by bob's wallet.
    await refused(
      node,
      await keyAdd(node, { ...alice, wallet: bob.wallet }, key, { app, nonce: 31 }),
      INVALID,
      'invalid signature',
    );
    await refused(
      node,
      await keyAdd(node, alice, key, { nonce: 31, envelope: alice.signer }),
      INVALID,
      'a KEY_ADD must be signed by the key it adds',
    );
    const unregistered = { ...app, fid: 999 };
    await refused(
      node,
      await keyAdd(node, alice, key, { app: unregistered, nonce: 31 }),
      INVALID,
      'SignedKeyRequest metadata is malformed or signature does not verify',
    );
  });

  it('keeps gasless keys through a custody transfer; only the new custody may then remove them', async () => {
    const carol = await setUpAccount(node.database.db, 4);
    const key = ed25519Signer(20);
    await accepted(node, await keyAdd(node, carol, key, { nonce: 1 }));
    const heir = await setUpAccount(node.database.db, 5);
    const moved = transferEvent(
      carol.fid,
      hexToBytes(carol.custody.address) ?? new Uint8Array(),
      hexToBytes(heir.custody.address) ?? new Uint8Array(),
      { block: 100 },
    );
    for (const result of await mergeOnChainEvents(node.database.db, [moved], node.clock))
      assert.ok(result.ok);
    await accepted(node, await cast(node, carol, key, 'after the transfer'));
    await refused(node, await custodyRemove(node, carol, key, 2), INVALID, 'invalid signature');
    await accepted(node, await custodyRemove(node, carol, key, 2, heir.wallet));
  });

  it('an on-chain ADD of a gasless key makes it scope-free; the gasless record stays', async () => {
    const key = ed25519Signer(21);
    await accepted(node, await keyAdd(node, alice, key, { nonce: 40, scopes: [MessageType.CAST_ADD] }));
    const add = signerEvent(alice.fid, await publicKey(key), SignerEventType.ADD, { block: 200 });
    for (const result of await mergeOnChainEvents(node.database.db, [add], node.clock)) assert.ok(result.ok);
    const follow = unwrap(
      await makeLinkAdd({ type: 'follow', targetFid: bob.fid }, dataOf(node, alice), key),
    );
    await accepted(node, follow);
    const keyHex = hex(await publicKey(key));
    const { body } = await signerOf(alice.fid, await publicKey(key));
    assert.equal(body.signer.source, 'SIGNER_SOURCE_ONCHAIN');
    const listed = await node.get(`/v1/signersByFid?fid=${alice.fid}`);
    const sources = listed.body.signers
      .filter((signer: Json) => signer.key === keyHex)
      .map((signer: Json) => signer.source);
    assert.deepEqual(sources, ['SIGNER_SOURCE_ONCHAIN', 'SIGNER_SOURCE_OFFCHAIN']);
  });
});

forEachDialect('node gasless keys on mainnet', (dialect) => {
  let node: GaslessNode;
  let dave: Account;
  before(async () => {
    node = await openGaslessNode(dialect, { network: FarcasterNetwork.MAINNET });
    dave = await setUpAccount(node.database.db, 6);
  });
  after(() => node?.close());

  it('are accepted from 2026-05-07 17:00 UTC, refused with a clear error before', async () => {
    const beforeActivation = 1_778_173_200 - 1_609_459_200 - 60;
    const key = ed25519Signer(22);
    const early = await keyAdd(node, dave, key, { nonce: 1, timestamp: beforeActivation });
    await refused(
      node,
      early,
      INVALID,
      'KEY_ADD messages are accepted on mainnet from 2026-05-07T17:00:00Z (gasless signers); this one is timestamped 2026-05-07T16:59:00Z',
    );
    await accepted(node, await keyAdd(node, dave, key, { nonce: 1 }));
  });
});
