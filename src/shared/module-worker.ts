import { Worker } from 'node:worker_threads';

// The sources run through tsx (bin/agora.js, `node --import tsx`), and a worker does not inherit a loader
// registered in code, so the worker registers tsx before importing its module; `.js` resolves to the `.ts`.
// Both are resolved here: the worker's own resolution would start from the working directory.
const TSX_API = import.meta.resolve('tsx/esm/api');

/** A worker thread running the module at `url` (e.g. `new URL('./x-worker.js', import.meta.url)`). */
export function startModuleWorker(url: URL, workerData?: unknown): Worker {
  const boot = `import(${JSON.stringify(TSX_API)}).then((tsx) => tsx.register()).then(() => import(${JSON.stringify(url.href)}))`;
  return new Worker(boot, { eval: true, workerData });
}
