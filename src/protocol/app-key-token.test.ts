import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NobleEd25519Signer } from '@farcaster/core';
import {
  createAppKeyToken,
  verifyAppKeyToken,
  type AppKeyTokenFailureReason,
  type VerifyAppKeyTokenOptions,
} from './app-key-token.js';
import { createEd25519Verifier, ed25519PublicKeyFromSeed, signEd25519 } from './ed25519.js';
import { bytesToHex } from './hex.js';

const NOW = 1_750_000_000;
const seed = Uint8Array.from({ length: 32 }, (_, i) => i * 3);
const publicKey = ed25519PublicKeyFromSeed(seed);
const keyHex = bytesToHex(publicKey);
const options: VerifyAppKeyTokenOptions = { now: NOW, maxLifetimeSeconds: 3600, clockToleranceSeconds: 30 };

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** A token from raw JSON texts, signed over `header.payload` by `signingSeed`. */
function craft(headerJson: string, payloadJson: string, signingSeed = seed): string {
  const signed = `${b64(headerJson)}.${b64(payloadJson)}`;
  const signature = signEd25519(signingSeed, Buffer.from(signed, 'ascii'));
  return `${signed}.${Buffer.from(signature).toString('base64url')}`;
}

const header = (fields: Record<string, unknown>) =>
  JSON.stringify({ fid: 42, type: 'app_key', key: keyHex, ...fields });

function assertFailure(token: unknown, reason: AppKeyTokenFailureReason, verifyOptions = options) {
  const outcome = verifyAppKeyToken(token, verifyOptions);
  assert.equal(outcome.ok, false, `expected ${reason} for ${String(token)}`);
  assert.equal(!outcome.ok && outcome.reason, reason, !outcome.ok ? outcome.message : '');
}

