import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { GetJson } from '../../shared/fetch/json-client.js';
import { MalformedHubJson } from './hub-json.js';
import {
  latestEventId,
  NODE_EVENTS_PAGE_SIZE,
  oldestEventId,
  readEvents,
  readFidSnapshot,
} from './node-reads.js';

/** `/v1/events` over a fixed set of ids, paged as the node pages it; counts the requests. */
function eventLog(ids: number[]): { getJson: GetJson; requests: () => number } {
  let requests = 0;
  const getJson: GetJson = async (path, query = {}) => {
    assert.equal(path, '/v1/events');
    requests += 1;
    const from = Number(query.from_event_id);
    const events = ids
      .filter((id) => id >= from)
      .slice(0, NODE_EVENTS_PAGE_SIZE)
      .map((id) => ({ type: 'HUB_EVENT_TYPE_MERGE_MESSAGE', id }));
    return { events, nextPageEventId: events.length === 0 ? from : (events.at(-1)?.id ?? 0) + 1 };
  };
  return { getJson, requests: () => requests };
}

describe('node reads', () => {
  it('finds the newest event id of a log with gaps in a few requests', async () => {
    // Three days of ids at irregular times, with bursts inside one millisecond.
    const ids: number[] = [];
    let id = 517_039_718_400_000;
    for (let n = 0; n < 5_000; n += 1) {
      id += n % 7 === 0 ? 1 : 4096 * (1 + ((n * 7919) % 50_000));
      ids.push(id);
    }
    const log = eventLog(ids);
    assert.equal(await latestEventId(log.getJson), ids.at(-1));
    assert.ok(log.requests() < 120, `${log.requests()} requests`);
    assert.equal(await oldestEventId(log.getJson), ids[0]);
  });

  it('answers for short and empty logs', async () => {
    assert.equal(await latestEventId(eventLog([]).getJson), undefined);
    assert.equal(await oldestEventId(eventLog([]).getJson), undefined);
    assert.equal(await latestEventId(eventLog([5, 9]).getJson), 9);
    const exact = Array.from({ length: NODE_EVENTS_PAGE_SIZE }, (_, n) => 1000 + n);
    assert.equal(await latestEventId(eventLog(exact).getJson), 1099);
  });

  it('refuses an events page out of order, which would move the cursor back', async () => {
    const getJson: GetJson = async () => ({ events: [{ id: 10 }, { id: 4 }] });
    await assert.rejects(readEvents(getJson, 0), MalformedHubJson);
    await assert.rejects(
      readEvents(async () => ({ events: [{ id: 3 }] }), 5),
      MalformedHubJson,
    );
    assert.deepEqual(await readEvents(async () => ({ events: [] }), 5), { events: [], next: 5, full: false });
  });

  it("reads every page of a fid's lists and stops on a repeated page token", async () => {
    const seen: string[] = [];
    const getJson: GetJson = async (path, query = {}) => {
      seen.push(`${path} ${query.pageToken}`);
      if (path === '/v1/signersByFid') return { signers: [{ n: 1 }] };
      if (path !== '/v1/castsByFid') return { messages: [], nextPageToken: '' };
      return query.pageToken === ''
        ? { messages: [{ n: 1 }], nextPageToken: 'A' }
        : { messages: [{ n: 2 }], nextPageToken: '' };
    };
    const snapshot = await readFidSnapshot(getJson, 3);
    assert.deepEqual(snapshot, {
      casts: [{ n: 1 }, { n: 2 }],
      verifications: [],
      userData: [],
      signers: [{ n: 1 }],
    });
    assert.deepEqual(seen, [
      '/v1/castsByFid ',
      '/v1/castsByFid A',
      '/v1/verificationsByFid ',
      '/v1/userDataByFid ',
      '/v1/signersByFid ',
    ]);
    const looping: GetJson = async () => ({ messages: [], nextPageToken: 'again' });
    await assert.rejects(readFidSnapshot(looping, 3), /repeated the page token again/);
  });
});
