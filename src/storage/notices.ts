import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { backoffDelay } from '../shared/retry.js';

/**
 * Word between the processes that share one database that something changed, so a process waiting for
 * others' writes need not poll for them. PostgreSQL carries it by LISTEN/NOTIFY; a SQLite file is served
 * by one process, so there it carries nothing. Notices are hints: one can be lost (a dropped listening
 * connection), so a waiter still looks now and then on its own.
 */
export interface Notices {
  /**
   * Tells the other processes listening on `channel`. Coalesced: while one notice is on its way, any number
   * of calls send one more after it, so a burst of commits costs at most one round trip at a time.
   */
  notify(channel: string): void;
  /**
   * Calls `listener` when another process notifies `channel`, and once when a lost listening connection is
   * back (notices may have passed meanwhile). Returns how to stop.
   */
  listen(channel: string, listener: () => void): () => void;
  close(): Promise<void>;
}

export const NO_NOTICES: Notices = {
  notify: () => undefined,
  listen: () => () => undefined,
  close: async () => undefined,
};

/** A lost listening connection connects again after this, doubled at each failure in a row up to the most. */
const RECONNECT = { initialMs: 1000, maxMs: 30_000 };

export interface PostgresNoticesOptions {
  pool: pg.Pool;
  url: string;
  /** The service's schema: notices of one schema never reach another's listeners on the same database. */
  schema: string | undefined;
  onError: ((error: Error) => void) | undefined;
}

/**
 * LISTEN/NOTIFY. Notices go out through the pool after the commit they announce; one connection kept apart
 * listens, opened on the first `listen` and closed with the last. A notice carries this process's token, so
 * its own come back to it unheard: in-process waiters hear of their process's commits directly.
 */
export function postgresNotices(options: PostgresNoticesOptions): Notices {
  const token = randomUUID();
  const channelName = (channel: string) =>
    pg.escapeIdentifier(`${options.schema ?? 'public'}.${channel}`.slice(0, 63));
  const sending = new Map<string, { again: boolean }>();
  const listeners = new Map<string, Set<() => void>>();
  let client: pg.Client | undefined;
  let reconnect: NodeJS.Timeout | undefined;
  let failures = 0;
  let closed = false;

  const send = (channel: string) => {
    const state = { again: false };
    sending.set(channel, state);
    options.pool
      .query(`notify ${channelName(channel)}, '${token}'`)
      .catch((error: Error) => options.onError?.(error))
      .finally(() => {
        if (state.again && !closed) send(channel);
        else sending.delete(channel);
      });
  };

  const hear = (channel: string) => {
    for (const listener of listeners.get(channel) ?? []) listener();
  };

  const connect = () => {
    reconnect = undefined;
    if (closed || listeners.size === 0 || client !== undefined) return;
    const connection = new pg.Client({
      connectionString: options.url,
      ...(options.schema === undefined ? {} : { options: `-c search_path=${options.schema}` }),
    });
    client = connection;
    const byName = new Map([...listeners.keys()].map((channel) => [channelName(channel), channel]));
    connection.on('notification', ({ channel, payload }) => {
      if (payload === token) return;
      // The server names the channel unquoted.
      const name = byName.get(pg.escapeIdentifier(channel));
      if (name !== undefined) hear(name);
    });
    const lost = (error?: Error) => {
      if (client !== connection) return;
      client = undefined;
      if (error !== undefined) options.onError?.(error);
      connection.end().catch(() => undefined);
      if (closed || listeners.size === 0) return;
      reconnect = setTimeout(connect, backoffDelay(++failures, RECONNECT)).unref();
    };
    connection.on('error', lost);
    connection.on('end', () => lost());
    const wanted = [...byName.keys()];
    connection
      .connect()
      .then(() => connection.query(wanted.map((name) => `listen ${name};`).join(' ')))
      .then(() => {
        failures = 0;
        // Notices sent before the listening began went unheard.
        for (const channel of byName.values()) hear(channel);
      })
      .catch((error: Error) => lost(error));
  };

  /** A new channel needs a LISTEN of its own: the connection is opened again with every channel. */
  const relisten = () => {
    const old = client;
    client = undefined;
    void old?.end().catch(() => undefined);
    connect();
  };

  return {
    notify(channel) {
      const state = sending.get(channel);
      if (state !== undefined) state.again = true;
      else if (!closed) send(channel);
    },
    listen(channel, listener) {
      const set = listeners.get(channel) ?? new Set();
      const added = !listeners.has(channel);
      listeners.set(channel, set);
      set.add(listener);
      if (added) relisten();
      return () => {
        set.delete(listener);
        if (set.size > 0) return;
        listeners.delete(channel);
        if (listeners.size === 0) {
          const old = client;
          client = undefined;
          void old?.end().catch(() => undefined);
        }
      };
    },
    async close() {
      closed = true;
      clearTimeout(reconnect);
      listeners.clear();
      const old = client;
      client = undefined;
      await old?.end().catch(() => undefined);
    },
  };
}
