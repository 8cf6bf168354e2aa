import { bytesToBase58 } from './base58.js';
import { bytesToHex } from './hex.js';

/**
 * The hub HTTP API's JSON: ts-proto `toJSON` output with the reference's byte-field rewrite (node-api.md
 * §2.2). The rewrite is keyed on property names at any depth, exactly as the reference does it.
 */
export function toHubJson<T>(codec: { toJSON(value: T): unknown }, value: T): unknown {
  return rewrite(codec.toJSON(value));
}

const HEX_KEYS = new Set([
  'hash',
  'signer',
  'transactionHash',
  'key',
  'owner',
  'to',
  'from',
  'recoveryAddress',
]);
const ADDRESS_KEYS = new Set(['address', 'blockHash']);
/** On-chain event addresses that may be absent (spec §2.19): `0x` then, as Snapchain renders them. */
const ABSENT_AS_0X = new Set(['from', 'to', 'recoveryAddress']);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function rewrite(value: unknown): Json {
  if (Array.isArray(value)) return value.map(rewrite);
  if (typeof value !== 'object' || value === null) return value as Json;
  const source = value as Record<string, unknown>;
  const solana = source.protocol === 'PROTOCOL_SOLANA';
  const out: Record<string, Json> = {};
  for (const [key, inner] of Object.entries(source)) {
    if (typeof inner !== 'string') {
      out[key] = rewrite(inner);
    } else if (HEX_KEYS.has(key)) {
      out[key] = fromBase64(inner, bytesToHex, ABSENT_AS_0X.has(key) ? '0x' : '');
    } else if (ADDRESS_KEYS.has(key)) {
      out[key] = fromBase64(inner, solana ? bytesToBase58 : bytesToHex);
    } else if (key === 'name' && !('storeType' in source)) {
      // UserNameProof.name is bytes. StorageLimit.name is already text: the reference decodes it anyway and
      // returns garbage; we keep it readable (docs/decisions/0003-hub-json.md).
      out[key] = fromBase64(inner, (bytes) => Buffer.from(bytes).toString('utf8'));
    } else {
      out[key] = inner;
    }
  }
  // Compatibility copies the reference adds for clients written before the verification rename.
  if (out.verificationAddAddressBody !== undefined)
    out.verificationAddEthAddressBody = out.verificationAddAddressBody;
  if (out.claimSignature !== undefined) out.ethSignature = out.claimSignature;
  return out;
}

/**
 * Converts only strings that are canonical base64, so text that merely looks similar passes unchanged;
 * empty bytes become `empty`.
 */
function fromBase64(text: string, convert: (bytes: Uint8Array) => string, empty = ''): string {
  if (text === '') return empty;
  const bytes = Buffer.from(text, 'base64');
  return bytes.toString('base64') === text ? convert(bytes) : text;
}
