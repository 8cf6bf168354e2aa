import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Message } from '../../protocol/gen/message.js';
import { MessagesResponse } from '../../protocol/gen/request_response.js';
import { makeTsHash } from '../engine/index.js';
import {
  acrossFidsPageOf,
  MAX_RESPONSE_BYTES,
  messagePageOf,
  messagesResponse,
  withinBudget,
} from './paging.js';

const bytes = (length: number) => ({ encode: () => ({ finish: () => new Uint8Array(length) }) });

describe('gRPC pages', () => {
  it('keeps items while their encoded size fits, and continues after the last one kept', () => {
    const page = { items: [10, 20, 30, 40], next: undefined };
    const sized = { encode: (n: number) => bytes(n).encode() };
    // Each item costs its size plus at most 6 bytes of tag and length.
    assert.deepEqual(
      withinBudget(page, sized, (n) => n, 60),
      { items: [10, 20], next: 20 },
    );
    assert.deepEqual(
      withinBudget(page, sized, (n) => n, 124),
      page,
    );
    assert.deepEqual(
      withinBudget(page, sized, (n) => n, 1),
      { items: [10], next: 10 },
      'one at least',
    );
  });

  it('ends a MessagesResponse near 3.5 MiB with the ts_hash of its last message', () => {
    const messages = Array.from({ length: 40 }, (_, i) =>
      Message.fromPartial({
        data: { fid: 1, timestamp: 1000 + i },
        hash: new Uint8Array(20).fill(i),
        dataBytes: new Uint8Array(100_000),
      }),
    );
    const response = messagesResponse({ items: messages, next: undefined });
    const kept = response.messages.length;
    assert.ok(kept > 30 && kept < 40, `${kept} messages kept`);
    assert.ok(MessagesResponse.encode(response).finish().length <= MAX_RESPONSE_BYTES);
    const last = messages[kept - 1];
    assert.deepEqual(response.nextPageToken, makeTsHash(1000 + kept - 1, last?.hash ?? new Uint8Array()));

    const small = messagesResponse({ items: messages.slice(0, 2), next: undefined });
    assert.equal(small.messages.length, 2);
    assert.deepEqual(small.nextPageToken, new Uint8Array(), 'empty on the last page, as Hubble sends it');
  });

  it('serves the store page sizes and names the proto fields in its refusals', () => {
    assert.equal(messagePageOf({}).limit, 10_000);
    assert.equal(messagePageOf({ pageSize: 50_000 }).limit, 10_000);
    assert.equal(messagePageOf({ pageSize: 3000 }).limit, 3000);
    assert.equal(acrossFidsPageOf({}).limit, 1000, 'reads across fids page as HTTP does');
    assert.equal(acrossFidsPageOf({ pageSize: 3000 }).limit, 1000);
    assert.equal(acrossFidsPageOf({ pageSize: 10 }).limit, 10);
    assert.throws(() => messagePageOf({ pageSize: 0 }), /page_size must be a positive integer/);
    assert.throws(
      () => messagePageOf({ pageToken: new Uint8Array(3) }),
      /page_token was not returned by this endpoint/,
    );
  });
});
