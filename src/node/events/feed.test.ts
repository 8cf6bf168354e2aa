import assert from 'node:assert/strict';
import { after, before, beforeEach, it } from 'node:test';
import { HubEvent, HubEventType } from '../../protocol/gen/hub_event.js';
import type { HubFailure } from '../failure.js';
import { forEachDialect, openTestDatabase } from '../../storage/testing.js';
import type { TestDatabase } from '../../storage/testing.js';
import { systemClock } from '../../shared/clock.js';
import { waitFor } from '../../../test/support/wait.js';
import type { NodeTables } from '../store/schema.js';
import { recordChange, writeTransaction } from '../store/write-transaction.js';
import { appendEvents, eventsPage } from './event-log.js';
import type { NewHubEvent } from './event-log.js';
import { createEventFeed } from './feed.js';
import type { EventFeed, FollowOptions } from './feed.js';

function event(fid: number, type = HubEventType.MERGE_USERNAME_PROOF): NewHubEvent {
  return HubEvent.fromPartial({
    type,
    mergeUsernameProofBody: {
      usernameProof: { name: new TextEncoder().encode(`name${fid}`), fid, owner: new Uint8Array(20) },
    },
  });
}

/** Takes events from an iterator until `done` says so; the iterator stays open for more. */
async function take(
  iterator: AsyncIterator<HubEvent>,
  done: (taken: HubEvent[]) => boolean,
): Promise<HubEvent[]> {
  const taken: HubEvent[] = [];
  while (!done(taken)) {
    const next = await iterator.next();
    assert.equal(next.done, false, 'the follow ended early');
    taken.push(next.value);
  }
  return taken;
}

/** The fid of the event a writer appends last. */
const LAST = 999_999;

const ids = (events: readonly HubEvent[]) => events.map((item) => item.id);

