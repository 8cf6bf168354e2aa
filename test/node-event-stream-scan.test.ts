import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, it } from 'node:test';
import { appendEvents } from '../src/node/events/event-log.js';
import type { NewHubEvent } from '../src/node/events/event-log.js';
import { openNodeHttp } from '../src/node/http/testing.js';
import type { NodeHttpHarness } from '../src/node/http/testing.js';
import { HubEvent, HubEventType } from '../src/protocol/gen/hub_event.js';
import { systemClock } from '../src/shared/clock.js';
import { forEachDialect } from '../src/storage/testing.js';
import { assertResponsive, responsiveDuring } from './support/responsiveness.js';
import { waitFor } from './support/wait.js';

/**
 * A Server-Sent Events subscriber whose `event_types` filter matches nothing it is about to scan: the
 * node reads the retained log in bounded pages, turning the event loop between them, so no turn holds
 * it 100 ms (`/_health` keeps answering) while the scan runs and a client that hangs up mid-scan ends its stream at once.
 */

/** Events in the log before the one a filter matches: many pages of whatever a scan reads at a time. */
const FILLER = 60_000;

const proof = (fid: number): NewHubEvent =>
  HubEvent.fromPartial({
    type: HubEventType.MERGE_USERNAME_PROOF,
    mergeUsernameProofBody: {
      usernameProof: { name: new TextEncoder().encode(`name${fid}`), fid, owner: new Uint8Array(20) },
    },
  });

const onChainEvent = (): NewHubEvent =>
  HubEvent.fromPartial({ type: HubEventType.MERGE_ON_CHAIN_EVENT, mergeOnChainEventBody: {} });

/** A stream's response, read in the background; `firstEvent` resolves as its first `data:` frame arrives. */
interface OpenStream {
  firstEvent: Promise<void>;
  close(): void;
}

async function openStream(url: string): Promise<OpenStream> {
  const abort = new AbortController();
  const response = await fetch(url, { signal: abort.signal });
  assert.equal(response.status, 200);
  let arrived!: () => void;
  const firstEvent = new Promise<void>((resolve) => (arrived = resolve));
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as ReadableStream<Uint8Array>) {
        if (decoder.decode(chunk, { stream: true }).includes('\ndata: ')) arrived();
      }
    } catch {
      // The test's own abort.
    }
  })();
  return { firstEvent, close: () => abort.abort() };
}

forEachDialect('node event stream with a filter that matches nothing', (dialect) => {
  let node: NodeHttpHarness;
  let base: string;

  before(async () => {
    node = await openNodeHttp(dialect);
    const db = node.database.db;
    for (let from = 0; from < FILLER; from += 5000) {
      const batch = Array.from({ length: 5000 }, (_, i) => proof(from + i));
      await db.transaction().execute((trx) => appendEvents(trx, batch, systemClock));
    }
    await db.transaction().execute((trx) => appendEvents(trx, [onChainEvent()], systemClock));
    await node.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(node.app.server.address() as AddressInfo).port}`;
  });
  after(() => node?.close());

  it('answers /_health within 100 ms while the scan runs, and ends a stream whose client left mid-scan', async () => {
    // The probes' connection, and a stream that scans nothing, once: what is measured is the scan alone,
    // not the first call of code and statements.
    await (await fetch(`${base}/_health`)).arrayBuffer();
    (await openStream(`${base}/v1/events/stream?event_types=merge_message`)).close();
    await waitFor('the warm-up stream to end', async () =>
      node.eventStreams.running().length === 0 ? true : undefined,
    );
    // Matches nothing in the log: it scans the whole of it, then waits for live events.
    const nothing = await openStream(`${base}/v1/events/stream?from_event_id=0&event_types=merge_message`);
    // Matches only the last event: it scans the same log, and its one event says the scan got to the end.
    const last = await openStream(
      `${base}/v1/events/stream?from_event_id=0&event_types=merge_on_chain_event`,
    );
    nothing.close();
    // The streams running when the other one's scan has got to the end of the log.
    const scanned = last.firstEvent.then(() => node.eventStreams.running().length);
    // More than one probe: the loop turned while the scan ran, not only once it had finished.
    const measured = await responsiveDuring(base, scanned);
    assertResponsive(measured, 2);
    assert.equal(
      measured.result,
      1,
      'the stream whose client left ended before the other one finished its scan',
    );
    last.close();
  });
});
