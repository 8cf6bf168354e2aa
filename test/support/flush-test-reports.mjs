/**
 * Loaded with `--import` by `npm run test:files` (which `npm test` runs on every file). With
 * `--test-force-exit`, Node.js 24's test runner can lose results: a test file's process exits while report
 * frames for the runner are still queued on its stdout pipe, so the run counts fewer tests than ran and
 * misses their verdicts (Node.js 20 is not affected). This holds that exit until the queue is written. It
 * acts only in a test file's own process: the runner has no NODE_TEST_CONTEXT, and the processes tests
 * start do not run a *.test.ts file.
 */
import process from 'node:process';

if (process.env.NODE_TEST_CONTEXT === 'child-v8' && String(process.argv[1]).endsWith('.test.ts')) {
  const { exit, stdout } = process;
  process.exit = (code) => {
    // Writes complete in order: this one's callback comes once everything before it is out.
    if (stdout.writableLength > 0 || stdout._handle?.writeQueueSize > 0) stdout.write('', () => exit(code));
    else exit(code);
  };
}
