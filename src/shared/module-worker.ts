import { existsSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

// The sources run through tsx (`node --import tsx`, bin/agora.js without its transpiled copy), and a worker
// does not inherit a loader registered in code, so the worker registers tsx before importing its module;
// `.js` resolves to the `.ts`. Both are resolved here: the worker's own resolution would start from the
// working directory. A module that exists as `.js` (bin/compiled.js's copy) needs no tsx.
const TSX_API = import.meta.resolve('tsx/esm/api');

/**
 * A worker thread running the module at `url` (e.g. `new URL('./x-worker.js', import.meta.url)`), named after
 * it (`x-worker`): from Node.js 22 on, the name is the thread's in /proc and `top -H`, so its CPU can be
 * told from the others'.
 */
export function startModuleWorker(url: URL, workerData?: unknown): Worker {
  const load = `import(${JSON.stringify(url.href)})`;
  const boot = existsSync(fileURLToPath(url))
    ? load
    : `import(${JSON.stringify(TSX_API)}).then((tsx) => tsx.register()).then(() => ${load})`;
  return new Worker(boot, { eval: true, workerData, name: basename(url.pathname, extname(url.pathname)) });
}
