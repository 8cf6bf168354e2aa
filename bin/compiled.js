// The CLI's modules as plain JavaScript, transpiled from src/ by esbuild when the sources change. Loading
// them (and viem's hundreds of modules) through tsx's loader hooks takes about twice as long as plain ESM,
// which was most of `agora dev`'s start (docs/performance.md, "Start"). No manual step: the first run after
// an edit rebuilds (about a second); without esbuild, or when the build fails, the caller falls back to tsx.
// An install the running user may not write (a production service user) cannot rebuild: it says so once
// at start, and runs any agora command as the installing user to fill .agora-build/ (docs/deploy.md).
import { createHash } from 'node:crypto';
import {
  accessSync,
  constants,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SRC = path.join(ROOT, 'src');
// One level below the root, as src/ is: code that finds files from import.meta.url (contracts/artifacts,
// package.json) finds the same ones from here.
const BUILD = path.join(ROOT, '.agora-build');
const STAMP = 'fingerprint';
const MAIN = pathToFileURL(path.join(BUILD, 'cli', 'main.js')).href;
// No source maps: reading them costs about 15% of the load, and the output keeps the sources' shape (stack
// traces name .agora-build/<same path>.js).
const OPTIONS = { format: 'esm', platform: 'node', target: 'node20', logLevel: 'silent' };

/** The URL of the transpiled src/cli/main.ts, built first if the sources changed; undefined: use tsx. */
export async function compiledMain() {
  const files = readdirSync(SRC, { recursive: true })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .sort();
  const print = fingerprint(files);
  if (isCurrent(print)) return MAIN;
  if (!writable(ROOT)) {
    process.stderr.write(
      `agora: ${BUILD} is missing or older than src/, and this user may not write ${ROOT}: running the ` +
        'TypeScript sources through tsx, which starts slower. Run any agora command once as the user who ' +
        'installed it (docs/deploy.md, "Install").\n',
    );
    return undefined;
  }
  return (await build(files, print)) ? MAIN : undefined;
}

function writable(dir) {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function isCurrent(print) {
  const stamp = path.join(BUILD, STAMP);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === print;
}

/** Names, sizes and modification times of the sources, the tsconfig and these options. */
function fingerprint(files) {
  const hash = createHash('sha256').update(JSON.stringify(OPTIONS));
  const add = (file) => {
    const stat = statSync(file);
    hash.update(`${path.relative(ROOT, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
  };
  add(path.join(ROOT, 'tsconfig.json'));
  for (const file of files) add(path.join(SRC, file));
  return hash.digest('hex');
}

/**
 * Builds into a directory of this process's own, then swaps it in. Processes building at once (tests start
 * many) each end with a complete build in place or fall back to tsx; none sees a half-written one.
 */
async function build(files, print) {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    return false;
  }
  const fresh = `${BUILD}.new-${process.pid}`;
  const old = `${BUILD}.old-${process.pid}`;
  try {
    await esbuild.build({
      ...OPTIONS,
      entryPoints: files.map((file) => path.join(SRC, file)),
      outdir: fresh,
    });
    writeFileSync(path.join(fresh, STAMP), print);
    // Another process may have put the same build in place meanwhile, and be loading from it.
    if (isCurrent(print)) return true;
    if (existsSync(BUILD)) renameSync(BUILD, old);
    renameSync(fresh, BUILD);
    return true;
  } catch {
    return false;
  } finally {
    rmSync(fresh, { recursive: true, force: true });
    rmSync(old, { recursive: true, force: true });
  }
}
