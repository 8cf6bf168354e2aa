import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The layer rules of DESIGN.md §2 as data. A layer may import itself and the layers it lists; packages
 * in `forbiddenPackages` are refused for the whole layer, and service domain code (outside `http/`) may
 * not import the HTTP framework.
 */
export const LAYERS: Record<string, { mayImport: readonly string[]; forbiddenPackages?: readonly string[] }> =
  {
    protocol: {
      mayImport: [],
      forbiddenPackages: ['fastify', '@fastify/*', 'kysely', 'better-sqlite3', 'pg', 'pino', ...ioBuiltins()],
    },
    shared: { mayImport: ['protocol'], forbiddenPackages: ['kysely', 'better-sqlite3', 'pg'] },
    storage: { mayImport: ['shared'], forbiddenPackages: ['fastify', '@fastify/*', 'viem'] },
    chain: { mayImport: ['protocol', 'shared'], forbiddenPackages: ['fastify', '@fastify/*', 'kysely'] },
    node: { mayImport: ['protocol', 'shared', 'storage', 'chain'] },
    names: { mayImport: ['protocol', 'shared', 'storage', 'chain'] },
    social: { mayImport: ['protocol', 'shared', 'storage', 'chain'] },
    cli: { mayImport: ['protocol', 'shared', 'storage', 'chain', 'node', 'names', 'social'] },
  };

const SERVICES = new Set(['node', 'names', 'social']);
const HTTP_PACKAGES = ['fastify', '@fastify/*'];
/** viem exports that open network connections; protocol code may use viem's pure helpers only. */
const VIEM_CLIENTS = ['createPublicClient', 'createWalletClient', 'createTestClient', 'http', 'webSocket'];

function ioBuiltins(): string[] {
  const io = [
    'fs',
    'fs/promises',
    'net',
    'http',
    'https',
    'http2',
    'child_process',
    'dgram',
    'tls',
    'cluster',
  ];
  return io.flatMap((name) => [name, `node:${name}`]);
}

export interface Violation {
  file: string;
  specifier: string;
  rule: string;
}

/** Check every .ts file under `<root>/src`; returns the violations, empty when the tree is clean. */
export function checkImports(root: string): Violation[] {
  const srcDir = path.join(root, 'src');
  return listTsFiles(srcDir).flatMap((file) => checkFile(srcDir, file));
}

function checkFile(srcDir: string, file: string): Violation[] {
  const relative = path.relative(srcDir, file).split(path.sep);
  const layer = relative[0] ?? '';
  const rules = LAYERS[layer];
  const shown = path.join('src', ...relative);
  if (rules === undefined)
    return [{ file: shown, specifier: '', rule: `"src/${layer}" is not a known layer` }];
  const isDomain = SERVICES.has(layer) && relative[1] !== 'http';
  // Tests may read fixtures from disk or spawn processes; the package rules are about shipped code.
  const isTest = file.endsWith('.test.ts');
  const source = readFileSync(file, 'utf8');
  const violations: Violation[] = [];
  const report = (specifier: string, rule: string) => violations.push({ file: shown, specifier, rule });

  for (const { fileName: specifier } of ts.preProcessFile(source, true, true).importedFiles) {
    if (specifier.startsWith('.')) {
      const target = path.relative(srcDir, path.resolve(path.dirname(file), specifier)).split(path.sep);
      const targetLayer = target[0] ?? '';
      if (targetLayer === layer) continue;
      // Tests may share the helpers under test/support.
      if (isTest && target.slice(0, 3).join('/') === '../test/support') continue;
      // Services never import each other: src/cli wires them together through the interfaces they declare.
      if (!rules.mayImport.includes(targetLayer)) report(specifier, `${layer} may not import ${targetLayer}`);
      continue;
    }
    if (isTest) continue;
    const forbidden = [...(rules.forbiddenPackages ?? []), ...(isDomain ? HTTP_PACKAGES : [])];
    if (forbidden.some((pattern) => matchesPackage(specifier, pattern))) {
      report(
        specifier,
        isDomain && matchesAny(specifier, HTTP_PACKAGES)
          ? 'domain code may not import the HTTP framework (only http/ may)'
          : `${layer} may not import ${specifier}`,
      );
    }
    if (layer === 'protocol' && specifier.startsWith('viem')) {
      const used = VIEM_CLIENTS.filter((name) =>
        new RegExp(`\\b${name}\\b`).test(importClause(source, specifier)),
      );
      if (used.length > 0 || specifier.startsWith('viem/actions')) {
        report(specifier, `protocol may use viem's pure helpers only, not ${used.join(', ') || 'actions'}`);
      }
    }
  }
  return violations;
}

/**
 * Every relative import (static or dynamic) of the .ts files under `<root>/<dir>`: the importing file and
 * the path it names, both relative to `root` with `/` separators.
 */
export function relativeImports(root: string, dir: string): { file: string; target: string }[] {
  const shown = (file: string) => path.relative(root, file).split(path.sep).join('/');
  return listTsFiles(path.join(root, dir)).flatMap((file) =>
    ts
      .preProcessFile(readFileSync(file, 'utf8'), true, true)
      .importedFiles.filter(({ fileName }) => fileName.startsWith('.'))
      .map(({ fileName }) => ({
        file: shown(file),
        target: shown(path.resolve(path.dirname(file), fileName)),
      })),
  );
}

function matchesPackage(specifier: string, pattern: string): boolean {
  if (pattern.endsWith('/*')) return specifier.startsWith(pattern.slice(0, -1));
  return specifier === pattern || specifier.startsWith(`${pattern}/`);
}

function matchesAny(specifier: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => matchesPackage(specifier, pattern));
}

/** The text of the import statements that load `specifier`, to see which names they take. */
function importClause(source: string, specifier: string): string {
  const quoted = specifier.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return [...source.matchAll(new RegExp(`import[^;]*?from\\s*['"]${quoted}['"]`, 'gs'))]
    .map((m) => m[0])
    .join('\n');
}

function listTsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listTsFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}
