export { systemClock } from '../../shared/clock.js';
export type { Clock } from '../../shared/clock.js';
export {
  EVENT_RETENTION_MS,
  EVENTS_PAGE_SIZE,
  appendEvents,
  eventById,
  eventsPage,
  lastEventId,
  lockEventLog,
  pruneEvents,
} from './event-log.js';
export type { EventsPage, NewHubEvent } from './event-log.js';
export { startJob } from './periodic-job.js';
export type { Job, JobLogger } from './periodic-job.js';
export {
  DEFAULT_POLL_INTERVAL_MS,
  DEFAULT_WINDOW_SIZE,
  SHUTTING_DOWN,
  STREAMED_EVENT_TYPES,
  createEventFeed,
} from './feed.js';
export type { EventFeed, EventFeedOptions, FeedStats, FollowOptions } from './feed.js';
export { DEFAULT_STALL_TIMEOUT_MS, createEventStreams } from './event-stream.js';
export type {
  EventSink,
  EventStream,
  EventStreams,
  EventStreamsOptions,
  StreamEnd,
  StreamRequest,
} from './event-stream.js';
