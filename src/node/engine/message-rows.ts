import type { Kysely } from 'kysely';
import _m0 from 'protobufjs/minimal.js';
import { Message, MessageData } from '../../protocol/gen/message.js';
import type { ReceivedMessage } from '../../protocol/message.js';
import type { NodeTables } from '../store/schema.js';
import { reusableQuery } from '../../storage/reusable-query.js';
import type { Incoming, ReadColumns, StoreSpec, StoredRow } from './store-spec.js';
import { makeTsHash } from './ts-hash.js';

/** The columns selected as a {@link StoredRow}. */
export const STORED_COLUMNS = [
  'hash',
  'fid',
  'store',
  'type',
  'encoded',
  'ts_hash as tsHash',
  'is_remove as isRemove',
  'target_fid as targetFid',
] as const;

function storedAtKey(db: Kysely<NodeTables>, store: number, key: Uint8Array) {
  return db
    .selectFrom('messages')
    .select(STORED_COLUMNS)
    .where('store', '=', store)
    .where('conflict_key', '=', key);
}

/** The fid's stored message of a key (at most one: the key is unique per fid and store). */
export const rowsAtKey = reusableQuery(
  (db: Kysely<NodeTables>, fid: number, store: number, key: Uint8Array) =>
    storedAtKey(db, store, key).where('fid', '=', fid),
);

/** For keys unique across fids: the fid's message of the key and every other fid's add of it. */
export const globalRowsAtKey = reusableQuery(
  (db: Kysely<NodeTables>, fid: number, store: number, key: Uint8Array) =>
    storedAtKey(db, store, key).where((eb) => eb.or([eb('fid', '=', fid), eb('is_remove', '=', false)])),
);

const NO_READ_COLUMNS: ReadColumns = {
  target_fid: null,
  target_hash: null,
  target_url: null,
  parent_fid: null,
  parent_hash: null,
  parent_url: null,
  link_type: null,
  reaction_type: null,
  user_data_type: null,
};

/** The message as reads and events carry it: `data`, and the bytes its hash covers as `dataBytes`. */
export function withSignedBytes({ message, data, signedBytes }: ReceivedMessage): Message {
  return { ...message, data, dataBytes: signedBytes };
}

/** The bytes a message is stored as: without `data`, which {@link decodeStored} reads back from `dataBytes`. */
export function storedEncoding(message: Message): Uint8Array {
  return Message.encode({ ...message, data: undefined }).finish();
}

/**
 * The row of a validated message. It is stored the way the reference stores it: `data` dropped and the
 * signed bytes kept as `dataBytes` (built from the raw field-1 bytes when the client sent none), so the hash
 * and signature still verify and reads decode `data` back from exactly those bytes.
 */
export function toIncoming(spec: StoreSpec, received: ReceivedMessage): Incoming {
  const { data } = received;
  const message = withSignedBytes(received);
  const tsHash = makeTsHash(data.timestamp, message.hash);
  const isRemove = spec.removeTypes.has(data.type);
  return {
    message,
    data,
    tsHash,
    isRemove,
    mentions: [...new Set(data.castAddBody?.mentions ?? [])],
    row: {
      hash: message.hash,
      fid: data.fid,
      store: spec.store,
      type: data.type,
      is_remove: isRemove,
      conflict_key: spec.conflictKey(data, message.hash),
      ts_hash: tsHash,
      signer: message.signer,
      encoded: storedEncoding(message),
      ...NO_READ_COLUMNS,
      ...spec.readColumns(data),
    },
  };
}

/** A stored message with `data` decoded from its `dataBytes`: the message as reads' callers use it. */
export function decodeStored(encoded: Uint8Array): Message {
  const message = Message.decode(encoded);
  if (message.dataBytes === undefined || message.dataBytes.length === 0) return message;
  return { ...message, data: MessageData.decode(message.dataBytes) };
}

/** Message.data: field 1, length-delimited. */
const DATA_TAG = 10;
/** Message.data_bytes: field 7, length-delimited. */
const DATA_BYTES_TAG = 58;

/**
 * A message's wire bytes, made of its stored bytes alone: `data` (field 1) as the very bytes its
 * signature covers, then the stored fields, as ts-proto orders them. Nothing is decoded or re-encoded, so
 * a client decodes `data` to exactly what was signed, unknown fields included.
 */
export function encodedMessage(stored: Uint8Array): Uint8Array {
  const dataBytes = dataBytesOf(stored);
  if (dataBytes === undefined) return stored;
  const data = _m0.Writer.create().uint32(DATA_TAG).bytes(dataBytes).finish();
  const bytes = new Uint8Array(data.length + stored.length);
  bytes.set(data);
  bytes.set(stored, data.length);
  return bytes;
}

/** The `dataBytes` of stored bytes (the last, as the decoder reads them), or undefined when none. */
function dataBytesOf(stored: Uint8Array): Uint8Array | undefined {
  let dataBytes: Uint8Array | undefined;
  const reader = _m0.Reader.create(stored);
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    if (tag === DATA_BYTES_TAG) {
      const length = reader.uint32();
      dataBytes = stored.subarray(reader.pos, reader.pos + length);
      reader.skip(length);
    } else {
      reader.skipType(tag & 7);
    }
  }
  return dataBytes === undefined || dataBytes.length === 0 ? undefined : dataBytes;
}

export function rowMessage(row: Pick<StoredRow, 'encoded'>): Message {
  return decodeStored(row.encoded);
}
