/**
 * The social API follows the node's gasless keys. An app-key token signed by a gasless key of the fid is
 * accepted while the key is active and may cast (CAST_ADD in its scopes), and refused within the
 * authenticator's cache time once the key expires or is removed; a key of other scopes is refused with 401
 * on every authenticated route. The indexer reads KEY_ADD and KEY_REMOVE events, and the backfill's signer
 * records, as signers of the fid.
 */
import assert from 'node:assert/strict';
import { MessageType } from '@farcaster/core';
import { after, before, it } from 'node:test';
import type { Json } from '../src/node/http/testing.js';
import { createAppKeyToken } from '../src/protocol/app-key-token.js';
import { bytesToHex } from '../src/protocol/hex.js';
import { createAuthenticator } from '../src/social/auth.js';
import type { Authenticator } from '../src/social/auth.js';
import { channelUrlOf } from '../src/social/channels/catalog.js';
import { hubEventChanges, signerRecordChanges } from '../src/social/indexer/hub-json.js';
import { createNodeClient } from '../src/social/node-client.js';
import { putCast } from '../src/social/node-index/store.js';
import { createSocialService } from '../src/social/service.js';
import type { SocialService } from '../src/social/service.js';
import type { SocialTables } from '../src/social/store.js';
import { testSocialConfig } from '../src/social/testing.js';
import { forEachDialect, openTestDatabase } from '../src/storage/testing.js';
import type { TestDatabase } from '../src/storage/testing.js';
import {
  accepted,
  custodyRemove,
  ed25519Signer,
  hex,
  keyAdd,
  openGaslessNode,
  publicKey,
  setUpAccount,
} from './support/gasless.js';
import type { Account, GaslessNode } from './support/gasless.js';

const CACHE_MS = 2000;

