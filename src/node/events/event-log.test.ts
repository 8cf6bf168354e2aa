import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, beforeEach, it } from 'node:test';
import { HubEvent, HubEventType } from '../../protocol/gen/hub_event.js';
import { UserNameType } from '../../protocol/gen/username_proof.js';
import { FARCASTER_EPOCH_MS, makeEventId } from '../../protocol/time.js';
import { forEachDialect, openTestDatabase } from '../../storage/testing.js';
import type { TestDatabase } from '../../storage/testing.js';
import type { NodeTables } from '../store/schema.js';
import type { Clock } from '../../shared/clock.js';
import { systemClock } from '../../shared/clock.js';
import { appendEvents, eventById, eventsPage, pruneEvents } from './event-log.js';
import type { NewHubEvent } from './event-log.js';

const T0 = FARCASTER_EPOCH_MS + 100_000_000_000;

function proofEvent(fid: number): NewHubEvent {
  return HubEvent.fromPartial({
    type: HubEventType.MERGE_USERNAME_PROOF,
    mergeUsernameProofBody: {
      usernameProof: {
        timestamp: 1_700_000_000,
        name: new TextEncoder().encode(`name${fid}`),
        owner: new Uint8Array(20).fill(1),
        signature: new Uint8Array(65).fill(2),
        fid,
        type: UserNameType.USERNAME_TYPE_FNAME,
      },
    },
  });
}

/** A clock the test moves by hand. */
function manualClock(start: number): Clock & { set(ms: number): void } {
  let now = start;
  return { now: () => now, set: (ms) => void (now = ms) };
}

