import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { waitFor } from '../../../test/support/wait.js';
import { HubEvent } from '../../protocol/gen/hub_event.js';
import { loggedEvent } from './event-log.js';
import { createEventStreams } from './event-stream.js';
import type { EventSink, EventStreamsOptions } from './event-stream.js';
import type { EventFeed, FollowOptions } from './feed.js';

/** A feed of `available` events, then silence until the follow is aborted; it counts what was pulled. */
function fakeFeed(available: number, failAt?: number): EventFeed & { pulled: number } {
  const feed = {
    pulled: 0,
    async *follow({ signal, onStart }: FollowOptions) {
      onStart?.();
      for (let id = 1; id <= available && !signal.aborted; id += 1) {
        if (id === failAt) throw new Error('the log is gone');
        feed.pulled += 1;
        yield loggedEvent(HubEvent.encode(HubEvent.fromPartial({ id })).finish());
      }
      if (!signal.aborted) await new Promise((resolve) => signal.addEventListener('abort', resolve));
    },
    stats: () => ({ followers: 0, window: 0 }),
    close: async () => undefined,
  };
  return feed;
}

/**
 * A transport whose buffer holds `capacity` events until `drain()` empties it; `waits` counts the times a
 * writer began waiting for a drain.
 */
function fakeSink(capacity: number): EventSink & { drain(): void; wasOpened(): boolean; waits: number } {
  let buffered = 0;
  let opened = false;
  let waits = 0;
  const listeners = new Set<() => void>();
  return {
    get waits() {
      return waits;
    },
    opened: () => void (opened = true),
    write: () => (buffered += 1) < capacity,
    onDrain(listener) {
      waits += 1;
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    drain() {
      buffered = 0;
      for (const listener of [...listeners]) listener();
    },
    wasOpened: () => opened,
  };
}

function streams(feed: EventFeed, options: Partial<EventStreamsOptions> = {}) {
  return createEventStreams({ feed, perIpLimit: 2, authenticated: (value) => value === 'ok', ...options });
}

describe('event streams', () => {
  it('reads the feed only while the transport has room, and goes on at its drain', async () => {
    const feed = fakeFeed(100);
    const opened = streams(feed).open({ ip: '203.0.113.1', authorization: undefined });
    assert.ok(opened.ok);
    const sink = fakeSink(10);
    const running = opened.value.run(sink);
    await waitFor('the stream to wait for a drain', () => sink.waits === 1);
    assert.ok(sink.wasOpened());
    assert.equal(feed.pulled, 10);
    sink.drain();
    await waitFor('the stream to wait for the next drain', () => sink.waits === 2);
    assert.equal(feed.pulled, 20);
    opened.value.stop('cancelled');
    assert.deepEqual(await running, { reason: 'cancelled' });
  });

  it('cuts a consumer that does not drain within the stall timeout, and frees its slot', async () => {
    const events = streams(fakeFeed(100), { stallTimeoutMs: 30 });
    const opened = events.open({ ip: '203.0.113.1', authorization: undefined });
    assert.ok(opened.ok);
    assert.deepEqual(await opened.value.run(fakeSink(5)), { reason: 'stalled', stallTimeoutMs: 30 });
    assert.deepEqual(events.running(), []);
  });

  it('ends with the first reason given: shutdown, or the feed failure', async () => {
    const feed = fakeFeed(3);
    const opened = streams(feed).open({ ip: '203.0.113.1', authorization: undefined });
    assert.ok(opened.ok);
    const running = opened.value.run(fakeSink(100));
    await waitFor('the stream to take the three events', () => feed.pulled === 3);
    opened.value.stop('shutdown');
    opened.value.stop('cancelled');
    assert.deepEqual(await running, { reason: 'shutdown' });

    const failing = streams(fakeFeed(5, 3)).open({ ip: '203.0.113.1', authorization: undefined });
    assert.ok(failing.ok);
    const end = await failing.value.run(fakeSink(100));
    assert.equal(end.reason, 'failed');
    assert.match(String((end as { error: Error }).error), /the log is gone/);
  });

  it('limits concurrent streams per IP (loopback too, IPv4-mapped as IPv4); credentials lift the limit', async () => {
    const events = streams(fakeFeed(0));
    const open = (ip: string, authorization?: string) => events.open({ ip, authorization });
    const first = open('127.0.0.1');
    const second = open('::ffff:127.0.0.1');
    assert.ok(first.ok && second.ok);
    assert.deepEqual(open('127.0.0.1'), {
      ok: false,
      error: { errCode: 'unavailable', message: 'Too many connections from this IP: 127.0.0.1' },
    });
    assert.ok(open('127.0.0.1', 'ok').ok);
    assert.ok(open('::1').ok);
    assert.equal(events.running().length, 4);
    // A stream stopped before it ran gives its slot back at once.
    first.value.stop('cancelled');
    assert.ok(open('127.0.0.1').ok);
    assert.ok(streams(fakeFeed(0), { perIpLimit: 0 }).open({ ip: '::1', authorization: undefined }).ok);
  });
});
