import { setImmediate } from 'node:timers/promises';
import { Client, credentials, Metadata } from '@grpc/grpc-js';
import type { ClientReadableStream } from '@grpc/grpc-js';
import type { Logger } from 'pino';
import { HubEvent, HubEventType } from '../../protocol/gen/hub_event.js';
import { SubscribeRequest } from '../../protocol/gen/request_response.js';
import { decodeMessage, encodeMessage } from '../../protocol/message.js';
import type { ReceivedMessage } from '../../protocol/message.js';
import { eventIdTimestampMs } from '../../protocol/time.js';
import { errorMessage } from '../../shared/poll-loop.js';
import { backoffDelay } from '../../shared/retry.js';
import type { Sleep } from '../../shared/retry.js';
import { MERGE_BATCH } from './deferred.js';
import { PeerFault } from './diff-walk.js';

export interface PeerEventsOptions {
  /** `host:port` of the peer's gRPC API. */
  address: string;
  tls: boolean;
  /** Resume after this event id of the peer's log; undefined: from the peer's current head (no fromId). */
  fromEventId: number | undefined;
  /**
   * The merge of what arrived (a batch of at most 256 messages, in event order); the caller counts, defers
   * and refuses. Must settle before the next batch is handed over.
   */
  merge: (messages: ReceivedMessage[]) => Promise<void>;
  /** Called after each batch merged with the id of its last event (the caller persists it). */
  onEventId: (id: number) => void | Promise<void>;
  /**
   * Events of the peer may have been missed: its stream could not resume at the last id (its retention
   * passed it, or its log restarted), or a stream followed from its head broke before any event merged.
   * Called once the stream from the peer's head is open again: the caller runs a diff sync to repair.
   */
  onGap: () => void;
  /** The peer sent what no honest node sends (an event that does not decode, ids out of order): following stops. */
  onFault: (reason: string) => void;
  logger: Logger | undefined;
  sleep: Sleep;
  now: () => number;
}

export interface PeerEventsStatus {
  /** The peer has answered the current Subscribe call (its headers came). */
  connected: boolean;
  /** The last event id merged; undefined until a batch merged. */
  lastEventId: number | undefined;
  /** ms from the last merged event's creation (the time its id encodes) to its merge. */
  lagMs: number | undefined;
  /** Calls ended in a row with no batch merged in between. */
  consecutiveFailures: number;
  /** How the last failed call ended, kept after recovery for diagnosis. */
  lastError: string | undefined;
}

export interface PeerEvents {
  status(): PeerEventsStatus;
  /** Cancels the call, lets a running merge settle, closes the client. */
  stop(): Promise<void>;
}

const BACKOFF = { initialMs: 1000, maxMs: 60_000 };
/**
 * Messages only: prunes, revocations and on-chain events are each node's own decisions or its own
 * chain's, never taken from a peer.
 */
const WANTED: ReadonlySet<HubEventType> = new Set([
  HubEventType.MERGE_MESSAGE,
  HubEventType.MERGE_USERNAME_PROOF,
]);

const CHANNEL_OPTIONS = {
  // A quiet stream from a peer that vanished (no FIN, no RST) would otherwise wait forever.
  'grpc.keepalive_time_ms': 30_000,
  'grpc.keepalive_timeout_ms': 10_000,
  // The follower's backoff paces reconnects; the channel's own (up to 120 s) would hold them back past it.
  'grpc.initial_reconnect_backoff_ms': BACKOFF.initialMs,
  'grpc.max_reconnect_backoff_ms': BACKOFF.initialMs,
};

/** An event taken from the stream: its id, and its message unless it carries none (an fname proof). */
interface Arrival {
  id: number;
  message: ReceivedMessage | undefined;
}

/** A Subscribe call as a queue of arrivals. */
interface ArrivalQueue {
  /** Up to a batch of arrivals, waiting for one; once none is left, throws how the call ended. */
  next(): Promise<Arrival[]>;
  cancel(): void;
}

/** The message an event carries, as the engine takes received messages; undefined for an fname proof. */
function messageOf(event: HubEvent): ReceivedMessage | undefined {
  const message =
    event.type === HubEventType.MERGE_MESSAGE
      ? event.mergeMessageBody?.message
      : event.mergeUsernameProofBody?.usernameProofMessage;
  if (message === undefined) {
    if (event.type === HubEventType.MERGE_MESSAGE) throw new PeerFault(`event ${event.id} has no message`);
    return undefined;
  }
  // Events carry `dataBytes` beside `data`, so the bytes the signature covers come through the re-encoding.
  const decoded = decodeMessage(encodeMessage(message));
  if (!decoded.ok) throw new PeerFault(`event ${event.id}: ${decoded.error.message}`);
  return decoded.value;
}

/** The arrival of an event's bytes; undefined for a type not asked for. Throws a PeerFault. */
function arrivalOf(bytes: Uint8Array): Arrival | undefined {
  let event: HubEvent;
  try {
    event = HubEvent.decode(bytes);
  } catch (error) {
    throw new PeerFault(`sent an event that does not decode: ${errorMessage(error)}`);
  }
  return WANTED.has(event.type) ? { id: event.id, message: messageOf(event) } : undefined;
}

/**
 * Takes the call's events as they come, so those arriving during a merge make the next batch. The call is
 * paused while a batch's worth waits: a peer sending faster than merges take is held back by HTTP/2 flow
 * control. A fault in an event cancels the call; those before it are still handed over.
 */