describe('app-key tokens', () => {
  it('round-trip', () => {
    const token = createAppKeyToken({ fid: 42, privateKey: seed, exp: NOW + 300 });
    assert.equal(token.split('.').length, 3);
    assert.doesNotMatch(token, /[=+/]/);
    assert.deepEqual(verifyAppKeyToken(token, options), { ok: true, fid: 42, key: keyHex, exp: NOW + 300 });
  });

  it('match the docs recipe with a @farcaster/core NobleEd25519Signer', async () => {
    const encodedHeader = b64(JSON.stringify({ fid: 42, type: 'app_key', key: keyHex }));
    const encodedPayload = b64(JSON.stringify({ exp: NOW + 300 }));
    const signed = new TextEncoder().encode(`${encodedHeader}.${encodedPayload}`);
    const signature = (await new NobleEd25519Signer(seed).signMessageHash(signed))._unsafeUnwrap();
    const token = `${encodedHeader}.${encodedPayload}.${Buffer.from(signature).toString('base64url')}`;
    assert.equal(verifyAppKeyToken(token, options).ok, true);
    assert.equal(
      createAppKeyToken({ fid: 42, privateKey: bytesToHex(seed), publicKey, exp: NOW + 300 }),
      token,
    );
  });

  it('accept keys without 0x and in upper case, and return them as lowercase 0x hex', () => {
    for (const key of [
      keyHex.slice(2),
      keyHex.toUpperCase().replace('0X', '0x'),
      keyHex.slice(2).toUpperCase(),
    ]) {
      const outcome = verifyAppKeyToken(craft(header({ key }), '{"exp":1750000300}'), options);
      assert.deepEqual(outcome, { ok: true, fid: 42, key: keyHex, exp: NOW + 300 });
    }
  });

  it('work with a shared caching verifier', () => {
    const verifier = createEd25519Verifier({ cacheSize: 4 });
    const token = createAppKeyToken({ fid: 42, privateKey: seed, exp: NOW + 300 });
    assert.equal(verifyAppKeyToken(token, { ...options, verifier }).ok, true);
    assert.equal(verifyAppKeyToken(token, { ...options, verifier }).ok, true);
  });

  it('reject structurally malformed tokens', () => {
    const good = createAppKeyToken({ fid: 42, privateKey: seed, exp: NOW + 300 });
    const [h, p, s] = good.split('.');
    const malformed: unknown[] = [
      undefined,
      42,
      { token: good },
      '',
      `${h}.${p}`,
      `${good}.${s}`,
      `${h}.${p}.`,
      `${h}=.${p}.${s}`,
      `${h}.${p}.${s}==`,
      `${h}!.${p}.${s}`,
      `${b64('not json')}.${p}.${s}`,
      `${b64('[1,2]')}.${p}.${s}`,
      `${h}.${b64('"exp"')}.${s}`,
      `${h}.${b64('null')}.${s}`,
      `${Buffer.from([0xff, 0xfe]).toString('base64url')}.${p}.${s}`,
      `${h}.${p}.${'A'.repeat(5000)}`,
    ];
    for (const token of malformed) assertFailure(token, 'malformed');
  });

  it('reject bad headers', () => {
    const payload = '{"exp":1750000300}';
    const badHeaders = [
      header({ fid: 0 }),
      header({ fid: -1 }),
      header({ fid: 1.5 }),
      header({ fid: '42' }),
      header({ fid: null }),
      '{"fid":1e400,"type":"app_key","key":"' + keyHex + '"}',
      '{"fid":123456789012345678901234567890,"type":"app_key","key":"' + keyHex + '"}',
      JSON.stringify({ fid: 42, type: 'app_key' }),
      header({ key: keyHex.slice(0, -2) }),
      header({ key: `${keyHex}00` }),
      header({ key: 'zz'.repeat(32) }),
      header({ key: { type: 'Buffer', data: [...publicKey] } }),
      header({ key: [...publicKey] }),
      header({ key: bytesToHex(new Uint8Array(64)) }),
    ];
    for (const h of badHeaders) assertFailure(craft(h, payload), 'bad_header');
  });

  it('require type app_key', () => {
    assertFailure(craft(header({ type: 'custody' }), '{"exp":1750000300}'), 'wrong_type');
    assertFailure(craft(JSON.stringify({ fid: 42, key: keyHex }), '{"exp":1750000300}'), 'wrong_type');
  });

  it('require an integer exp', () => {
    assertFailure(craft(header({}), '{}'), 'missing_exp');
    assertFailure(craft(header({}), '{"iat":1750000000}'), 'missing_exp');
    for (const payload of ['{"exp":"1750000300"}', '{"exp":1750000300.5}', '{"exp":1e400}', '{"exp":null}']) {
      assertFailure(craft(header({}), payload), 'bad_payload');
    }
  });

  it('enforce expiry and the maximum lifetime, with clock tolerance', () => {
    const at = (exp: number) => createAppKeyToken({ fid: 42, privateKey: seed, exp });
    assert.equal(verifyAppKeyToken(at(NOW - 29), options).ok, true);
    assertFailure(at(NOW - 30), 'expired');
    assertFailure(at(NOW - 30), 'expired', { ...options, clockToleranceSeconds: 0 });
    assertFailure(at(NOW), 'expired', { ...options, clockToleranceSeconds: 0 });
    assert.equal(verifyAppKeyToken(at(NOW + 3630), options).ok, true);
    assertFailure(at(NOW + 3631), 'too_far_in_future');
    assertFailure(at(Number.MAX_SAFE_INTEGER), 'too_far_in_future');
  });

  it('reject bad signatures', () => {
    const good = createAppKeyToken({ fid: 42, privateKey: seed, exp: NOW + 300 });
    const [h, p, s = ''] = good.split('.');
    const otherSeed = new Uint8Array(32).fill(1);
    assertFailure(craft(header({}), '{"exp":1750000300}', otherSeed), 'bad_signature');
    assertFailure(`${h}.${b64('{"exp":1750000301}')}.${s}`, 'bad_signature');
    const sig = Buffer.from(s, 'base64url');
    assertFailure(`${h}.${p}.${sig.subarray(1).toString('base64url')}`, 'bad_signature');
    assertFailure(
      `${h}.${p}.${Buffer.concat([sig, Buffer.from([0])]).toString('base64url')}`,
      'bad_signature',
    );
    // A token whose header names a different key than the one that signed it.
    const mismatched = createAppKeyToken({
      fid: 42,
      privateKey: seed,
      publicKey: new Uint8Array(32).fill(5),
      exp: NOW + 300,
    });
    assertFailure(mismatched, 'bad_signature');
  });

  it('refuse to create tokens from malformed keys', () => {
    assert.throws(() => createAppKeyToken({ fid: 42, privateKey: seed.subarray(1), exp: NOW }), TypeError);
    assert.throws(
      () => createAppKeyToken({ fid: 42, privateKey: seed, publicKey: 'zz', exp: NOW }),
      TypeError,
    );
  });
});
