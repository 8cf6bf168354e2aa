/**
 * Runs `work` on each item in order, starting an item while up to `depth - 1` earlier ones still run, so
 * the stages of neighbouring items overlap (one batch fetched or validated while another is written). The
 * next item is taken from `items` only once there is room, so an async source is read ahead by one step at
 * most. The first failure stops taking items and is thrown once every started item has settled.
 */
export async function overlapped<T>(
  items: Iterable<T> | AsyncIterable<T>,
  depth: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  const start = (item: T) => {
    const run = work(item).then(
      () => undefined,
      (error: unknown) => {
        failure ??= { error };
      },
    );
    running.add(run);
    void run.finally(() => running.delete(run));
  };
  try {
    for await (const item of items) {
      if (failure !== undefined) break;
      start(item);
      while (running.size >= depth && failure === undefined) await Promise.race(running);
      if (failure !== undefined) break;
    }
  } catch (error) {
    failure ??= { error };
  }
  await Promise.all(running);
  if (failure !== undefined) throw failure.error;
}