function arrivalQueue(call: ClientReadableStream<Uint8Array>, onOpen: () => void): ArrivalQueue {
  const waiting: Arrival[] = [];
  let ended: { error: unknown } | undefined;
  let lastId = -1;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  const end = (error: unknown) => {
    ended ??= { error };
    notify();
  };

  call.on('metadata', onOpen);
  call.on('data', (bytes: Uint8Array) => {
    if (ended !== undefined) return;
    try {
      const arrival = arrivalOf(bytes);
      if (arrival === undefined) return;
      if (arrival.id <= lastId) throw new PeerFault(`sent event ${arrival.id} after ${lastId}`);
      lastId = arrival.id;
      waiting.push(arrival);
      if (waiting.length >= MERGE_BATCH) call.pause();
      notify();
    } catch (error) {
      end(error);
      call.cancel();
    }
  });
  call.on('error', end);
  call.on('end', () => end(new Error('the peer ended the stream')));

  return {
    async next() {
      // grpc-js hands over what the socket brought only as the event loop turns: a turn before taking a
      // batch lets in what arrived during a merge that ran without I/O (SQLite's), not just one event.
      await setImmediate();
      while (waiting.length === 0) {
        if (ended !== undefined) throw ended.error;
        await new Promise<void>((resolve) => (wake = resolve));
      }
      const batch = waiting.splice(0, MERGE_BATCH);
      if (call.isPaused()) call.resume();
      return batch;
    },
    cancel: () => call.cancel(),
  };
}

/**
 * Follows a peer's event stream (HubService/Subscribe) and merges the messages of its MERGE_MESSAGE and
 * MERGE_USERNAME_PROOF events as they come, in batches of what arrived during the previous merge. A call
 * that fails or ends is made again with backoff, resuming after the last event merged. `from_id` is
 * inclusive, so a resume asks for that event again: a peer still holding it sends it first (it is skipped),
 * and any other first event means the peer no longer has it (a peer answers a from_id before its retained
 * log with its oldest event, not an error). Then the stream is followed from the peer's head and `onGap`
 * repairs the rest.
 */
export function followPeerEvents(options: PeerEventsOptions): PeerEvents {
  const { address, logger, now } = options;
  const client = new Client(
    address,
    options.tls ? credentials.createSsl() : credentials.createInsecure(),
    CHANNEL_OPTIONS,
  );
  const status: PeerEventsStatus = {
    connected: false,
    lastEventId: undefined,
    lagMs: undefined,
    consecutiveFailures: 0,
    lastError: undefined,
  };
  const stopping = new AbortController();
  let resumeAt = options.fromEventId;
  /** Events may have been missed: onGap is owed once a call from the head is open. */
  let gapOwed = false;
  let current: ArrivalQueue | undefined;

  const subscribe = (): ArrivalQueue => {
    const call = client.makeServerStreamRequest(
      '/HubService/Subscribe',
      (request: SubscribeRequest) => Buffer.from(SubscribeRequest.encode(request).finish()),
      (bytes: Buffer): Uint8Array => bytes,
      { eventTypes: [...WANTED], fromId: resumeAt },
      new Metadata(),
    );
    return arrivalQueue(call, () => {
      status.connected = true;
      if (gapOwed && resumeAt === undefined) {
        gapOwed = false;
        options.onGap();
      }
    });
  };

  const mergeBatch = async (batch: Arrival[]) => {
    const messages = batch.flatMap(({ message }) => (message === undefined ? [] : [message]));
    if (messages.length > 0) await options.merge(messages);
    const { id } = batch.at(-1) as Arrival;
    resumeAt = id;
    status.lastEventId = id;
    status.lagMs = now() - eventIdTimestampMs(id);
    status.consecutiveFailures = 0;
    await options.onEventId(id);
  };

  /** One call, merged until it ends (throws how) or the peer lost the resume point (returns). */
  const follow = async () => {
    const resumed = resumeAt;
    const queue = subscribe();
    current = queue;
    let checkResume = resumed !== undefined;
    try {
      while (!stopping.signal.aborted) {
        let batch = await queue.next();
        if (checkResume) {
          checkResume = false;
          if (batch[0]?.id !== resumed) {
            logger?.warn(
              { peer: address, resumeAt: resumed, first: batch[0]?.id },
              'peer events: the peer no longer holds the resume point; following from its head',
            );
            resumeAt = undefined;
            gapOwed = true;
            return;
          }
          batch = batch.slice(1);
        }
        if (batch.length > 0 && !stopping.signal.aborted) await mergeBatch(batch);
      }
    } finally {
      queue.cancel();
    }
  };

  const run = async () => {
    while (!stopping.signal.aborted) {
      const failure = await follow().then(
        () => undefined,
        (error: unknown) => ({ error }),
      );
      const wasOpen = status.connected;
      status.connected = false;
      if (failure === undefined || stopping.signal.aborted) continue;
      if (failure.error instanceof PeerFault) {
        options.onFault(failure.error.message);
        return;
      }
      // From the head, what the peer merges until the next call opens is in no stream.
      if (resumeAt === undefined && wasOpen) gapOwed = true;
      status.consecutiveFailures += 1;
      status.lastError = errorMessage(failure.error);
      const retryInMs = backoffDelay(status.consecutiveFailures, BACKOFF);
      logger?.warn(
        { peer: address, error: status.lastError, retryInMs },
        'peer events: the stream ended; reconnecting',
      );
      await options.sleep(retryInMs, stopping.signal);
    }
  };
  const running = run();

  return {
    status: () => ({ ...status }),
    async stop() {
      stopping.abort();
      current?.cancel();
      await running;
      client.close();
    },
  };
}
