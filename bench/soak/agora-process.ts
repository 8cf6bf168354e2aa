/**
 * One `agora <command>` as the soak runs it: the CLI's own main() with its flags, in a process that also
 * answers the soak's samples over IPC (test/support/soak/sampler.ts) and says when the command is up (its
 * "listening on" line, or `agora dev`'s closing banner line). Stops as the command does, on SIGTERM, or
 * when the soak goes.
 *
 * Usage (from processes.ts): node --expose-gc --import tsx bench/soak/agora-process.ts <label> <command> [flags]
 */
import { main } from '../../src/cli/main.js';
import { answerSamples, send } from '../../test/support/soak/sampler.js';

const [label, ...argv] = process.argv.slice(2);
const READY = /listening on |Press Ctrl-C to stop/;

answerSamples();
// The soak died or closed the channel: stop as Ctrl-C would, so nothing (anvil) outlives it.
process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
let ready = false;
const code = await main(argv, {
  // Only the line that says it is up: the rest (the configuration, agora dev's banner) is in the soak's own.
  out: (line) => {
    if (ready || !READY.test(line)) return;
    ready = true;
    process.stdout.write(`  [${label}] ${line}\n`);
    send({ type: 'ready' });
  },
  err: (line) => process.stderr.write(`  [${label}] ${line}\n`),
});
process.exit(code);
