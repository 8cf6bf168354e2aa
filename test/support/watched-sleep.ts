import { realSleep, type Sleep } from '../../src/shared/retry.js';

/**
 * The real sleep, noting how each wait ended: cut short by its signal, or run to its end. A test of a
 * loop that must not wait out a long interval (a stop, a wake) asserts the wait was aborted instead of
 * timing it. With `lastingMs`, every wait lasts that long whatever the loop asked, so a loop's short
 * backoff cannot end on its own while the test looks.
 */
export function watchedSleep(lastingMs?: number): { sleep: Sleep; ends: ('aborted' | 'elapsed')[] } {
  const ends: ('aborted' | 'elapsed')[] = [];
  const sleep: Sleep = async (ms, signal) => {
    await realSleep(lastingMs ?? ms, signal);
    ends.push(signal.aborted ? 'aborted' : 'elapsed');
  };
  return { sleep, ends };
}
