import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { waitFor } from '../../../test/support/wait.js';
import { batchedOutput } from './batched-output.js';

const run = promisify(execFile);
const MODULE = new URL('./batched-output.ts', import.meta.url).href;

async function withFile(test: (path: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'agora-log-'));
  try {
    await test(join(dir, 'out.log'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('batched log output', () => {
  it('writes every line, in order, across turns of the event loop', async () => {
    await withFile(async (path) => {
      const output = batchedOutput(path);
      const written: string[] = [];
      for (let turn = 0; turn < 5; turn += 1) {
        for (let line = 0; line < 200; line += 1) {
          const text = `${turn}.${line} ${'x'.repeat(line)}\n`;
          written.push(text);
          output.write(text);
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
      await waitFor('every line in the file', async () => {
        assert.equal(await readFile(path, 'utf8').catch(() => ''), written.join(''));
        return true;
      });
    });
  });

  it('writes what is pending when the process exits before its next turn', async () => {
    await withFile(async (path) => {
      const script = [
        `const { batchedOutput } = await import(${JSON.stringify(MODULE)});`,
        // A descriptor, as stdout is: a path is opened in the background and may not be open yet.
        `const fd = (await import('node:fs')).openSync(${JSON.stringify(path)}, 'w');`,
        `const output = batchedOutput(fd);`,
        `for (let i = 0; i < 1000; i += 1) output.write('line ' + i + '\\n');`,
        `process.exit(3);`,
      ].join('\n');
      const child = run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
      await assert.rejects(child, (error: { code?: number }) => error.code === 3);
      const lines = (await readFile(path, 'utf8')).split('\n').filter((line) => line !== '');
      assert.deepEqual(
        lines,
        Array.from({ length: 1000 }, (_, i) => `line ${i}`),
      );
    });
  });
});
