import { getAddress } from 'viem';
import { base58ToBytes } from '../../protocol/base58.js';
import {
  decodeSignedKeyRequestMetadata,
  KEY_TYPE_ED25519,
  METADATA_TYPE_SIGNED_KEY_REQUEST,
} from '../../protocol/eip712/signed-key-request-metadata.js';
import { userDataTypeFromJSON } from '../../protocol/gen/message.js';
import { bytesToHex, hexToBytes } from '../../protocol/hex.js';
import { eventIdTimestampMs, fromFarcasterTime } from '../../protocol/time.js';
import type { CastContent, CastEmbed, CastInput, Protocol } from '../node-index/store.js';

/**
 * Reads the node's hub JSON (reference/node-api.md §2, §6) into the changes the node index needs. Only the
 * fields the index keeps are read; everything else in an event is ignored. Hashes and keys are `0x` hex,
 * `castRemoveBody.targetHash` and signer `metadata` base64, addresses hex (Ethereum) or base58 (Solana).
 */

/** One change to the node index; applying the same change twice leaves the same state. */
export type IndexChange =
  | { kind: 'cast'; cast: CastInput }
  | { kind: 'castRemoved'; hash: Uint8Array; at: number }
  | { kind: 'verification'; fid: number; protocol: Protocol; address: string; verifiedAt: number }
  | { kind: 'verificationRemoved'; fid: number; protocol: Protocol; address: string }
  /** An empty value clears the entry. */
  | { kind: 'userData'; fid: number; type: number; value: string }
  | { kind: 'signer'; fid: number; key: Uint8Array; requestFid: number | null; addedAt: number }
  | { kind: 'signerRemoved'; fid: number; key: Uint8Array };

/** The node sent JSON this reader cannot make sense of (a node bug, or a newer shape). */
export class MalformedHubJson extends Error {
  override readonly name = 'MalformedHubJson';
}

type Json = Record<string, unknown>;

function object(value: unknown, what: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new MalformedHubJson(`${what} is not an object`);
  }
  return value as Json;
}

function array(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new MalformedHubJson(`${what} is not an array`);
  return value;
}

function uint(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new MalformedHubJson(`${what} is not a non-negative integer`);
  }
  return value;
}

function text(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new MalformedHubJson(`${what} is not a string`);
  return value;
}

function hexBytes(value: unknown, length: number, what: string): Uint8Array {
  const bytes = typeof value === 'string' ? hexToBytes(value, length) : undefined;
  if (bytes === undefined) throw new MalformedHubJson(`${what} is not ${length} bytes of hex`);
  return bytes;
}

function base64Bytes(value: unknown, what: string, length?: number): Uint8Array {
  const encoded = text(value, what);
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.toString('base64') !== encoded || (length !== undefined && bytes.length !== length)) {
    throw new MalformedHubJson(`${what} is not ${length ?? 'some'} bytes of base64`);
  }
  return new Uint8Array(bytes);
}

/** Absent in our JSON, `null` in some hubs' (node-api.md §7). */
const isAbsent = (value: unknown) => value === undefined || value === null;

/** A HubEvent's id. */
export function eventIdOf(event: unknown): number {
  return uint(object(event, 'event').id, 'event.id');
}

/** UNIX seconds of an event id (ids carry their time, decision 0004). */
function eventSeconds(id: number): number {
  return Math.floor(eventIdTimestampMs(id) / 1000);
}

/** The index changes one HubEvent makes; events of other types make none. */
export function hubEventChanges(event: unknown): IndexChange[] {
  const body = object(event, 'event');
  const id = eventIdOf(event);
  switch (body.type) {
    case 'HUB_EVENT_TYPE_MERGE_MESSAGE': {
      const merge = object(body.mergeMessageBody, 'mergeMessageBody');
      const at = messageSeconds(merge.message);
      // What the merge replaced goes first, so a message merged over an older one of the same key wins.
      const deleted = isAbsent(merge.deletedMessages) ? [] : array(merge.deletedMessages, 'deletedMessages');
      return [
        ...deleted.flatMap((message) => messageChanges(message, { goneAt: at })),
        ...messageChanges(merge.message),
      ];
    }
    case 'HUB_EVENT_TYPE_PRUNE_MESSAGE':
      return messageChanges(object(body.pruneMessageBody, 'pruneMessageBody').message, {
        goneAt: eventSeconds(id),
      });
    case 'HUB_EVENT_TYPE_REVOKE_MESSAGE':
      return messageChanges(object(body.revokeMessageBody, 'revokeMessageBody').message, {
        goneAt: eventSeconds(id),
      });
    case 'HUB_EVENT_TYPE_MERGE_ON_CHAIN_EVENT':
      return onChainEventChanges(object(body.mergeOnChainEventBody, 'mergeOnChainEventBody').onChainEvent);
    default:
      return [];
  }
}

function messageData(message: unknown): Json {
  return object(object(message, 'message').data, 'message.data');
}

