import { Counter, Gauge, type Registry } from 'prom-client';
import type { AnswerCache } from '../shared/http/answer-cache.js';
import { registerAnswerCacheMetrics } from '../shared/metrics/answer-cache-metrics.js';
import type { MergeOutcome } from './engine/index.js';

/** What the node counts as it works; its gauges are read at scrape time from `NodeMetricSources`. */
export interface NodeMetrics {
  /** One submitted message's outcome: merged, or refused with its errCode. */
  recordMerge(outcome: MergeOutcome): void;
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
  return {
    recordMerge(outcome) {
      if (outcome.ok) merges.inc();
      else refusals.inc({ err_code: outcome.error.errCode });
    },
  };
}
