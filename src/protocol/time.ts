/** Protocol time: seconds since 2021-01-01T00:00:00Z, stored as uint32 in messages. */
export const FARCASTER_EPOCH_MS = 1_609_459_200_000;
const MAX_UINT32 = 0xffff_ffff;

/** Farcaster seconds for a Unix time in ms, or undefined when it does not fit a uint32. */
export function toFarcasterTime(unixMs: number): number | undefined {
  const seconds = Math.round((unixMs - FARCASTER_EPOCH_MS) / 1000);
  return Number.isSafeInteger(seconds) && seconds >= 0 && seconds <= MAX_UINT32 ? seconds : undefined;
}

export function fromFarcasterTime(farcasterSeconds: number): number {
  return farcasterSeconds * 1000 + FARCASTER_EPOCH_MS;
}

/**
 * Event ids: (ms since the protocol epoch) << 12 | sequence, the Hubble scheme, so ids sort by time and
 * a node can tell an event's age from its id. 12 bits allow 4096 events per millisecond.
 */
export const EVENT_SEQUENCE_BITS = 12;
const SEQUENCE_LIMIT = 2 ** EVENT_SEQUENCE_BITS;

export function makeEventId(unixMs: number, sequence: number): number {
  if (!Number.isInteger(sequence) || sequence < 0 || sequence >= SEQUENCE_LIMIT) {
    throw new RangeError(`event sequence must be an integer in [0, ${SEQUENCE_LIMIT})`);
  }
  const elapsed = Math.max(0, Math.trunc(unixMs - FARCASTER_EPOCH_MS));
  // Multiplication, not <<: the shifted value exceeds 32 bits.
  return elapsed * SEQUENCE_LIMIT + sequence;
}

export function eventIdTimestampMs(eventId: number): number {
  return Math.floor(eventId / SEQUENCE_LIMIT) + FARCASTER_EPOCH_MS;
}

export function eventIdSequence(eventId: number): number {
  return eventId % SEQUENCE_LIMIT;
}
