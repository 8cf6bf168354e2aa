import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { HubEventType } from '../../protocol/gen/hub_event.js';
import type { NodeTables } from '../store/schema.js';
import { afterOnDisk, loggedEvent } from './event-log.js';
import type { LoggedEvent } from './event-log.js';

/**
 * Rows of the log one scan page looks at, whatever their type. Bounds a page's work however sparse the
 * wanted types are: a filter that matches nothing costs this many ids and types read per page, and no
 * event is decoded (or its bytes read out) unless it is sent.
 */
export const SCAN_ROWS = 1000;

export interface ScanPage {
  /** The events of the wanted types, oldest first, each with its stored bytes. */
  events: LoggedEvent[];
  /** Where the next page starts: every event from `fromId` up to it (exclusive) has been looked at. */
  nextId: number;
  /** Whether the page looked at the log to its end, as the log stood when the page was read. */
  atEnd: boolean;
}

/**
 * The next page of a typed follow: the events of `types` among the next SCAN_ROWS events of the log from
 * `fromId` (inclusive), in one query that hands back the bytes of the wanted rows only.
 */
export async function scanEvents(
  db: Kysely<NodeTables>,
  fromId: number,
  types: ReadonlySet<HubEventType>,
): Promise<ScanPage> {
  const query = db
    .selectFrom('hub_events')
    .select((eb) => [
      'id',
      types.size === 0
        ? sql<Uint8Array | null>`null`.as('encoded')
        : eb
            .case()
            .when('type', 'in', [...types])
            .then(eb.ref('encoded'))
            .end()
            .as('encoded'),
    ])
    .where('id', '>=', fromId)
    .orderBy('id')
    .limit(SCAN_ROWS);
  const rows = await afterOnDisk(db, query.execute());
  const events: LoggedEvent[] = [];
  for (const { encoded } of rows) if (encoded !== null) events.push(loggedEvent(encoded));
  const last = rows.at(-1);
  return {
    events,
    nextId: last === undefined ? fromId : Number(last.id) + 1,
    atEnd: rows.length < SCAN_ROWS,
  };
}
