import { StorageUnitType } from '../../protocol/gen/message.js';
import { OnChainEvent, onChainEventTypeFromJSON } from '../../protocol/gen/onchain_event.js';
import { Signer } from '../../protocol/gen/request_response.js';
import type { OnChainEventResponse, StorageLimitsResponse } from '../../protocol/gen/request_response.js';
import type { NodeApi } from '../api.js';
import { storageLimitsOf } from '../engine/index.js';
import type { StorageUsage } from '../engine/index.js';
import { found } from '../failure.js';
import { notFound } from '../not-found.js';
import type { ChainPosition } from '../onchain/index.js';
import { chainPositions, fidPositions, nextPageToken } from '../paging.js';
import type { Page } from '../store/page.js';
import type { UnaryHandlers } from './handler.js';
import { pageOf, withinBudget } from './paging.js';
import {
  ethAddressOf,
  fidOf,
  knownEnum,
  signerKeyOf,
  usernameOf,
  verifiedAddressOf,
} from './request-fields.js';

const eventPosition = (event: OnChainEvent): ChainPosition => ({
  blockNumber: event.blockNumber,
  logIndex: event.logIndex,
});

/** No next_page_token on the last page, as both references send it. */
function onChainEventsResponse(page: Page<OnChainEvent, ChainPosition>): OnChainEventResponse {
  const kept = withinBudget(page, OnChainEvent, eventPosition);
  return { events: kept.items, nextPageToken: nextPageToken(kept, chainPositions) };
}

function signerPosition(signer: Signer): ChainPosition {
  if (signer.onchainEvent === undefined) throw new TypeError('an on-chain signer has its event');
  return eventPosition(signer.onchainEvent);
}

/**
 * Snapchain's StorageLimitsResponse. Agora neither lends nor borrows units, so each unit type's net size
 * is its purchased size; tiers are none.
 */
function storageLimitsResponse(usage: StorageUsage): StorageLimitsResponse {
  const { units } = usage;
  const unitDetail = (unitType: StorageUnitType, unitSize: number) => ({
    unitType,
    unitSize,
    purchasedUnitSize: unitSize,
    lentUnitSize: 0,
    borrowedUnitSize: 0,
  });
  return {
    limits: storageLimitsOf(usage),
    units: units.legacy + units.units2024,
    unitDetails: [
      unitDetail(StorageUnitType.UNIT_TYPE_LEGACY, units.legacy),
      unitDetail(StorageUnitType.UNIT_TYPE_2024, units.units2024),
    ],
    tierSubscriptions: [],
  };
}

/** Accounts: fids, on-chain events and keys, storage, usernames, and how an address relates to a fid. */
export function accountReadHandlers(api: NodeApi): UnaryHandlers {
  return {
    async GetFids(request) {
      const page = await api.fids(pageOf(request, fidPositions));
      return { fids: page.items, nextPageToken: nextPageToken(page, fidPositions) };
    },

    /**
     * Both references ignore paging here and return every event. Agora pages as GetOnChainSignersByFid
     * does, as the HTTP route does, so one answer stays bounded; a client that pages gets every event.
     */
    GetOnChainEvents: async (request) =>
      onChainEventsResponse(
        await api.onChainEvents(
          request.fid,
          knownEnum(request.eventType, onChainEventTypeFromJSON, 'event_type'),
          pageOf(request, chainPositions),
        ),
      ),
    async GetIdRegistryOnChainEvent(request) {
      const fid = fidOf(request.fid);
      return found(await api.idRegisterEvent(fid), notFound.idRegisterEvent(fid));
    },
    async GetIdRegistryOnChainEventByAddress(request) {
      const address = ethAddressOf(request.address);
      return found(await api.idRegisterEventByAddress(address), notFound.idRegisterEventByAddress(address));
    },

    async GetOnChainSigner(request) {
      const signer = await api.activeSigner(fidOf(request.fid), signerKeyOf(request.signer));
      return found(signer, notFound.onChainSigner());
    },
    GetOnChainSignersByFid: async (request) =>
      onChainEventsResponse(await api.activeSigners(fidOf(request.fid), pageOf(request, chainPositions))),
    async GetSigner(request) {
      const signer = await api.signer(fidOf(request.fid), signerKeyOf(request.signer));
      return { signer: found(signer, notFound.signer()) };
    },
    /** Gasless keys, their count, limit and nonces are Snapchain's; Agora has none, so each is 0. */
    async GetSignersByFid(request) {
      const page = await api.signers(fidOf(request.fid), pageOf(request, chainPositions));
      const kept = withinBudget(page, Signer, signerPosition);
      return {
        signers: kept.items,
        nextPageToken: nextPageToken(kept, chainPositions),
        gaslessSignerCount: 0,
        gaslessSignerLimit: 0,
        currentUserNonce: 0,
        // One entry per requester fid, a missing counter reading 0, as Snapchain answers.
        requesterFidNonces: Object.fromEntries(request.requesterFids.map((fid) => [fid, 0])),
      };
    },

    GetCurrentStorageLimitsByFid: async (request) =>
      storageLimitsResponse(await api.engine.storageUsage(fidOf(request.fid))),
    GetFidAddressType: async (request) =>
      api.fidAddressType(fidOf(request.fid), verifiedAddressOf(request.address)),

    async GetUsernameProof(request) {
      const name = usernameOf(request.name);
      return found(await api.usernameProof(name), notFound.usernameProof(name));
    },
    GetUserNameProofsByFid: async (request) => ({
      proofs: await api.usernameProofs(fidOf(request.fid)),
    }),
  };
}
