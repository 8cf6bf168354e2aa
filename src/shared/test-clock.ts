import type { Clock } from './clock.js';

/** Test-only: a clock that moves only when told to. */
export interface TestClock extends Clock {
  advance(ms: number): void;
  seconds(): number;
}

/** 2024-01-01T00:00:00Z. */
export const TEST_START_MS = 1_704_067_200_000;

export function testClock(startMs = TEST_START_MS): TestClock {
  let now = startMs;
  return {
    now: () => now,
    advance: (ms) => {
      now += ms;
    },
    seconds: () => Math.floor(now / 1000),
  };
}
