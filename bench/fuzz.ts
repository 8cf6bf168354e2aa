// The hostile-input fuzz tests of issue 11 (test/fuzz-*.test.ts) at a large size: each file runs as it does
// in `npm test`, with AGORA_FUZZ_ITERATIONS requests per campaign (write and read, per dialect) and the given
// seed, one service after another, with progress lines on stderr. A failure prints the command that replays it.
// PostgreSQL runs too when AGORA_TEST_DATABASE_URL is set (or --database-url is given).
// Usage: npx tsx bench/fuzz.ts [--iterations 100000] [--seed N] [--service node|names|social|all] [--database-url URL]
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';

const SERVICES = ['node', 'names', 'social'] as const;

const { values } = parseArgs({
  options: {
    iterations: { type: 'string', default: '100000' },
    seed: { type: 'string' },
    service: { type: 'string', default: 'all' },
    'database-url': { type: 'string' },
  },
});

const iterations = Number(values.iterations);
const seed = values.seed === undefined ? randomInt(2 ** 31) : Number(values.seed);
if (!Number.isSafeInteger(iterations) || iterations < 1)
  throw new Error('--iterations must be a positive integer');
if (!Number.isSafeInteger(seed) || seed < 0) throw new Error('--seed must be a non-negative integer');
const services = values.service === 'all' ? SERVICES : SERVICES.filter((name) => name === values.service);
if (services.length === 0) throw new Error(`--service must be one of ${SERVICES.join(', ')} or all`);

const env = {
  ...process.env,
  AGORA_FUZZ_SEED: String(seed),
  AGORA_FUZZ_ITERATIONS: String(iterations),
  AGORA_FUZZ_PROGRESS: '1',
  ...(values['database-url'] !== undefined && { AGORA_TEST_DATABASE_URL: values['database-url'] }),
};

/** Runs one test file directly (not under --test), so its progress reaches the terminal as it happens. */
function run(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file], { env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal === null ? 1 : 128)));
  });
}

console.error(
  `fuzz: seed ${seed}, ${iterations} requests per campaign, services ${services.join(', ')}, Node ${process.version}`,
);
const results: { service: string; seconds: string; outcome: string }[] = [];
for (const service of services) {
  const file = `test/fuzz-${service}.test.ts`;
  const started = performance.now();
  const code = await run(file);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  results.push({ service, seconds, outcome: code === 0 ? 'ok' : `FAILED (exit ${code})` });
  if (code !== 0) {
    console.error(
      `replay: AGORA_FUZZ_SEED=${seed} AGORA_FUZZ_ITERATIONS=${iterations} node --import tsx --test ${file}`,
    );
  }
}
console.table(results);
process.exitCode = results.every((result) => result.outcome === 'ok') ? 0 : 1;
