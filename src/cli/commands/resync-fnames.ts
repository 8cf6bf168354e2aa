import { resyncFnames } from '../../node/fnames/index.js';
import { revokeUsername } from '../../node/engine/revoke.js';
import { takeLoopsLock } from '../../node/loops-lock.js';
import type { NodeTables } from '../../node/store/schema.js';
import { systemClock } from '../../shared/clock.js';
import type { ResyncFnamesConfig } from '../../shared/config/commands.js';
import { openServiceDatabase } from '../../storage/index.js';
import type { CliIo } from '../io.js';

/** Names listed per kind of change; the counts are always complete. */
const LISTED = 20;

/**
 * `agora resync-fnames`: makes a stopped node's fname proofs what the registry says now and moves its
 * fname sync's cursor to the registry's newest transfer (docs/operations.md, "The registry went back").
 */
export async function runResyncFnames(config: ResyncFnamesConfig, io: CliIo): Promise<number> {
  const { database } = await openServiceDatabase<NodeTables>('node', config);
  // A running node's fname sync would write the proofs and cursor this rewrites; on PostgreSQL it holds
  // the loops lock (SQLite has no cross-process lock to check: docs/operations.md says stop it first).
  const lock = await takeLoopsLock(database, () => undefined).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  if (lock === undefined) {
    await database.close();
    io.err(
      'agora resync-fnames: a node runs the fname sync on this database (it holds the loops lock): stop it first',
    );
    return 1;
  }
  try {
    const report = await resyncFnames({
      db: database.db,
      registryUrl: config.namesUrl,
      fetch,
      clock: systemClock,
      revokeUsername,
      dryRun: config.dryRun,
    });
    const names = (list: string[]) =>
      list.length === 0 ? '' : `: ${list.slice(0, LISTED).join(', ')}${list.length > LISTED ? ', …' : ''}`;
    const verb = config.dryRun ? 'to be ' : '';
    io.out(`read ${report.transfers} transfer(s); ${report.kept} proof(s) already matched the registry`);
    for (const [kind, list] of [
      ['added', report.added],
      ['replaced', report.replaced],
      ['removed', report.removed],
    ] as const) {
      io.out(`${list.length} proof(s) ${verb}${kind}${names(list)}`);
    }
    io.out(
      config.dryRun
        ? `dry run: nothing changed; the cursor would move to transfer ${report.cursor}`
        : `fname sync cursor set to transfer ${report.cursor}; start the node again`,
    );
    return 0;
  } finally {
    await lock.release();
    await database.close();
  }
}
