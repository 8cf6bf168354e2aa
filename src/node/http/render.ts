import { HubEvent } from '../../protocol/gen/hub_event.js';
import {
  Message,
  messageTypeToJSON,
  storageUnitTypeToJSON,
  StorageUnitType,
} from '../../protocol/gen/message.js';
import { OnChainEvent } from '../../protocol/gen/onchain_event.js';
import {
  FidsResponse,
  OnChainEventResponse,
  signerSourceToJSON,
  StorageLimit,
  UsernameProofsResponse,
  ValidationResponse,
} from '../../protocol/gen/request_response.js';
import type { Signer } from '../../protocol/gen/request_response.js';
import { bytesToHex } from '../../protocol/hex.js';
import { UserNameProof } from '../../protocol/gen/username_proof.js';
import { toHubJson } from '../../protocol/hub-json.js';
import type { DbStats, FidAddressType, NodeApi } from '../api.js';
import { storageLimitsOf } from '../engine/index.js';
import type { SignerCounts, SignerPosition, StorageUsage } from '../engine/index.js';
import type { EventsPage } from '../events/index.js';
import type { ChainPosition } from '../onchain/index.js';
import type { Page } from '../store/page.js';
import { chainPositions, fidPositions, nextPageToken, signerPositions } from '../paging.js';

/**
 * The reference's JSON for each response: the generated type's ts-proto JSON with the hub's byte-field
 * rewrite (`toHubJson`, decision 0003), so a response equals what a Hubble hub sends for the same data.
 */

export const messageJson = (message: Message) => toHubJson(Message, message);
export const onChainEventJson = (event: OnChainEvent) => toHubJson(OnChainEvent, event);
export const hubEventJson = (event: HubEvent) => toHubJson(HubEvent, event);
export const usernameProofJson = (proof: UserNameProof) => toHubJson(UserNameProof, proof);

/**
 * One event where the spec (§4.9) answers an `events` array and the older reference the bare event:
 * both, so clients written for either read it.
 */
export function oneOnChainEventJson(event: OnChainEvent): unknown {
  const json = onChainEventJson(event) as Record<string, unknown>;
  return { events: [json], ...json };
}

/** `nextPageToken` only when a next page exists, as the reference sends it. */
export function onChainEventsJson(page: Page<OnChainEvent, ChainPosition>): unknown {
  return toHubJson(OnChainEventResponse, {
    events: page.items,
    nextPageToken: nextPageToken(page, chainPositions),
  });
}

export function fidsJson(page: Page<number, number>): unknown {
  return toHubJson(FidsResponse, { fids: page.items, nextPageToken: nextPageToken(page, fidPositions) });
}

export function usernameProofsJson(proofs: UserNameProof[]): unknown {
  return toHubJson(UsernameProofsResponse, { proofs });
}

export function validationJson(message: Message): unknown {
  return toHubJson(ValidationResponse, { valid: true, message });
}

export function eventsJson(page: EventsPage): unknown {
  return { nextPageEventId: page.nextPageEventId, events: page.events.map(hubEventJson) };
}

/**
 * `limits`, `units` and `unitDetails` of `{unitType, unitSize}`, as both references answer over HTTP: the net
 * units (purchased − lent + borrowed) and each store's limit for them, the lends row (Snapchain's
 * STORAGE_LENDS) included. gRPC adds the purchased, lent and borrowed sizes.
 */
export function storageLimitsJson(usage: StorageUsage): unknown {
  const limits = storageLimitsOf(usage).map((limit) => toHubJson(StorageLimit, limit));
  const { legacy, units2024 } = usage.balance.net;
  return {
    limits,
    units: legacy + units2024,
    unitDetails: [
      { unitType: storageUnitTypeToJSON(StorageUnitType.UNIT_TYPE_LEGACY), unitSize: legacy },
      { unitType: storageUnitTypeToJSON(StorageUnitType.UNIT_TYPE_2024), unitSize: units2024 },
    ],
  };
}

/** Only the fields a record has: Snapchain leaves absent ones out. */
function present(fields: Record<string, number | undefined>): Record<string, number> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Record<
    string,
    number
  >;
}

/**
 * Snapchain's signer JSON, which it builds by hand: `key` hex, `scopes` as MessageType names (left out when
 * empty), `onChainEvent` (with a capital C) as the event's hub JSON, absent fields left out.
 */
export function signerJson(signer: Signer): unknown {
  const { addedAt, lastUsedAt, ttl, expiresAt, requestFid, nonce, onchainEvent } = signer;
  return {
    source: signerSourceToJSON(signer.source),
    key: bytesToHex(signer.key),
    keyType: signer.keyType,
    fid: signer.fid,
    ...present({ addedAt, lastUsedAt, ttl, expiresAt }),
    ...(signer.scopes.length > 0 && { scopes: signer.scopes.map(messageTypeToJSON) }),
    ...present({ requestFid, nonce }),
    ...(onchainEvent !== undefined && { onChainEvent: onChainEventJson(onchainEvent) }),
  };
}

/** `nextPageToken` (base64) only when a next page exists, `requesterFidNonces` only when asked for. */
export function signersJson(page: Page<Signer, SignerPosition>, counts: SignerCounts): unknown {
  const token = nextPageToken(page, signerPositions);
  const { requesterFidNonces, ...fidCounts } = counts;
  return {
    signers: page.items.map(signerJson),
    ...(token !== undefined && { nextPageToken: Buffer.from(token).toString('base64') }),
    ...fidCounts,
    ...(Object.keys(requesterFidNonces).length > 0 && { requesterFidNonces }),
  };
}

/** Snapchain answers this one in snake case. */
export function fidAddressTypeJson(type: FidAddressType): unknown {
  return { is_custody: type.isCustody, is_auth: type.isAuth, is_verified: type.isVerified };
}

/**
 * Hubble's HubInfoResponse. The node is syncing while its chain reader is behind; it has no peer id or
 * operator fid, which keep the reference's shape, empty.
 */
export function infoJson(
  info: Pick<NodeApi, 'version' | 'isSyncing'>,
  rootHash: string,
  dbStats: DbStats | undefined,
): unknown {
  return {
    version: info.version,
    isSyncing: info.isSyncing(),
    nickname: 'agora',
    rootHash,
    ...(dbStats !== undefined && {
      dbStats: {
        numMessages: dbStats.numMessages,
        numFidEvents: dbStats.numFidEvents,
        numFnameEvents: dbStats.numFnameEvents,
        approxSize: dbStats.approxSize,
      },
    }),
    peerId: '',
    hubOperatorFid: 0,
  };
}
