/**
 * At most 1,000 active gasless keys per fid. A thousand KEY_ADDs built with @farcaster/core
 * 0.20.0's builders and wallet-signed custody parts merge; the next is refused until a key is removed.
 * Expired keys count until they are removed; on-chain keys never count.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { Message as CoreMessage, NobleEd25519Signer } from '@farcaster/core';
import { decodeMessage } from '../src/protocol/message.js';
import { MAX_GASLESS_KEYS_PER_FID } from '../src/protocol/validation/index.js';
import { forEachDialect } from '../src/storage/testing.js';
import {
  accepted,
  custodyRemove,
  ed25519Signer,
  keyAdd,
  openGaslessNode,
  refused,
  setUpAccount,
} from './support/gasless.js';
import type { Account, GaslessNode } from './support/gasless.js';

/** Distinct keys from a counter, so a thousand of them need no randomness. */
const keyOf = (n: number) =>
  new NobleEd25519Signer(Uint8Array.from({ length: 32 }, (_, i) => (i < 4 ? (n >> (8 * i)) & 0xff : 7)));

forEachDialect('node gasless key cap', (dialect) => {
  let node: GaslessNode;
  let erin: Account;
  before(async () => {
    // An hour behind, so it can move past the keys' expiry (core refuses timestamps ahead of the real clock).
    // A thousand KEY_ADDs in one hour are far past the per-fid KEY_ADD budget, which is not tested here.
    node = await openGaslessNode(dialect, { behindSeconds: 3600, engine: { keyAddsPerHour: 0 } });
    erin = await setUpAccount(node.database.db, 7);
  });
  after(() => node?.close());

  it(
    `merges ${MAX_GASLESS_KEYS_PER_FID} keys of one fid and refuses the next until one is removed`,
    { timeout: 300_000 },
    async () => {
      const built = await Promise.all(
        Array.from({ length: MAX_GASLESS_KEYS_PER_FID }, (_, n) =>
          keyAdd(node, erin, keyOf(n), { nonce: n + 1, ttl: 60 }),
        ),
      );
      // Submitted together, in nonce order: the submit pipeline merges them in that order, in batches.
      const outcomes = await Promise.all(
        built.map((message) => {
          const received = decodeMessage(CoreMessage.encode(message).finish());
          assert.ok(received.ok);
          return node.api.submit(received.value);
        }),
      );
      assert.deepEqual(
        outcomes.filter((outcome) => !outcome.ok),
        [],
      );
      // Long expired by now: expired keys still count.
      node.clock.advance(3600);
      const counts = await node.get(`/v1/signersByFid?fid=${erin.fid}&pageSize=1`);
      assert.equal(counts.body.gaslessSignerCount, MAX_GASLESS_KEYS_PER_FID);
      assert.equal(counts.body.gaslessSignerLimit, MAX_GASLESS_KEYS_PER_FID);

      const extra = ed25519Signer(99);
      const nonce = MAX_GASLESS_KEYS_PER_FID + 1;
      await refused(
        node,
        await keyAdd(node, erin, extra, { nonce }),
        'bad_request.validation_failure',
        `active-key cap exceeded: ${MAX_GASLESS_KEYS_PER_FID} keys per FID`,
      );
      // Updating a key the fid holds is no new key.
      await accepted(node, await keyAdd(node, erin, keyOf(0), { nonce: nonce + 1, ttl: 3600 }));
      await accepted(node, await custodyRemove(node, erin, keyOf(1), nonce + 2));
      await accepted(node, await keyAdd(node, erin, extra, { nonce: nonce + 3 }));
    },
  );
});
