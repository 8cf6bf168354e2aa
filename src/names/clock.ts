/** Wall-clock time passed in, so that tests control the timestamp window and cooldowns. */
export { systemClock, unixSeconds, type Clock } from '../shared/clock.js';