forEachDialect('event log', (dialect) => {
  let database: TestDatabase<NodeTables>;

  before(async () => {
    database = await openTestDatabase<NodeTables>(dialect, 'node');
  });
  after(() => database.cleanup());
  beforeEach(async () => {
    await database.db.deleteFrom('hub_events').execute();
    await database.db.updateTable('hub_event_clock').set({ last_id: 0 }).execute();
  });

  const append = (events: NewHubEvent[], clock: Clock) =>
    database.db.transaction().execute((trx) => appendEvents(trx, events, clock));

  it('numbers events from the clock and keeps them strictly increasing when it stalls or goes back', async () => {
    const clock = manualClock(T0);
    const first = await append([proofEvent(1), proofEvent(2)], clock);
    assert.deepEqual(
      first.map((event) => event.id),
      [makeEventId(T0, 0), makeEventId(T0, 1)],
    );
    // Same millisecond: the sequence continues.
    const second = await append([proofEvent(3)], clock);
    assert.equal(second[0]?.id, makeEventId(T0, 2));
    // The clock went back (another process, NTP): ids still move forward.
    clock.set(T0 - 5_000);
    const third = await append([proofEvent(4)], clock);
    assert.equal(third[0]?.id, makeEventId(T0, 3));
    // A later millisecond starts at its own sequence 0.
    clock.set(T0 + 7);
    const fourth = await append([proofEvent(5)], clock);
    assert.equal(fourth[0]?.id, makeEventId(T0 + 7, 0));
  });

  it('stores the event with its id and reads it back by id', async () => {
    const [stored] = await append([proofEvent(7)], manualClock(T0));
    assert.ok(stored);
    const read = await eventById(database.db, stored.id);
    assert.deepEqual(read, stored);
    assert.equal(read?.mergeUsernameProofBody?.usernameProof?.fid, 7);
    assert.equal(await eventById(database.db, stored.id + 1), undefined);
  });

  it('appends more events than one insert statement takes, with consecutive ids', async () => {
    const events = Array.from({ length: 150 }, (_, i) => proofEvent(i + 1));
    const stored = await append(events, manualClock(T0));
    assert.deepEqual(
      stored.map((event) => event.id),
      events.map((_, i) => makeEventId(T0, i)),
    );
    const page = await eventsPage(database.db, 0, 1000);
    assert.deepEqual(page.events, stored);
  });

  it('appends nothing, and leaves the clock alone, for an empty list', async () => {
    assert.deepEqual(await append([], manualClock(T0)), []);
    const clock = await database.db.selectFrom('hub_event_clock').select('last_id').executeTakeFirstOrThrow();
    assert.equal(clock.last_id, 0);
  });

  it('gives a rolled-back reservation to the next writer, leaving no gap', async () => {
    const clock = manualClock(T0);
    await assert.rejects(
      database.db.transaction().execute(async (trx) => {
        await appendEvents(trx, [proofEvent(1)], clock);
        throw new Error('abort');
      }),
      /abort/,
    );
    const [event] = await append([proofEvent(2)], clock);
    assert.equal(event?.id, makeEventId(T0, 0));
  });

  it('pages inclusively from fromId with nextPageEventId = last + 1', async () => {
    const stored = await append(
      Array.from({ length: 5 }, (_, index) => proofEvent(index + 1)),
      manualClock(T0),
    );
    const ids = stored.map((event) => event.id);
    const [id0, id1, id2, id3, id4] = ids as [number, number, number, number, number];

    const first = await eventsPage(database.db, 0, 2);
    assert.deepEqual(
      first.events.map((event) => event.id),
      [id0, id1],
    );
    assert.equal(first.nextPageEventId, id1 + 1);

    const second = await eventsPage(database.db, first.nextPageEventId, 2);
    assert.deepEqual(
      second.events.map((event) => event.id),
      [id2, id3],
    );
    const inclusive = await eventsPage(database.db, id3, 100);
    assert.deepEqual(
      inclusive.events.map((event) => event.id),
      [id3, id4],
    );
    assert.equal(inclusive.nextPageEventId, id4 + 1);

    // Past the end: nothing, and the poller stays where it is so the next event is not skipped.
    const empty = await eventsPage(database.db, id4 + 1);
    assert.deepEqual(empty, { events: [], nextPageEventId: id4 + 1 });
    const [next] = await append([proofEvent(6)], manualClock(T0));
    assert.equal(next?.id, id4 + 1);
    assert.deepEqual(
      (await eventsPage(database.db, empty.nextPageEventId)).events.map((event) => event.id),
      [id4 + 1],
    );
  });

  it('serves at most 100 events per page by default', async () => {
    await append(
      Array.from({ length: 120 }, (_, index) => proofEvent(index + 1)),
      manualClock(T0),
    );
    const page = await eventsPage(database.db, 0);
    assert.equal(page.events.length, 100);
    assert.equal(page.nextPageEventId, makeEventId(T0, 100));
  });

  it('prunes events older than the retention window, keeping the rest', async () => {
    const hour = 60 * 60 * 1000;
    const old = await append([proofEvent(1), proofEvent(2)], manualClock(T0));
    const recent = await append([proofEvent(3)], manualClock(T0 + 2 * hour));
    assert.equal(await pruneEvents(database.db, T0 + 3 * hour, 2 * hour), old.length);
    const left = await eventsPage(database.db, 0);
    assert.deepEqual(
      left.events.map((event) => event.id),
      recent.map((event) => event.id),
    );
    assert.equal(await pruneEvents(database.db, T0 + 3 * hour, 2 * hour), 0);
  });

  if (dialect === 'postgres') {
    it('hands out unique ids in commit order to concurrent writers on two connection pools', async () => {
      const [other, observer] = [await database.reopen(), await database.reopen()];
      const handles = [database.db, other.db];
      const countBelow = async (id: number) => {
        const row = await observer.db
          .selectFrom('hub_events')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('id', '<', id)
          .executeTakeFirstOrThrow();
        return row.count;
      };
      // In commit order means: when a writer that commits gets its ids, every smaller id that will ever
      // be committed already is, so a reader that has seen an id never sees a smaller one appear later.
      // (A rolled-back writer's ids are handed out again, possibly below its reservation.)
      const reservations: { firstId: number; committedBelow: number }[] = [];
      let committed = 0;
      const writers = Array.from({ length: 60 }, async (_, index) => {
        const handle = handles[index % handles.length];
        assert.ok(handle);
        const size = 1 + (index % 3);
        const abort = index % 10 === 9;
        try {
          const reservation = await handle.transaction().execute(async (trx) => {
            const events = Array.from({ length: size }, () => proofEvent(index + 1));
            const [first] = await appendEvents(trx, events, systemClock);
            assert.ok(first);
            const seen = { firstId: first.id, committedBelow: await countBelow(first.id) };
            // Hold the reservation a little, so that writers queue on it.
            await sleep(index % 3);
            if (abort) throw new Error('abort');
            return seen;
          });
          reservations.push(reservation);
          committed += size;
        } catch (error) {
          if (!abort) throw error;
        }
      });
      await Promise.all(writers);

      const ids = (await database.db.selectFrom('hub_events').select('id').orderBy('id').execute()).map(
        (row) => row.id,
      );
      assert.equal(ids.length, committed);
      assert.equal(new Set(ids).size, ids.length);
      for (const { firstId, committedBelow } of reservations) {
        assert.equal(committedBelow, ids.filter((id) => id < firstId).length, `ids below ${firstId}`);
      }
    });
  }
});
