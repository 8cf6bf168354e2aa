import type { HttpApp } from '../../../shared/http/index.js';
import type { NodeApi } from '../../api.js';
import { found } from '../../failure.js';
import { notFound } from '../../not-found.js';
import * as p from '../params.js';
import { eventsJson, hubEventJson, infoJson } from '../render.js';
import { EventsPage, HubEvent, Info } from './response-schemas.js';
import { described } from './route-schema.js';

/** The event log and the node's own description. */
export function registerEventRoutes(app: HttpApp, api: NodeApi): void {
  app.get(
    '/v1/events',
    described(
      '100 events from an id on, oldest first',
      {
        from_event_id: 'First event id to return (inclusive); 0 or absent for the oldest retained event',
      },
      EventsPage,
    ),
    async ({ query }) => eventsJson(await api.events(p.optional(query, 'from_event_id', p.uint) ?? 0)),
  );

  app.get(
    '/v1/eventById',
    described(
      'One event by its id',
      { event_id: 'The event id (required)', id: 'Same as event_id' },
      HubEvent,
    ),
    async ({ query }) => {
      const id = p.required(query, ['event_id', 'id'], p.uint);
      return hubEventJson(found(await api.event(id), notFound.event(id)));
    },
  );

  app.get(
    '/v1/info',
    described(
      'Version, and with `dbstats` the size of the data',
      {
        dbstats: 'Include dbStats when set to anything but 0 or false',
      },
      Info,
    ),
    async ({ query }) => {
      const dbStats = p.optional(query, 'dbstats', p.flag) ? await api.dbStats() : undefined;
      return infoJson(api, await api.sync.trie.rootHash(), dbStats);
    },
  );
}