forEachDialect('social API with gasless keys', (dialect) => {
  let node: GaslessNode;
  let gina: Account;
  let auth: Authenticator;
  let socialDatabase: TestDatabase<SocialTables>;
  let social: SocialService;

  before(async () => {
    node = await openGaslessNode(dialect, { behindSeconds: 3600 });
    gina = await setUpAccount(node.database.db, 40);
    const nodeUrl = await node.app.listen({ host: '127.0.0.1', port: 0 });
    const signers = createNodeClient({ nodeUrl, clock: node.clock });
    auth = createAuthenticator({
      signers,
      clock: node.clock,
      maxLifetimeSeconds: 3600,
      signerCacheMs: CACHE_MS,
    });
    socialDatabase = await openTestDatabase<SocialTables>(dialect, 'social');
    social = await createSocialService({
      config: testSocialConfig({ nodeUrl }),
      logger: false,
      clock: node.clock,
      node: signers,
      database: socialDatabase,
      indexer: false,
    });
  });
  after(async () => {
    await social?.close();
    await socialDatabase?.cleanup();
    await node?.close();
  });

  /** A token of gina's signed by the key of `seed` (the fixtures' keys are seeds filled with one byte). */
  const bearer = (seed: number) =>
    `Bearer ${createAppKeyToken({
      fid: gina.fid,
      privateKey: new Uint8Array(32).fill(seed),
      exp: Math.floor(node.clock.now() / 1000) + 300,
    })}`;
  const refused = async (seed: number) =>
    assert.rejects(auth.authenticate(bearer(seed)), /not an active signer of fid 40/);

  it('accepts app-key tokens of an active gasless key, and refuses them once it expired', async () => {
    const key = ed25519Signer(51);
    await refused(51);
    await accepted(node, await keyAdd(node, gina, key, { nonce: 1, ttl: 600 }));
    node.clock.advance(CACHE_MS / 1000);
    const caller = await auth.authenticate(bearer(51));
    assert.deepEqual(caller, { fid: gina.fid, key: hex(await publicKey(key)) });
    // At the second it expires it still signs (a token is no message, so its window does not move).
    node.clock.advance(600 - CACHE_MS / 1000);
    await auth.authenticate(bearer(51));
    // Past its expiry, and past the cache: refused.
    node.clock.advance(CACHE_MS / 1000);
    await refused(51);
  });

  it('refuses the tokens of a removed key once the cache lapses', async () => {
    const key = ed25519Signer(52);
    await accepted(node, await keyAdd(node, gina, key, { nonce: 2 }));
    await auth.authenticate(bearer(52));
    await accepted(node, await custodyRemove(node, gina, key, 3));
    node.clock.advance(CACHE_MS / 1000);
    await refused(52);
  });

  it('indexes KEY_ADD as a signer of the fid and its removal as gone, from events and from signer records', async () => {
    const { body } = await node.get('/v1/events?from_event_id=0');
    const changes = body.events.flatMap((event: Json) => hubEventChanges(event));
    const keyOf = async (seed: number) => bytesToHex(await publicKey(ed25519Signer(seed)));
    const [first, second] = [await keyOf(51), await keyOf(52)];
    const described = changes
      .filter((change: Json) => change.kind === 'signer' || change.kind === 'signerRemoved')
      .map((change: Json) => `${change.kind} ${change.fid} ${bytesToHex(change.key)}`);
    assert.deepEqual(described.slice(-3), [
      `signer ${gina.fid} ${first}`,
      `signer ${gina.fid} ${second}`,
      `signerRemoved ${gina.fid} ${second}`,
    ]);
    const records = (await node.get(`/v1/signersByFid?fid=${gina.fid}`)).body.signers;
    const fromRecords = records.flatMap((record: Json) => signerRecordChanges(record));
    assert.deepEqual(
      fromRecords.map((change: Json) => [change.kind, bytesToHex(change.key), change.requestFid]),
      [
        ['signer', hex(await publicKey(gina.signer)), null],
        ['signer', first, gina.fid],
      ],
    );
  });

  /** Gina's write through the social API, over HTTP, with a token of the key of `seed`. */
  const write = async (seed: number, url: string, payload: object) => {
    const response = await social.app.inject({
      method: 'POST',
      url,
      headers: { authorization: bearer(seed) },
      payload,
    });
    return { status: response.statusCode, body: response.json() as Json };
  };
  /** Gina's cast in her channel `channelId`, as the indexer would have put it in the node index. */
  const castIn = async (channelId: string, seed: number) => {
    const hash = new Uint8Array(20).fill(seed);
    await putCast(socialDatabase.db, {
      hash,
      fid: gina.fid,
      timestamp: Math.floor(node.clock.now() / 1000),
      parentUrl: channelUrlOf(channelId),
      parentHash: null,
      parentFid: null,
    });
    return bytesToHex(hash);
  };

  it('refuses a gasless key without CAST_ADD, naming the scope, and takes a CAST_ADD key and an on-chain key', async () => {
    const [reactions, casts] = [ed25519Signer(53), ed25519Signer(54)];
    const scopes = [MessageType.REACTION_ADD];
    await accepted(node, await keyAdd(node, gina, reactions, { nonce: 4, scopes }));
    await accepted(
      node,
      await keyAdd(node, gina, casts, { nonce: 5, scopes: [...scopes, MessageType.CAST_ADD] }),
    );
    const onChain = 200 + (gina.fid % 50); // setUpAccount's seed of gina.signer

    const created = await write(onChain, '/fc/channels', { id: 'gina', name: 'Gina' });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const cast = await castIn('gina', 0xca);
    const calls = (seed: number): [string, object][] => [
      ['/fc/channels', { id: `gina-${seed}`, name: `Gina ${seed}` }],
      ['/fc/blocked-users', { blockFid: 41 }],
      ['/fc/moderated-casts', { castHash: cast, action: 'hide' }],
    ];
    for (const [url, payload] of calls(53)) {
      const { status, body } = await write(53, url, payload);
      assert.equal(status, 401, `${url}: ${JSON.stringify(body)}`);
      assert.equal(body.errors[0].code, 'INVALID_TOKEN');
      assert.match(body.errors[0].message, /without the MESSAGE_TYPE_CAST_ADD scope/, url);
    }
    // Nothing the refused key asked for happened.
    const blocks = await social.app.inject({ url: `/fc/blocked-users?blockerFid=${gina.fid}` });
    assert.deepEqual(blocks.json().result.blockedUsers, []);
    assert.equal((await social.app.inject({ url: '/v1/channel?channelId=gina-53' })).statusCode, 404);

    for (const seed of [54, onChain]) {
      for (const [url, payload] of calls(seed)) {
        const { status, body } = await write(seed, url, payload);
        assert.equal(status, 200, `${seed} ${url}: ${JSON.stringify(body)}`);
      }
    }
  });
});
