import { onChainEventTypeFromJSON } from '../../../protocol/gen/onchain_event.js';
import type { HttpApp } from '../../../shared/http/index.js';
import type { NodeApi } from '../../api.js';
import { found } from '../../failure.js';
import { notFound } from '../../not-found.js';
import { chainPositions, fidPositions, signerPositions } from '../../paging.js';
import { pageRequest } from '../paging.js';
import * as p from '../params.js';
import type { Query } from '../params.js';
import {
  fidAddressTypeJson,
  fidsJson,
  onChainEventJson,
  onChainEventsJson,
  oneOnChainEventJson,
  signerJson,
  signersJson,
  storageLimitsJson,
} from '../render.js';
import {
  FidAddressType,
  Fids,
  ONE_ON_CHAIN_EVENT_OR_PAGE,
  OnChainEvent,
  OnChainEventsPage,
  OneSigner,
  Signers,
  StorageLimits,
} from './response-schemas.js';
import { described, FID, PAGING } from './route-schema.js';

const eventType = p.enumOf(onChainEventTypeFromJSON, 'EVENT_TYPE_');

/**
 * `requesterFids` (or `requester_fids`, which wins when both are given, as Snapchain reads them): repeated,
 * comma-separated, or both.
 */
function requesterFids(query: Query): number[] {
  const name = query.requester_fids !== undefined ? 'requester_fids' : 'requesterFids';
  const value = query[name];
  const texts = (Array.isArray(value) ? value : [value]).filter((text) => typeof text === 'string');
  return texts
    .flatMap((text: string) => text.split(','))
    .filter((text) => text !== '')
    .map((text) => p.fid(text, name));
}

/**
 * Accounts: fids, custody and storage as the chain defines them, and their keys, on chain and gasless
 * (Snapchain's unified signer reads, snapchain-messages.md §4.4, and its address relation read, §6).
 */
export function registerOnChainRoutes(app: HttpApp, api: NodeApi): void {
  app.get('/v1/fids', described('Registered fids, ascending', PAGING, Fids), async ({ query }) =>
    fidsJson(await api.fids(pageRequest(query, fidPositions))),
  );

  app.get(
    '/v1/storageLimitsByFid',
    described("A fid's storage units, and each store's limit and use", { fid: FID }, StorageLimits),
    async ({ query }) => storageLimitsJson(await api.engine.storageUsage(p.required(query, 'fid', p.fid))),
  );

  app.get(
    '/v1/onChainSignersByFid',
    described(
      "The ADD events of a fid's active signers, or of `signer`",
      {
        fid: FID,
        signer:
          'An Ed25519 key, 0x + 64 hex digits; with it, that one event, as `events: [event]` and as the event itself',
        ...PAGING,
      },
      ONE_ON_CHAIN_EVENT_OR_PAGE,
    ),
    async ({ query }) => {
      const fid = p.required(query, 'fid', p.fid);
      const signer = p.optional(query, 'signer', p.signerKey);
      if (signer === undefined)
        return onChainEventsJson(await api.activeSigners(fid, pageRequest(query, chainPositions)));
      return oneOnChainEventJson(found(await api.activeSigner(fid, signer), notFound.onChainSigner()));
    },
  );

  app.get(
    '/v1/onChainEventsByFid',
    described(
      "A fid's on-chain events of one type, in chain order",
      {
        fid: 'The fid (required; 0 for EVENT_TYPE_SIGNER_MIGRATED)',
        event_type:
          'EVENT_TYPE_SIGNER (1), _SIGNER_MIGRATED (2), _ID_REGISTER (3) or _STORAGE_RENT (4) (required)',
        ...PAGING,
      },
      OnChainEventsPage,
    ),
    async ({ query }) => {
      const fid = p.required(query, 'fid', p.uint);
      const type = p.required(query, 'event_type', eventType);
      return onChainEventsJson(await api.onChainEvents(fid, type, pageRequest(query, chainPositions)));
    },
  );

  app.get(
    '/v1/onChainIdRegistryEventByAddress',
    described(
      'The id registry event that made an address the custody address of its fid',
      {
        address: 'Ethereum address, 0x + 40 hex digits (required)',
      },
      OnChainEvent,
    ),
    async ({ query }) => {
      const address = p.required(query, 'address', p.ethAddress);
      const event = await api.idRegisterEventByAddress(address);
      return onChainEventJson(found(event, notFound.idRegisterEventByAddress(address)));
    },
  );

  app.get(
    '/v1/signer',
    described(
      "One of a fid's keys, on chain or gasless (expired ones too), as a signer record",
      {
        fid: FID,
        signer: 'The Ed25519 key, 32 bytes of hex (0x optional; required)',
      },
      OneSigner,
    ),
    async ({ query }) => {
      const fid = p.required(query, 'fid', p.fid);
      const key = p.required(query, 'signer', p.signerKey);
      return { signer: signerJson(found(await api.signer(fid, key), notFound.signer())) };
    },
  );

  app.get(
    '/v1/signersByFid',
    described(
      "A fid's on-chain keys, then its gasless keys, with its gasless count and nonces",
      {
        fid: FID,
        ...PAGING,
        requesterFids:
          'App fids whose self-revocation nonces to report: repeated or comma-separated (requester_fids too)',
      },
      Signers,
    ),
    async ({ query }) => {
      const fid = p.required(query, 'fid', p.fid);
      const page = await api.signers(fid, pageRequest(query, signerPositions));
      return signersJson(page, await api.signerCounts(fid, requesterFids(query)));
    },
  );

  app.get(
    '/v1/fidAddressType',
    described(
      "Whether an address is the fid's custody, one of its auth addresses, or verified by it",
      {
        fid: FID,
        address: 'Ethereum (0x + 40 hex digits) or Solana (base58) address (required)',
      },
      FidAddressType,
    ),
    async ({ query }) => {
      const fid = p.required(query, 'fid', p.fid);
      const address = p.required(query, 'address', p.verifiedAddress);
      return fidAddressTypeJson(await api.fidAddressType(fid, address));
    },
  );
}
