import { decodeEventLog } from 'viem';
import {
  IdRegisterEventType,
  OnChainEvent,
  OnChainEventType,
  SignerEventType,
} from '../../protocol/gen/onchain_event.js';
import { hexToBytes } from '../../protocol/hex.js';
import type { Hex } from '../../protocol/hex.js';
import { toFarcasterTime } from '../../protocol/time.js';
import { registryEvents, registrySelectors } from './abi.js';
import type { RegistryName } from './abi.js';

/** A mined log, validated: every position field is present (pending logs never reach the mapper). */
export interface ChainLog {
  address: Hex;
  topics: Hex[];
  data: Hex;
  blockNumber: number;
  blockHash: Hex;
  transactionHash: Hex;
  transactionIndex: number;
  logIndex: number;
}

export interface MapContext {
  /** The configured chain id; like the reference hub, not read from the log. */
  chainId: number;
  /** Unix seconds of the log's block. */
  blockTimestamp: number;
}

/** v3.1 IdRegistry/KeyRegistry events carry version 2; StorageRegistry events 0 (reference chain.md §2). */
const REGISTRY_VERSION = 2;
const STORAGE_VERSION = 0;
/** The reference hub stores rent expiry as Farcaster time of the block plus 365 days. */
const RENT_PERIOD_SECONDS = 365 * 24 * 60 * 60;
const MAX_UINT32 = 0xffff_ffff;

/**
 * The OnChainEvent a registry log stands for, filled as the reference hub fills it; `undefined` for a
 * log of an event the node does not consume. Throws when a consumed event's data does not decode or a
 * value does not fit its protobuf field.
 */
export function mapLog(registry: RegistryName, log: ChainLog, context: MapContext): OnChainEvent | undefined {
  const [selector, ...rest] = log.topics;
  if (selector === undefined || !registrySelectors[registry].has(selector)) return undefined;
  const topics: [Hex, ...Hex[]] = [selector, ...rest];
  const common = {
    chainId: context.chainId,
    blockNumber: log.blockNumber,
    blockHash: bytes(log.blockHash),
    blockTimestamp: context.blockTimestamp,
    transactionHash: bytes(log.transactionHash),
    logIndex: log.logIndex,
    txIndex: log.transactionIndex,
  };

  if (registry === 'idRegistry') {
    const event = decodeEventLog({ abi: registryEvents.idRegistry, data: log.data, topics, strict: true });
    const base = { ...common, type: OnChainEventType.EVENT_TYPE_ID_REGISTER, version: REGISTRY_VERSION };
    const fid = toNumber(event.args.id, Number.MAX_SAFE_INTEGER, 'fid');
    switch (event.eventName) {
      case 'Register':
        return OnChainEvent.fromPartial({
          ...base,
          fid,
          idRegisterEventBody: {
            eventType: IdRegisterEventType.REGISTER,
            to: bytes(event.args.to),
            recoveryAddress: bytes(event.args.recovery),
          },
        });
      case 'Transfer':
        return OnChainEvent.fromPartial({
          ...base,
          fid,
          idRegisterEventBody: {
            eventType: IdRegisterEventType.TRANSFER,
            from: bytes(event.args.from),
            to: bytes(event.args.to),
          },
        });
      case 'ChangeRecoveryAddress':
        return OnChainEvent.fromPartial({
          ...base,
          fid,
          idRegisterEventBody: {
            eventType: IdRegisterEventType.CHANGE_RECOVERY,
            recoveryAddress: bytes(event.args.recovery),
          },
        });
    }
  }

  if (registry === 'keyRegistry') {
    const event = decodeEventLog({ abi: registryEvents.keyRegistry, data: log.data, topics, strict: true });
    const base = { ...common, version: REGISTRY_VERSION };
    if (event.eventName === 'Migrated') {
      return OnChainEvent.fromPartial({
        ...base,
        type: OnChainEventType.EVENT_TYPE_SIGNER_MIGRATED,
        fid: 0,
        signerMigratedEventBody: {
          migratedAt: toNumber(event.args.keysMigratedAt, Number.MAX_SAFE_INTEGER, 'migratedAt'),
        },
      });
    }
    const signer = {
      ...base,
      type: OnChainEventType.EVENT_TYPE_SIGNER,
      fid: toNumber(event.args.fid, Number.MAX_SAFE_INTEGER, 'fid'),
    };
    const key = bytes(event.args.keyBytes);
    switch (event.eventName) {
      case 'Add':
        return OnChainEvent.fromPartial({
          ...signer,
          signerEventBody: {
            eventType: SignerEventType.ADD,
            key,
            keyType: event.args.keyType,
            metadata: bytes(event.args.metadata),
            metadataType: event.args.metadataType,
          },
        });
      case 'Remove':
        return OnChainEvent.fromPartial({
          ...signer,
          signerEventBody: { eventType: SignerEventType.REMOVE, key },
        });
      case 'AdminReset':
        return OnChainEvent.fromPartial({
          ...signer,
          signerEventBody: { eventType: SignerEventType.ADMIN_RESET, key },
        });
    }
  }

  const event = decodeEventLog({ abi: registryEvents.storageRegistry, data: log.data, topics, strict: true });
  return OnChainEvent.fromPartial({
    ...common,
    type: OnChainEventType.EVENT_TYPE_STORAGE_RENT,
    version: STORAGE_VERSION,
    fid: toNumber(event.args.fid, Number.MAX_SAFE_INTEGER, 'fid'),
    storageRentEventBody: {
      payer: bytes(event.args.payer),
      units: toNumber(event.args.units, MAX_UINT32, 'units'),
      expiry: rentExpiry(context.blockTimestamp),
    },
  });
}

/** Farcaster seconds of the block plus 365 days, as the reference hub writes `expiry`. */
export function rentExpiry(blockTimestamp: number): number {
  const farcasterSeconds = toFarcasterTime(blockTimestamp * 1000);
  if (farcasterSeconds === undefined) {
    throw new RangeError(`block timestamp ${blockTimestamp} is outside Farcaster time`);
  }
  return farcasterSeconds + RENT_PERIOD_SECONDS;
}

function toNumber(value: bigint, max: number, field: string): number {
  if (value < 0n || value > BigInt(max)) throw new RangeError(`${field} ${value} does not fit its field`);
  return Number(value);
}

function bytes(hex: Hex): Uint8Array {
  const result = hexToBytes(hex);
  if (result === undefined) throw new TypeError(`not hex: ${hex}`);
  return result;
}
