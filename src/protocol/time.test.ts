import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  fromFarcasterTime,
  getFarcasterTime,
  makeEventId as coreMakeEventId,
  toFarcasterTime as coreToFarcasterTime,
} from '@farcaster/core';
import {
  eventIdSequence,
  eventIdTimestampMs,
  FARCASTER_EPOCH_MS,
  fromFarcasterTime as ourFromFarcasterTime,
  makeEventId,
  toFarcasterTime,
} from './time.js';

describe('protocol time', () => {
  it('agrees with @farcaster/core on conversions', () => {
    for (const unixMs of [
      FARCASTER_EPOCH_MS,
      FARCASTER_EPOCH_MS + 1499,
      FARCASTER_EPOCH_MS + 1500,
      Date.now(),
    ]) {
      assert.equal(toFarcasterTime(unixMs), coreToFarcasterTime(unixMs)._unsafeUnwrap());
    }
    assert.equal(ourFromFarcasterTime(100_000_000), fromFarcasterTime(100_000_000)._unsafeUnwrap());
    assert.ok(Math.abs((toFarcasterTime(Date.now()) ?? 0) - getFarcasterTime()._unsafeUnwrap()) <= 1);
  });

  it('refuses times outside the uint32 range', () => {
    assert.equal(toFarcasterTime(FARCASTER_EPOCH_MS - 1000), undefined);
    assert.equal(toFarcasterTime(FARCASTER_EPOCH_MS + 2 ** 32 * 1000), undefined);
  });

  it('builds event ids like the reference and takes them apart', () => {
    const ms = Date.UTC(2026, 10, 21, 12, 0, 0, 123);
    const id = makeEventId(ms, 7);
    assert.equal(id, coreMakeEventId(ms, 7));
    assert.ok(Number.isSafeInteger(id));
    assert.equal(eventIdTimestampMs(id), ms);
    assert.equal(eventIdSequence(id), 7);
    assert.ok(makeEventId(ms + 1, 0) > makeEventId(ms, 4095));
    assert.throws(() => makeEventId(ms, 4096), RangeError);
  });
});
