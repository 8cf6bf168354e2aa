import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Message, MessageData } from '../../protocol/gen/message.js';
import { MessagesResponse } from '../../protocol/gen/request_response.js';
import { makeTsHash } from '../engine/index.js';
import { storedEncoding } from '../engine/message-rows.js';
import type { MessagePage, MessageReads, ReadCall } from '../engine/reads.js';
import { MAX_RESPONSE_BYTES, messagesResponse, pagedRead, withinBudget } from './paging.js';

describe('gRPC pages', () => {
  it('keeps items while their encoded size fits, and continues after the last one kept', () => {
    const page = { items: [10, 20, 30, 40], next: undefined };
    const sized = (n: number) => n;
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
    const stored = Array.from({ length: 40 }, (_, i) => {
      const data = MessageData.fromPartial({
        fid: 1,
        timestamp: 1000 + i,
        castAddBody: { text: 'x'.repeat(50_000) },
      });
      const hash = new Uint8Array(20).fill(i);
      return storedEncoding({
        ...Message.fromPartial({ hash, data }),
        dataBytes: MessageData.encode(data).finish(),
      });
    });
    // Each message sends its data bytes twice: as `data` and as `dataBytes`.
    const response = messagesResponse({ items: stored, next: undefined }).bytes;
    const { messages, nextPageToken } = MessagesResponse.decode(response);
    assert.ok(messages.length > 30 && messages.length < 40, `${messages.length} messages kept`);
    assert.ok(response.length <= MAX_RESPONSE_BYTES);
    const last = messages.at(-1);
    assert.equal(last?.data?.timestamp, 1000 + messages.length - 1);
    assert.deepEqual(
      Buffer.from(nextPageToken ?? []),
      Buffer.from(makeTsHash(1000 + messages.length - 1, last?.hash ?? new Uint8Array())),
    );

    const small = MessagesResponse.decode(
      messagesResponse({ items: stored.slice(0, 2), next: undefined }).bytes,
    );
    assert.equal(small.messages.length, 2);
    assert.equal(small.nextPageToken?.length, 0, 'empty on the last page, as Hubble sends it');
  });

  it('sizes pages by the scope the read declares, and names the proto fields in its refusals', async () => {
    // Reads that answer the page they were asked for.
    const asked = async (...args: unknown[]) =>
      args.find((arg) => typeof arg === 'object' && arg !== null && 'limit' in arg) as unknown as MessagePage;
    const reads = { castsByFid: asked, castsByParent: asked } as unknown as MessageReads;
    const ofOneFid = (request: object) => pagedRead(reads, 'castsByFid', request, (page) => [7, page]);
    const ofAll = (request: object) =>
      pagedRead(reads, 'castsByParent', request, (page) => [{ url: 'u' }, page]);
    const limitOf = async (call: ReadCall<MessagePage>) => ((await call.run()) as { limit?: number }).limit;
    assert.equal(ofOneFid({}).scope, 7);
    assert.equal(ofAll({}).scope, 'all');
    assert.equal(await limitOf(ofOneFid({})), 10_000);
    assert.equal(await limitOf(ofOneFid({ pageSize: 50_000 })), 10_000);
    assert.equal(await limitOf(ofOneFid({ pageSize: 3000 })), 3000);
    assert.equal(await limitOf(ofAll({})), 1000, 'reads across fids page as HTTP does');
    assert.equal(await limitOf(ofAll({ pageSize: 3000 })), 1000);
    assert.equal(await limitOf(ofAll({ pageSize: 10 })), 10);
    assert.throws(() => ofOneFid({ pageSize: 0 }), /page_size must be a positive integer/);
    assert.throws(
      () => ofOneFid({ pageToken: new Uint8Array(3) }),
      /page_token was not returned by this endpoint/,
    );
  });
});
