import _m0 from 'protobufjs/minimal.js';
import { makeTsHash } from '../engine/ts-hash.js';

const HASH_TAG = 18; // Message.hash: field 2, length-delimited
const DATA_BYTES_TAG = 58; // Message.data_bytes: field 7, length-delimited
const TIMESTAMP_TAG = 24; // MessageData.timestamp: field 3, varint

/**
 * The ts_hash of a stored message (its bytes without `data`, message-rows.ts), read from its hash and
 * from the timestamp in its `dataBytes` without decoding the rest: a page's position costs a few field
 * skips instead of decoding its last message. As the decoder, the last occurrence of a field wins.
 */
export function storedTsHash(encoded: Uint8Array): Uint8Array {
  let hash: Uint8Array = new Uint8Array();
  let dataBytes: Uint8Array | undefined;
  const reader = _m0.Reader.create(encoded);
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    if (tag === HASH_TAG || tag === DATA_BYTES_TAG) {
      const length = reader.uint32();
      const payload = encoded.subarray(reader.pos, reader.pos + length);
      reader.skip(length);
      if (tag === HASH_TAG) hash = payload;
      else dataBytes = payload;
    } else {
      reader.skipType(tag & 7);
    }
  }
  if (dataBytes === undefined || dataBytes.length === 0)
    throw new Error('a stored message has no data bytes');
  return makeTsHash(timestampOf(dataBytes), hash);
}

function timestampOf(dataBytes: Uint8Array): number {
  let timestamp = 0;
  const reader = _m0.Reader.create(dataBytes);
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    if (tag === TIMESTAMP_TAG) timestamp = reader.uint32();
    else reader.skipType(tag & 7);
  }
  return timestamp;
}
