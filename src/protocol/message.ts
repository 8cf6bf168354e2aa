import { blake3 } from '@noble/hashes/blake3';
import _m0 from 'protobufjs/minimal.js';
import { fail, ok, type HubResult } from './errors.js';
import { Message, MessageData } from './gen/message.js';

export const HASH_LENGTH = 20;

/** BLAKE3 truncated to 20 bytes: the message hash of the protocol. */
export function messageHash(bytes: Uint8Array): Uint8Array {
  return blake3(bytes, { dkLen: HASH_LENGTH });
}

/** A message as received, with the exact bytes its hash and signature must cover. */
export interface ReceivedMessage {
  /** The message with `data` set (decoded from `dataBytes` when those were sent). */
  readonly message: Message;
  readonly data: MessageData;
  /** `dataBytes` when present, otherwise the raw bytes of field 1 exactly as they arrived. */
  readonly signedBytes: Uint8Array;
}

/**
 * Decode a Message from the wire. Re-encoding `data` would not reproduce every client's bytes (encoders
 * differ in field order and empty packed fields), so the raw field-1 bytes are kept for hashing.
 */
export function decodeMessage(bytes: Uint8Array): HubResult<ReceivedMessage> {
  let message: Message;
  let rawData: Uint8Array | undefined;
  try {
    message = Message.decode(bytes);
    rawData = rawField1(bytes);
  } catch (error) {
    return fail('bad_request.parse_failure', `invalid message bytes: ${describe(error)}`);
  }
  return withData(message, rawData);
}

function withData(message: Message, rawData: Uint8Array | undefined): HubResult<ReceivedMessage> {
  if (message.dataBytes !== undefined && message.dataBytes.length > 0) {
    let data: MessageData;
    try {
      data = MessageData.decode(message.dataBytes);
    } catch (error) {
      return fail('bad_request.parse_failure', `invalid data_bytes: ${describe(error)}`);
    }
    return ok({ message: { ...message, data }, data, signedBytes: message.dataBytes });
  }
  if (message.data === undefined || rawData === undefined) {
    return fail('bad_request.validation_failure', 'message data is missing');
  }
  return ok({ message, data: message.data, signedBytes: rawData });
}

/** The payload of the last field-1 occurrence (the one ts-proto's decoder keeps), as a zero-copy view. */
function rawField1(bytes: Uint8Array): Uint8Array | undefined {
  return field1Payloads(bytes)?.at(-1);
}

/**
 * Every length-delimited field-1 payload, in order, as zero-copy views; throws on malformed bytes. With
 * `maxEntries`, undefined as soon as entry `maxEntries + 1` of any field is reached, so the scan takes at
 * most that many steps whatever the bytes hold.
 */
function field1Payloads(bytes: Uint8Array, maxEntries = Infinity): Uint8Array[] | undefined {
  const reader = _m0.Reader.create(bytes);
  const found: Uint8Array[] = [];
  for (let entries = 1; reader.pos < reader.len; entries += 1) {
    if (entries > maxEntries) return undefined;
    const tag = reader.uint32();
    if (tag === 10) {
      const length = reader.uint32();
      found.push(bytes.subarray(reader.pos, reader.pos + length));
      reader.skip(length);
    } else if ((tag & 7) === 3) {
      // A group (unused by Farcaster's protos) would be skipped field by field as a single entry.
      throw new Error(`group fields are not accepted (field ${tag >>> 3})`);
    } else {
      reader.skipType(tag & 7);
    }
  }
  return found;
}

/**
 * The messages of a container whose field 1 is `repeated Message` (SubmitBulkMessagesRequest), as views of
 * each message's own bytes, for `decodeMessage` (so each keeps the bytes its signature covers). Only tags
 * and lengths are read, and a container of more than `max` entries (of any field) is refused when entry
 * `max + 1` is reached: what the caller decodes, and when, is bounded before any of it is.
 */
export function splitMessageList(bytes: Uint8Array, max: number): HubResult<Uint8Array[]> {
  let payloads: Uint8Array[] | undefined;
  try {
    payloads = field1Payloads(bytes, max);
  } catch (error) {
    return fail('bad_request.parse_failure', `invalid message list bytes: ${describe(error)}`);
  }
  return payloads === undefined
    ? fail('bad_request.validation_failure', `at most ${max} messages per call`)
    : ok(payloads);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function encodeMessage(message: Message): Uint8Array {
  return Message.encode(message).finish();
}
