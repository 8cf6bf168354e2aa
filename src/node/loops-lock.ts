/**
 * The PostgreSQL advisory lock a node holds while it runs the chain reader and the fname sync (and so
 * the prune and event-retention jobs): two loop-running processes would write the same rows. Keyed by
 * the node's schema, so one PostgreSQL database can hold one deployment's node only once.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Database } from '../storage/index.js';
import type { NodeTables } from './store/schema.js';

/** How often the lock's connection is checked, so a lost lock is logged rather than assumed. */
const CHECK_EVERY_MS = 30_000;

export interface LoopsLock {
  /** Releases the lock and returns its connection to the pool. */
  release(): Promise<void>;
}

/**
 * Takes the lock on a connection kept out of the pool for the process's life (a session lock ends with
 * its connection); undefined when another process holds it. SQLite needs none: one process opens it.
 */
export async function takeLoopsLock(
  database: Database<NodeTables>,
  onLost: (error: unknown) => void,
): Promise<LoopsLock | undefined> {
  if (database.dialect !== 'postgres') return { release: async () => undefined };
  const key = sql`hashtext(current_schema() || '.loops')`;
  const released = new AbortController();
  let answer!: (taken: boolean) => void;
  const taken = new Promise<boolean>((resolve) => (answer = resolve));
  const held = database.db.connection().execute(async (connection) => {
    const { rows } = await sql<{ taken: boolean }>`select pg_try_advisory_lock(${key}) as taken`.execute(
      connection,
    );
    answer(rows[0]?.taken === true);
    if (rows[0]?.taken !== true) return;
    for (;;) {
      try {
        await delay(CHECK_EVERY_MS, undefined, { signal: released.signal });
      } catch {
        break;
      }
      await sql`select 1`.execute(connection);
    }
    await sql`select pg_advisory_unlock(${key})`.execute(connection);
  });
  const outcome = held.then(
    () => undefined,
    (error: unknown) => error,
  );
  // A failure before the answer (no connection) is the start's error; after it, the lock is lost.
  const first = await Promise.race([taken, outcome.then((error) => ({ error }))]);
  if (typeof first === 'object')
    throw first.error ?? new Error('loops lock: the connection ended unanswered');
  if (!first) {
    await outcome;
    return undefined;
  }
  void outcome.then((error) => {
    if (error !== undefined) onLost(error);
  });
  return {
    async release() {
      released.abort();
      await outcome;
    },
  };
}
