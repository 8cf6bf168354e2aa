#!/usr/bin/env node
// The CLI runs the TypeScript sources through tsx, so a fresh clone needs no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
