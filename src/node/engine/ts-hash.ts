/**
 * The store order of messages: ts_hash = 4-byte big-endian Farcaster timestamp ‖ 20-byte hash, so bytewise
 * order is age order with the hash as tie-break (node-api.md §5.1).
 */
export const TS_HASH_LENGTH = 24;
const TIMESTAMP_BYTES = 4;

export function makeTsHash(timestamp: number, hash: Uint8Array): Uint8Array {
  const tsHash = new Uint8Array(TIMESTAMP_BYTES + hash.length);
  new DataView(tsHash.buffer).setUint32(0, timestamp);
  tsHash.set(hash, TIMESTAMP_BYTES);
  return tsHash;
}

export function tsHashTimestamp(tsHash: Uint8Array): number {
  return new DataView(tsHash.buffer, tsHash.byteOffset, tsHash.byteLength).getUint32(0);
}

export function tsHashHash(tsHash: Uint8Array): Uint8Array {
  return tsHash.subarray(TIMESTAMP_BYTES);
}

/** Bytewise comparison, shorter first on a common prefix: negative, zero or positive like a sort comparator. */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return compareBytes(a, b) === 0;
}
