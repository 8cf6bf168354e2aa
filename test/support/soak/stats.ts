/**
 * Counting for the soak: latency histograms with bounded memory, per-service counters per report interval
 * and for the whole run, and the least-squares line used to tell flat memory from growing memory.
 */

/** Log-scale buckets from 10 µs to ~100 s, 2% wide: percentiles within 2%, memory fixed whatever the run. */
const MIN_MS = 0.01;
const GROWTH = 1.02;
const BUCKETS = Math.ceil(Math.log(100_000 / MIN_MS) / Math.log(GROWTH)) + 1;

export class Histogram {
  private readonly counts = new Uint32Array(BUCKETS);
  count = 0;
  max = 0;

  record(ms: number): void {
    const index =
      ms <= MIN_MS ? 0 : Math.min(BUCKETS - 1, Math.ceil(Math.log(ms / MIN_MS) / Math.log(GROWTH)));
    this.counts[index] = (this.counts[index] ?? 0) + 1;
    this.count++;
    if (ms > this.max) this.max = ms;
  }

  add(other: Histogram): void {
    for (let i = 0; i < BUCKETS; i++) this.counts[i] = (this.counts[i] ?? 0) + (other.counts[i] ?? 0);
    this.count += other.count;
    this.max = Math.max(this.max, other.max);
  }

  /** The upper edge of the bucket holding the q-quantile (0 < q <= 1); 0 when empty. */
  percentile(q: number): number {
    if (this.count === 0) return 0;
    const rank = Math.ceil(q * this.count);
    let seen = 0;
    for (let i = 0; i < BUCKETS; i++) {
      seen += this.counts[i] ?? 0;
      if (seen >= rank) return Math.min(this.max, MIN_MS * GROWTH ** i);
    }
    return this.max;
  }
}

export const SERVICES = ['node', 'names', 'social'] as const;
export type Service = (typeof SERVICES)[number];

/** Requests and their latencies; an error is an unexpected answer (any the load did not ask for). */
export class ServiceStats {
  readonly latency = new Histogram();
  ok = 0;
  errors = 0;

  get requests(): number {
    return this.ok + this.errors;
  }

  record(ok: boolean, ms: number): void {
    this.latency.record(ms);
    if (ok) this.ok++;
    else this.errors++;
  }

  add(other: ServiceStats): void {
    this.latency.add(other.latency);
    this.ok += other.ok;
    this.errors += other.errors;
  }
}

export type StatsByService = Record<Service, ServiceStats>;

export function emptyStats(): StatsByService {
  return { node: new ServiceStats(), names: new ServiceStats(), social: new ServiceStats() };
}

/** Requests and unexpected answers per operation (e.g. `node cast`), for the summary. */
export class OperationCounts {
  private readonly counts = new Map<string, { requests: number; errors: number }>();

  record(operation: string, ok: boolean): void {
    let entry = this.counts.get(operation);
    if (entry === undefined) this.counts.set(operation, (entry = { requests: 0, errors: 0 }));
    entry.requests++;
    if (!ok) entry.errors++;
  }

  entries(): [string, { requests: number; errors: number }][] {
    return [...this.counts.entries()].sort(([a], [b]) => a.localeCompare(b));
  }
}

export interface LinearFit {
  /** Units of y per unit of x. */
  slope: number;
  intercept: number;
  /** Standard deviation of the residuals. */
  residual: number;
  points: number;
}

/** Ordinary least squares of y on x; undefined with fewer than three points. */
export function fitLine(points: readonly { x: number; y: number }[]): LinearFit | undefined {
  const n = points.length;
  if (n < 3) return undefined;
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (const { x, y } of points) {
    sxx += (x - meanX) ** 2;
    sxy += (x - meanX) * (y - meanY);
  }
  if (sxx === 0) return undefined;
  const slope = sxy / sxx;
  const intercept = meanY - slope * meanX;
  const residual = Math.sqrt(
    points.reduce((sum, p) => sum + (p.y - (intercept + slope * p.x)) ** 2, 0) / Math.max(1, n - 2),
  );
  return { slope, intercept, residual, points: n };
}

export const MB = 1024 * 1024;

export function formatMs(ms: number): string {
  return ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2);
}

/** Right-aligned columns, the first left-aligned. */
export function table(rows: readonly (readonly string[])[]): string {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
        )
        .join('  '),
    )
    .join('\n');
}
