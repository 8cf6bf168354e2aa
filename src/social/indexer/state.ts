import { readMeta, writeMeta } from '../../storage/index.js';
import type { SocialDb } from '../store.js';

/**
 * Where the indexer is, kept in `service_meta` under one key so that every step that moves it can lock
 * it and check it in the transaction that applies the step. Several processes of the service may run the
 * indexer on one database: a step whose starting state another process has moved on is dropped, so
 * changes are applied in event order and the state never goes back.
 */
export type IndexerState =
  /** Nothing indexed yet. */
  | { phase: 'new' }
  /** Following `/v1/events`; `cursor` is the next event id to read. */
  | { phase: 'following'; cursor: number }
  /**
   * Rebuilding from the node's reads, fid by fid; then following from `resumeEventId`. `fidsPageToken` is
   * the `/v1/fids` page being worked through and `afterFid` the last fid of it already rebuilt.
   */
  | { phase: 'backfilling'; resumeEventId: number; fidsPageToken: string; afterFid: number };

export const STATE_KEY = 'indexer.state';

export async function readState(db: SocialDb): Promise<IndexerState> {
  const stored = await readMeta(db, STATE_KEY);
  return stored === undefined ? { phase: 'new' } : parseState(stored);
}

/** A value that is not a state (edited by hand) starts over with a backfill rather than stopping. */
function parseState(stored: string): IndexerState {
  try {
    const value = JSON.parse(stored) as Record<string, unknown>;
    const isId = (field: unknown): field is number => Number.isSafeInteger(field) && (field as number) >= 0;
    if (value.phase === 'following' && isId(value.cursor))
      return { phase: 'following', cursor: value.cursor };
    if (
      value.phase === 'backfilling' &&
      isId(value.resumeEventId) &&
      typeof value.fidsPageToken === 'string' &&
      isId(value.afterFid)
    ) {
      const { resumeEventId, fidsPageToken, afterFid } = value;
      return { phase: 'backfilling', resumeEventId, fidsPageToken, afterFid };
    }
  } catch {
    // fall through
  }
  return { phase: 'new' };
}

function sameState(a: IndexerState, b: IndexerState): boolean {
  if (a.phase === 'following' && b.phase === 'following') return a.cursor === b.cursor;
  if (a.phase === 'backfilling' && b.phase === 'backfilling') {
    return (
      a.resumeEventId === b.resumeEventId && a.fidsPageToken === b.fidsPageToken && a.afterFid === b.afterFid
    );
  }
  return a.phase === b.phase;
}

/**
 * In one transaction: lock the state row, check it is still `from`, apply the step, store `to`. Returns
 * false (and changes nothing) when another process moved the state first; a crash before the commit
 * leaves `from`, so the step is simply done again.
 */
export async function advanceState(
  db: SocialDb,
  from: IndexerState,
  to: IndexerState,
  step: (trx: SocialDb) => Promise<void> = async () => undefined,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // A row lock on PostgreSQL until the commit (SQLite serialises writers anyway).
    await trx
      .updateTable('service_meta')
      .set((eb) => ({ value: eb.ref('value') }))
      .where('key', '=', STATE_KEY)
      .execute();
    if (!sameState(await readState(trx), from)) return false;
    await step(trx);
    await writeMeta(trx, STATE_KEY, JSON.stringify(to));
    return true;
  });
}
