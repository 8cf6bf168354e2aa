/** What the soak prints: a line per report interval, and the summary tables at the end. */
import { loadavg } from 'node:os';
import {
  emptyStats,
  formatMs,
  MB,
  SERVICES,
  table,
  type OperationCounts,
  type ServiceStats,
  type StatsByService,
} from '../../test/support/soak/stats.js';
import type { SystemSample } from '../../test/support/soak/sampler.js';

const COLUMNS: [string, number][] = [
  ['t(s)', 6],
  ['node/s', 9],
  ['p50', 7],
  ['p99', 7],
  ['names/s', 9],
  ['p50', 7],
  ['p99', 7],
  ['social/s', 9],
  ['p50', 7],
  ['p99', 7],
  ['err', 6],
  ['loop p99', 10],
  ['idx lag', 9],
  ['load', 6],
  ['  RSS MB', 0],
  ['  heap MB', 0],
  ['  live MB', 0],
];

const line = (cells: readonly string[]) =>
  cells.map((cell, index) => cell.padStart(COLUMNS[index]?.[1] ?? cell.length)).join('');

/** The header; memory columns list every process in `labels`' order, separated by slashes. */
export function intervalHeader(labels: readonly string[]): string {
  return (
    `${line(COLUMNS.map(([title]) => title))}   (latencies in ms; memory of ${labels.join(' / ')}: ` +
    `RSS, V8's heap, live heap after the latest forced GC)`
  );
}

export function intervalLine(options: {
  seconds: number;
  span: number;
  interval: StatsByService;
  /** Per process: its latest sample and its latest one after a forced GC. */
  memory: readonly { latest: SystemSample | undefined; live: SystemSample | undefined }[];
  loopP99Ms: number;
  indexerLag: string;
}): string {
  const { interval, span } = options;
  /** One figure per process, slash-separated. */
  const perProcess = (pick: (sample: SystemSample) => number, which: 'latest' | 'live') =>
    `  ${options.memory
      .map((samples) => {
        const sample = samples[which];
        return sample === undefined ? '-' : (pick(sample) / MB).toFixed(0);
      })
      .join('/')}`;
  return line([
    options.seconds.toFixed(0),
    ...SERVICES.flatMap((service) => {
      const stats = interval[service];
      return [
        (stats.requests / span).toFixed(1),
        formatMs(stats.latency.percentile(0.5)),
        formatMs(stats.latency.percentile(0.99)),
      ];
    }),
    String(SERVICES.reduce((sum, service) => sum + interval[service].errors, 0)),
    `${options.loopP99Ms.toFixed(0)} ms`,
    options.indexerLag,
    loadavg()[0]?.toFixed(1) ?? '?',
    perProcess((sample) => sample.rss, 'latest'),
    perProcess((sample) => sample.heapTotal, 'latest'),
    perProcess((sample) => sample.heapUsed, 'live'),
  ]);
}

export function summaryTable(total: StatsByService, seconds: number): string {
  const all = emptyStats().node;
  for (const service of SERVICES) all.add(total[service]);
  const row = (name: string, stats: ServiceStats) => [
    name,
    String(stats.requests),
    (stats.requests / seconds).toFixed(1),
    String(stats.errors),
    formatMs(stats.latency.percentile(0.5)),
    formatMs(stats.latency.percentile(0.9)),
    formatMs(stats.latency.percentile(0.99)),
    formatMs(stats.latency.max),
  ];
  return table([
    ['service', 'requests', 'req/s', 'unexpected', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms'],
    ...SERVICES.map((service) => row(service, total[service])),
    row('all', all),
  ]);
}

export function operationTable(operations: OperationCounts): string {
  return table([
    ['  operation', 'requests', 'unexpected'],
    ...operations
      .entries()
      .map(([name, counts]) => [`  ${name}`, String(counts.requests), String(counts.errors)]),
  ]);
}
