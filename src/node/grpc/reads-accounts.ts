import { StorageUnitType } from '../../protocol/gen/message.js';
import { OnChainEvent, onChainEventTypeFromJSON } from '../../protocol/gen/onchain_event.js';
import { Signer } from '../../protocol/gen/request_response.js';
import type { OnChainEventResponse, StorageLimitsResponse } from '../../protocol/gen/request_response.js';
import type { NodeApi } from '../api.js';
import { signerPosition, storageLimitsOf } from '../engine/index.js';
import type { StorageUsage } from '../engine/index.js';
import { found } from '../failure.js';
import { notFound } from '../not-found.js';
import type { ChainPosition, StorageUnits } from '../onchain/index.js';
import { chainPositions, fidPositions, nextPageToken, signerPositions } from '../paging.js';
import type { Page } from '../store/page.js';
import type { UnaryHandlers } from './handler.js';
import { encodedSize, pageOf, withinBudget } from './paging.js';
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
  const kept = withinBudget(page, encodedSize(OnChainEvent), eventPosition);
  return { events: kept.items, nextPageToken: nextPageToken(kept, chainPositions) };
}

/**
 * Snapchain's StorageLimitsResponse: net units and the limits they give, and per unit type the net size
 * beside the purchased, lent and borrowed ones. Tiers are none.
 */
function storageLimitsResponse(usage: StorageUsage): StorageLimitsResponse {
  const { purchased, lent, borrowed, net } = usage.balance;
  const unitDetail = (unitType: StorageUnitType, kind: keyof StorageUnits) => ({
    unitType,
    unitSize: net[kind],
    purchasedUnitSize: purchased[kind],
    lentUnitSize: lent[kind],
    borrowedUnitSize: borrowed[kind],
  });
  return {
    limits: storageLimitsOf(usage),
    units: net.legacy + net.units2024,
    unitDetails: [
      unitDetail(StorageUnitType.UNIT_TYPE_LEGACY, 'legacy'),
      unitDetail(StorageUnitType.UNIT_TYPE_2024, 'units2024'),
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
    /** On-chain keys first, then gasless ones; the counts and nonces are the fid's, whatever the page. */
    async GetSignersByFid(request) {
      const fid = fidOf(request.fid);
      const page = await api.signers(fid, pageOf(request, signerPositions));
      const kept = withinBudget(page, encodedSize(Signer), signerPosition);
      const requesterFids = request.requesterFids.map((requester) => fidOf(requester, 'requester_fids'));
      return {
        signers: kept.items,
        nextPageToken: nextPageToken(kept, signerPositions),
        ...(await api.signerCounts(fid, requesterFids)),
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
