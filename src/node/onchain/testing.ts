/**
 * Test fixtures: OnChainEvents as the chain reader would build them, with no chain. Block hashes derive
 * from the block number (and an optional fork tag), so a test can name the block it retracts.
 */
import {
  IdRegisterEventType,
  OnChainEvent,
  OnChainEventType,
  SignerEventType,
} from '../../protocol/gen/onchain_event.js';
import type { Kysely } from 'kysely';
import { bytesToHex } from '../../protocol/hex.js';
import type { Clock } from '../../shared/clock.js';
import type { NodeTables } from '../store/schema.js';
import { ED25519_KEY_TYPE } from './signer-state.js';

/** Registry version of the Id/Key Registry events the node reads (chain.md §2). */
const REGISTRY_VERSION = 2;

export interface Position {
  block: number;
  log?: number;
  /** Distinguishes a replacement block of the same number after a reorg. */
  fork?: number;
}

export function blockHash(block: number, fork = 0): Uint8Array {
  return filled(32, (index) => (index === 0 ? fork : (block >> (8 * (index % 4))) & 0xff));
}

/** A distinct 20-byte address per `n`. */
export function address(n: number): Uint8Array {
  return filled(20, (index) => (index === 19 ? n & 0xff : index === 18 ? (n >> 8) & 0xff : 0xa0));
}

/** A distinct 32-byte Ed25519 public key per `n`. */
export function signerKey(n: number): Uint8Array {
  return filled(32, (index) => (index === 31 ? n & 0xff : index === 30 ? (n >> 8) & 0xff : 0x5e));
}

function filled(length: number, byte: (index: number) => number): Uint8Array {
  return Uint8Array.from({ length }, (_, index) => byte(index));
}

function base(type: OnChainEventType, fid: number, { block, log = 0, fork = 0 }: Position, version: number) {
  return {
    type,
    chainId: 10,
    fid,
    blockNumber: block,
    blockHash: blockHash(block, fork),
    // Two seconds per block from a fixed start, like OP mainnet.
    blockTimestamp: 1_700_000_000 + 2 * block,
    transactionHash: filled(32, (index) => (index === 0 ? log : block & 0xff)),
    logIndex: log,
    txIndex: log,
    version,
  };
}

export function signerEvent(
  fid: number,
  key: Uint8Array,
  eventType: SignerEventType,
  at: Position,
  options: { keyType?: number; version?: number } = {},
): OnChainEvent {
  const isAdd = eventType === SignerEventType.ADD;
  return OnChainEvent.fromPartial({
    ...base(OnChainEventType.EVENT_TYPE_SIGNER, fid, at, options.version ?? REGISTRY_VERSION),
    signerEventBody: {
      key,
      eventType,
      keyType: isAdd ? (options.keyType ?? ED25519_KEY_TYPE) : 0,
      metadataType: isAdd ? 1 : 0,
      metadata: isAdd ? new Uint8Array([1, 2, 3]) : new Uint8Array(),
    },
  });
}

export function idRegisterEvent(
  fid: number,
  eventType: IdRegisterEventType,
  at: Position,
  body: { to?: Uint8Array; from?: Uint8Array; recovery?: Uint8Array },
): OnChainEvent {
  return OnChainEvent.fromPartial({
    ...base(OnChainEventType.EVENT_TYPE_ID_REGISTER, fid, at, REGISTRY_VERSION),
    idRegisterEventBody: {
      eventType,
      to: body.to ?? new Uint8Array(),
      from: body.from ?? new Uint8Array(),
      recoveryAddress: body.recovery ?? new Uint8Array(),
    },
  });
}

export function registerEvent(
  fid: number,
  to: Uint8Array,
  at: Position,
  recovery = address(0),
): OnChainEvent {
  return idRegisterEvent(fid, IdRegisterEventType.REGISTER, at, { to, recovery });
}

export function transferEvent(fid: number, from: Uint8Array, to: Uint8Array, at: Position): OnChainEvent {
  return idRegisterEvent(fid, IdRegisterEventType.TRANSFER, at, { from, to });
}

/** A rent of `units` at block time `blockTimestamp` (unix seconds). */
export function rentEvent(fid: number, units: number, blockTimestamp: number, at: Position): OnChainEvent {
  return OnChainEvent.fromPartial({
    ...base(OnChainEventType.EVENT_TYPE_STORAGE_RENT, fid, at, 0),
    blockTimestamp,
    storageRentEventBody: { payer: address(999), units, expiry: 0 },
  });
}

export function fixedClock(nowMs: number): Clock {
  return { now: () => nowMs };
}

/** The keys (hex) of `fid` whose revocation is queued in `pending_revocations`. */
export async function queuedRevocations(db: Kysely<NodeTables>, fid: number): Promise<string[]> {
  const rows = await db.selectFrom('pending_revocations').select('signer').where('fid', '=', fid).execute();
  return rows.map((row) => bytesToHex(row.signer)).sort();
}
