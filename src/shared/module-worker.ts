import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

// The sources run through tsx (`node --import tsx`, bin/agora.js without its transpiled copy), and a worker
// does not inherit a loader registered in code, so the worker registers tsx before importing its module;
// `.js` resolves to the `.ts`. Both are resolved here: the worker's own resolution would start from the
// working directory. A module that exists as `.js` (bin/compiled.js's copy) needs no tsx.
const TSX_API = import.meta.resolve('tsx/esm/api');

/** A worker thread running the module at `url` (e.g. `new URL('./x-worker.js', import.meta.url)`). */
export function startModuleWorker(url: URL, workerData?: unknown): Worker {
  const load = `import(${JSON.stringify(url.href)})`;
  const boot = existsSync(fileURLToPath(url))
    ? load
    : `import(${JSON.stringify(TSX_API)}).then((tsx) => tsx.register()).then(() => ${load})`;
  return new Worker(boot, { eval: true, workerData });
}
