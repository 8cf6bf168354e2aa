import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bytesToHex } from '@noble/hashes/utils';
import { MessageType } from '../../protocol/gen/message.js';
import { OnChainEventType } from '../../protocol/gen/onchain_event.js';
import {
  currentSnapshotPrefix,
  fnameSyncId,
  messageSyncId,
  onChainSyncId,
  syncIdKind,
  syncIdOf,
  timestampPrefix,
} from './sync-id.js';

const ascii = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
const countingHash = Uint8Array.from({ length: 20 }, (_, index) => index);
const message = (type: MessageType) => ({ fid: 1234, type, timestamp: 123456789, hash: countingHash });
const alice = { name: 'alice', fid: 1234, timestamp: 1_700_000_000 };
const fnameName = (name: string) => fnameSyncId({ ...alice, name });

describe('sync ids: the vectors of reference/sync.md §7.3', () => {
  it('A and B: message ids with the 10-digit timestamp, 0x01, fid, postfix and hash', () => {
    assert.equal(
      bytesToHex(messageSyncId(message(MessageType.CAST_ADD))!),
      '3031323334353637383901000004d201000102030405060708090a0b0c0d0e0f10111213',
    );
    const descendingHash = Uint8Array.from({ length: 20 }, (_, index) => 0xff - index);
    assert.equal(
      bytesToHex(messageSyncId({ ...message(MessageType.CAST_ADD), hash: descendingHash })!),
      '3031323334353637383901000004d201fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0efeeedec',
    );
  });

  it('F: an fname id from the proof Unix time, NUL-padded to 20 characters', () => {
    assert.equal(
      bytesToHex(fnameSyncId(alice)),
      '3030393035343038303011000004d2616c696365' + '00'.repeat(15),
    );
  });

  it('E: an on-chain id from the block Unix time', () => {
    const event = {
      type: OnChainEventType.EVENT_TYPE_ID_REGISTER,
      fid: 1234,
      blockNumber: 108_875_854,
      logIndex: 7,
      blockTimestamp: 1_700_000_000,
    };
    assert.equal(bytesToHex(onChainSyncId(event)), '30303930353430383030170103000004d2067d504e00000007');
  });
});

describe('message ids', () => {
  it('carry the set postfix of their type, with lend storage 8 and keys 13', () => {
    const postfixes: [MessageType, number][] = [
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
    ];
    for (const [type, postfix] of postfixes) {
      const id = messageSyncId(message(type));
      assert.equal(id?.length, 36, MessageType[type]);
      assert.equal(id[15], postfix, MessageType[type]);
    }
  });

  it('do not exist for a type the reference trie never holds', () => {
    assert.equal(messageSyncId(message(MessageType.FRAME_ACTION)), undefined);
    assert.equal(messageSyncId(message(MessageType.NONE)), undefined);
    assert.equal(syncIdOf({ kind: 'message', op: 'add', ...message(MessageType.FRAME_ACTION) }), undefined);
  });

  it('refuse a fid beyond 32 bits', () => {
    assert.throws(() => messageSyncId({ ...message(MessageType.CAST_ADD), fid: 2 ** 32 }), RangeError);
  });
});

describe('fname ids', () => {
  it('keep "net" and "network" apart: neither id is a prefix of the other', () => {
    const net = ascii(fnameName('net'));
    const network = ascii(fnameName('network'));
    assert.equal(net.length, 35);
    assert.equal(network.length, 35);
    assert.notEqual(net, network);
    assert.ok(!network.startsWith(net) && !net.startsWith(network));
  });

  it('pad with NUL, not the digit 0, so a name ending in 0 stays distinct', () => {
    const bob = fnameName('bob');
    const bob0 = fnameName('bob0');
    assert.deepEqual([...bob.subarray(15, 20)], [0x62, 0x6f, 0x62, 0x00, 0x00]);
    assert.deepEqual([...bob0.subarray(15, 20)], [0x62, 0x6f, 0x62, 0x30, 0x00]);
  });

  it('keep a name of 20 characters or more whole, without padding', () => {
    const twenty = 'a'.repeat(20);
    const longer = 'abcdefghijklmnopqrstuvwxyz';
    assert.equal(ascii(fnameName(twenty).subarray(15)), twenty);
    assert.equal(ascii(fnameName(longer).subarray(15)), longer);
    assert.equal(fnameName(longer).length, 15 + longer.length);
  });

  it('do not exist for fid 0, an unregistration', () => {
    assert.equal(syncIdOf({ kind: 'fname', op: 'add', ...alice, fid: 0 }), undefined);
    assert.deepEqual(syncIdOf({ kind: 'fname', op: 'remove', ...alice }), fnameSyncId(alice));
  });

  it('refuse a Unix time before the Farcaster epoch', () => {
    assert.throws(() => fnameSyncId({ ...alice, timestamp: 1_600_000_000 }), RangeError);
  });
});

describe('timestamps and kinds', () => {
  it('write Farcaster seconds as 10 ASCII digits', () => {
    assert.equal(ascii(timestampPrefix(0)), '0000000000');
    assert.equal(ascii(timestampPrefix(123456789.9)), '0123456789');
    assert.equal(ascii(timestampPrefix(2 ** 32 - 1)), '4294967295');
    assert.throws(() => timestampPrefix(2 ** 32), RangeError);
    assert.throws(() => timestampPrefix(-1), RangeError);
  });

  it('take the current snapshot prefix at the start of the 10-second bucket', () => {
    assert.equal(ascii(currentSnapshotPrefix(90_540_809)), '0090540800');
    assert.equal(ascii(currentSnapshotPrefix(90_540_810)), '0090540810');
    assert.equal(ascii(currentSnapshotPrefix(7)), '0000000000');
  });

  it('read the kind from byte 10', () => {
    const event = syncIdOf({
      kind: 'onchain',
      op: 'add',
      type: OnChainEventType.EVENT_TYPE_SIGNER,
      fid: 1,
      blockNumber: 2,
      logIndex: 3,
      blockTimestamp: 1_700_000_000,
    });
    assert.equal(syncIdKind(messageSyncId(message(MessageType.CAST_ADD))!), 'message');
    assert.equal(syncIdKind(fnameSyncId(alice)), 'fname');
    assert.equal(syncIdKind(event!), 'onchain');
    assert.equal(syncIdKind(Uint8Array.of(...timestampPrefix(1), 0x02)), 'unknown');
    assert.equal(syncIdKind(timestampPrefix(1)), 'unknown');
  });
});
