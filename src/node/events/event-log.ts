import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import { HubEvent } from '../../protocol/gen/hub_event.js';
import { makeEventId } from '../../protocol/time.js';
import { checkLimit, toPage } from '../store/page.js';
import type { Page, PageRequest } from '../store/page.js';
import type { NodeTables } from '../store/schema.js';
import type { Clock } from '../../shared/clock.js';
import { onDisk } from '../../storage/index.js';
import { reusableQuery, reusableQueryByShape } from '../../storage/reusable-query.js';

/** An event to append: the log assigns the id. */
export type NewHubEvent = Omit<HubEvent, 'id'>;

/** Events per page of `/v1/events` (the reference's store page size, not the HTTP one). */
export const EVENTS_PAGE_SIZE = 100;

/** How long events are kept (spec §8: 3 days). */
export const EVENT_RETENTION_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * Rows per insert statement. Each row count has a statement of its own, compiled once (Kysely's building
 * and compiling cost a merge batch about what SQLite takes to insert its events); more rows go in chunks of
 * this many, so there are never more than this many such statements.
 */
const INSERT_CHUNK = 64;

/** The insert of `count` events, given as the id, type and encoding of each in turn. */
const insertEvents = reusableQueryByShape(
  (count: number) => String(count),
  (count: number, db: Kysely<NodeTables>, ...rows: unknown[]) =>
    db.insertInto('hub_events').values(
      Array.from({ length: count }, (_, i) => ({
        id: rows[3 * i] as number,
        type: rows[3 * i + 1] as number,
        encoded: rows[3 * i + 2] as Uint8Array,
      })),
    ),
);

/** Moves the clock on by `count` ids, to `floor + count - 1` if it is behind `floor`; returns the last. */
const reserveIds = reusableQuery(
  (db: Kysely<NodeTables>, floor: number, count: number, lastAtFloor: number) =>
    db
      .updateTable('hub_event_clock')
      .set({
        last_id: sql<number>`case when last_id + 1 > ${floor} then last_id + ${count} else ${lastAtFloor} end`,
      })
      .where('id', '=', 1)
      .returning('last_id'),
);

const touchClock = reusableQuery((db: Kysely<NodeTables>) =>
  db
    .updateTable('hub_event_clock')
    .set({ last_id: sql<number>`last_id` })
    .where('id', '=', 1),
);

/**
 * Appends `events` to the log inside the caller's transaction and returns them with their ids.
 *
 * One UPDATE ... RETURNING on the single `hub_event_clock` row reserves the ids: on PostgreSQL it holds
 * the row lock until the transaction ends, so the next writer's ids are reserved only after this one
 * commits (or rolls back, which also undoes the reservation). Ids are therefore strictly increasing in
 * commit order, on any number of processes. Call it last in the transaction: every writer queues on that
 * lock until the holder commits. See docs/decisions/0004-node-event-ids.md.
 */
export async function appendEvents(
  trx: Transaction<NodeTables>,
  events: readonly NewHubEvent[],
  clock: Clock,
): Promise<HubEvent[]> {
  if (events.length === 0) return [];
  const count = events.length;
  // Ids follow the clock but never go back: a clock behind the last id just continues the sequence.
  const floor = makeEventId(clock.now(), 0);
  const [reserved] = await reserveIds(trx, floor, count, floor + count - 1);
  if (reserved === undefined) throw new Error('the event clock has no row');
  const firstId = reserved.last_id - count + 1;
  const stored = events.map((event, index): HubEvent => ({ ...event, id: firstId + index }));
  for (let start = 0; start < stored.length; start += INSERT_CHUNK) {
    const chunk = stored.slice(start, start + INSERT_CHUNK);
    const rows = chunk.flatMap((event) => [event.id, event.type, HubEvent.encode(event).finish()]);
    await insertEvents(chunk.length, trx, ...rows);
  }
  return stored;
}

/**
 * Takes the lock `appendEvents` takes, at the start of a transaction instead of its end. For writers
 * whose checks read state that a concurrent writer could change between the check and the commit
 * (on-chain merges and retraction): on PostgreSQL they then run one at a time, on SQLite they always do.
 */
