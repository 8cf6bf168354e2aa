import type { GetJson } from '../../shared/fetch/json-client.js';
import type { SocialDb } from '../store.js';
import { reconcileFid } from './apply.js';
import { changesOf, messageChanges, signerRecordChanges, type MalformedHubJson } from './hub-json.js';
import { latestEventId, readFids, readFidSnapshot } from './node-reads.js';
import { advanceState, type IndexerState } from './state.js';

/**
 * The backfill: rebuild the index from the node's reads when following the event log cannot (no cursor
 * yet, or events after the cursor may have been deleted by the node's retention).
 *
 * It first notes the newest event id, then rebuilds fid by fid, then follows from the id after the noted
 * one. An event after the noted id may also be reflected in a read already; replaying it is harmless,
 * because a change sets a state rather than adjusting one, and the events of each key are replayed in
 * order, so each key ends as its last event left it. Each fid is one transaction that also records the
 * progress, so an interrupted backfill continues after the last fid finished.
 */

type Backfilling = Extract<IndexerState, { phase: 'backfilling' }>;

export interface BackfillDeps {
  db: SocialDb;
  getJson: GetJson;
  /** UNIX seconds, for casts found gone from the node. */
  nowSeconds: () => number;
  stopped: () => boolean;
  /** Told of an item the node listed that is not hub JSON the indexer knows; it is left out. */
  skip: (error: MalformedHubJson, item: unknown) => void;
}

/** Starts a backfill from `from` (another process may have moved on: then nothing happens). */
export async function startBackfill(
  deps: BackfillDeps,
  from: IndexerState,
): Promise<Backfilling | undefined> {
  const latest = await latestEventId(deps.getJson);
  // With an empty log, every event that comes later is new: follow from the start.
  const next: Backfilling = {
    phase: 'backfilling',
    resumeEventId: latest === undefined ? 0 : latest + 1,
    fidsPageToken: '',
    afterFid: 0,
  };
  return (await advanceState(deps.db, from, next)) ? next : undefined;
}

/**
 * Works through one `/v1/fids` page. Returns the state it left: still backfilling (the next page), or
 * following once the last page is done; undefined when another process moved the state or it stopped.
 */
export async function backfillPage(deps: BackfillDeps, from: Backfilling): Promise<IndexerState | undefined> {
  const page = await readFids(deps.getJson, from.fidsPageToken);
  let state = from;
  for (const fid of page.fids) {
    if (fid <= state.afterFid) continue;
    if (deps.stopped()) return undefined;
    const snapshot = await readFidSnapshot(deps.getJson, fid);
    const messages = [...snapshot.casts, ...snapshot.verifications, ...snapshot.userData];
    const changes = [
      ...changesOf(messages, (message) => messageChanges(message), deps.skip),
      ...changesOf(snapshot.signers, signerRecordChanges, deps.skip),
    ];
    const next: Backfilling = { ...state, afterFid: fid };
    const moved = await advanceState(deps.db, state, next, (trx) =>
      reconcileFid(trx, fid, changes, deps.nowSeconds()),
    );
    if (!moved) return undefined;
    state = next;
  }
  const next: IndexerState =
    page.nextPageToken === undefined
      ? { phase: 'following', cursor: state.resumeEventId }
      : { ...state, fidsPageToken: page.nextPageToken };
  return (await advanceState(deps.db, state, next)) ? next : undefined;
}
