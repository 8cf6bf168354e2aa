import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { namesHarness } from '../src/names/testing.js';
import type { HttpApp } from '../src/shared/http/index.js';
import { openSocialHarness } from '../src/social/testing.js';
import { forEachDialect } from '../src/storage/testing.js';
import { parsePrometheusText } from './support/prom-text.js';

/**
 * The name registry's and the social API's `--answer-cache-mb`, each its own budget for the reads it
 * keeps: a small one bounds what is held however many distinct reads are asked, and GET /metrics shows
 * hits, misses and evictions move. (The node's, shared with its rendered messages: node-answer-cache.)
 */

const MiB = 1024 * 1024;

/** The kept answers' samples on the service's GET /metrics. */
async function scrape(app: HttpApp) {
  const response = await app.inject({ method: 'GET', url: '/metrics' });
  assert.equal(response.statusCode, 200);
  const families = parsePrometheusText(response.body);
  const of = (name: string) =>
    families.get(name)?.samples.find((sample) => sample.labels.kind === 'answers')?.value ?? 0;
  return {
    hits: of('agora_answer_cache_hits_total'),
    misses: of('agora_answer_cache_misses_total'),
    evictions: of('agora_answer_cache_evictions_total'),
    bytes: of('agora_answer_cache_bytes'),
    capacity: families.get('agora_answer_cache_capacity_bytes')?.samples[0]?.value,
  };
}

/** Reads `url` twice, then `count` distinct reads `urlOf(i)`: what /metrics shows after each step. */
async function drive(app: HttpApp, url: string, count: number, urlOf: (i: number) => string) {
  const get = async (path: string) => {
    const response = await app.inject({ method: 'GET', url: path });
    assert.equal(response.statusCode, 200, `${path}: ${response.body}`);
  };
  const start = await scrape(app);
  await get(url);
  await get(url);
  const twice = await scrape(app);
  for (let i = 0; i < count; i++) await get(urlOf(i));
  return { start, twice, filled: await scrape(app) };
}

forEachDialect('answer cache of the other services', (dialect) => {
  describe('name registry', () => {
    it('keeps within its --answer-cache-mb and counts on /metrics', async () => {
      const h = await namesHarness(dialect, { config: { answerCacheMb: 1 } });
      try {
        const now = h.clock.seconds();
        assert.equal((await h.post({ name: 'kept', from: 0, to: 2, timestamp: now })).statusCode, 200);
        const { start, twice, filled } = await drive(
          h.app,
          '/transfers?fid=2',
          1000,
          (i) => `/transfers?fid=${i + 3}`,
        );
        assert.equal(start.capacity, MiB);
        assert.deepEqual([twice.misses - start.misses, twice.hits - start.hits], [1, 1]);
        assert.ok(filled.evictions > 0, 'the oldest answers went');
        assert.ok(filled.bytes <= MiB, `${filled.bytes} bytes held`);
      } finally {
        await h.cleanup();
      }
    });
  });

  describe('social API', () => {
    it('keeps within its --answer-cache-mb and counts on /metrics', async () => {
      const h = await openSocialHarness(dialect, { answerCacheMb: 1 });
      try {
        const { start, twice, filled } = await drive(
          h.app,
          '/fc/blocked-users?blockerFid=2',
          1000,
          (i) => `/fc/blocked-users?blockerFid=${i + 3}`,
        );
        assert.equal(start.capacity, MiB);
        assert.deepEqual([twice.misses - start.misses, twice.hits - start.hits], [1, 1]);
        assert.ok(filled.evictions > 0, 'the oldest answers went');
        assert.ok(filled.bytes <= MiB, `${filled.bytes} bytes held`);
      } finally {
        await h.close();
      }
    });
  });
});