export async function lockEventLog(trx: Transaction<NodeTables>): Promise<void> {
  await touchClock(trx);
}

/**
 * What a read of the log found, handed out only once everything this process committed before the read
 * is on disk: on SQLite a reader can see a commit whose WAL sync has not returned, and an event id handed
 * out then could name another event after a power loss. Every read of the log goes through this.
 */
export async function afterOnDisk<T>(db: Kysely<NodeTables>, read: Promise<T>): Promise<T> {
  const found = await read;
  await onDisk(db);
  return found;
}

export async function eventById(db: Kysely<NodeTables>, id: number): Promise<HubEvent | undefined> {
  const row = await afterOnDisk(
    db,
    db.selectFrom('hub_events').select('encoded').where('id', '=', id).executeTakeFirst(),
  );
  return row === undefined ? undefined : HubEvent.decode(row.encoded);
}

/**
 * An event read from the log with the bytes it is stored as (appendEvents stored HubEvent.encode's), which
 * are its wire bytes: a stream serving one event to many subscribers sends them, encoding nothing. The
 * log's events never change, so a copy of one (a spread keeps `bytes`) is the same event.
 */
export type LoggedEvent = HubEvent & { readonly bytes: Uint8Array };

/** The event stored as `encoded`, with those bytes. */
export function loggedEvent(encoded: Uint8Array): LoggedEvent {
  return Object.assign(HubEvent.decode(encoded), { bytes: encoded });
}

/** The wire bytes of an event read from the log: the very bytes it is stored as. */
export const encodedEvent = (event: LoggedEvent): Uint8Array => event.bytes;

export interface EventsPage<E extends HubEvent = HubEvent> {
  events: E[];
  /** Where the next call continues: the last returned id + 1, or `fromId` when nothing was returned. */
  nextPageEventId: number;
}

/**
 * Events with id >= `fromId`, oldest first, each with its stored bytes. An empty page keeps `fromId` (the
 * reference hub answers `fromId + 1`): ids are handed out without gaps once the clock stops moving them
 * forward, so the next event may well get exactly `fromId`, and a poller must not step over it.
 */
export async function loggedEvents(
  db: Kysely<NodeTables>,
  fromId: number,
  limit: number = EVENTS_PAGE_SIZE,
): Promise<EventsPage<LoggedEvent>> {
  const rows = await afterOnDisk(
    db,
    db
      .selectFrom('hub_events')
      .select('encoded')
      .where('id', '>=', fromId)
      .orderBy('id')
      .limit(checkLimit(limit))
      .execute(),
  );
  const events = rows.map((row) => loggedEvent(row.encoded));
  const last = events.at(-1);
  return { events, nextPageEventId: last === undefined ? fromId : last.id + 1 };
}

/** {@link loggedEvents} as `/v1/events` renders them: the events alone. */
export async function eventsPage(
  db: Kysely<NodeTables>,
  fromId: number,
  limit: number = EVENTS_PAGE_SIZE,
): Promise<EventsPage> {
  const { events, nextPageEventId } = await loggedEvents(db, fromId, limit);
  return { events: events.map(({ bytes: _bytes, ...event }) => event), nextPageEventId };
}

/** The newest event's id, or undefined when the log is empty. */
export async function lastEventId(db: Kysely<NodeTables>): Promise<number | undefined> {
  const row = await afterOnDisk(
    db,
    db.selectFrom('hub_events').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst(),
  );
  return row?.id;
}

/** Deletes events older than `retentionMs` before `nowMs`; returns how many. */
export async function pruneEvents(
  db: Kysely<NodeTables>,
  nowMs: number,
  retentionMs: number,
): Promise<number> {
  const result = await db
    .deleteFrom('hub_events')
    .where('id', '<', makeEventId(nowMs - retentionMs, 0))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Event ids from `startId` (inclusive) to `stopId` (exclusive; absent: no end), as GetEvents takes them. */
export interface EventRange {
  startId: number;
  stopId?: number | undefined;
}

/** The retained events in `range`, keyset-paged by id (GetEvents): `after` is the last id served. */
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
    await afterOnDisk(db, query.execute()),
    limit,
    (row) => HubEvent.decode(row.encoded),
    (row) => row.id,
  );
}
