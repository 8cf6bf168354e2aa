/** What a job needs from a logger (pino's Logger fits). */
export interface JobLogger {
  error(details: object, message: string): void;
}

export interface Job {
  /** Cancels the next run and waits for a run in progress; safe to call more than once. */
  stop(): Promise<void>;
}

/**
 * Runs `run` every `intervalMs`, the first time one interval after the start and then counted from the
 * end of the previous run, so runs never overlap. A failing run is logged (pass a child logger that names
 * the job) and the schedule goes on. The timer does not keep the process alive.
 */
export function startJob(intervalMs: number, run: () => Promise<unknown>, logger: JobLogger): Job {
  if (!Number.isSafeInteger(intervalMs) || intervalMs < 1) {
    throw new RangeError('job interval must be a positive integer of milliseconds');
  }
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const schedule = () => {
    timer = setTimeout(tick, intervalMs);
    timer.unref();
  };
  const tick = () => {
    running = Promise.resolve()
      .then(run)
      .then(
        () => undefined,
        (error: unknown) => logger.error({ err: error }, 'periodic job failed'),
      )
      .finally(() => {
        running = undefined;
        if (!stopped) schedule();
      });
  };

  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
