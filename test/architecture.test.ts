import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { checkImports, relativeImports } from './support/import-rules.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

describe('architecture: import directions (DESIGN.md §2)', () => {
  it('the source tree has no upward or cross-service imports', () => {
    assert.deepEqual(checkImports(repoRoot), []);
  });

  describe('the checker itself, on a fixture tree', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'agora-arch-'));
    after(() => rmSync(root, { recursive: true, force: true }));
    const fixture = (files: Record<string, string>) => {
      rmSync(path.join(root, 'src'), { recursive: true, force: true });
      for (const [file, source] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        writeFileSync(path.join(root, file), source);
      }
      return checkImports(root).map((v) => `${v.file}: ${v.rule}`);
    };

    it('refuses Fastify in src/protocol', () => {
      const found = fixture({
        'src/protocol/bad.ts': "import Fastify from 'fastify';\nexport const a = Fastify;\n",
      });
      assert.deepEqual(found, ['src/protocol/bad.ts: protocol may not import fastify']);
    });

    it('refuses Kysely, node:fs and viem clients in src/protocol but allows viem helpers', () => {
      const found = fixture({
        'src/protocol/a.ts': "import { Kysely } from 'kysely';\nimport { readFileSync } from 'node:fs';\n",
        'src/protocol/b.ts': "import { createPublicClient, http } from 'viem';\n",
        'src/protocol/c.ts': "import { keccak256, verifyTypedData } from 'viem';\n",
      });
      assert.deepEqual(found, [
        'src/protocol/a.ts: protocol may not import kysely',
        'src/protocol/a.ts: protocol may not import node:fs',
        "src/protocol/b.ts: protocol may use viem's pure helpers only, not createPublicClient, http",
      ]);
    });

    it('refuses upward imports between layers', () => {
      const found = fixture({
        'src/protocol/a.ts': "import { x } from '../storage/database.js';\n",
        'src/storage/database.ts': "import { y } from '../node/engine.js';\n",
      });
      assert.deepEqual(found, [
        'src/protocol/a.ts: protocol may not import storage',
        'src/storage/database.ts: storage may not import node',
      ]);
    });

    it("refuses one service importing another's internals, and Fastify in domain code", () => {
      const found = fixture({
        'src/social/indexer.ts':
          "import { engine } from '../node/engine/merge.js';\nimport f from 'fastify';\n",
        'src/social/http/routes.ts': "import f from 'fastify';\nimport { a } from '../domain.js';\n",
      });
      assert.deepEqual(found, [
        'src/social/indexer.ts: social may not import node',
        'src/social/indexer.ts: domain code may not import the HTTP framework (only http/ may)',
      ]);
    });

    it('lets tests, and only tests, use test/support', () => {
      const found = fixture({
        'src/protocol/a.test.ts': "import { h } from '../../test/support/helpers.js';\n",
        'src/protocol/a.ts': "import { h } from '../../test/support/helpers.js';\n",
      });
      assert.deepEqual(found, ['src/protocol/a.ts: protocol may not import ..']);
    });

    it('accepts a clean tree', () => {
      const found = fixture({
        'src/protocol/hash.ts': "import { blake3 } from '@noble/hashes/blake3';\n",
        'src/node/engine.ts':
          "import { h } from '../protocol/hash.js';\nimport { d } from '../storage/index.js';\n",
        'src/cli/main.ts': "import { e } from '../node/engine.js';\n",
      });
      assert.deepEqual(found, []);
    });
  });
});

describe('architecture: what the tests and the build take in', () => {
  const isTest = (file: string) => file.startsWith('test/') || file.endsWith('.test.ts');
  /** Test harnesses under src, which tsconfig.build.json leaves out of dist. */
  const isHarness = (file: string) =>
    /\/testing\.(ts|js)$/.test(file) || /^src\/shared\/test-clock\.(ts|js)$/.test(file);
  const imports = [...relativeImports(repoRoot, 'src'), ...relativeImports(repoRoot, 'test')];
  const shown = ({ file, target }: { file: string; target: string }) => `${file} imports ${target}`;

  it('no test imports from bench/: npm test runs without the benchmarks', () => {
    const found = imports.filter(({ file, target }) => isTest(file) && target.startsWith('bench/'));
    assert.deepEqual(found.map(shown), []);
  });

  it('no product code imports a test harness, so dist holds none', () => {
    const found = imports.filter(
      ({ file, target }) => !isTest(file) && !isHarness(file) && isHarness(target),
    );
    assert.deepEqual(found.map(shown), []);
  });
});
