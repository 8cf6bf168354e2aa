import { Counter, Gauge, type Registry } from 'prom-client';
import type { AnswerCache, SectionStats } from '../http/answer-cache.js';

/** The cache's counts of each section, as samples labelled by the section's kind. */
const COUNTED = [
  {
    field: 'hits',
    name: 'agora_answer_cache_hits_total',
    help: 'Reads answered from what the service keeps rendered, by kind (answers, messages)',
  },
  {
    field: 'misses',
    name: 'agora_answer_cache_misses_total',
    help: 'Reads that built (or rendered) what they sent, by kind',
  },
  {
    field: 'evictions',
    name: 'agora_answer_cache_evictions_total',
    help: 'Entries pushed out to keep --answer-cache-mb, by kind',
  },
] as const;

const HELD = [
  {
    field: 'bytes',
    name: 'agora_answer_cache_bytes',
    help: 'Bytes --answer-cache-mb counts as held, by kind',
  },
  { field: 'entries', name: 'agora_answer_cache_entries', help: 'Entries held, by kind' },
] as const;

type Field = keyof SectionStats;

/**
 * What a service keeps rendered (shared/http/answer-cache.ts) on its `/metrics`: hits, misses and
 * evictions, the bytes and entries held, each by kind, and the budget. Read from the cache at scrape
 * time, so it counts nothing twice.
 */
export function registerAnswerCacheMetrics(registry: Registry, cache: AnswerCache): void {
  const registers = [registry];
  const collectInto = (metric: Counter | Gauge, field: Field) => {
    metric.reset();
    for (const [kind, stats] of cache.stats()) {
      if (metric instanceof Counter) metric.inc({ kind }, stats[field]);
      else metric.set({ kind }, stats[field]);
    }
  };
  for (const { field, name, help } of COUNTED) {
    new Counter({
      name,
      help,
      labelNames: ['kind'],
      registers,
      collect() {
        collectInto(this, field);
      },
    });
  }
  for (const { field, name, help } of HELD) {
    new Gauge({
      name,
      help,
      labelNames: ['kind'],
      registers,
      collect() {
        collectInto(this, field);
      },
    });
  }
  new Gauge({
    name: 'agora_answer_cache_capacity_bytes',
    help: 'The budget of --answer-cache-mb, in bytes',
    registers,
    collect() {
      this.set(cache.capacity);
    },
  });
}
