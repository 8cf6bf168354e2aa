import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as core from '@farcaster/core';
import { encodeAbiParameters } from 'viem';
import {
  IdRegisterEventType,
  OnChainEvent,
  OnChainEventType,
  SignerEventType,
} from '../../protocol/gen/onchain_event.js';
import { hexToBytes } from '../../protocol/hex.js';
import type { Hex } from '../../protocol/hex.js';
import { idRegistryEvents, keyRegistryEvents, storageRegistryEvents } from './abi.js';
import { mapLog, rentExpiry } from './map-log.js';
import type { ChainLog } from './map-log.js';
import { encodeLog } from './testing.js';
import type { EncodedLog } from './testing.js';

const BLOCK_HASH = `0x${'ab'.repeat(32)}` as const;
const TX_HASH = `0x${'cd'.repeat(32)}` as const;
const ALICE = '0x1111111111111111111111111111111111111111';
const BOB = '0x2222222222222222222222222222222222222222';
const RECOVERY = '0x3333333333333333333333333333333333333333';
const KEY = `0x${'5a'.repeat(32)}` as const;
const METADATA = encodeAbiParameters([{ type: 'uint256' }, { type: 'bytes' }], [7n, '0xbeef']);
const CONTEXT = { chainId: 10, blockTimestamp: 1_700_000_000 };

function chainLog(encoded: EncodedLog): ChainLog {
  return {
    address: '0x00000000fc6c5f01fc30151999387bb99a9f489b',
    ...encoded,
    blockNumber: 123_456_789,
    blockHash: BLOCK_HASH,
    transactionHash: TX_HASH,
    transactionIndex: 3,
    logIndex: 17,
  };
}

const bytes = (hex: Hex) => hexToBytes(hex) as Uint8Array;
const empty = new Uint8Array();

/** The fields every event of this log carries; each test adds type, fid, version and the body. */
const position = {
  chainId: 10,
  blockNumber: 123_456_789,
  blockHash: bytes(BLOCK_HASH),
  blockTimestamp: 1_700_000_000,
  transactionHash: bytes(TX_HASH),
  logIndex: 17,
  txIndex: 3,
};

const noBodies = {
  signerEventBody: undefined,
  signerMigratedEventBody: undefined,
  idRegisterEventBody: undefined,
  storageRentEventBody: undefined,
  tierPurchaseEventBody: undefined,
};

