/** The node's clock is the shared one; tests pass their own. */
export { systemClock, type Clock } from '../../shared/clock.js';
