#!/usr/bin/env node
// The CLI runs the TypeScript sources without a build step: from a transpiled copy that bin/compiled.js keeps
// in step with src/, else through tsx.
import { compiledMain } from './compiled.js';

const compiled = await compiledMain().catch(() => undefined);
let main;
if (compiled === undefined) {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli/main.ts'));
} else {
  ({ main } = await import(compiled));
}
process.exitCode = await main(process.argv.slice(2));
