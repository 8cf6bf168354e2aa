#!/usr/bin/env node
// Regenerates the committed wire code in src/protocol/gen/ from proto/*.proto with buf and the
// ts-proto plugin (options in buf.gen.yaml). Offline and deterministic: same inputs, same bytes.
//
//   node scripts/proto.mjs           write src/protocol/gen/*.ts
//   node scripts/proto.mjs --check   generate into a temp dir; exit 1 listing stale files
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const genDir = 'src/protocol/gen';
// The output depends on the plugin's exact version (buf only compiles the schema); @farcaster/core
// is generated with ts-proto 1.146.0, and 2.x writes different bytes and JSON.
const pinned = { 'ts-proto': '1.146.0' };

function fail(message) {
  console.error(`proto: ${message}`);
  process.exit(2);
}

function checkPinnedVersions() {
  for (const [name, version] of Object.entries(pinned)) {
    const manifest = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'));
    if (manifest.version !== version)
      fail(`${name} ${manifest.version} is installed; generation needs ${version}`);
  }
}

/** Runs buf into a temp dir and returns the post-processed files, by name. */
function generate() {
  const outDir = mkdtempSync(join(tmpdir(), 'agora-proto-'));
  try {
    const buf = join(root, 'node_modules', '.bin', 'buf');
    const run = spawnSync(buf, ['generate', '--template', 'buf.gen.yaml', '--output', outDir], {
      cwd: root,
      encoding: 'utf8',
    });
    if (run.error) fail(`cannot run buf: ${run.error.message}`);
    if (run.status !== 0) fail(`buf generate failed:\n${run.stderr}`);
    const files = new Map();
    const produced = join(outDir, genDir);
    for (const name of readdirSync(produced).sort()) {
      const text = postProcess(name, readFileSync(join(produced, name), 'utf8'));
      if (text !== undefined) files.set(name, text);
    }
    return files;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** Adds a provenance header; drops files with nothing to export (a .proto holding only a service). */
function postProcess(name, text) {
  if (!/^export /m.test(text)) return undefined;
  const source = name.replace(/\.ts$/, '.proto');
  const header = `// Generated from proto/${source} by scripts/proto.mjs (buf + ts-proto ${pinned['ts-proto']}). Do not edit.\n`;
  return header + text;
}

function committedFiles() {
  const dir = join(root, genDir);
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return new Map();
  }
  // Only *.ts files are generated; README.md is written by hand.
  return new Map(
    names
      .filter((name) => name.endsWith('.ts'))
      .sort()
      .map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  );
}

function diff(fresh, committed) {
  const stale = [];
  for (const [name, text] of fresh) {
    if (!committed.has(name)) stale.push(`${genDir}/${name} (missing)`);
    else if (committed.get(name) !== text) stale.push(`${genDir}/${name} (differs)`);
  }
  for (const name of committed.keys()) {
    if (!fresh.has(name)) stale.push(`${genDir}/${name} (no longer generated)`);
  }
  return stale;
}

checkPinnedVersions();
const fresh = generate();
const committed = committedFiles();
const stale = diff(fresh, committed);

if (process.argv.includes('--check')) {
  if (stale.length > 0) {
    console.error(`proto: generated code is stale; run \`node scripts/proto.mjs\`:\n  ${stale.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`proto: ${genDir} is up to date (${fresh.size} files)`);
} else {
  mkdirSync(join(root, genDir), { recursive: true });
  for (const name of committed.keys()) {
    if (!fresh.has(name)) rmSync(join(root, genDir, name));
  }
  for (const [name, text] of fresh) {
    if (committed.get(name) !== text) writeFileSync(join(root, genDir, name), text);
  }
  console.log(`proto: wrote ${genDir} (${fresh.size} files, ${stale.length} changed)`);
}
