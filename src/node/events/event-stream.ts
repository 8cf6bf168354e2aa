import { hubError } from '../../protocol/errors.js';
import type { HubError, HubResult } from '../../protocol/errors.js';
import type { HubEventType } from '../../protocol/gen/hub_event.js';
import { DEFAULT_CLIENT_ADDRESSES, type ClientAddresses } from '../../shared/client-address.js';
import type { LoggedEvent } from './event-log.js';
import type { EventFeed } from './feed.js';

/**
 * A consumer that has not taken anything for this long is cut. Longer than the reference's 10 s so a
 * consumer pausing for a slow database write is not dropped, short enough that a dead one frees its slot.
 */
const DEFAULT_STALL_TIMEOUT_MS = 30_000;

/** Where a stream's events go: a transport's response, whose buffer fills when the client reads slowly. */
export interface EventSink {
  /** The start is fixed: every event merged from now on will be sent (a transport answers its headers). */
  opened(): void;
  /**
   * Sends one event (its stored bytes, or what is rendered of them); false when the transport's buffer is
   * full (wait for `onDrain`).
   */
  write(event: LoggedEvent): boolean;
  /** Calls `listener` once when the buffer has room again; returns a function that removes it. */
  onDrain(listener: () => void): () => void;
}

/** How a stream ended. `cancelled`: the client went away. `failed`: reading the log failed. */
export type StreamEnd =
  | { reason: 'cancelled' }
  | { reason: 'shutdown' }
  | { reason: 'stalled'; stallTimeoutMs: number }
  | { reason: 'failed'; error: unknown };

export interface StreamRequest {
  /** The client's address: the per-IP limit counts it. */
  ip: string;
  /** The `authorization` header or metadata: valid rpc-auth credentials lift the per-IP limit. */
  authorization: string | undefined;
  fromId?: number | undefined;
  types?: ReadonlySet<HubEventType> | undefined;
}

export interface EventStream {
  /** Feeds the log's events into `sink` until the stream ends; its slot is free once this resolves. */
  run(sink: EventSink): Promise<StreamEnd>;
  /** Ends the stream at once (a second call keeps the first reason). */
  stop(reason: 'cancelled' | 'shutdown'): void;
}

export interface EventStreamsOptions {
  feed: EventFeed;
  /** Concurrent streams per client IP, loopback included; 0 turns the limit off. */
  perIpLimit: number;
  /** Who a client is: an address, or an IPv6 network (the connection options); their defaults when absent. */
  clients?: Pick<ClientAddresses, 'limitKey'> | undefined;
  /** Whether an `authorization` value holds valid rpc-auth credentials (SubmitGuard.authenticated). */
  authenticated: (authorization: string | undefined) => boolean;
  stallTimeoutMs?: number | undefined;
}

/** The live event streams of both transports (gRPC Subscribe and HTTP Server-Sent Events). */
export interface EventStreams {
  /** Admits a stream, or refuses it with the per-IP limit's error. */
  open(request: StreamRequest): HubResult<EventStream>;
  /** The streams admitted and not yet ended, on either transport: who, and how far each got. */
  running(): { ip: string; written: number }[];
}

/** Resolves on the sink's drain, or with the stall when it does not come in time; an abort ends it early. */
function drained(sink: EventSink, signal: AbortSignal, timeoutMs: number): Promise<'drained' | 'stalled'> {
  return new Promise((resolve) => {
    const finish = (outcome: 'drained' | 'stalled') => {
      clearTimeout(timer);
      removeDrain();
      signal.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    const onAbort = () => finish('drained');
    const timer = setTimeout(() => finish('stalled'), timeoutMs);
    const removeDrain = sink.onDrain(() => finish('drained'));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The one streaming loop both transports run: admission under the per-IP limit (shared, so gRPC and SSE
 * streams count together), events from the feed into the transport with backpressure (the feed is read
 * only while the transport's buffer has room), and a cut for a consumer that stops reading.
 */
export function createEventStreams(options: EventStreamsOptions): EventStreams {
  const stallTimeoutMs = options.stallTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS;
  const clients = options.clients ?? DEFAULT_CLIENT_ADDRESSES;
  const perIp = new Map<string, number>();
  const running = new Set<{ ip: string; readonly written: number }>();

  const admit = (request: StreamRequest): HubError | (() => void) => {
    if (options.perIpLimit === 0 || options.authenticated(request.authorization)) return () => undefined;
    const key = clients.limitKey(request.ip);
    const count = perIp.get(key) ?? 0;
    if (count >= options.perIpLimit) {
      return hubError('unavailable', `Too many connections from this IP: ${key}`);
    }
    perIp.set(key, count + 1);
    return () => {
      const left = (perIp.get(key) ?? 1) - 1;
      if (left === 0) perIp.delete(key);
      else perIp.set(key, left);
    };
  };

  const open = (request: StreamRequest): HubResult<EventStream> => {
    const admitted = admit(request);
    if (typeof admitted !== 'function') return { ok: false, error: admitted };
    const abort = new AbortController();
    let ended: StreamEnd | undefined;
    let written = 0;
    let started = false;
    const entry = {
      ip: request.ip,
      get written() {
        return written;
      },
    };
    running.add(entry);
    let release: (() => void) | undefined = admitted;
    const free = () => {
      if (release === undefined) return;
      release();
      release = undefined;
      running.delete(entry);
    };

    const run = async (sink: EventSink): Promise<StreamEnd> => {
      if (started) throw new Error('an event stream runs once');
      started = true;
      try {
        const events = options.feed.follow({
          fromId: request.fromId,
          types: request.types,
          signal: abort.signal,
          onStart: () => sink.opened(),
        });
        for await (const event of events) {
          written += 1;
          if (sink.write(event)) continue;
          if ((await drained(sink, abort.signal, stallTimeoutMs)) === 'stalled') {
            ended ??= { reason: 'stalled', stallTimeoutMs };
            break;
          }
        }
      } catch (error) {
        ended ??= { reason: 'failed', error };
      } finally {
        free();
      }
      return ended ?? { reason: 'cancelled' };
    };

    const stream: EventStream = {
      run,
      stop(reason) {
        ended ??= { reason };
        abort.abort();
        // One never run holds its slot until now.
        if (!started) free();
      },
    };
    return { ok: true, value: stream };
  };

  return {
    open,
    running: () => [...running].map(({ ip, written }) => ({ ip, written })),
  };
}
