import { describe, it } from 'node:test';
import { encodeSignedKeyRequestMetadata } from '../eip712/signed-key-request-metadata.js';
import {
  FarcasterNetwork,
  KeyAddBody,
  KeyRemoveBody,
  LendStorageBody,
  MessageType,
  StorageUnitType,
} from '../gen/message.js';
import { createEd25519Signer } from '../ed25519.js';
import { hexToBytes } from '../hex.js';
import { toFarcasterTime } from '../time.js';
import { validateMessageData } from './message-data.js';
import { assertProblem, assertValid, receive, signMessage, testContext, SEED } from './testing.js';
import { validateMessage } from './validate.js';
import type { MessageData } from '../gen/message.js';

/** After mainnet's gasless activation (2026-05-07 17:00 UTC). */
const NOW_MS = Date.UTC(2026, 5, 1);
const NOW = toFarcasterTime(NOW_MS) ?? 0;
const context = testContext({ nowMs: NOW_MS });
const KEY = createEd25519Signer(SEED).publicKey;
const invalid = 'bad_request.validation_failure';

const metadata = (deadline: number) =>
  hexToBytes(
    encodeSignedKeyRequestMetadata({
      requestFid: 9n,
      requestSigner: `0x${'ab'.repeat(20)}`,
      signature: `0x${'cd'.repeat(65)}`,
      deadline: BigInt(deadline),
    }),
  ) ?? new Uint8Array();

const data = (fields: Partial<MessageData> & Pick<MessageData, 'type'>): MessageData => ({
  fid: 3,
  timestamp: NOW - 60,
  network: FarcasterNetwork.MAINNET,
  ...fields,
});

const keyAdd = (body: Partial<KeyAddBody> = {}, fields: Partial<MessageData> = {}) =>
  data({
    type: MessageType.KEY_ADD,
    keyAddBody: KeyAddBody.fromPartial({
      key: KEY,
      keyType: 1,
      custodySignature: new Uint8Array(65),
      deadline: NOW + 3600,
      nonce: 1,
      metadata: metadata(NOW + 3600),
      metadataType: 1,
      scopes: [MessageType.CAST_ADD],
      ttl: 86_400,
      ...body,
    }),
    ...fields,
  });

const keyRemove = (body: Partial<KeyRemoveBody> = {}) =>
  data({
    type: MessageType.KEY_REMOVE,
    keyRemoveBody: KeyRemoveBody.fromPartial({
      key: KEY,
      signatureType: 2,
      deadline: NOW + 3600,
      nonce: 1,
      ...body,
    }),
  });

const lend = (body: Partial<LendStorageBody> = {}, fields: Partial<MessageData> = {}) =>
  data({
    type: MessageType.LEND_STORAGE,
    lendStorageBody: LendStorageBody.fromPartial({
      toFid: 4,
      numUnits: 10,
      unitType: StorageUnitType.UNIT_TYPE_2024,
      ...body,
    }),
    ...fields,
  });

const check = (messageData: MessageData) => validateMessageData(messageData, context);

describe('KEY_ADD body (core 0.20.0 texts, in core order)', () => {
  it('accepts what core builds: 1..16 admissible scopes, a ttl up to 90 days, a live request', () => {
    assertValid(check(keyAdd()));
    assertValid(check(keyAdd({ scopes: [1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 13, 14, 15], ttl: 7_776_000 })));
    // Duplicates are not refused; the request may expire at the message's own second.
    assertValid(check(keyAdd({ scopes: [1, 1], metadata: metadata(NOW - 60) })));
  });

  it('refuses each broken field with its text', () => {
    const cases: [Partial<KeyAddBody>, string][] = [
      [{ key: new Uint8Array(31) }, 'key must be 32 bytes'],
      [{ keyType: 2 }, 'invalid key type'],
      [{ deadline: 0 }, 'deadline is required'],
      [{ ttl: 0 }, 'ttl must be > 0 and <= 7776000'],
      [{ ttl: 7_776_001 }, 'ttl must be > 0 and <= 7776000'],
      [{ metadataType: 2 }, 'invalid metadata type'],
      [{ metadata: new Uint8Array() }, 'metadata is required'],
      [{ scopes: [] }, 'scopes is required'],
      [{ scopes: Array.from({ length: 17 }, () => 1) }, 'scopes must have at most 16 entries'],
      [{ scopes: [1, 16] }, 'invalid scope: 16'],
      [{ scopes: [9] }, 'invalid scope: 9'],
      [{ scopes: [-1] }, 'invalid scope: -1'],
      [{ metadata: new Uint8Array([1, 2, 3]) }, 'metadata is not a valid SignedKeyRequest'],
      [{ metadata: metadata(NOW - 61) }, 'signed key request has expired'],
    ];
    for (const [body, text] of cases) assertProblem(check(keyAdd(body)), invalid, text);
  });

  it('must be signed by the key it adds (decision 0002)', async () => {
    const other = keyAdd({ key: new Uint8Array(32).fill(9) });
    assertProblem(
      await validateMessage(receive(signMessage(other)), context),
      invalid,
      'a KEY_ADD must be signed by the key it adds',
    );
    assertValid(await validateMessage(receive(signMessage(keyAdd())), context));
  });
});

