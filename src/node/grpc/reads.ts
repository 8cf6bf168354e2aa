import { HubEvent } from '../../protocol/gen/hub_event.js';
import type { NodeApi } from '../api.js';
import { found } from '../failure.js';
import { notFound } from '../not-found.js';
import { fidPositions } from '../paging.js';
import type { UnaryHandlers } from './handler.js';
import { pageOf, pageResponse } from './paging.js';
import { keptReads } from './kept-reads.js';
import { accountReadHandlers } from './reads-accounts.js';
import { messageReadMethods } from './reads-messages.js';

/**
 * Every unary read of HubService, over the node API functions the HTTP routes call. Agora keeps one
 * data shard, so `shard_index` (EventRequest, EventsRequest) and `shard_id` (FidsRequest) choose nothing
 * and are not checked: hub-nodejs 0.17 sends 0 where Snapchain would refuse it.
 */
export function readHandlers(api: NodeApi): UnaryHandlers {
  return {
    ...keptReads(messageReadMethods(api.engine), api.keptMessages),
    ...accountReadHandlers(api),

    GetEvent: async ({ id }) => found(await api.event(id), notFound.event(id)),
    /** start_id inclusive, stop_id exclusive, paged by event id (fidPositions' 8 bytes). */
    async GetEvents(request) {
      const page = await api.eventsBetween(
        { startId: request.startId, stopId: request.stopId },
        pageOf(request, fidPositions),
      );
      // Each event encoded once: its size counts toward the budget, its bytes are sent.
      const items = page.items.map((event) => ({ id: event.id, bytes: HubEvent.encode(event).finish() }));
      return pageResponse(
        { items, next: page.next },
        (event) => event.bytes,
        (event) => event.id,
        fidPositions,
      );
    },
  };
}
