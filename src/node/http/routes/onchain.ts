import { onChainEventTypeFromJSON } from '../../../protocol/gen/onchain_event.js';
import type { HttpApp } from '../../../shared/http/index.js';
import type { NodeApi } from '../../api.js';
import { found } from '../../failure.js';
import { notFound } from '../../not-found.js';
import { chainPositions, fidPositions } from '../../paging.js';
import { pageRequest } from '../paging.js';
import * as p from '../params.js';
import {
  fidsJson,
  onChainEventJson,
  onChainEventsJson,
  oneOnChainEventJson,
  storageLimitsJson,
} from '../render.js';
import { described, FID, PAGING } from './route-schema.js';

const eventType = p.enumOf(onChainEventTypeFromJSON, 'EVENT_TYPE_');

/** Accounts as the chain defines them: fids, custody, signers and storage. */
export function registerOnChainRoutes(app: HttpApp, api: NodeApi): void {
  app.get('/v1/fids', described('Registered fids, ascending', PAGING), async ({ query }) =>
    fidsJson(await api.fids(pageRequest(query, fidPositions))),
  );

  app.get(
    '/v1/storageLimitsByFid',
    described("A fid's storage units, and each store's limit and use", { fid: FID }),
    async ({ query }) => storageLimitsJson(await api.engine.storageUsage(p.required(query, 'fid', p.fid))),
  );

  app.get(
    '/v1/onChainSignersByFid',
    described("The ADD events of a fid's active signers, or of `signer`", {
      fid: FID,
      signer:
        'An Ed25519 key, 0x + 64 hex digits; with it, that one event, as `events: [event]` and as the event itself',
      ...PAGING,
    }),
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
    described("A fid's on-chain events of one type, in chain order", {
      fid: 'The fid (required; 0 for EVENT_TYPE_SIGNER_MIGRATED)',
      event_type:
        'EVENT_TYPE_SIGNER (1), _SIGNER_MIGRATED (2), _ID_REGISTER (3) or _STORAGE_RENT (4) (required)',
      ...PAGING,
    }),
    async ({ query }) => {
      const fid = p.required(query, 'fid', p.uint);
      const type = p.required(query, 'event_type', eventType);
      return onChainEventsJson(await api.onChainEvents(fid, type, pageRequest(query, chainPositions)));
    },
  );

  app.get(
    '/v1/onChainIdRegistryEventByAddress',
    described('The id registry event that made an address the custody address of its fid', {
      address: 'Ethereum address, 0x + 40 hex digits (required)',
    }),
    async ({ query }) => {
      const address = p.required(query, 'address', p.ethAddress);
      const event = await api.idRegisterEventByAddress(address);
      return onChainEventJson(found(event, notFound.idRegisterEventByAddress(address)));
    },
  );
}
