import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { hubErrorBody } from '../../../protocol/errors.js';
import { hubEventTypeFromJSON, hubEventTypeToJSON } from '../../../protocol/gen/hub_event.js';
import type { HubEventType } from '../../../protocol/gen/hub_event.js';
import type { HttpApp } from '../../../shared/http/index.js';
import type { LoggedEvent } from '../../events/event-log.js';
import type { EventSink, EventStream, EventStreams, StreamEnd } from '../../events/event-stream.js';
import { SHUTTING_DOWN, STREAMED_EVENT_TYPES } from '../../events/feed.js';
import { badParam, HubFailure } from '../../failure.js';
import * as p from '../params.js';
import { hubEventJson } from '../render.js';
import { EVENT_STREAM } from './response-schemas.js';
import { described } from './route-schema.js';

/** A comment line this often keeps proxies and clients from taking a quiet stream for a dead one. */
const DEFAULT_KEEP_ALIVE_MS = 15_000;

const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  // A stream holds its connection until it ends, so the connection is not kept for reuse after it.
  connection: 'close',
  // Proxies such as nginx would otherwise buffer the events.
  'x-accel-buffering': 'no',
};

const eventType = p.enumOf(hubEventTypeFromJSON, 'HUB_EVENT_TYPE_');

/** `event_types`: a comma-separated list of the streamed types, by number or name. */
const eventTypes: p.Parse<ReadonlySet<HubEventType>> = (text, name) => {
  const types = new Set<HubEventType>();
  for (const item of text.split(',')) {
    const type = eventType(item.trim(), name);
    if (!STREAMED_EVENT_TYPES.has(type)) {
      const streamed = [...STREAMED_EVENT_TYPES].map(hubEventTypeToJSON).join(', ');
      throw badParam(`${name}: ${hubEventTypeToJSON(type)} is not streamed (only ${streamed})`);
    }
    types.add(type);
  }
  return types;
};

/** `Last-Event-ID`, which EventSource sends when it reconnects: the stream resumes after it. */
function lastEventId(value: string | string[] | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw badParam('Last-Event-ID must be given once');
  return p.uint(value, 'Last-Event-ID');
}

/**
 * Each event's frame, rendered once however many streams send it. A frame is a function of the event's
 * stored bytes, so it is kept under them: the very bytes every copy of the event carries, held by the
 * feed while any stream may still send it.
 */
const frames = new WeakMap<Uint8Array, string>();

function frameOf(event: LoggedEvent): string {
  let frame = frames.get(event.bytes);
  if (frame === undefined) {
    frame = `id: ${event.id}\ndata: ${JSON.stringify(hubEventJson(event))}\n\n`;
    frames.set(event.bytes, frame);
  }
  return frame;
}

function sinkOf(response: ServerResponse): EventSink {
  return {
    // The status line and headers go out once the start is fixed, so a client that has them misses nothing.
    opened: () => response.flushHeaders(),
    write: (event) => !response.destroyed && !response.writableEnded && response.write(frameOf(event)),
    onDrain(listener) {
      response.once('drain', listener);
      return () => response.off('drain', listener);
    },
  };
}

/** Ends the response as the stream ended; the reason goes in a comment line, which SSE readers skip. */
function finish(response: ServerResponse, end: StreamEnd, log: FastifyBaseLogger): void {
  if (end.reason === 'stalled') {
    log.warn({ stallTimeoutMs: end.stallTimeoutMs }, 'event stream cut: the client stopped reading');
  }
  if (end.reason === 'failed' && !(end.error instanceof HubFailure)) {
    log.error({ err: end.error }, 'event stream failed');
  }
  // A client that is not reading would never take the last line: its connection is dropped instead.
  if (end.reason === 'stalled' || response.writableNeedDrain) {
    response.destroy();
    return;
  }
  const why =
    end.reason === 'shutdown'
      ? SHUTTING_DOWN.message
      : end.reason === 'failed'
        ? end.error instanceof HubFailure
          ? `${end.error.hubError.errCode}: ${end.error.message}`
          : 'unknown: Internal error'
        : undefined;
  response.end(why === undefined ? undefined : `: ${why}\n\n`);
}

export interface EventStreamRouteOptions {
  keepAliveMs?: number | undefined;
}

/**
 * `GET /v1/events/stream`: the event log as Server-Sent Events, over the same streams as gRPC Subscribe
 * (one per-IP limit for both). Each event is `id: <event id>` and `data: <the event's hub JSON>`;
 * `from_event_id` starts at that id (inclusive), `Last-Event-ID` after it (EventSource's reconnect; it
 * wins over the query), neither means events from now on. The app's close ends every stream first, so
 * it does not wait for clients that would never hang up.
 */
export function registerEventStreamRoute(
  app: HttpApp,
  streams: EventStreams,
  options: EventStreamRouteOptions = {},
): void {
  const keepAliveMs = options.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS;
  const open = new Set<EventStream>();
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    for (const stream of open) stream.stop('shutdown');
    done();
  });

  app.get(
    '/v1/events/stream',
    {
      ...described(
        'The event log as Server-Sent Events: backfill from an id, then live',
        {
          from_event_id: 'First event id to send (inclusive); absent for events from now on',
          event_types:
            'Comma-separated event types, by number or name (HUB_EVENT_TYPE_MERGE_MESSAGE or merge_message); all five streamed types when absent',
        },
        EVENT_STREAM,
      ),
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const { query, headers } = request;
      const resumeAfter = lastEventId(headers['last-event-id']);
      const fromId = resumeAfter === undefined ? p.optional(query, 'from_event_id', p.uint) : resumeAfter + 1;
      const types = p.optional(query, 'event_types', eventTypes);
      if (closing) return reply.code(503).send(hubErrorBody(SHUTTING_DOWN));
      const opened = streams.open({ ip: request.ip, authorization: headers.authorization, fromId, types });
      // 400 like every refusal of the node's HTTP API, the submit rate limit's included (spec §7).
      if (!opened.ok) throw new HubFailure(opened.error);

      const stream = opened.value;
      reply.hijack();
      const response = reply.raw;
      for (const [name, value] of Object.entries({ ...reply.getHeaders(), ...STREAM_HEADERS })) {
        if (value !== undefined) response.setHeader(name, value);
      }
      response.writeHead(200);
      // A write racing the client's hang-up must not become an uncaught error; `close` ends the stream.
      response.on('error', () => undefined);
      const cancel = () => stream.stop('cancelled');
      response.once('close', cancel);
      if (response.destroyed) cancel();
      const keepAlive = setInterval(() => {
        const idle = !response.writableNeedDrain && !response.writableEnded && !response.destroyed;
        if (idle) response.write(': keep-alive\n\n');
      }, keepAliveMs);
      open.add(stream);
      const end = await stream.run(sinkOf(response));
      open.delete(stream);
      clearInterval(keepAlive);
      response.off('close', cancel);
      finish(response, end, request.log);
      return reply;
    },
  );
}
