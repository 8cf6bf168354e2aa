/**
 * `npm run example`: the journey of examples/journey/run.ts against a running `agora dev`, found through
 * its devnet.json (`.agora/devnet.json`, or the path given as the first argument).
 */
import { readFileSync } from 'node:fs';
import { runJourney, type DevnetInfo } from './journey/run.js';

const file = process.argv[2] ?? '.agora/devnet.json';
let devnet: DevnetInfo;
try {
  devnet = JSON.parse(readFileSync(file, 'utf8')) as DevnetInfo;
} catch (error) {
  console.error(`cannot read ${file}: start the system first with \`npm start\` (${String(error)})`);
  process.exit(2);
}
try {
  const result = await runJourney(devnet);
  console.log(`\nDone: alice is fid ${result.alice} (${result.username}), in channel ${result.channelId}.`);
} catch (error) {
  console.error(`\nThe journey failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
