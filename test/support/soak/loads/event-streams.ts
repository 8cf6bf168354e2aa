/**
 * Subscribers that follow each node process's event stream from the start while the load runs: gRPC
 * Subscribe (hub-nodejs) and `GET /v1/events/stream` (SSE), one of each per process. At the end each must
 * have received every streamed event of the log (`/v1/events` pages) exactly once, in order: with several
 * node processes on one database, also the events another process merged.
 */
import http from 'node:http';
import { getInsecureHubRpcClient, type HubEvent } from '@farcaster/hub-nodejs';
import { STREAMED_EVENT_TYPES } from '../../../../src/node/events/feed.js';
import { hubEventTypeToJSON } from '../../../../src/protocol/gen/hub_event.js';
import { waitFor } from '../../wait.js';
import type { World } from '../world.js';
import type { Load } from './load.js';

interface Subscriber {
  name: string;
  ids: number[];
  /** Why the stream ended, if it did. */
  ended: string | undefined;
  close(): void;
}

const STREAMED = new Set([...STREAMED_EVENT_TYPES].map(hubEventTypeToJSON));
/** How long the subscribers get to catch up with the log once the load stopped. */
const CATCH_UP_MS = 60_000;

async function grpcSubscriber(address: string): Promise<Subscriber> {
  const client = getInsecureHubRpcClient(address);
  const subscribed = await client.subscribe({ eventTypes: [], fromId: 0 });
  if (subscribed.isErr()) throw new Error(`gRPC Subscribe on ${address}: ${subscribed.error.message}`);
  const stream = subscribed.value;
  const subscriber: Subscriber = {
    name: `gRPC Subscribe ${address}`,
    ids: [],
    ended: undefined,
    close: () => {
      subscriber.ended ??= 'closed';
      stream.cancel();
      client.close();
    },
  };
  stream.on('data', (event: HubEvent) => subscriber.ids.push(event.id));
  stream.on('error', (error: Error) => void (subscriber.ended ??= error.message));
  stream.on('end', () => void (subscriber.ended ??= 'the server ended it'));
  return subscriber;
}

function sseSubscriber(node: string): Promise<Subscriber> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${node}/v1/events/stream?from_event_id=0`, { agent: false }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`GET ${node}/v1/events/stream -> ${response.statusCode}`));
        response.resume();
        return;
      }
      const subscriber: Subscriber = {
        name: `SSE ${node}`,
        ids: [],
        ended: undefined,
        close: () => {
          subscriber.ended ??= 'closed';
          request.destroy();
        },
      };
      let partial = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const lines = (partial + chunk).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) if (line.startsWith('id: ')) subscriber.ids.push(Number(line.slice(4)));
      });
      response.on('end', () => void (subscriber.ended ??= 'the server ended it'));
      response.on('error', (error) => void (subscriber.ended ??= error.message));
      resolve(subscriber);
    });
    request.on('error', reject);
  });
}

/** The ids of the streamed events in the log, oldest first. */
async function logIds(world: World): Promise<number[]> {
  const ids: number[] = [];
  let from = 0;
  for (;;) {
    const answer = await world.client.request(
      'GET',
      `${world.urls.nodes[0]}/v1/events?from_event_id=${from}`,
    );
    if (answer.status !== 200) throw new Error(`reading the event log: ${answer.status} ${answer.body}`);
    const page = JSON.parse(answer.body) as {
      events: { id: number; type: string }[];
      nextPageEventId: number;
    };
    if (page.events.length === 0) return ids;
    for (const event of page.events) if (STREAMED.has(event.type)) ids.push(event.id);
    from = page.nextPageEventId;
  }
}

/** What is wrong with what a subscriber received, against the log; empty when it is exactly the log. */
export function compareWithLog(received: readonly number[], log: readonly number[]): string[] {
  const problems: string[] = [];
  const seen = new Set<number>();
  const duplicates = received.filter((id) => seen.has(id) || !seen.add(id)).length;
  if (duplicates > 0) problems.push(`${duplicates} events twice`);
  const inLog = new Set(log);
  const missing = log.filter((id) => !seen.has(id)).length;
  if (missing > 0) problems.push(`${missing} of the log's ${log.length} events missing`);
  const extra = [...seen].filter((id) => !inLog.has(id)).length;
  if (extra > 0) problems.push(`${extra} events not in the log`);
  const disorder = received.filter((id, index) => index > 0 && id <= (received[index - 1] as number)).length;
  if (disorder > 0 && duplicates === 0) problems.push(`${disorder} events out of order`);
  return problems;
}

export async function eventStreams(world: World): Promise<Load> {
  const subscribers: Subscriber[] = [];
  const close = () => subscribers.forEach((subscriber) => subscriber.close());
  try {
    for (const address of world.urls.grpc) subscribers.push(await grpcSubscriber(address));
    for (const node of world.urls.nodes) subscribers.push(await sseSubscriber(node));
  } catch (error) {
    close();
    throw error;
  }
  return {
    operations: [],
    close,
    finish: async () => {
      const log = await logIds(world);
      const last = log.at(-1) ?? 0;
      const behind = () => subscribers.filter((s) => s.ended === undefined && (s.ids.at(-1) ?? 0) < last);
      // One still behind at the timeout is what the comparison below reports, so the timeout is not an error.
      await waitFor('every subscriber to reach the log', () => behind().length === 0, CATCH_UP_MS).catch(
        () => undefined,
      );
      // Events merged after the log was read (the fname sync's, say) are not compared.
      const upToLast = (subscriber: Subscriber) => subscriber.ids.filter((id) => id <= last);
      const failures = subscribers.flatMap((subscriber) => {
        const problems = compareWithLog(upToLast(subscriber), log);
        if (subscriber.ended !== undefined) problems.unshift(`the stream ended: ${subscriber.ended}`);
        return problems.length === 0 ? [] : [`${subscriber.name}: ${problems.join('; ')}`];
      });
      close();
      return {
        summary: [
          `event streams: ${subscribers.length} subscribers from event 0 ` +
            `(${subscribers.map((s) => s.name).join(', ')}); the log has ${log.length} streamed events, ` +
            `each received by ${subscribers.length - failures.length} of them exactly once, in order`,
        ],
        failures,
      };
    },
  };
}
