#!/usr/bin/env node
// Compiles our Solidity dev contracts (contracts/src/**/*.sol) with solc-js into committed artifacts
// contracts/artifacts/<Name>.json = {abi, bytecode, deployedBytecode}, so tests and the devnet need no
// compiler. Offline and deterministic: same sources and compiler, same bytes.
//
//   node scripts/contracts.mjs           write contracts/artifacts/*.json
//   node scripts/contracts.mjs --check   compile in memory; exit 1 listing stale artifacts
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const sourceDir = join(root, 'contracts', 'src');
const artifactDir = join(root, 'contracts', 'artifacts');
const artifactDirName = 'contracts/artifacts';
// The bytecode depends on the exact compiler; bump deliberately and regenerate.
const pinnedSolc = '0.8.37';

const settings = {
  evmVersion: 'cancun',
  optimizer: { enabled: true, runs: 200 },
  // No metadata hash in the bytecode: artifacts change only when the code does, not on comment edits.
  metadata: { bytecodeHash: 'none', appendCBOR: false },
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
};

function fail(message) {
  console.error(`contracts: ${message}`);
  process.exit(2);
}

function listSources(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) return listSources(full);
      return entry.name.endsWith('.sol') ? [full] : [];
    })
    .sort();
}

function loadSolc() {
  const require = createRequire(import.meta.url);
  const solc = require('solc');
  const version = solc.version();
  if (!version.startsWith(`${pinnedSolc}+`))
    fail(`solc ${version} is installed; the artifacts need ${pinnedSolc}`);
  return solc;
}

/** Compiles every source; returns the artifact text of each deployable contract, by file name. */
function compile() {
  const sources = {};
  for (const file of listSources(sourceDir)) {
    sources[relative(sourceDir, file).split(sep).join('/')] = { content: readFileSync(file, 'utf8') };
  }
  const input = { language: 'Solidity', sources, settings };
  const output = JSON.parse(loadSolc().compile(JSON.stringify(input)));
  // Warnings fail the build too: the sources are ours and should compile cleanly.
  const problems = output.errors ?? [];
  if (problems.length > 0) fail(`solc reported:\n${problems.map((p) => p.formattedMessage).join('\n')}`);

  const artifacts = new Map();
  for (const unit of Object.keys(output.contracts).sort()) {
    for (const [name, contract] of Object.entries(output.contracts[unit])) {
      // Interfaces and abstract contracts have no bytecode; internal-only libraries have no ABI.
      if (contract.evm.bytecode.object === '' || contract.abi.length === 0) continue;
      if (artifacts.has(`${name}.json`)) fail(`two contracts are named ${name}`);
      const artifact = {
        abi: contract.abi,
        bytecode: `0x${contract.evm.bytecode.object}`,
        deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
      };
      artifacts.set(`${name}.json`, `${JSON.stringify(artifact, null, 2)}\n`);
    }
  }
  return artifacts;
}

function committedArtifacts() {
  let names;
  try {
    names = readdirSync(artifactDir);
  } catch {
    return new Map();
  }
  return new Map(
    names
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => [name, readFileSync(join(artifactDir, name), 'utf8')]),
  );
}

function diff(fresh, committed) {
  const stale = [];
  for (const [name, text] of fresh) {
    if (!committed.has(name)) stale.push(`${artifactDirName}/${name} (missing)`);
    else if (committed.get(name) !== text) stale.push(`${artifactDirName}/${name} (differs)`);
  }
  for (const name of committed.keys()) {
    if (!fresh.has(name)) stale.push(`${artifactDirName}/${name} (no longer compiled)`);
  }
  return stale;
}

const fresh = compile();
const committed = committedArtifacts();
const stale = diff(fresh, committed);

if (process.argv.includes('--check')) {
  if (stale.length > 0) {
    console.error(
      `contracts: artifacts are stale; run \`node scripts/contracts.mjs\`:\n  ${stale.join('\n  ')}`,
    );
    process.exit(1);
  }
  console.log(`contracts: ${artifactDirName} is up to date (${fresh.size} contracts)`);
} else {
  mkdirSync(artifactDir, { recursive: true });
  for (const name of committed.keys()) {
    if (!fresh.has(name)) rmSync(join(artifactDir, name));
  }
  for (const [name, text] of fresh) {
    if (committed.get(name) !== text) writeFileSync(join(artifactDir, name), text);
  }
  console.log(`contracts: wrote ${artifactDirName} (${fresh.size} contracts, ${stale.length} changed)`);
}