/** A message's timestamp in UNIX seconds (messages carry Farcaster seconds). */
function messageSeconds(message: unknown): number {
  return fromFarcasterTime(uint(messageData(message).timestamp, 'message.data.timestamp')) / 1000;
}

/**
 * What a message means for the index: while it is on the node (`gone` absent), or once it has left it
 * (replaced by a merge, pruned, revoked) at `gone.goneAt`. Removes leaving change nothing: the removed
 * thing stays removed.
 */
export function messageChanges(message: unknown, gone?: { goneAt: number }): IndexChange[] {
  const data = messageData(message);
  const fid = uint(data.fid, 'message.data.fid');
  const timestamp = messageSeconds(message);
  switch (data.type) {
    case 'MESSAGE_TYPE_CAST_ADD': {
      const hash = hexBytes(object(message, 'message').hash, 20, 'message.hash');
      if (gone !== undefined) return [{ kind: 'castRemoved', hash, at: gone.goneAt }];
      const body = object(data.castAddBody, 'castAddBody');
      return [
        { kind: 'cast', cast: { hash, fid, timestamp, ...castParent(body), content: castContent(body) } },
      ];
    }
    case 'MESSAGE_TYPE_CAST_REMOVE': {
      if (gone !== undefined) return [];
      const body = object(data.castRemoveBody, 'castRemoveBody');
      return [{ kind: 'castRemoved', hash: base64Bytes(body.targetHash, 'targetHash', 20), at: timestamp }];
    }
    case 'MESSAGE_TYPE_VERIFICATION_ADD_ETH_ADDRESS': {
      const address = verifiedAddress(data.verificationAddAddressBody, 'verificationAddAddressBody');
      if (gone !== undefined) return [{ kind: 'verificationRemoved', fid, ...address }];
      return [{ kind: 'verification', fid, ...address, verifiedAt: timestamp }];
    }
    case 'MESSAGE_TYPE_VERIFICATION_REMOVE': {
      if (gone !== undefined) return [];
      const address = verifiedAddress(data.verificationRemoveBody, 'verificationRemoveBody');
      return [{ kind: 'verificationRemoved', fid, ...address }];
    }
    case 'MESSAGE_TYPE_USER_DATA_ADD': {
      const body = object(data.userDataBody, 'userDataBody');
      const type = userDataType(body.type);
      if (type === undefined) return [];
      // The protocol allows NUL in a value, which PostgreSQL text cannot hold and which means nothing in
      // the names and bios shown to people, so it is dropped.
      const value = gone === undefined ? text(body.value, 'userDataBody.value').replaceAll('\0', '') : '';
      return [{ kind: 'userData', fid, type, value }];
    }
    case 'MESSAGE_TYPE_KEY_ADD': {
      // A gasless key signs for the fid while its KEY_ADD is on the node: a KEY_REMOVE lists it as deleted.
      const body = object(data.keyAddBody, 'keyAddBody');
      const key = hexBytes(body.key, 32, 'keyAddBody.key');
      if (gone !== undefined) return [{ kind: 'signerRemoved', fid, key }];
      const requestFid = requestFidOf(base64Bytes(body.metadata ?? '', 'keyAddBody.metadata'));
      return [{ kind: 'signer', fid, key, requestFid, addedAt: timestamp }];
    }
    default:
      return [];
  }
}

function castParent(body: Json): Pick<CastInput, 'parentUrl' | 'parentHash' | 'parentFid'> {
  const url = isAbsent(body.parentUrl) ? null : text(body.parentUrl, 'parentUrl');
  // No channel url contains NUL (requests carrying one are refused), so a cast under such a url is in no
  // channel, like a cast with no parent url; keeping it would fail in a PostgreSQL text column.
  const parentUrl = url?.includes('\0') === true ? null : url;
  if (isAbsent(body.parentCastId)) return { parentUrl, parentHash: null, parentFid: null };
  const parent = object(body.parentCastId, 'parentCastId');
  return {
    parentUrl,
    parentHash: hexBytes(parent.hash, 20, 'parentCastId.hash'),
    parentFid: uint(parent.fid, 'parentCastId.fid'),
  };
}

/** What the cast says; fields some hubs render as null when empty count as empty. */
function castContent(body: Json): CastContent {
  const list = (value: unknown, what: string) => (isAbsent(value) ? [] : array(value, what));
  const uints = (value: unknown, what: string) => list(value, what).map((item) => uint(item, what));
  // Casts from before 2023-05-03 may carry bare urls in embedsDeprecated instead (never both kinds).
  const deprecated = list(body.embedsDeprecated, 'embedsDeprecated').map((url) => ({
    url: text(url, 'embedsDeprecated'),
  }));
  return {
    text: isAbsent(body.text) ? '' : text(body.text, 'castAddBody.text'),
    embeds: [...deprecated, ...list(body.embeds, 'embeds').flatMap(castEmbed)],
    mentions: uints(body.mentions, 'mentions'),
    mentionsPositions: uints(body.mentionsPositions, 'mentionsPositions'),
  };
}

