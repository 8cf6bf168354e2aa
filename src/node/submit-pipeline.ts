export interface SubmitPipelineOptions<In, Ready, Out> {
  /** Starts checking items: one promise per item, in order, settling when that item is ready to commit. */
  prepare(items: In[]): Promise<Ready>[];
  /** Commits ready items together; one result per item, in order. A throw fails every item of the batch. */
  commit(ready: Ready[]): Promise<Out[]>;
  /** Most items per commit. */
  maxBatch: number;
}

export interface SubmitPipeline<In, Out> {
  /** Resolves with the item's own result once the commit that took it has run. */
  add(item: In): Promise<Out>;
  /** Refuses new items and waits until every item added has its result. */
  close(): Promise<void>;
}

interface Waiter<Out> {
  resolve(result: Out): void;
  reject(error: unknown): void;
}

/**
 * Concurrent calls through two stages with no waiting for company: the items that arrive in one turn of
 * the event loop are prepared together (their signatures go to the workers in shared jobs), and whenever
 * no commit is running, every item that is ready commits in one batch. A lone item goes straight through;
 * under load, items gather behind the running commit, so batches grow with the load and one transaction
 * serves more of them, while an item never waits on another's verification.
 */
export function createSubmitPipeline<In, Ready, Out>(
  options: SubmitPipelineOptions<In, Ready, Out>,
): SubmitPipeline<In, Out> {
  const { prepare, commit, maxBatch } = options;
  let arriving: { item: In; waiter: Waiter<Out> }[] = [];
  const ready: { value: Ready; waiter: Waiter<Out> }[] = [];
  let committing = false;
  let commitScheduled = false;
  let closed = false;
  let closing: Promise<void> | undefined;
  /** Items added and not answered yet, and who waits for that number to reach zero. */
  let unanswered = 0;
  let drained: (() => void) | undefined;

  const answered = (): void => {
    if (--unanswered === 0) drained?.();
  };
  const waiterFor = (resolve: (result: Out) => void, reject: (error: unknown) => void): Waiter<Out> => {
    unanswered++;
    return {
      resolve: (result) => (resolve(result), answered()),
      reject: (error) => (reject(error), answered()),
    };
  };

  const prepareArrivals = (): void => {
    const batch = arriving;
    arriving = [];
    if (batch.length === 0) return;
    let outcomes: Promise<Ready>[];
    try {
      outcomes = prepare(batch.map(({ item }) => item));
    } catch (error) {
      for (const { waiter } of batch) waiter.reject(error);
      return;
    }
    batch.forEach(({ waiter }, index) => {
      const outcome = outcomes[index] ?? Promise.reject(new Error('prepare returned too few outcomes'));
      outcome.then((value) => {
        ready.push({ value, waiter });
        scheduleCommit();
      }, waiter.reject);
    });
  };

  // Deferred to the check phase, so every verdict that arrived in this turn joins the commit.
  const scheduleCommit = (): void => {
    if (committing || commitScheduled) return;
    commitScheduled = true;
    setImmediate(() => void runCommit());
  };

  const runCommit = async (): Promise<void> => {
    commitScheduled = false;
    const batch = ready.splice(0, maxBatch);
    if (batch.length === 0) return;
    committing = true;
    try {
      const results = await commit(batch.map(({ value }) => value));
      if (results.length !== batch.length) {
        throw new Error(`a commit of ${batch.length} returned ${results.length} results`);
      }
      batch.forEach(({ waiter }, index) => waiter.resolve(results[index] as Out));
    } catch (error) {
      for (const { waiter } of batch) waiter.reject(error);
    } finally {
      committing = false;
      if (ready.length > 0) scheduleCommit();
    }
  };

  return {
    add(item) {
      if (closed) return Promise.reject(new Error('the submit queue is closed'));
      return new Promise<Out>((resolve, reject) => {
        if (arriving.length === 0) setImmediate(prepareArrivals);
        arriving.push({ item, waiter: waiterFor(resolve, reject) });
      });
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        closed = true;
        drained = resolve;
        prepareArrivals();
        if (unanswered === 0) resolve();
      });
      return closing;
    },
  };
}
