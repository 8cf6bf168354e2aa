/** The soak's command line (usage in bench/soak.ts, meaning in docs/reliability.md "Soak"). */
import { parseArgs } from 'node:util';
import { parseBreaks, type Break } from '../../test/support/soak/breaks.js';
import { MODES, type Mode } from './deployments.js';
import type { MemoryTolerance } from '../../test/support/soak/memory.js';

export interface SoakOptions extends MemoryTolerance {
  mode: Mode;
  /** PostgreSQL server the postgres mode makes its scratch database on. */
  databaseUrl: string;
  seconds: number;
  connections: number;
  accounts: number;
  reportSeconds: number;
  sampleSeconds: number;
  /** How often a sample first forces a full GC, to read the live heap (0: never). */
  gcSeconds: number;
  maxErrors: number;
  seed: number;
  keepData: boolean;
  heapSnapshots: boolean;
  breaks: ReadonlySet<Break>;
}

export function parseOptions(argv: readonly string[]): SoakOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      mode: { type: 'string', default: 'sqlite' },
      'database-url': {
        type: 'string',
        default: process.env.AGORA_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      },
      seconds: { type: 'string', default: '600' },
      connections: { type: 'string', default: '16' },
      accounts: { type: 'string', default: '40' },
      'report-seconds': { type: 'string', default: '10' },
      'sample-seconds': { type: 'string', default: '2' },
      'gc-seconds': { type: 'string', default: '30' },
      'max-growth': { type: 'string', default: '2' },
      'max-heap-growth': { type: 'string', default: '1' },
      'max-errors': { type: 'string', default: '0' },
      seed: { type: 'string' },
      'keep-data': { type: 'boolean', default: false },
      'heap-snapshots': { type: 'boolean', default: false },
      break: { type: 'string', multiple: true, default: [] },
    },
  });
  const number = (name: keyof typeof values): number => {
    const value = Number(values[name]);
    if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a non-negative number`);
    return value;
  };
  const mode = values.mode as Mode;
  if (!MODES.includes(mode)) throw new Error(`--mode must be one of ${MODES.join(', ')}`);
  return {
    mode,
    databaseUrl: values['database-url'],
    seconds: number('seconds'),
    connections: Math.max(1, Math.floor(number('connections'))),
    accounts: Math.max(8, Math.floor(number('accounts'))),
    reportSeconds: Math.max(1, number('report-seconds')),
    sampleSeconds: Math.max(0.5, number('sample-seconds')),
    gcSeconds: number('gc-seconds'),
    maxGrowth: number('max-growth'),
    maxHeapGrowth: number('max-heap-growth'),
    maxErrors: number('max-errors'),
    seed: values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Math.floor(number('seed')),
    keepData: values['keep-data'],
    heapSnapshots: values['heap-snapshots'],
    breaks: parseBreaks(values.break),
  };
}