/** An embed of a kind this build does not know is left out, rather than the whole cast. */
function castEmbed(value: unknown): CastEmbed[] {
  const embed = object(value, 'embed');
  if (typeof embed.url === 'string') return [{ url: embed.url }];
  if (isAbsent(embed.castId)) return [];
  const castId = object(embed.castId, 'embed.castId');
  const hash = bytesToHex(hexBytes(castId.hash, 20, 'embed.castId.hash'));
  return [{ castId: { fid: uint(castId.fid, 'embed.castId.fid'), hash } }];
}

/** A user data type the node knows but this build does not is skipped rather than failing the event. */
function userDataType(value: unknown): number | undefined {
  try {
    return userDataTypeFromJSON(value);
  } catch {
    return undefined;
  }
}

/** Ethereum addresses EIP-55 checksummed, Solana ones base58 as the node renders them. */
function verifiedAddress(value: unknown, what: string): { protocol: Protocol; address: string } {
  const body = object(value, what);
  if (body.protocol === 'PROTOCOL_SOLANA') {
    const address = text(body.address, `${what}.address`);
    if (base58ToBytes(address)?.length !== 32) {
      throw new MalformedHubJson(`${what}.address is not a base58 Solana address`);
    }
    return { protocol: 'solana', address };
  }
  if (!isAbsent(body.protocol) && body.protocol !== 'PROTOCOL_ETHEREUM') {
    throw new MalformedHubJson(`${what}.protocol ${String(body.protocol)} is unknown`);
  }
  const bytes = hexBytes(body.address, 20, `${what}.address`);
  return { protocol: 'ethereum', address: getAddress(bytesToHex(bytes)) };
}

/**
 * Changes from a signer record of `/v1/signersByFid`: an on-chain key as its ADD event says, a gasless key
 * (listed until it is removed, expired or not) as the record says.
 */
export function signerRecordChanges(value: unknown): IndexChange[] {
  const record = object(value, 'signer');
  if (record.source === 'SIGNER_SOURCE_ONCHAIN') return onChainEventChanges(record.onChainEvent);
  if (record.source !== 'SIGNER_SOURCE_OFFCHAIN') return [];
  return [
    {
      kind: 'signer',
      fid: uint(record.fid, 'signer.fid'),
      key: hexBytes(record.key, 32, 'signer.key'),
      requestFid: isAbsent(record.requestFid) ? null : uint(record.requestFid, 'signer.requestFid'),
      addedAt: uint(record.addedAt, 'signer.addedAt'),
    },
  ];
}

/** Changes from an OnChainEvent: only signer events of Ed25519 keys matter to the index. */
export function onChainEventChanges(value: unknown): IndexChange[] {
  const event = object(value, 'onChainEvent');
  if (event.type !== 'EVENT_TYPE_SIGNER') return [];
  const fid = uint(event.fid, 'onChainEvent.fid');
  const body = object(event.signerEventBody, 'signerEventBody');
  const key = hexBytes(body.key, 32, 'signerEventBody.key');
  switch (body.eventType) {
    case 'SIGNER_EVENT_TYPE_ADD': {
      if (body.keyType !== KEY_TYPE_ED25519) return [];
      const requestFid =
        body.metadataType === METADATA_TYPE_SIGNED_KEY_REQUEST
          ? requestFidOf(base64Bytes(body.metadata ?? '', 'signerEventBody.metadata'))
          : null;
      return [
        { kind: 'signer', fid, key, requestFid, addedAt: uint(event.blockTimestamp, 'blockTimestamp') },
      ];
    }
    // The node treats an admin reset as the key going back to the contract's NULL: inactive (decision 0005).
    case 'SIGNER_EVENT_TYPE_REMOVE':
    case 'SIGNER_EVENT_TYPE_ADMIN_RESET':
      return [{ kind: 'signerRemoved', fid, key }];
    default:
      return [];
  }
}

/**
 * The app fid of a SignedKeyRequest metadata (an abi-encoded SignedKeyRequestMetadata tuple), or null when
 * the bytes are not one: the node stores whatever the validator accepted and does not decode it itself.
 */
export function requestFidOf(metadata: Uint8Array): number | null {
  const decoded = decodeSignedKeyRequestMetadata(metadata);
  if (!decoded.ok) return null;
  const fid = Number(decoded.value.requestFid);
  return Number.isSafeInteger(fid) ? fid : null;
}

/** The changes of each item; an item that is not hub JSON this reader knows is passed to `skip` instead. */
export function changesOf(
  items: readonly unknown[],
  read: (item: unknown) => IndexChange[],
  skip: (error: MalformedHubJson, item: unknown) => void,
): IndexChange[] {
  return items.flatMap((item) => {
    try {
      return read(item);
    } catch (error) {
      if (!(error instanceof MalformedHubJson)) throw error;
      skip(error, item);
      return [];
    }
  });
}
