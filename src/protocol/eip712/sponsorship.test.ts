import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { verifyMessage } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Hex } from '../hex.js';
import { signSponsorship, verifySponsorship } from './sponsorship.js';
import { signSignedKeyRequest } from './typed-messages.js';

const APP_KEY: Hex = `0x${'44'.repeat(32)}`;
const SPONSOR_KEY: Hex = `0x${'55'.repeat(32)}`;
const sponsor = privateKeyToAccount(SPONSOR_KEY);

const requestSignature = () =>
  signSignedKeyRequest({ requestFid: 1, key: new Uint8Array(32).fill(1), deadline: 1_900_000_000 }, APP_KEY);

describe('sponsorship signatures (EIP-191 over the raw request signature)', () => {
  it('signs what viem verifyMessage({raw}) accepts', async () => {
    const raw = await requestSignature();
    const signature = await signSponsorship(raw, SPONSOR_KEY);
    assert.equal(await verifyMessage({ address: sponsor.address, message: { raw }, signature }), true);
  });

  it('verifies a viem signMessage({raw}) signature and recovers the sponsor', async () => {
    const raw = await requestSignature();
    const signature = await sponsor.signMessage({ message: { raw } });
    const expected = { ok: true, signer: sponsor.address.toLowerCase() };
    assert.deepEqual(await verifySponsorship(raw, signature), expected);
    assert.deepEqual(await verifySponsorship(raw, signature, { expectedSigner: sponsor.address }), expected);
  });

  it('rejects another signer, another request and malformed input', async () => {
    const raw = await requestSignature();
    const signature = await signSponsorship(raw, SPONSOR_KEY);
    const wrong = await verifySponsorship(raw, signature, {
      expectedSigner: privateKeyToAccount(APP_KEY).address,
    });
    assert.equal(!wrong.ok && wrong.reason, 'wrong_signer');
    // Signing the hex text instead of the raw bytes is a different message.
    const asText = await sponsor.signMessage({ message: raw });
    const textual = await verifySponsorship(raw, asText, { expectedSigner: sponsor.address });
    assert.equal(!textual.ok && textual.reason, 'wrong_signer');
    const badRequest = await verifySponsorship('zz', signature);
    assert.equal(!badRequest.ok && badRequest.reason, 'malformed_message');
    const badSignature = await verifySponsorship(raw, '0x00');
    assert.equal(!badSignature.ok && badSignature.reason, 'malformed_signature');
  });
});
