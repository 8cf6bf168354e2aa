import type { Clock } from './clock.js';

/**
 * `load`'s result, reused for `ttlMs`: callers that arrive while it loads share that one load, so a
 * flood of callers costs one load per period. A failed load is not kept; the next caller tries again.
 */
export function cachedFor<T>(ttlMs: number, clock: Clock, load: () => Promise<T>): () => Promise<T> {
  let current: { value: Promise<T>; loadedAt: number } | undefined;
  return () => {
    const now = clock.now();
    if (current === undefined || now - current.loadedAt >= ttlMs) {
      const value = load();
      const entry = { value, loadedAt: now };
      current = entry;
      value.catch(() => {
        if (current === entry) current = undefined;
      });
    }
    return current.value;
  };
}
