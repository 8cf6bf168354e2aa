import { concatBytes, utf8ToBytes } from '@noble/hashes/utils';
import { MessageType } from '../../protocol/gen/message.js';
import { toFarcasterTime } from '../../protocol/time.js';
import type { FnameProofChange, MessageChange, OnChainChange, StoreChange } from '../store/changes.js';

/**
 * SyncIds: the reference hub's keys of its sync trie (reference/sync.md §1). Every id starts with the
 * Farcaster-seconds timestamp as 10 ASCII decimal digits, so ids sort by time and the trie's first 10 levels
 * are the timestamp's digits; byte 10 is the reference hub's RootPrefix of the item's database key.
 */
export const TIMESTAMP_LENGTH = 10;

const ROOT_PREFIX_USER = 0x01;
const ROOT_PREFIX_FNAME = 0x11;
const ROOT_PREFIX_ONCHAIN = 0x17;
const ONCHAIN_EVENTS_POSTFIX = 0x01;
/** Names are NUL-padded to this many characters so that no name's id is a prefix of another's. */
const FNAME_PADDED_LENGTH = 20;
/** Hubs asking within the same bucket compare snapshots at the same prefix. */
const SNAPSHOT_BUCKET_SECONDS = 10;
const MAX_UINT32 = 0xffff_ffff;

/** The reference hub's set postfix per message type; a type without one has no SyncId. */
const SET_POSTFIX: ReadonlyMap<MessageType, number> = new Map([
  [MessageType.CAST_ADD, 1],
  [MessageType.CAST_REMOVE, 1],
  [MessageType.LINK_ADD, 2],
  [MessageType.LINK_REMOVE, 2],
  [MessageType.REACTION_ADD, 3],
  [MessageType.REACTION_REMOVE, 3],
  [MessageType.VERIFICATION_ADD_ETH_ADDRESS, 4],
  [MessageType.VERIFICATION_REMOVE, 4],
  [MessageType.USER_DATA_ADD, 6],
  [MessageType.USERNAME_PROOF, 7],
  [MessageType.LEND_STORAGE, 8],
  [MessageType.KEY_ADD, 13],
  [MessageType.KEY_REMOVE, 13],
  [MessageType.LINK_COMPACT_STATE, 100],
]);

export type SyncIdKind = 'message' | 'fname' | 'onchain' | 'unknown';

/** The 10 ASCII digits of a Farcaster time, left-padded with '0'. */
export function timestampPrefix(farcasterSeconds: number): Uint8Array {
  const seconds = Math.floor(farcasterSeconds);
  if (!(seconds >= 0 && seconds <= MAX_UINT32)) {
    throw new RangeError(`timestamp out of range: ${farcasterSeconds}`);
  }
  return utf8ToBytes(String(seconds).padStart(TIMESTAMP_LENGTH, '0'));
}

/** The prefix of the "current" snapshot at a Farcaster time: the start of its 10-second bucket. */
export function currentSnapshotPrefix(nowFarcasterSeconds: number): Uint8Array {
  return timestampPrefix(Math.floor(nowFarcasterSeconds / SNAPSHOT_BUCKET_SECONDS) * SNAPSHOT_BUCKET_SECONDS);
}

/** `<ts><0x01><fid><postfix><hash>`, or undefined for a type the reference trie does not hold. */
export function messageSyncId(
  message: Pick<MessageChange, 'fid' | 'type' | 'timestamp' | 'hash'>,
): Uint8Array | undefined {
  const postfix = SET_POSTFIX.get(message.type);
  if (postfix === undefined) return undefined;
  return concatBytes(
    timestampPrefix(message.timestamp),
    Uint8Array.of(ROOT_PREFIX_USER),
    uint32(message.fid),
    Uint8Array.of(postfix),
    message.hash,
  );
}

/** `<ts><0x11><fid><name NUL-padded to 20 characters>`; a longer name is kept whole. */
export function fnameSyncId(proof: Pick<FnameProofChange, 'name' | 'fid' | 'timestamp'>): Uint8Array {
  return concatBytes(
    timestampPrefix(unixToFarcasterSeconds(proof.timestamp)),
    Uint8Array.of(ROOT_PREFIX_FNAME),
    uint32(proof.fid),
    utf8ToBytes(proof.name.padEnd(FNAME_PADDED_LENGTH, '\0')),
  );
}

/** timestamp, root prefix, postfix, type, fid, block number, log index. */
const ONCHAIN_ID_LENGTH = TIMESTAMP_LENGTH + 3 + 4 + 4 + 4;

/** `<ts><0x17><0x01><type><fid><blockNumber><logIndex>`, the timestamp from the block's. */
export function onChainSyncId(
  event: Pick<OnChainChange, 'type' | 'fid' | 'blockNumber' | 'logIndex' | 'blockTimestamp'>,
): Uint8Array {
  return concatBytes(
    timestampPrefix(unixToFarcasterSeconds(event.blockTimestamp)),
    Uint8Array.of(ROOT_PREFIX_ONCHAIN, ONCHAIN_EVENTS_POSTFIX, event.type),
    uint32(event.fid),
    uint32(event.blockNumber),
    uint32(event.logIndex),
  );
}

/**
 * The SyncId of a stored item, or undefined when the reference trie never holds it: a message type
 * without a set postfix, or an fname proof of fid 0 (an unregistration).
 */
export function syncIdOf(change: StoreChange): Uint8Array | undefined {
  switch (change.kind) {
    case 'message':
      return messageSyncId(change);
    case 'fname':
      return change.fid === 0 ? undefined : fnameSyncId(change);
    case 'onchain':
      return onChainSyncId(change);
  }
}

/** The block number of an on-chain event's SyncId (bytes 17-20); undefined for any other id. */
export function onChainBlockOf(id: Uint8Array): number | undefined {
  if (syncIdKind(id) !== 'onchain' || id.length !== ONCHAIN_ID_LENGTH) return undefined;
  return new DataView(id.buffer, id.byteOffset, id.byteLength).getUint32(TIMESTAMP_LENGTH + 7);
}

export function syncIdKind(id: Uint8Array): SyncIdKind {
  switch (id[TIMESTAMP_LENGTH]) {
    case ROOT_PREFIX_USER:
      return 'message';
    case ROOT_PREFIX_FNAME:
      return 'fname';
    case ROOT_PREFIX_ONCHAIN:
      return 'onchain';
    default:
      return 'unknown';
  }
}

function unixToFarcasterSeconds(unixSeconds: number): number {
  const seconds = toFarcasterTime(unixSeconds * 1000);
  if (seconds === undefined) {
    throw new RangeError(`time outside the Farcaster epoch's uint32 range: ${unixSeconds}`);
  }
  return seconds;
}

function uint32(value: number): Uint8Array {
  if (!Number.isInteger(value) || value < 0 || value > MAX_UINT32) {
    throw new RangeError(`not a uint32: ${value}`);
  }
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
}
