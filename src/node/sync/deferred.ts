import type { Kysely } from 'kysely';
import type { HubError, HubErrorCode } from '../../protocol/errors.js';
import { bytesToHex } from '../../protocol/hex.js';
import { decodeMessage } from '../../protocol/message.js';
import type { ReceivedMessage } from '../../protocol/message.js';
import type { Clock } from '../../shared/clock.js';
import type { Engine } from '../engine/index.js';
import { storedEncoding, withSignedBytes } from '../engine/message-rows.js';
import type { NodeTables, SyncDeferredTable } from '../store/schema.js';

/** What merging messages from peers did, one count per message. */
export interface MergeTally {
  merged: number;
  /**
   * Already held: the normal outcome of one message reaching this node from two peers or two routes (diff
   * sync and a live stream), so it is no fault and kept apart from `refused`.
   */
  duplicates: number;
  /** Kept aside (or, on retry, still kept) until this node's chain view has the fid, signer or storage. */
  deferred: number;
  /**
   * Refused for good, by errCode. A deferrable errCode here is a message the deferral bounds had no room
   * for: diff sync finds it again while the peer holds it.
   */
  refused: Partial<Record<HubErrorCode, number>>;
  /**
   * Failed their own checks (structure, hash, signature, network): no honest node merged them, so the peer
   * that sent them is at fault. Kept apart from `refused`.
   */
  invalid: number;
}

/** What one retry of the deferred messages did; `deferred` counts the rows still kept. */
export interface RetryTally extends MergeTally {
  /** Rows older than `maxAgeMs`, deleted without a merge. */
  expired: number;
}

/** A message a merge refused, with its refusal. */
export interface Refusal {
  received: ReceivedMessage;
  error: HubError;
}

export interface DeferralLimits {
  /** Rows kept in all. */
  maxRows: number;
  /** Rows kept per fid, so one fid's messages cannot take the whole store. */
  perFidRows: number;
  /** Age at which a row is dropped unmerged. */
  maxAgeMs: number;
}

/**
 * The bounds exist because a peer can sign any number of valid messages for fids no chain has registered:
 * without them such a peer could fill this node's database. A message left out is not lost while a peer
 * still holds it: diff sync fetches what this node lacks again on its next run.
 */
export const DEFAULT_DEFERRAL_LIMITS: DeferralLimits = {
  maxRows: 100_000,
  perFidRows: 10_000,
  maxAgeMs: 24 * 60 * 60 * 1000,
};

/** Refusals this node's chain view may lift once its chain reader catches up; any other is for good. */
const DEFERRABLE: ReadonlySet<HubErrorCode> = new Set<HubErrorCode>([
  'bad_request.unknown_fid',
  'bad_request.unknown_signer',
  'bad_request.no_storage',
]);

export function isDeferrable(errCode: HubErrorCode): boolean {
  return DEFERRABLE.has(errCode);
}

export function emptyTally(): MergeTally {
  return { merged: 0, duplicates: 0, deferred: 0, refused: {}, invalid: 0 };
}

/** Adds `from`'s counts into `into`. */
export function addTally(into: MergeTally, from: MergeTally): void {
  into.merged += from.merged;
  into.duplicates += from.duplicates;
  into.deferred += from.deferred;
  into.invalid += from.invalid;
  for (const [errCode, count] of Object.entries(from.refused) as [HubErrorCode, number][]) {
    into.refused[errCode] = (into.refused[errCode] ?? 0) + count;
  }
}

/** Counts a refusal that is not deferred: a duplicate apart, any other under its errCode. */
export function countRefusal(tally: MergeTally, errCode: HubErrorCode): void {
  if (errCode === 'bad_request.duplicate') tally.duplicates++;
  else tally.refused[errCode] = (tally.refused[errCode] ?? 0) + 1;
}

export interface DeferralStore {
  /**
   * Keeps each deferrable refusal's message in `sync_deferred`, keyed by hash (one already kept counts as
   * deferred and is left as it is), while the bounds have room; one without room is counted as refused.
   * The bounds are read before the insert, so deferrals running at once may pass them by a batch each.
   */
  defer(refusals: readonly Refusal[]): Promise<MergeTally>;
  /**
   * Deletes the rows past `maxAgeMs`, then merges the others, oldest first, in pages: a row that merged or
   * was refused for a reason that is not deferrable is deleted, one still deferrable is kept unchanged.
   * Rows deferred after the retry began are left to the next one.
   */
  retry(): Promise<RetryTally>;
  count(): Promise<number>;
}

export interface DeferralStoreOptions {
  db: Kysely<NodeTables>;
  engine: Pick<Engine, 'mergeSynced'>;
  clock: Clock;
  limits?: Partial<DeferralLimits> | undefined;
}

