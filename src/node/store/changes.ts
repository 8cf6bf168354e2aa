import type { Message, MessageType } from '../../protocol/gen/message.js';
import type { OnChainEvent, OnChainEventType } from '../../protocol/gen/onchain_event.js';
import type { UserNameProof } from '../../protocol/gen/username_proof.js';
import { tsHashHash, tsHashTimestamp } from '../engine/ts-hash.js';

/**
 * One item the node holds, added or removed: what every consumer of changes (kept answers' versions, the
 * oldest-message tracker of a merge, the sync trie) needs of it, so none reads it back.
 */
export type StoreChange = MessageChange | OnChainChange | FnameProofChange;

export type ChangeOp = 'add' | 'remove';

/** A stored message: a store's row, a gasless key's KEY_ADD. */
export interface MessageChange {
  readonly kind: 'message';
  readonly op: ChangeOp;
  readonly fid: number;
  readonly type: MessageType;
  /** Farcaster seconds, as in the message's data. */
  readonly timestamp: number;
  readonly hash: Uint8Array;
}

export interface OnChainChange {
  readonly kind: 'onchain';
  readonly op: ChangeOp;
  readonly type: OnChainEventType;
  readonly fid: number;
  readonly blockNumber: number;
  readonly logIndex: number;
  /** Unix seconds. */
  readonly blockTimestamp: number;
}

/** The fname proof of a name (one per name; fid 0 unregisters a name and is never stored). */
export interface FnameProofChange {
  readonly kind: 'fname';
  readonly op: ChangeOp;
  readonly name: string;
  readonly fid: number;
  /** Unix seconds. */
  readonly timestamp: number;
}

/** A message row's change, from the columns every stored row has. */
export function rowChange(
  op: ChangeOp,
  row: { readonly fid: number; readonly type: number; readonly tsHash: Uint8Array },
): MessageChange {
  return {
    kind: 'message',
    op,
    fid: row.fid,
    type: row.type,
    timestamp: tsHashTimestamp(row.tsHash),
    hash: tsHashHash(row.tsHash),
  };
}

/** A message's change; the message carries its data (as merged, or decoded from its stored bytes). */
export function messageChange(op: ChangeOp, message: Message): MessageChange {
  const { data } = message;
  if (data === undefined) throw new Error('a stored message has no data');
  return {
    kind: 'message',
    op,
    fid: data.fid,
    type: data.type,
    timestamp: data.timestamp,
    hash: message.hash,
  };
}

export function onChainChange(op: ChangeOp, event: OnChainEvent): OnChainChange {
  const { type, fid, blockNumber, logIndex, blockTimestamp } = event;
  return { kind: 'onchain', op, type, fid, blockNumber, logIndex, blockTimestamp };
}

export function fnameProofChange(op: ChangeOp, name: string, proof: UserNameProof): FnameProofChange {
  return { kind: 'fname', op, name, fid: proof.fid, timestamp: proof.timestamp };
}
