/**
 * Issue 25, item 6: the social API follows the node's gasless keys. An app-key token signed by a gasless
 * key of the fid is accepted while the key is active, and refused within the authenticator's cache time
 * once the key expires or is removed; the indexer reads KEY_ADD and KEY_REMOVE events, and the backfill's
 * signer records, as signers of the fid.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Json } from '../src/node/http/testing.js';
import { createAppKeyToken } from '../src/protocol/app-key-token.js';
import { bytesToHex } from '../src/protocol/hex.js';
import { createAuthenticator } from '../src/social/auth.js';
import type { Authenticator } from '../src/social/auth.js';
import { hubEventChanges, signerRecordChanges } from '../src/social/indexer/hub-json.js';
import { createNodeClient } from '../src/social/node-client.js';
import { forEachDialect } from '../src/storage/testing.js';
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
  });
  after(() => node?.close());

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
});