/** Rows merged in one call of mergeSynced: the reference's bound on one merge of synced messages. */
export const MERGE_BATCH = 256;

export function createDeferralStore(options: DeferralStoreOptions): DeferralStore {
  const { db, engine, clock } = options;
  const limits = { ...DEFAULT_DEFERRAL_LIMITS, ...options.limits };

  const count = async (): Promise<number> => {
    const row = await db
      .selectFrom('sync_deferred')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };

  const countsByFid = async (fids: number[]): Promise<Map<number, number>> => {
    const rows = await db
      .selectFrom('sync_deferred')
      .select((eb) => ['fid', eb.fn.countAll<number>().as('count')])
      .where('fid', 'in', fids)
      .groupBy('fid')
      .execute();
    return new Map(rows.map((row) => [Number(row.fid), Number(row.count)]));
  };

  const heldHashes = async (hashes: Uint8Array[]): Promise<Set<string>> => {
    const rows = await db.selectFrom('sync_deferred').select('hash').where('hash', 'in', hashes).execute();
    return new Set(rows.map((row) => bytesToHex(row.hash)));
  };

  const expire = async (): Promise<number> => {
    const result = await db
      .deleteFrom('sync_deferred')
      .where('deferred_at', '<', clock.now() - limits.maxAgeMs)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  };

  /** Up to MERGE_BATCH rows deferred by `until`, in (deferred_at, hash) order, after `after`. */
  const page = (until: number, after: Pick<SyncDeferredTable, 'deferred_at' | 'hash'> | undefined) => {
    let query = db
      .selectFrom('sync_deferred')
      .select(['hash', 'bytes', 'deferred_at'])
      .where('deferred_at', '<=', until);
    if (after !== undefined) {
      query = query.where((eb) =>
        eb.or([
          eb('deferred_at', '>', after.deferred_at),
          eb.and([eb('deferred_at', '=', after.deferred_at), eb('hash', '>', after.hash)]),
        ]),
      );
    }
    return query.orderBy('deferred_at').orderBy('hash').limit(MERGE_BATCH).execute();
  };

  return {
    count,

    async defer(refusals) {
      const tally = emptyTally();
      if (refusals.length === 0) return tally;
      const hashes = refusals.map(({ received }) => received.message.hash);
      const fids = [...new Set(refusals.map(({ received }) => received.data.fid))];
      const [taken, total, perFid] = await Promise.all([heldHashes(hashes), count(), countsByFid(fids)]);
      const now = clock.now();
      const rows: SyncDeferredTable[] = [];
      for (const { received, error } of refusals) {
        const hex = bytesToHex(received.message.hash);
        const { fid } = received.data;
        const ofFid = perFid.get(fid) ?? 0;
        if (taken.has(hex)) {
          tally.deferred++;
        } else if (total + rows.length >= limits.maxRows || ofFid >= limits.perFidRows) {
          countRefusal(tally, error.errCode);
        } else {
          taken.add(hex);
          perFid.set(fid, ofFid + 1);
          rows.push({
            hash: received.message.hash,
            fid,
            // As the node stores messages: the signed bytes exactly as sent, so hash and signature verify.
            bytes: storedEncoding(withSignedBytes(received)),
            reason: `${error.errCode}: ${error.message}`,
            deferred_at: now,
          });
          tally.deferred++;
        }
      }
      if (rows.length > 0) {
        await db
          .insertInto('sync_deferred')
          .values(rows)
          .onConflict((conflict) => conflict.column('hash').doNothing())
          .execute();
      }
      return tally;
    },

    async retry() {
      const tally: RetryTally = { ...emptyTally(), expired: await expire() };
      const started = clock.now();
      let last: Pick<SyncDeferredTable, 'deferred_at' | 'hash'> | undefined;
      for (let rows = await page(started, last); rows.length > 0; rows = await page(started, last)) {
        last = rows.at(-1);
        const done: Uint8Array[] = [];
        const received: ReceivedMessage[] = [];
        for (const row of rows) {
          const decoded = decodeMessage(row.bytes);
          if (decoded.ok) received.push(decoded.value);
          else {
            countRefusal(tally, decoded.error.errCode);
            done.push(row.hash);
          }
        }
        const outcomes = received.length === 0 ? [] : await engine.mergeSynced(received);
        for (const [index, outcome] of outcomes.entries()) {
          if (!outcome.ok && isDeferrable(outcome.error.errCode)) {
            tally.deferred++;
            continue;
          }
          done.push(received[index]!.message.hash);
          if (outcome.ok) tally.merged++;
          else countRefusal(tally, outcome.error.errCode);
        }
        if (done.length > 0) await db.deleteFrom('sync_deferred').where('hash', 'in', done).execute();
      }
      return tally;
    },
  };
}
