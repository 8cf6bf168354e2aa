import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { createAppKeyToken } from '../protocol/app-key-token.js';
import { ed25519PublicKeyFromSeed } from '../protocol/ed25519.js';
import { bytesToHex } from '../protocol/hex.js';
import { testClock } from '../shared/test-clock.js';
import { createAuthenticator } from './auth.js';
import { SocialError, type SocialErrorCode } from './errors.js';
import { fakeNode } from './testing.js';

function setUp() {
  const clock = testClock();
  const node = fakeNode();
  const auth = createAuthenticator({ signers: node, clock, maxLifetimeSeconds: 3600 });
  const privateKey = randomBytes(32);
  const key = bytesToHex(ed25519PublicKeyFromSeed(privateKey));
  node.addSigner(7, key);
  const bearer = (options: { fid?: number; exp?: number; seed?: Uint8Array } = {}) =>
    `Bearer ${createAppKeyToken({
      fid: options.fid ?? 7,
      privateKey: options.seed ?? privateKey,
      exp: options.exp ?? clock.seconds() + 300,
    })}`;
  return { clock, node, auth, key, bearer };
}

async function refusal(promise: Promise<unknown>): Promise<{ code: SocialErrorCode; status: number }> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof SocialError, String(error));
    return { code: error.code, status: error.statusCode };
  }
  assert.fail('expected a refusal');
}

describe('createAuthenticator', () => {
  it('accepts a live token of an active key and names the caller', async () => {
    const { auth, bearer, key } = setUp();
    assert.deepEqual(await auth.authenticate(bearer()), { fid: 7, key });
  });

  it('refuses a missing header, another scheme and garbage with 401', async () => {
    const { auth } = setUp();
    for (const header of [undefined, '', 'Basic dXNlcjpwYXNz', 'Bearer', 'Bearer a.b.c']) {
      const { status } = await refusal(auth.authenticate(header));
      assert.equal(status, 401, String(header));
    }
    assert.equal((await refusal(auth.authenticate(undefined))).code, 'UNAUTHENTICATED');
  });

  it('refuses expired, too far ahead, forged and wrong-fid tokens', async () => {
    const { auth, bearer, clock } = setUp();
    const cases = [
      bearer({ exp: clock.seconds() - 120 }),
      bearer({ exp: clock.seconds() + 7200 }),
      bearer({ seed: randomBytes(32) }),
      bearer({ fid: 8 }),
    ];
    for (const header of cases)
      assert.equal((await refusal(auth.authenticate(header))).code, 'INVALID_TOKEN');
  });

  it('stops accepting a removed key once its short cache lapses', async () => {
    const { auth, bearer, node, key, clock } = setUp();
    const header = bearer();
    await auth.authenticate(header);
    node.removeSigner(7, key);
    await auth.authenticate(header); // still cached
    clock.advance(2001);
    assert.equal((await refusal(auth.authenticate(header))).code, 'INVALID_TOKEN');
  });

  it('takes a gasless key only with the CAST_ADD scope, and names the scope when it refuses', async () => {
    const { auth, clock, node } = setUp();
    const gasless = (scopes: string[]) => {
      const seed = randomBytes(32);
      node.addSigner(7, bytesToHex(ed25519PublicKeyFromSeed(seed)), scopes);
      return `Bearer ${createAppKeyToken({ fid: 7, privateKey: seed, exp: clock.seconds() + 300 })}`;
    };
    await auth.authenticate(gasless(['MESSAGE_TYPE_REACTION_ADD', 'MESSAGE_TYPE_CAST_ADD']));
    for (const scopes of [['MESSAGE_TYPE_REACTION_ADD', 'MESSAGE_TYPE_CAST_REMOVE'], []]) {
      await assert.rejects(auth.authenticate(gasless(scopes)), (error: SocialError) => {
        assert.equal(error.code, 'INVALID_TOKEN');
        assert.equal(error.statusCode, 401);
        assert.match(error.message, /gasless signer of fid 7 without the MESSAGE_TYPE_CAST_ADD scope/);
        return true;
      });
    }
  });

  it("follows a gasless key's new scopes once its short cache lapses", async () => {
    const { auth, clock, node } = setUp();
    const seed = randomBytes(32);
    const key = bytesToHex(ed25519PublicKeyFromSeed(seed));
    const header = `Bearer ${createAppKeyToken({ fid: 7, privateKey: seed, exp: clock.seconds() + 300 })}`;
    node.addSigner(7, key, ['MESSAGE_TYPE_REACTION_ADD']);
    assert.equal((await refusal(auth.authenticate(header))).code, 'INVALID_TOKEN');
    // Re-added with CAST_ADD: the refused record stays trusted for the cache time, then the new one counts.
    node.addSigner(7, key, ['MESSAGE_TYPE_CAST_ADD']);
    assert.equal((await refusal(auth.authenticate(header))).code, 'INVALID_TOKEN');
    clock.advance(2001);
    assert.deepEqual(await auth.authenticate(header), { fid: 7, key });
  });

  it('answers 503 when the node cannot say', async () => {
    const { bearer, clock } = setUp();
    const auth = createAuthenticator({
      signers: { isActiveSigner: () => Promise.reject(new Error('connection refused')) },
      clock,
      maxLifetimeSeconds: 3600,
    });
    assert.deepEqual(await refusal(auth.authenticate(bearer())), { code: 'NODE_UNAVAILABLE', status: 503 });
  });
});