forEachDialect('event feed', (dialect) => {
  let database: TestDatabase<NodeTables>;
  let feeds: EventFeed[] = [];
  const aborts: AbortController[] = [];

  before(async () => {
    database = await openTestDatabase<NodeTables>(dialect, 'node');
  });
  after(() => database.cleanup());
  beforeEach(async () => {
    for (const abort of aborts.splice(0)) abort.abort();
    await Promise.all(feeds.map((feed) => feed.close()));
    feeds = [];
    await database.db.deleteFrom('hub_events').execute();
  });

  const append = (...events: NewHubEvent[]) =>
    database.db.transaction().execute((trx) => appendEvents(trx, events, systemClock));
  const feedOf = (windowSize?: number) => {
    const feed = createEventFeed({ db: database.db, pollIntervalMs: 5, windowSize });
    feeds.push(feed);
    return feed;
  };
  const follow = (feed: EventFeed, options: Omit<FollowOptions, 'signal'> = {}) => {
    const abort = new AbortController();
    aborts.push(abort);
    return { abort, iterator: feed.follow({ ...options, signal: abort.signal })[Symbol.asyncIterator]() };
  };
  /** A follow from the log's end; `started` resolves once that end is fixed. */
  const startedFollow = (feed: EventFeed) => {
    let onStart!: () => void;
    const started = new Promise<void>((resolve) => (onStart = resolve));
    return { ...follow(feed, { onStart }), started };
  };
  const logIds = async () => {
    const all: number[] = [];
    for (let from = 0; ;) {
      const page = await eventsPage(database.db, from, 1000);
      all.push(...ids(page.events));
      if (page.events.length < 1000) return all;
      from = page.nextPageEventId;
    }
  };

  it('backfills from an id (inclusive), then goes on live', async () => {
    const stored = await append(event(1), event(2), event(3));
    const { iterator } = follow(feedOf(), { fromId: (stored[1] as HubEvent).id });
    const backfill = await take(iterator, (taken) => taken.length === 2);
    assert.deepEqual(ids(backfill), ids(stored.slice(1)));
    const [live] = await append(event(4));
    const [next] = await take(iterator, (taken) => taken.length === 1);
    assert.equal(next?.id, live?.id);
    assert.equal(next?.mergeUsernameProofBody?.usernameProof?.fid, 4);
  });

  it('without fromId, sends only what is merged after it starts', async () => {
    await append(event(1));
    let started: () => void = () => undefined;
    const start = new Promise<void>((resolve) => (started = resolve));
    // The follow reads where the log ends on its first pull, and says so before any event.
    const { iterator } = follow(feedOf(), { onStart: () => started() });
    const first = iterator.next();
    await start;
    const [later] = await append(event(2));
    assert.equal((await first).value?.id, later?.id);
  });

  it('carries the listed streamed types only, and never MERGE_FAILURE', async () => {
    await append(
      event(1, HubEventType.MERGE_USERNAME_PROOF),
      event(2, HubEventType.MERGE_FAILURE),
      event(3, HubEventType.MERGE_ON_CHAIN_EVENT),
      event(4, HubEventType.MERGE_USERNAME_PROOF),
    );
    const all = follow(feedOf(), { fromId: 0 }).iterator;
    const types = (events: HubEvent[]) => events.map((item) => item.type);
    assert.deepEqual(types(await take(all, (taken) => taken.length === 3)), [
      HubEventType.MERGE_USERNAME_PROOF,
      HubEventType.MERGE_ON_CHAIN_EVENT,
      HubEventType.MERGE_USERNAME_PROOF,
    ]);
    const listed = follow(feedOf(), {
      fromId: 0,
      types: new Set([HubEventType.MERGE_ON_CHAIN_EVENT, HubEventType.MERGE_FAILURE]),
    }).iterator;
    assert.deepEqual(types(await take(listed, (taken) => taken.length === 1)), [
      HubEventType.MERGE_ON_CHAIN_EVENT,
    ]);
  });

  it('backfills a filter over many pages of other types, and runs of its own, then goes on live', async () => {
    const onChain = (fid: number) => event(fid, HubEventType.MERGE_ON_CHAIN_EVENT);
    // Sparse matches over more rows than a page looks at, then a run longer than a page sends.
    await append(...Array.from({ length: 2500 }, (_, i) => (i % 700 === 0 ? onChain(i) : event(i))));
    await append(...Array.from({ length: 150 }, (_, i) => onChain(3000 + i)));
    await append(...Array.from({ length: 1200 }, (_, i) => event(4000 + i)));
    const types = new Set([HubEventType.MERGE_ON_CHAIN_EVENT]);
    const { iterator } = follow(feedOf(), { fromId: 0, types });
    const wanted = async () => {
      const { events } = await eventsPage(database.db, 0, 5000);
      return ids(events.filter((item) => item.type === HubEventType.MERGE_ON_CHAIN_EVENT));
    };
    const backfill = await wanted();
    assert.equal(backfill.length, 154);
    assert.deepEqual(ids(await take(iterator, (taken) => taken.length === backfill.length)), backfill);
    const [live] = await append(event(LAST), onChain(LAST));
    const [next] = await take(iterator, (taken) => taken.length === 1);
    assert.equal(next?.id, (live?.id ?? 0) + 1);
  });

  it('hands a backfill over to the live tail with no gap or repeat while writers append', async () => {
    // A small window, so slow followers fall behind it and read pages themselves.
    const feed = feedOf(16);
    const isLast = (taken: HubEvent[]) => taken.at(-1)?.mergeUsernameProofBody?.usernameProof?.fid === LAST;
    const live = follow(feed).iterator;
    const first = await Promise.all([live.next(), append(event(1))]);
    const fromLive = take(live, isLast);
    let started: Promise<HubEvent[]> | undefined;
    const writing = (async () => {
      for (let batch = 0; batch < 60; batch += 1) {
        await append(...Array.from({ length: 1 + (batch % 7) }, (_, i) => event(batch * 10 + i)));
        if (batch === 20) started = take(follow(feed, { fromId: 0 }).iterator, isLast);
      }
      await append(event(LAST));
    })();
    await writing;
    const all = await logIds();
    assert.deepEqual(ids(await (started as Promise<HubEvent[]>)), all);
    assert.deepEqual([first[0].value?.id, ...ids(await fromLive)], all);
  });

  it('follows a consumer slower than the window by reading the log itself', async () => {
    const feed = feedOf(4);
    const { iterator } = follow(feed, { fromId: 0 });
    await append(event(0));
    await take(iterator, (taken) => taken.length === 1);
    // While this consumer waits, the tail moves the window well past it.
    for (let i = 1; i <= 40; i += 1) await append(event(i));
    // A follower from the log's end reads only the window: once it has the next event, the tail has read
    // all 40 before it, and the window (4) has left the slow consumer behind.
    const fromEnd = startedFollow(feed);
    const next = fromEnd.iterator.next();
    await fromEnd.started;
    await append(event(LAST));
    assert.equal((await next).value?.mergeUsernameProofBody?.usernameProof?.fid, LAST);
    const rest = await take(iterator, (taken) => taken.length === 41);
    assert.deepEqual(ids(rest), (await logIds()).slice(1));
  });

  it('ends at once on abort, and the tail stops when nobody follows', async () => {
    const feed = feedOf();
    const { abort, iterator, started } = startedFollow(feed);
    const first = iterator.next();
    await started;
    assert.equal(feed.stats().followers, 1);
    await append(event(1));
    await first;
    await waitFor('the tail to read the event', () => feed.stats().window === 1);
    const pending = iterator.next();
    abort.abort();
    assert.deepEqual(await pending, { done: true, value: undefined });
    assert.equal(feed.stats().followers, 0);
    // The window is emptied only as the tail ends.
    await waitFor('the tail to end', () => feed.stats().window === 0);
    await append(event(2));
    assert.equal(feed.stats().window, 0, 'no tail reads while nobody follows');
  });

  it('ends its followers with "the node is shutting down" when closed', async () => {
    const feed = feedOf();
    const { iterator } = follow(feed, { fromId: 0 });
    const ended = assert.rejects(iterator.next(), (error: HubFailure) => {
      assert.deepEqual(error.hubError, { errCode: 'unavailable', message: 'the node is shutting down' });
      return true;
    });
    await feed.close();
    await ended;
    await assert.rejects(follow(feed).iterator.next(), /shutting down/);
  });

  /** Appends as the node's writers do: in a write transaction that reports its change. */
  const written = (fid: number, db = database.db) =>
    writeTransaction(db, async (trx) => {
      recordChange(trx, { kind: 'fname', op: 'add', name: `name${fid}`, fid, timestamp: 1 });
      return appendEvents(trx, [event(fid)], systemClock);
    });
  /** A feed that would not look on its own within any test's time: only a wake-up brings events. */
  const wokenFeed = (db = database.db) => {
    const feed = createEventFeed({ db, notices: database.notices, pollIntervalMs: 600_000 });
    feeds.push(feed);
    return feed;
  };

  it("reads at once when this process's write commits, without waiting for its poll", async () => {
    const { iterator, started } = startedFollow(wokenFeed());
    const first = iterator.next();
    await started;
    const [stored] = await written(7);
    assert.equal((await first).value?.id, stored?.id);
  });

  it("reads at once when another process's write commits (PostgreSQL: by notice)", async (context) => {
    if (dialect !== 'postgres') {
      context.skip('a SQLite file is written by one process');
      return;
    }
    const other = await database.reopen();
    try {
      // The other process's own feed is what sends a notice after each of its commits.
      feeds.push(createEventFeed({ db: other.db, notices: other.notices }));
      const { iterator, started } = startedFollow(wokenFeed());
      const first = iterator.next();
      await started;
      // The first event may come as the listening connection opens (it wakes the tail once it listens).
      const [written1] = await written(8, other.db);
      assert.equal((await first).value?.id, written1?.id);
      // Listening now: only a notice can bring the second.
      const second = iterator.next();
      const [written2] = await written(9, other.db);
      assert.equal((await second).value?.id, written2?.id);
    } finally {
      await other.close();
    }
  });
});
