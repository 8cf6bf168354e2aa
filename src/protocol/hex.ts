/** Small byte/hex helpers shared by the protocol layer. Parsers return `undefined` instead of throwing. */

export type Hex = `0x${string}`;

const HEX_BODY = /^[0-9a-fA-F]*$/;

/** Lowercase `0x`-prefixed hex of `bytes`. */
export function bytesToHex(bytes: Uint8Array): Hex {
  return `0x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}`;
}

/**
 * Parse hex with or without `0x`, in any case. Returns `undefined` for non-strings, odd lengths, non-hex
 * characters, or (when `length` is given) a byte count other than `length`.
 */
export function hexToBytes(input: unknown, length?: number): Uint8Array | undefined {
  if (typeof input !== 'string') return undefined;
  const body = input.startsWith('0x') || input.startsWith('0X') ? input.slice(2) : input;
  if (body.length % 2 !== 0 || !HEX_BODY.test(body)) return undefined;
  if (length !== undefined && body.length !== length * 2) return undefined;
  return new Uint8Array(Buffer.from(body, 'hex'));
}

/** Canonical lowercase `0x` form of hex text, validated like {@link hexToBytes}. */
export function normalizeHex(input: unknown, length?: number): Hex | undefined {
  const bytes = hexToBytes(input, length);
  return bytes === undefined ? undefined : bytesToHex(bytes);
}

/** Accept bytes or hex text (any case, optional `0x`); `undefined` when neither is valid. */
export function toBytes(input: unknown, length?: number): Uint8Array | undefined {
  if (input instanceof Uint8Array) {
    return length === undefined || input.length === length ? input : undefined;
  }
  return hexToBytes(input, length);
}
