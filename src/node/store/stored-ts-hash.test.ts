import assert from 'node:assert/strict';
import { it } from 'node:test';
import { UserDataType } from '../../protocol/gen/message.js';
import { decodeStored, storedEncoding, withSignedBytes } from '../engine/message-rows.js';
import { castAdd, signerFor, userData } from '../engine/testing.js';
import { makeTsHash } from '../engine/ts-hash.js';
import { storedTsHash } from './stored-ts-hash.js';

const alice = { fid: 7, signer: signerFor(7), custody: new Uint8Array(20) };

it('reads the ts_hash the decoded message makes', () => {
  const messages = [castAdd(alice, 'gm 🌍', 5), userData(alice, UserDataType.BIO, 'bio', 0)];
  for (const received of messages) {
    const encoded = storedEncoding(withSignedBytes(received));
    const { data, hash } = decodeStored(encoded);
    assert.deepEqual(storedTsHash(encoded), makeTsHash(data?.timestamp ?? -1, hash));
  }
});

it('refuses a stored message without data bytes', () => {
  const { message } = castAdd(alice, 'gm');
  assert.throws(() => storedTsHash(storedEncoding({ ...message, dataBytes: undefined })), /no data bytes/);
});
