/**
 * bin/agora.js runs the transpiled copy of src/ that bin/compiled.js keeps in step with the sources: built
 * when missing, reused while the sources are unchanged, rebuilt after an edit (here: a touched file).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync, utimesSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../bin/agora.js', import.meta.url));
const STAMP = fileURLToPath(new URL('../.agora-build/fingerprint', import.meta.url));
const MAIN = fileURLToPath(new URL('../.agora-build/cli/main.js', import.meta.url));
const SOURCE = fileURLToPath(new URL('../src/cli/io.ts', import.meta.url));

function help(): void {
  const run = spawnSync(process.execPath, [BIN, '--help'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /Usage: agora <command>/);
}

describe('bin/agora.js and its transpiled copy of src/', () => {
  it('runs from .agora-build, reuses it while the sources stay, and rebuilds after an edit', () => {
    help();
    const first = readFileSync(STAMP, 'utf8');
    const built = statSync(MAIN).mtimeMs;
    help();
    assert.equal(readFileSync(STAMP, 'utf8'), first);
    assert.equal(statSync(MAIN).mtimeMs, built, 'an unchanged tree is not rebuilt');

    const { atime, mtime } = statSync(SOURCE);
    utimesSync(SOURCE, atime, new Date(mtime.getTime() + 1000));
    try {
      help();
      assert.notEqual(readFileSync(STAMP, 'utf8'), first, 'an edited source is rebuilt');
    } finally {
      utimesSync(SOURCE, atime, mtime);
    }
  });
});
