import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HubFailure } from '../failure.js';
import { chainPositions, fidPositions, nextPageToken, tsHashPositions } from '../paging.js';
import { MAX_PAGE_SIZE, pageRequest } from './paging.js';

function details(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof HubFailure && error.statusCode === 400);
    return error.hubError.message;
  }
  assert.fail('expected a refusal');
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

describe('node paging', () => {
  it('defaults to 1000 oldest first, caps pageSize and refuses a non-positive one', () => {
    assert.deepEqual(pageRequest({}, fidPositions), {
      limit: MAX_PAGE_SIZE,
      after: undefined,
      reverse: false,
    });
    assert.equal(pageRequest({ pageSize: '5000' }, fidPositions).limit, 1000);
    assert.equal(pageRequest({ page_size: '3', reverse: '1' }, fidPositions).limit, 3);
    assert.equal(pageRequest({ reverse: 'true' }, fidPositions).reverse, true);
    assert.equal(pageRequest({ reverse: 'false' }, fidPositions).reverse, false);
    assert.equal(
      details(() => pageRequest({ pageSize: '0' }, fidPositions)),
      'pageSize must be a positive integer',
    );
    assert.equal(
      details(() => pageRequest({ pageSize: 'ten' }, fidPositions)),
      'pageSize must be a positive integer',
    );
  });

  it('round-trips each kind of position through a base64 token', () => {
    const tsHash = Uint8Array.from({ length: 24 }, (_, i) => 250 - i);
    const cases = [
      [tsHashPositions, tsHash],
      [fidPositions, 123_456_789],
      [chainPositions, { blockNumber: 108_864_739, logIndex: 17 }],
    ] as const;
    for (const [codec, position] of cases) {
      const token = nextPageToken({ items: [], next: position as never }, codec as never);
      assert.ok(token !== undefined);
      assert.deepEqual(pageRequest({ pageToken: base64(token) }, codec as never).after, position);
    }
    assert.equal(nextPageToken({ items: [1] }, fidPositions), undefined);
  });

  it('accepts a token whose + arrived as a space, and URL-safe base64', () => {
    const tsHash = new Uint8Array(24).fill(0xfb);
    const token = base64(tsHash);
    assert.ok(token.includes('+'));
    assert.deepEqual(pageRequest({ pageToken: token.replaceAll('+', ' ') }, tsHashPositions).after, tsHash);
    assert.deepEqual(
      pageRequest({ pageToken: Buffer.from(tsHash).toString('base64url') }, tsHashPositions).after,
      tsHash,
    );
  });

  it('refuses malformed tokens and tokens of another endpoint with a 400', () => {
    const fidToken = base64(fidPositions.encode(5));
    assert.equal(
      details(() => pageRequest({ pageToken: fidToken }, tsHashPositions)),
      'pageToken was not returned by this endpoint',
    );
    for (const bad of ['%%%', 'abc', 'A'.repeat(300), '====']) {
      assert.match(
        details(() => pageRequest({ pageToken: bad }, fidPositions)),
        /^pageToken/,
        bad,
      );
    }
    const huge = Buffer.alloc(8, 0xff).toString('base64');
    assert.equal(
      details(() => pageRequest({ pageToken: huge }, fidPositions)),
      'pageToken was not returned by this endpoint',
    );
  });
});
