import type { NodeClient } from '../node-client.js';

/**
 * The node's event stream as the indexer follows it once caught up: a background reader that keeps up to
 * `maxBuffered` events and tells the loop (`onEvents`) when some arrive, so a cast is indexed as soon as
 * the node merges it instead of at the next poll. The reader stops pulling while the buffer is full, so a
 * slow database leaves the rest with the node.
 */
export interface LiveEvents {
  /** The id the next event follows from: where the stream was opened, then the last taken id + 1. */
  readonly cursor: number;
  /** Why the stream ended (the node ended it, a network fault, silence), once it has; then open another. */
  readonly ended: Error | undefined;
  /** Up to `max` buffered events (hub JSON, ids increasing from `cursor`), removed from the buffer. */
  take(max: number): unknown[];
  readonly buffered: number;
  close(): void;
}

export interface LiveEventsOptions {
  maxBuffered: number;
  /** A stream with no chunk for this long (the node sends keep-alives) is taken for dead. */
  idleTimeoutMs: number;
}

export function followLiveEvents(
  node: NodeClient,
  fromId: number,
  onEvents: () => void,
  options: LiveEventsOptions,
): LiveEvents {
  const abort = new AbortController();
  const buffer: { id: number; event: unknown }[] = [];
  let cursor = fromId;
  let expected = fromId;
  let ended: Error | undefined;
  let space: (() => void) | undefined;
  let idle: NodeJS.Timeout | undefined;

  const end = (reason: Error) => {
    ended ??= reason;
    clearTimeout(idle);
    abort.abort(reason);
    space?.();
    onEvents();
  };
  const alive = () => {
    clearTimeout(idle);
    idle = setTimeout(
      () => end(new Error(`the node's event stream was silent for ${options.idleTimeoutMs} ms`)),
      options.idleTimeoutMs,
    );
  };

  void (async () => {
    alive();
    for await (const { id, event } of node.streamEvents(fromId, abort.signal, alive)) {
      if (id < expected) throw new Error(`the node's event stream sent event ${id} after ${expected - 1}`);
      expected = id + 1;
      buffer.push({ id, event });
      onEvents();
      if (buffer.length >= options.maxBuffered) await new Promise<void>((resolve) => (space = resolve));
      if (ended !== undefined) return;
    }
    end(new Error('the node ended its event stream'));
  })().catch((error: unknown) => end(error instanceof Error ? error : new Error(String(error))));

  return {
    get cursor() {
      return cursor;
    },
    get ended() {
      return ended;
    },
    get buffered() {
      return buffer.length;
    },
    take(max) {
      const taken = buffer.splice(0, max);
      const last = taken.at(-1);
      if (last !== undefined) cursor = last.id + 1;
      space?.();
      space = undefined;
      return taken.map(({ event }) => event);
    },
    close: () => end(new Error('closed')),
  };
}
