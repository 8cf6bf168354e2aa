import { hashMessage } from 'viem';
import { signMessage } from 'viem/accounts';
import { bytesToHex, toBytes, type Hex } from '../hex.js';
import { verifyHashSignature, type HashSignatureOptions, type SignatureOutcome } from './verify.js';

/**
 * Sponsorship of a signed key request (spec §5.4, social-api.md §3): the sponsor's custody address
 * personal_signs (EIP-191) the raw bytes of the request's EIP-712 signature, i.e. viem's
 * `signMessage({ message: { raw } })`.
 */

/** Sign as a sponsor. Throws on a malformed request signature or private key. */
export function signSponsorship(requestSignature: Uint8Array | string, sponsorPrivateKey: Hex): Promise<Hex> {
  const raw = toBytes(requestSignature);
  if (raw === undefined) throw new TypeError('the request signature is not hex or bytes');
  return signMessage({ message: { raw }, privateKey: sponsorPrivateKey });
}

/**
 * Check a sponsorship signature; with `expectedSigner` (the sponsor fid's custody address) it must match,
 * otherwise the recovered sponsor address is returned. Never throws.
 */
export function verifySponsorship(
  requestSignature: unknown,
  sponsorSignature: unknown,
  options: HashSignatureOptions = {},
): Promise<SignatureOutcome> {
  const raw = toBytes(requestSignature);
  if (raw === undefined) {
    return Promise.resolve({
      ok: false,
      reason: 'malformed_message',
      message: 'the request signature is not hex or bytes',
    });
  }
  return verifyHashSignature(hashMessage({ raw: bytesToHex(raw) }), sponsorSignature, options);
}
