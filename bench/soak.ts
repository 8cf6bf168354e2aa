// Soak: the whole system, started through the CLI as people and operators run it, under a mixed load of
// every public surface for a fixed time with a fixed concurrency (bench/soak/loads/). Every request is meant
// to succeed: the load keeps to every rule and limit it knows, so any other answer is a finding. Every
// --report-seconds: throughput and p50/p99 latency per service, unexpected answers, and each process's
// memory. At the end: the event streams checked against the log, a summary, each process's memory verdict,
// and PASS or FAIL (exit 1) with what failed. Figures and method: docs/reliability.md "Soak".
//
// Usage: npx tsx bench/soak.ts [--mode sqlite|postgres] [--database-url URL] [--seconds 600]
//          [--connections 16] [--accounts 40] [--report-seconds 10] [--sample-seconds 2] [--gc-seconds 30]
//          [--max-growth 2] [--max-heap-growth 1] [--max-errors 0] [--seed N] [--keep-data]
//          [--heap-snapshots]  (writes each process's heap at half time and at the end into the data dir, kept)
//          [--break RULE]      (makes the load break a rule, to see the soak fail: test/support/soak/breaks.ts)
import { parseOptions } from './soak/options.js';
import { descendantsOf, killQuietly } from './soak/processes.js';
import { runSoak } from './soak/run.js';

let interrupted = false;
const onSignal = () => {
  if (interrupted) {
    // Leave at once, and take what this run started along (its services stop themselves when it goes).
    for (const pid of descendantsOf(process.pid)) killQuietly(pid);
    process.exit(130);
  }
  interrupted = true;
  console.log('\nsoak: interrupted, stopping the load (again to leave at once)');
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

process.exitCode = await runSoak(parseOptions(process.argv.slice(2)), () => interrupted).catch(
  (error: unknown) => {
    console.error(`soak failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 2;
  },
);
