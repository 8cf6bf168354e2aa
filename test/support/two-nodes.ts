/**
 * Two node processes on one database (one SQLite file, or one PostgreSQL schema), for tests of what one
 * process's writes show in the other's reads: each a separate OS process (two-nodes-process.ts) serving
 * HTTP and gRPC, with a hub-nodejs client of each, and the test's own handle on the database beside them.
 */
import type { NodeTables } from '../../src/node/store/schema.js';
import type { Dialect } from '../../src/storage/index.js';
import { openTestDatabase } from '../../src/storage/testing.js';
import type { TestDatabase } from '../../src/storage/testing.js';
import { processOptions, startNodeProcess } from './node-process.js';
import type { NodeProcess as AnyNodeProcess } from './node-process.js';
import { TWO_NODES_PROCESS } from './two-nodes-process.js';
import type { NodeRole } from './two-nodes-process.js';

export interface NodeProcess extends AnyNodeProcess {
  readonly role: NodeRole;
}

export interface TwoNodes {
  /** The test's own handle on the database: a third writer, as a tool would be. */
  readonly database: TestDatabase<NodeTables>;
  /** Writes: it revokes queued revocations at once. */
  readonly a: NodeProcess;
  /** Reads: it never revokes after its start, so what it shows was written elsewhere. */
  readonly b: NodeProcess;
  /** Kills both processes, then deletes the database; safe to call more than once. */
  close(): Promise<void>;
}

/**
 * A fresh node database on `dialect`, prepared by `setUp` on the test's handle (accounts, messages) before
 * the two processes start on it.
 */
export async function startTwoNodes(
  dialect: Dialect,
  setUp: (database: TestDatabase<NodeTables>) => Promise<void>,
): Promise<TwoNodes> {
  const database = await openTestDatabase<NodeTables>(dialect, 'node');
  const started: Promise<NodeProcess>[] = [];
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      try {
        const settled = await Promise.allSettled(started);
        await Promise.all(
          settled.map((result) => (result.status === 'fulfilled' ? result.value.kill() : undefined)),
        );
      } finally {
        await database.cleanup();
      }
    })());
  try {
    await setUp(database);
    const options = JSON.stringify(await processOptions(database, dialect));
    const writer = startNode(options, 'writer');
    const reader = startNode(options, 'reader');
    started.push(writer, reader);
    const [a, b] = await Promise.all([writer, reader]);
    return { database, a, b, close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function startNode(options: string, role: NodeRole): Promise<NodeProcess> {
  return { ...(await startNodeProcess(TWO_NODES_PROCESS, [options, role], role)), role };
}
