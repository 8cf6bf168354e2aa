import { eventWire } from './hub-service.js';
import type { NodeApi } from '../api.js';
import { found } from '../failure.js';
import { notFound } from '../not-found.js';
import { fidPositions, nextPageToken } from '../paging.js';
import type { UnaryHandlers } from './handler.js';
import { pageOf, withinBudget } from './paging.js';
import { keptReads } from './kept-reads.js';
import { accountReadHandlers } from './reads-accounts.js';
import { messageReadHandlers } from './reads-messages.js';

/**
 * Every unary read of HubService, over the node API functions the HTTP routes call. Agora keeps one
 * data shard, so `shard_index` (EventRequest, EventsRequest) and `shard_id` (FidsRequest) choose nothing
 * and are not checked: hub-nodejs 0.17 sends 0 where Snapchain would refuse it.
 */
export function readHandlers(api: NodeApi): UnaryHandlers {
  return {
    ...keptReads(messageReadHandlers(api.engine), api.keptMessages),
    ...accountReadHandlers(api),

    GetEvent: async ({ id }) => found(await api.event(id), notFound.event(id)),
    /** start_id inclusive, stop_id exclusive, paged by event id (fidPositions' 8 bytes). */
    async GetEvents(request) {
      const page = await api.eventsBetween(
        { startId: request.startId, stopId: request.stopId },
        pageOf(request, fidPositions),
      );
      const kept = withinBudget(page, eventWire, (event) => event.id);
      return { events: kept.items, nextPageToken: nextPageToken(kept, fidPositions) };
    },
  };
}
