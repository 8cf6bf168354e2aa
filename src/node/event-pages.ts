import type { Kysely } from 'kysely';
import { HubEvent } from '../protocol/gen/hub_event.js';
import { checkLimit, toPage } from './store/page.js';
import type { Page, PageRequest } from './store/page.js';
import type { NodeTables } from './store/schema.js';

/** Event ids from `startId` (inclusive) to `stopId` (exclusive; absent: no end), as GetEvents takes them. */
export interface EventRange {
  startId: number;
  stopId?: number | undefined;
}

/** The retained events in `range` (events/event-log.ts), keyset-paged by id: `after` is the last id served. */
export async function eventsBetween(
  db: Kysely<NodeTables>,
  { startId, stopId }: EventRange,
  page: PageRequest<number>,
): Promise<Page<HubEvent, number>> {
  const limit = checkLimit(page.limit);
  let query = db
    .selectFrom('hub_events')
    .select(['id', 'encoded'])
    .where('id', '>=', startId)
    .orderBy('id', page.reverse ? 'desc' : 'asc')
    .limit(limit + 1);
  if (stopId !== undefined) query = query.where('id', '<', stopId);
  if (page.after !== undefined) query = query.where('id', page.reverse ? '<' : '>', page.after);
  return toPage(
    await query.execute(),
    limit,
    (row) => HubEvent.decode(row.encoded),
    (row) => row.id,
  );
}