describe('mapLog', () => {
  it('IdRegistry Register → ID_REGISTER / REGISTER with to and recovery', () => {
    const log = chainLog(encodeLog(idRegistryEvents, 'Register', { to: ALICE, id: 42n, recovery: RECOVERY }));
    assert.deepEqual(mapLog('idRegistry', log, CONTEXT), {
      ...position,
      ...noBodies,
      type: OnChainEventType.EVENT_TYPE_ID_REGISTER,
      fid: 42,
      version: 2,
      idRegisterEventBody: {
        eventType: IdRegisterEventType.REGISTER,
        to: bytes(ALICE),
        from: empty,
        recoveryAddress: bytes(RECOVERY),
      },
    });
  });

  it('IdRegistry Transfer → ID_REGISTER / TRANSFER with from and to, no recovery', () => {
    const log = chainLog(encodeLog(idRegistryEvents, 'Transfer', { from: ALICE, to: BOB, id: 42n }));
    assert.deepEqual(mapLog('idRegistry', log, CONTEXT), {
      ...position,
      ...noBodies,
      type: OnChainEventType.EVENT_TYPE_ID_REGISTER,
      fid: 42,
      version: 2,
      idRegisterEventBody: {
        eventType: IdRegisterEventType.TRANSFER,
        to: bytes(BOB),
        from: bytes(ALICE),
        recoveryAddress: empty,
      },
    });
  });

  it('IdRegistry ChangeRecoveryAddress → ID_REGISTER / CHANGE_RECOVERY with the recovery address only', () => {
    const log = chainLog(encodeLog(idRegistryEvents, 'ChangeRecoveryAddress', { id: 42n, recovery: BOB }));
    assert.deepEqual(mapLog('idRegistry', log, CONTEXT), {
      ...position,
      ...noBodies,
      type: OnChainEventType.EVENT_TYPE_ID_REGISTER,
      fid: 42,
      version: 2,
      idRegisterEventBody: {
        eventType: IdRegisterEventType.CHANGE_RECOVERY,
        to: empty,
        from: empty,
        recoveryAddress: bytes(BOB),
      },
    });
  });

  it('KeyRegistry Add → SIGNER / ADD with the raw key bytes, key type and metadata', () => {
    const log = chainLog(
      encodeLog(keyRegistryEvents, 'Add', {
        fid: 42n,
        keyType: 1,
        key: KEY,
        keyBytes: KEY,
        metadataType: 1,
        metadata: METADATA,
      }),
    );
    assert.deepEqual(mapLog('keyRegistry', log, CONTEXT), {
      ...position,
      ...noBodies,
      type: OnChainEventType.EVENT_TYPE_SIGNER,
      fid: 42,
      version: 2,
      signerEventBody: {
        eventType: SignerEventType.ADD,
        key: bytes(KEY),
        keyType: 1,
        metadata: bytes(METADATA),
        metadataType: 1,
      },
    });
  });

  for (const [name, eventType] of [
    ['Remove', SignerEventType.REMOVE],
    ['AdminReset', SignerEventType.ADMIN_RESET],
  ] as const) {
    it(`KeyRegistry ${name} → SIGNER / ${SignerEventType[eventType]} with the key, type and metadata left empty`, () => {
      const log = chainLog(encodeLog(keyRegistryEvents, name, { fid: 42n, key: KEY, keyBytes: KEY }));
      assert.deepEqual(mapLog('keyRegistry', log, CONTEXT), {
        ...position,
        ...noBodies,
        type: OnChainEventType.EVENT_TYPE_SIGNER,
        fid: 42,
        version: 2,
        signerEventBody: { eventType, key: bytes(KEY), keyType: 0, metadata: empty, metadataType: 0 },
      });
    });
  }

  it('KeyRegistry Migrated → SIGNER_MIGRATED with fid 0 and migratedAt', () => {
    const log = chainLog(encodeLog(keyRegistryEvents, 'Migrated', { keysMigratedAt: 1_695_000_000n }));
    assert.deepEqual(mapLog('keyRegistry', log, CONTEXT), {
      ...position,
      ...noBodies,
      type: OnChainEventType.EVENT_TYPE_SIGNER_MIGRATED,
      fid: 0,
      version: 2,
      signerMigratedEventBody: { migratedAt: 1_695_000_000 },
    });
  });

  it('StorageRegistry Rent → STORAGE_RENT, version 0, expiry = Farcaster time of the block + 365 days', () => {
    const log = chainLog(encodeLog(storageRegistryEvents, 'Rent', { payer: ALICE, fid: 42n, units: 3n }));
    // 1_700_000_000 - 1_609_459_200 (Farcaster epoch) + 31_536_000
    assert.equal(rentExpiry(1_700_000_000), 122_076_800);
    assert.deepEqual(mapLog('storageRegistry', log, CONTEXT), {
      ...position,
      ...noBodies,
      type: OnChainEventType.EVENT_TYPE_STORAGE_RENT,
      fid: 42,
      version: 0,
      storageRentEventBody: { payer: bytes(ALICE), units: 3, expiry: 122_076_800 },
    });
  });

  it('produces events @farcaster/core decodes to the same JSON', () => {
    const log = chainLog(
      encodeLog(keyRegistryEvents, 'Add', {
        fid: 42n,
        keyType: 1,
        key: KEY,
        keyBytes: KEY,
        metadataType: 1,
        metadata: METADATA,
      }),
    );
    const event = mapLog('keyRegistry', log, CONTEXT) as OnChainEvent;
    const decoded = core.OnChainEvent.decode(OnChainEvent.encode(event).finish());
    assert.deepEqual(core.OnChainEvent.toJSON(decoded), OnChainEvent.toJSON(event));
  });

  it('ignores events the node does not consume, such as IdRegistry’s own Migrated', () => {
    const log = chainLog(encodeLog(keyRegistryEvents, 'Migrated', { keysMigratedAt: 1n }));
    assert.equal(mapLog('idRegistry', log, CONTEXT), undefined);
    const rent = chainLog(encodeLog(storageRegistryEvents, 'Rent', { payer: ALICE, fid: 1n, units: 1n }));
    assert.equal(mapLog('keyRegistry', rent, CONTEXT), undefined);
  });

  it('throws for a consumed event whose data does not decode or whose values do not fit', () => {
    const good = encodeLog(storageRegistryEvents, 'Rent', { payer: ALICE, fid: 42n, units: 3n });
    assert.throws(() => mapLog('storageRegistry', chainLog({ ...good, data: '0x' }), CONTEXT));
    const huge = encodeLog(storageRegistryEvents, 'Rent', { payer: ALICE, fid: 42n, units: 2n ** 32n });
    assert.throws(() => mapLog('storageRegistry', chainLog(huge), CONTEXT), /units/);
    const bigFid = encodeLog(idRegistryEvents, 'Register', { to: ALICE, id: 2n ** 60n, recovery: BOB });
    assert.throws(() => mapLog('idRegistry', chainLog(bigFid), CONTEXT), /fid/);
    assert.throws(() => rentExpiry(1_000_000_000), /Farcaster time/);
  });
});
