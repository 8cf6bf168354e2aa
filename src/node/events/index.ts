export { systemClock } from '../../shared/clock.js';
export type { Clock } from '../../shared/clock.js';
export {
  EVENT_RETENTION_MS,
  EVENTS_PAGE_SIZE,
  appendEvents,
  encodedEvent,
  eventById,
  eventsBetween,
  eventsPage,
  lastEventId,
  lockEventLog,
  pruneEvents,
} from './event-log.js';
export type { EventRange, EventsPage, NewHubEvent } from './event-log.js';
export { startJob } from './periodic-job.js';
export type { Job, JobLogger } from './periodic-job.js';
export { createEventFeed } from './feed.js';
export type { EventFeed, EventFeedOptions, FollowOptions } from './feed.js';
export { createEventStreams } from './event-stream.js';
export type { EventSink, EventStreams, StreamEnd } from './event-stream.js';
