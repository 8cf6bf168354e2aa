import type { Kysely } from 'kysely';
import type { NodeTables, SyncPeersTable } from '../store/schema.js';
import { splitAddress } from './contact-info.js';

/** Which peers a node syncs with: the operator's lists, its own address and the bound on their number. */
export interface PeerPolicy {
  /** Hosts or `host:port`s; when set, only these. */
  allow: readonly string[] | undefined;
  /** Hosts or `host:port`s never synced with, configured or learned. */
  deny: readonly string[];
  maxPeers: number;
  /** This node's own address as peers know it: never a peer of itself. */
  self: string | undefined;
}

/** A peer as kept in `sync_peers`. */
export interface PeerRecord {
  address: string;
  source: 'configured' | 'learned';
  lastEventId: number | undefined;
  score: number;
  pausedUntil: number | undefined;
  pauseReason: string | undefined;
  lastContact: number | undefined;
}

/** What a sync keeps of a peer across restarts. */
export type PeerProgress = Partial<
  Pick<PeerRecord, 'lastEventId' | 'score' | 'pausedUntil' | 'pauseReason' | 'lastContact'>
>;

/** A learned peer not heard from for this long is forgotten (the reference keeps contacts for a day). */
export const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

export interface PeerDirectory {
  /** Why `address` may not be a peer, or undefined when it may. */
  refusal(address: string): string | undefined;
  /**
   * Records the configured peers (those the policy admits; the refused ones are returned with the reason)
   * and forgets learned peers not heard from for a day; returns every peer to sync with, configured first.
   */
  open(configured: readonly string[]): Promise<{ peers: PeerRecord[]; refused: [string, string][] }>;
  /** Adds a peer learned from another, when the policy admits it and there is room; the new record, if added. */
  learn(address: string): Promise<PeerRecord | undefined>;
  save(address: string, progress: PeerProgress): Promise<void>;
  /** Drops a learned peer; it may be learned again. */
  forget(address: string): Promise<void>;
}

export function createPeerDirectory(
  db: Kysely<NodeTables>,
  policy: PeerPolicy,
  now: () => number,
): PeerDirectory {
  const known = new Set<string>();
  const matches = (entries: readonly string[], address: string) => {
    const host = splitAddress(address)?.host;
    return entries.some((entry) => entry === address || entry === host);
  };
  const refusal = (address: string): string | undefined => {
    if (splitAddress(address) === undefined) return 'not a host:port address';
    if (address === policy.self) return 'it is this node';
    if (matches(policy.deny, address)) return 'it is on --peer-deny';
    if (policy.allow !== undefined && !matches(policy.allow, address)) return 'it is not on --peer-allow';
    return undefined;
  };

  return {
    refusal,

    async open(configured) {
      const at = now();
      const admitted = configured.filter((address) => refusal(address) === undefined);
      const refused = configured.flatMap((address): [string, string][] => {
        const reason = refusal(address);
        return reason === undefined ? [] : [[address, reason]];
      });
      await db.transaction().execute(async (trx) => {
        // A peer no longer configured stays as learned, with its progress, until it goes quiet for a day.
        await trx
          .updateTable('sync_peers')
          .set({ source: 'learned' })
          .where('source', '=', 'configured')
          .execute();
        for (const address of admitted) {
          await trx
            .insertInto('sync_peers')
            .values({ address, source: 'configured', score: 0, learned_at: at })
            .onConflict((conflict) => conflict.column('address').doUpdateSet({ source: 'configured' }))
            .execute();
        }
        await trx
          .deleteFrom('sync_peers')
          .where('source', '=', 'learned')
          .where((where) =>
            where.or([
              where('last_contact', '<', at - FORGET_AFTER_MS),
              where.and([where('last_contact', 'is', null), where('learned_at', '<', at - FORGET_AFTER_MS)]),
            ]),
          )
          .execute();
      });
      const rows = await db.selectFrom('sync_peers').selectAll().execute();
      const peers = rows
        .map(recordOf)
        .filter((peer) => refusal(peer.address) === undefined)
        .sort((a, b) => (a.source === b.source ? 0 : a.source === 'configured' ? -1 : 1))
        .slice(0, Math.max(policy.maxPeers, admitted.length));
      for (const peer of peers) known.add(peer.address);
      return { peers, refused };
    },

    async learn(address) {
      if (known.has(address) || known.size >= policy.maxPeers || refusal(address) !== undefined)
        return undefined;
      known.add(address);
      const record: PeerRecord = {
        address,
        source: 'learned',
        lastEventId: undefined,
        score: 0,
        pausedUntil: undefined,
        pauseReason: undefined,
        lastContact: undefined,
      };
      await db
        .insertInto('sync_peers')
        .values({ address, source: 'learned', score: 0, learned_at: now() })
        .onConflict((conflict) => conflict.column('address').doNothing())
        .execute();
      return record;
    },

    async forget(address) {
      known.delete(address);
      await db
        .deleteFrom('sync_peers')
        .where('address', '=', address)
        .where('source', '=', 'learned')
        .execute();
    },

    async save(address, progress) {
      if (Object.keys(progress).length === 0) return;
      await db
        .updateTable('sync_peers')
        .set({
          ...('lastEventId' in progress && { last_event_id: progress.lastEventId ?? null }),
          ...('score' in progress && { score: progress.score }),
          ...('pausedUntil' in progress && { paused_until: progress.pausedUntil ?? null }),
          ...('pauseReason' in progress && { pause_reason: progress.pauseReason ?? null }),
          ...('lastContact' in progress && { last_contact: progress.lastContact ?? null }),
        })
        .where('address', '=', address)
        .execute();
    },
  };
}

function recordOf(row: SyncPeersTable): PeerRecord {
  return {
    address: row.address,
    source: row.source === 'configured' ? 'configured' : 'learned',
    lastEventId: row.last_event_id ?? undefined,
    score: row.score,
    pausedUntil: row.paused_until ?? undefined,
    pauseReason: row.pause_reason ?? undefined,
    lastContact: row.last_contact ?? undefined,
  };
}
