import { Counter, Gauge, type Registry } from 'prom-client';
import type { AnswerCache } from '../shared/http/answer-cache.js';
import { registerAnswerCacheMetrics } from '../shared/metrics/answer-cache-metrics.js';
import type { MergeOutcome } from './engine/index.js';
import type { PeerLinkStatus } from './sync/peer-link.js';
import type { MergeTally } from './sync/synced-merge.js';

/** What the node counts as it works; its gauges are read at scrape time from `NodeMetricSources`. */
export interface NodeMetrics {
  /** One submitted message's outcome: merged, or refused with its errCode. */
  recordMerge(outcome: MergeOutcome): void;
  /** Messages a peer sent, by diff sync or its event stream, and what merging them did. */
  recordSynced(peer: string, route: 'diff' | 'stream', fetched: number, tally: MergeTally): void;
}

export interface NodeMetricSources {
  /** The newest event's id; undefined while the log is empty. */
  headEventId(): Promise<number | undefined>;
  /** Event streams running (gRPC Subscribe and HTTP together). */
  streams(): number;
  /** Items in the sync trie. */
  syncTrieItems(): Promise<number>;
  /** What the node keeps rendered: its kept answers and each message's JSON (--answer-cache-mb). */
  answerCache: AnswerCache;
  /** The peers synced with. */
  peers(): PeerLinkStatus[];
}

export function createNodeMetrics(registry: Registry, sources: NodeMetricSources): NodeMetrics {
  const registers = [registry];
  registerAnswerCacheMetrics(registry, sources.answerCache);
  const merges = new Counter({
    name: 'agora_node_merges_total',
    help: 'Submitted messages merged into the store',
    registers,
  });
  const refusals = new Counter({
    name: 'agora_node_merge_refusals_total',
    help: 'Submitted messages refused, by errCode',
    labelNames: ['err_code'],
    registers,
  });
  new Gauge({
    name: 'agora_node_event_log_head_id',
    help: "The newest event's id in the event log (0 while it is empty, NaN when it cannot be read)",
    registers,
    async collect() {
      // NaN when the database does not answer: the scrape still reports everything else.
      this.set(
        await sources.headEventId().then(
          (id) => id ?? 0,
          () => Number.NaN,
        ),
      );
    },
  });
  new Gauge({
    name: 'agora_node_sync_trie_items',
    help: 'Items in the sync trie: messages, fname proofs and on-chain events (NaN when it cannot be read)',
    registers,
    async collect() {
      this.set(await sources.syncTrieItems().catch(() => Number.NaN));
    },
  });
  new Gauge({
    name: 'agora_node_event_streams',
    help: 'Event streams running (gRPC Subscribe and HTTP /v1/events/stream)',
    registers,
    collect() {
      this.set(sources.streams());
    },
  });
  // Labelled by peer: at most --max-peers of them.
  const synced = new Counter({
    name: 'agora_node_sync_messages_total',
    help: 'Messages from peers by route (diff, stream) and outcome: fetched, then merged, duplicate, deferred, refused or invalid',
    labelNames: ['peer', 'route', 'outcome'],
    registers,
  });
  new Gauge({
    name: 'agora_node_sync_peer_lag_seconds',
    help: "Seconds from a peer's newest event merged from its stream to its merge here",
    labelNames: ['peer'],
    registers,
    collect() {
      this.reset();
      for (const peer of sources.peers()) {
        const lagMs = peer.stream?.lagMs;
        if (lagMs !== undefined) this.set({ peer: peer.peer }, lagMs / 1000);
      }
    },
  });
  new Gauge({
    name: 'agora_node_sync_peer_score',
    help: "A peer's score: +1 a good sync, -1 a failed call, -10 a fault",
    labelNames: ['peer'],
    registers,
    collect() {
      this.reset();
      for (const peer of sources.peers()) this.set({ peer: peer.peer }, peer.score);
    },
  });
  new Gauge({
    name: 'agora_node_sync_peer_in_sync',
    help: "1 when a peer's root equalled this node's after the last diff sync, 0 when not (absent before one)",
    labelNames: ['peer'],
    registers,
    collect() {
      this.reset();
      for (const peer of sources.peers()) {
        if (peer.inSync !== undefined) this.set({ peer: peer.peer }, peer.inSync ? 1 : 0);
      }
    },
  });
  return {
    recordSynced(peer, route, fetched, tally) {
      const count = (outcome: string, value: number) => {
        if (value > 0) synced.inc({ peer, route, outcome }, value);
      };
      count('fetched', fetched);
      count('merged', tally.merged);
      count('duplicate', tally.duplicates);
      count('deferred', tally.deferred);
      count('invalid', tally.invalid);
      count(
        'refused',
        Object.values(tally.refused).reduce((sum, value) => sum + (value ?? 0), 0),
      );
    },
    recordMerge(outcome) {
      if (outcome.ok) merges.inc();
      else refusals.inc({ err_code: outcome.error.errCode });
    },
  };
}