describe('KEY_REMOVE body', () => {
  it('accepts custody (1) and self (2) removals', () => {
    assertValid(check(keyRemove({ signatureType: 1, signature: new Uint8Array(65) })));
    assertValid(check(keyRemove()));
  });

  it('refuses a bad key, signature type or deadline', () => {
    assertProblem(check(keyRemove({ key: new Uint8Array(33) })), invalid, 'key must be 32 bytes');
    assertProblem(check(keyRemove({ signatureType: 3 })), invalid, 'invalid signature type');
    assertProblem(check(keyRemove({ deadline: 0 })), invalid, 'deadline is required');
  });
});

describe('LEND_STORAGE body', () => {
  it('accepts 0..5000 units of a known type, dated at most 10 minutes back', () => {
    assertValid(check(lend({ numUnits: 0 })));
    assertValid(check(lend({ numUnits: 5000, unitType: StorageUnitType.UNIT_TYPE_LEGACY })));
    assertValid(check(lend({}, { timestamp: NOW - 600 })));
  });

  it('refuses an old lend, too many units and (as Snapchain) an unknown unit type', () => {
    assertProblem(
      check(lend({}, { timestamp: NOW - 601 })),
      invalid,
      'timestamp more than 10 mins in the past',
    );
    assertProblem(check(lend({ numUnits: 5001 })), invalid, 'num storage units too large');
    assertProblem(check(lend({ unitType: 7 as StorageUnitType })), invalid, 'invalid storage unit type');
  });
});

describe('activation on mainnet', () => {
  it('refuses gasless keys timestamped before 2026-05-07 17:00 UTC, and any before the node reaches it', () => {
    const before = toFarcasterTime(Date.UTC(2026, 4, 7, 16, 59, 59)) ?? 0;
    assertProblem(
      check({ ...keyRemove(), timestamp: before }),
      invalid,
      'KEY_REMOVE messages are accepted on mainnet from 2026-05-07T17:00:00Z (gasless signers); this one is timestamped 2026-05-07T16:59:59Z',
    );
    const early = testContext({ nowMs: Date.UTC(2026, 4, 7, 16, 55) });
    const atTheMinute = toFarcasterTime(Date.UTC(2026, 4, 7, 17, 0)) ?? 0;
    assertProblem(
      validateMessageData({ ...keyRemove(), timestamp: atTheMinute }, early),
      invalid,
      'KEY_REMOVE messages are accepted on mainnet from 2026-05-07T17:00:00Z (gasless signers); not yet',
    );
  });

  it('accepts lends on mainnet from 2025-10-08 17:00 UTC, and everything from the start elsewhere', () => {
    const october = Date.UTC(2025, 9, 8, 16, 59);
    const early = testContext({ nowMs: october });
    const lendThen = lend({}, { timestamp: toFarcasterTime(october) ?? 0 });
    assertProblem(
      validateMessageData(lendThen, early),
      invalid,
      'LEND_STORAGE messages are accepted on mainnet from 2025-10-08T17:00:00Z (storage lending); this one is timestamped 2025-10-08T16:59:00Z',
    );
    for (const network of [FarcasterNetwork.TESTNET, FarcasterNetwork.DEVNET]) {
      assertValid(validateMessageData({ ...lendThen, network }, testContext({ nowMs: october, network })));
      const key = { ...keyAdd(), network, timestamp: toFarcasterTime(october) ?? 0 };
      assertValid(validateMessageData(key, testContext({ nowMs: october, network })));
    }
  });
});
