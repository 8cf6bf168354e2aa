import { setImmediate } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// The test runner starts without --expose-gc: the flag set now gives a fresh context its `gc`.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * What the process holds after a full collection: the JS heap and the ArrayBuffers outside it (Buffer
 * bodies). The event loop turns a few times first: `app.inject` answers through microtasks alone and
 * leaves each request's stream cleanup queued as immediates (a chain of them), each holding its request
 * and response until it runs.
 */
export async function heldBytes(): Promise<number> {
  for (let turn = 0; turn < 10; turn++) await setImmediate();
  gc();
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

export const MiB = 1024 * 1024;
