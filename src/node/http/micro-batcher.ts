export interface MicroBatcherOptions<In, Out> {
  /** Handles a batch; returns one result per item, in order. A throw fails every item of the batch. */
  run(items: In[]): Promise<Out[]>;
  /** Largest batch. */
  maxBatch: number;
  /** How long the first item of a batch waits for company. */
  maxWaitMs: number;
  /** Batches running at once; while all are busy, arriving items join the next batch. */
  maxInFlight: number;
}

export interface MicroBatcher<In, Out> {
  /** Resolves with the item's own result once its batch has run. */
  add(item: In): Promise<Out>;
  /** Runs what is queued, waits for every batch, and refuses new items. */
  close(): Promise<void>;
}

interface Pending<In, Out> {
  item: In;
  resolve(result: Out): void;
  reject(error: unknown): void;
}

/**
 * Collects concurrent calls into batches: a batch starts when it is full, or `maxWaitMs` after its first
 * item arrived. Under load batches grow, so one batch cost (a transaction, a lock) is shared by more
 * items, while a lone call waits only `maxWaitMs`. A batch that is ready while `maxInFlight` batches run
 * waits for one to finish, so the next batch can be prepared while the previous one commits.
 */
export function createMicroBatcher<In, Out>(options: MicroBatcherOptions<In, Out>): MicroBatcher<In, Out> {
  const { run, maxBatch, maxWaitMs, maxInFlight } = options;
  let queue: Pending<In, Out>[] = [];
  let timer: NodeJS.Timeout | undefined;
  /** The first queued item has waited long enough. */
  let due = false;
  let closed = false;
  const running = new Set<Promise<void>>();

  const dispatch = (): void => {
    while (queue.length > 0 && (due || queue.length >= maxBatch) && running.size < maxInFlight) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      due = closed || queue.length > 0;
      const done = execute(batch).finally(() => {
        running.delete(done);
        dispatch();
      });
      running.add(done);
    }
    if (queue.length === 0) {
      clearTimeout(timer);
      timer = undefined;
      due = closed;
    } else if (!due && timer === undefined) {
      timer = setTimeout(() => {
        timer = undefined;
        due = true;
        dispatch();
      }, maxWaitMs);
    }
  };

  const execute = async (batch: Pending<In, Out>[]): Promise<void> => {
    try {
      const results = await run(batch.map((pending) => pending.item));
      if (results.length !== batch.length) {
        throw new Error(`batch of ${batch.length} returned ${results.length} results`);
      }
      batch.forEach((pending, index) => pending.resolve(results[index] as Out));
    } catch (error) {
      for (const pending of batch) pending.reject(error);
    }
  };

  return {
    add(item) {
      if (closed) return Promise.reject(new Error('the submit queue is closed'));
      return new Promise<Out>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      due = true;
      clearTimeout(timer);
      timer = undefined;
      dispatch();
      while (running.size > 0) await Promise.all(running);
    },
  };
}
