/**
 * Conflict keys are concatenations of fixed-width parts with at most one variable-width part, placed last,
 * so two different keys of one store never encode to the same bytes.
 */
export function u32(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
}

const TWO_TO_32 = 2 ** 32;

/**
 * Fids are uint64 on the wire and safe integers here. Written as two 32-bit halves: exact for any integer
 * a double holds, without a BigInt per key (one a message, a measurable share of a merge).
 */
export function u64(value: number): Uint8Array {
  if (!Number.isInteger(value)) throw new RangeError(`${value} is not an integer`);
  const bytes = new Uint8Array(8);
  const view = new DataView(bytes.buffer);
  const high = Math.floor(value / TWO_TO_32);
  view.setUint32(0, high);
  view.setUint32(4, value - high * TWO_TO_32);
  return bytes;
}

const encoder = new TextEncoder();

export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

export function concatBytes(...parts: readonly Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
