import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Budgets, type Limit } from './support/soak/budgets.js';
import { compareWithLog } from './support/soak/loads/event-streams.js';
import { memoryVerdict, type MemoryPoint } from './support/soak/memory.js';
import type { SystemSample } from './support/soak/sampler.js';
import { MB } from './support/soak/stats.js';
import { failuresOf, type RunFacts } from './support/soak/verdict.js';

/** The soak's verdict logic, without a system: what fails a run, and what does not. */

const PASSING: RunFacts = {
  unexpected: [],
  exceptions: 0,
  maxErrors: 0,
  memory: [{ label: 'node', grows: false }],
  checks: [],
  interrupted: false,
};

describe('the soak verdict', () => {
  it('passes a clean run and fails on anything unexpected, with the first body', () => {
    assert.deepEqual(failuresOf(PASSING), []);
    const failures = failuresOf({
      ...PASSING,
      unexpected: [
        { key: 'social block -> 429 RATE_LIMITED', count: 3, sample: '{"code":"RATE_LIMITED"}' },
        { key: 'node cast (exception)', count: 1, sample: 'TypeError: x' },
      ],
      exceptions: 1,
      memory: [{ label: 'social', grows: true }],
      checks: ['SSE http://n: 2 events twice'],
      interrupted: true,
    });
    assert.deepEqual(failures, [
      '4 unexpected answers (1 exceptions), first: social block -> 429 RATE_LIMITED: {"code":"RATE_LIMITED"}',
      'social: memory grows',
      'SSE http://n: 2 events twice',
      'interrupted',
    ]);
    assert.deepEqual(
      failuresOf({ ...PASSING, maxErrors: 5, unexpected: [{ key: 'k', count: 5, sample: '' }] }),
      [],
    );
  });

  it('holds a subscriber to the log: every event once, in order', () => {
    assert.deepEqual(compareWithLog([1, 2, 3], [1, 2, 3]), []);
    assert.deepEqual(compareWithLog([1, 2, 2, 3], [1, 2, 3]), ['1 events twice']);
    assert.deepEqual(compareWithLog([1, 3], [1, 2, 3]), ["1 of the log's 3 events missing"]);
    assert.deepEqual(compareWithLog([1, 2, 3, 4], [1, 2, 3]), ['1 events not in the log']);
    assert.deepEqual(compareWithLog([2, 1, 3], [1, 2, 3]), ['1 events out of order']);
  });

  it('tells a growing live heap from a flat one, and lets RSS alone decide only after enough work', () => {
    const sample = (rss: number, heapUsed: number, afterGc: boolean): SystemSample => ({
      ...{ rss: rss * MB, heapUsed: heapUsed * MB, heapTotal: 0, external: 0, arrayBuffers: 0 },
      ...{ cpuMs: 0, loopDelayP99Ms: 0, loopDelayMaxMs: 0, afterGc },
    });
    /** A 10-minute run sampled every 2 s with a forced GC every 30 s; slopes in MB/min. */
    const run = (slopes: { heap: number; rss: number }, requestsPerSecond = 200): MemoryPoint[] =>
      Array.from({ length: 300 }, (_, i) => {
        const seconds = 2 * (i + 1);
        const rss = 250 + (slopes.rss * seconds) / 60 + (i % 5);
        const live = 45 + (slopes.heap * seconds) / 60 + (i % 3);
        return {
          seconds,
          requests: requestsPerSecond * seconds,
          sample: sample(rss, live, seconds % 30 === 0),
        };
      });
    const tolerance = { maxGrowth: 2, maxHeapGrowth: 1 };
    const verdict = (points: MemoryPoint[]) => memoryVerdict(points, 600, tolerance);
    assert.match(verdict(run({ heap: 0, rss: 0 })).text, /verdict: flat/);
    const leaking = verdict(run({ heap: 6, rss: 0 }));
    assert.equal(leaking.grows, true, leaking.text);
    assert.match(leaking.text, /GROWS \(the live heap grows\)/);
    assert.equal(verdict(run({ heap: 0, rss: 8 })).grows, true, 'RSS alone, after 60,000 requests');
    const slow = verdict(run({ heap: 0, rss: 8 }, 30));
    assert.equal(slow.grows, false, slow.text);
    assert.match(slow.text, /inconclusive: .*\(it served 8940\)/);
  });
});

describe('the soak write budgets', () => {
  const limit: Limit = { limit: 10, windowMs: 60_000 };

  it('never lets more than the limit into any window, counting a call from its answer', () => {
    let now = 0;
    const budgets = new Budgets(60_000, () => now);
    const admitted: number[] = [];
    for (now = 0; now < 300_000; now += 250) {
      const ticket = budgets.take([limit, 'fid:1']);
      if (ticket === undefined) continue;
      now += 100; // the answer comes 100 ms later
      ticket();
      admitted.push(now);
    }
    for (const end of admitted) {
      const inWindow = admitted.filter((at) => at > end - 60_000 && at <= end).length;
      assert.ok(inWindow <= 10, `${inWindow} calls in the minute to ${end}`);
    }
    // Spread over the run: not all ten in the first second, but all of them over the minute.
    assert.ok(admitted.filter((at) => at < 1000).length <= 2);
    assert.ok(admitted.filter((at) => at < 60_000).length >= 9);
  });

  it('takes several buckets at once or none, and keeps room for a cycle', () => {
    let now = 0;
    const budgets = new Budgets(60_000, () => now);
    now = 60_000; // the run's length: the pace allows everything, only the limits count
    const one: Limit = { limit: 1, windowMs: 600_000 };
    budgets.take([one, 'a'])?.();
    assert.equal(budgets.take([one, 'a'], [limit, 'b']), undefined, 'a is spent');
    assert.notEqual(budgets.take([limit, 'b']), undefined, 'b was not counted by the refusal');
    const three: Limit = { limit: 3, windowMs: 600_000, paced: false };
    budgets.take([three, 'c'])?.();
    assert.notEqual(budgets.take([three, 'c', 2]), undefined);
    assert.equal(budgets.take([three, 'c', 2]), undefined, 'one call left: no room for a cycle of two');
    assert.notEqual(budgets.take([three, 'c']), undefined);
  });
});
