/**
 * The memory verdict of one process, from the second half of the run (the first half is warm-up: caches,
 * JIT, database pages filling). Least-squares slopes in MB/min with 95% intervals, of RSS and of the live
 * heap (heap used right after a forced full GC):
 * - flat: the RSS slope is at most `maxGrowth`;
 * - GROWS (fails the run): the lower end of the live heap's interval is above `maxHeapGrowth` (JavaScript
 *   objects pile up; this shows even while RSS is still warming up), or the lower end of the RSS interval is
 *   above `maxGrowth` after a first half of at least SETTLED_REQUESTS requests (so native memory had time to
 *   settle and still rises);
 * - otherwise inconclusive: RSS rises with a flat live heap before that, which warm-up of native memory
 *   (database page caches, allocator arenas, V8 growing its spaces) looks like: run longer. Warm-up is a
 *   matter of work done, not of time: RSS follows the request rate up to a high-water mark (a box busy
 *   with other work serves fewer requests a minute and warms up over more minutes).
 */
import type { SystemSample } from './sampler.js';
import { fitLine, MB, type LinearFit } from './stats.js';

export interface MemoryPoint {
  seconds: number;
  /** Requests answered since the load started. */
  requests: number;
  sample: SystemSample;
}

export interface MemoryTolerance {
  /** RSS slope (MB per minute) over the second half above which memory is not flat. */
  maxGrowth: number;
  /** Live-heap slope (MB per minute) above which JavaScript objects are piling up. */
  maxHeapGrowth: number;
}

/**
 * A first half of at least this many requests lets RSS alone decide, whatever the live heap does: about
 * what 4 minutes served at 200 requests/s, the rate after which RSS was flat in earlier runs.
 */
const SETTLED_REQUESTS = 50_000;

export function memoryVerdict(
  memory: readonly MemoryPoint[],
  seconds: number,
  tolerance: MemoryTolerance,
): { grows: boolean; text: string } {
  const secondHalf = memory.filter((point) => point.seconds >= seconds / 2);
  const fit = (points: readonly MemoryPoint[], pick: (sample: SystemSample) => number) =>
    fitLine(points.map((point) => ({ x: point.seconds / 60, y: pick(point.sample) / MB })));
  // A forced collection can hand memory back at once: RSS is read from the other samples.
  const plain = memory.filter((point) => !point.sample.afterGc);
  const rssPoints = secondHalf.filter((point) => !point.sample.afterGc);
  const livePoints = secondHalf.filter((point) => point.sample.afterGc);
  const rss = fit(rssPoints, (sample) => sample.rss);
  const live = fit(livePoints, (sample) => sample.heapUsed);
  const values = plain.map((point) => point.sample.rss / MB);
  const liveValues = memory
    .filter((point) => point.sample.afterGc)
    .map((point) => point.sample.heapUsed / MB);
  const lines = [
    `    RSS: first ${values[0]?.toFixed(1)} MB, min ${Math.min(...values).toFixed(1)}, ` +
      `max ${Math.max(...values).toFixed(1)}, last ${values.at(-1)?.toFixed(1)} MB`,
  ];
  const first = plain[0]?.sample;
  const last = plain.at(-1)?.sample;
  if (first !== undefined && last !== undefined) {
    // Where RSS goes besides the live heap: V8's reserved heap, and memory outside it (Buffers, native).
    const span = (pick: (sample: SystemSample) => number) =>
      `${(pick(first) / MB).toFixed(1)} → ${(pick(last) / MB).toFixed(1)} MB`;
    lines.push(
      `    heap total ${span((sample) => sample.heapTotal)}, external ${span((sample) => sample.external)} ` +
        `(array buffers ${span((sample) => sample.arrayBuffers)})`,
    );
  }
  if (liveValues.length > 0) {
    lines.push(
      `    live heap after each forced GC: ${liveValues.map((value) => value.toFixed(0)).join(' ')} MB`,
    );
  }
  if (rss === undefined) {
    lines.push('    too few samples in the second half to fit');
    return { grows: false, text: lines.join('\n') };
  }
  const margin = slopeMargin(rssPoints, rss);
  const liveMargin = live === undefined ? Infinity : slopeMargin(livePoints, live);
  const liveGrows = live !== undefined && live.slope - liveMargin > tolerance.maxHeapGrowth;
  const warmup = memory.findLast((point) => point.seconds < seconds / 2)?.requests ?? 0;
  const settled = warmup >= SETTLED_REQUESTS;
  const flat = rss.slope <= tolerance.maxGrowth;
  const rssGrows = rss.slope - margin > tolerance.maxGrowth;
  const grows = liveGrows || (!flat && rssGrows && settled);
  lines.push(
    `    RSS slope over the second half: ${rss.slope.toFixed(2)} ± ${margin.toFixed(2)} MB/min ` +
      `(${rss.points} samples, residual ${rss.residual.toFixed(1)} MB; tolerance ${tolerance.maxGrowth} MB/min)`,
  );
  if (live !== undefined) {
    lines.push(
      `    live heap slope over the second half: ${live.slope.toFixed(2)} ± ${liveMargin.toFixed(2)} MB/min ` +
        `(${live.points} points; tolerance ${tolerance.maxHeapGrowth} MB/min)`,
    );
  }
  lines.push(
    `    verdict: ${
      grows
        ? `GROWS${liveGrows ? ' (the live heap grows)' : ''}`
        : flat
          ? 'flat'
          : rssGrows
            ? 'inconclusive: RSS still rises with the live heap within its tolerance, as native memory does ' +
              `while it warms up; run until the first half serves ${SETTLED_REQUESTS} requests (it served ${warmup})`
            : 'inconclusive: above the tolerance but within the noise; run longer'
    }`,
  );
  return { grows, text: lines.join('\n') };
}

/** Half-width of the slope's 95% interval (normal approximation; samples are not independent, so optimistic). */
function slopeMargin(points: readonly MemoryPoint[], fit: LinearFit): number {
  const xs = points.map((point) => point.seconds / 60);
  const meanX = xs.reduce((sum, x) => sum + x, 0) / xs.length;
  const sxx = xs.reduce((sum, x) => sum + (x - meanX) ** 2, 0);
  return sxx === 0 ? Infinity : (1.96 * fit.residual) / Math.sqrt(sxx);
}
