import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Client, credentials } from '@grpc/grpc-js';
import type { ServiceError } from '@grpc/grpc-js';
import _m0 from 'protobufjs/minimal.js';
import { openNodeGrpc } from '../src/node/grpc/testing.js';
import type { NodeGrpcHarness } from '../src/node/grpc/testing.js';
import type { Json } from '../src/node/http/testing.js';
import { FidRequest } from '../src/protocol/gen/request_response.js';
import type { KeptAnswers } from '../src/shared/http/kept-answers.js';
import { ok as grpcOk } from './support/grpc-results.js';
import { heldBytes, MiB } from './support/heap.js';
import { seedReads } from './support/read-seed.js';

/**
 * A stranger cannot grow the node's kept answers (SQLite, where it keeps them) past their budget: an
 * answer is named by the parameters its read declares, so an unknown protobuf field or query parameter
 * mints no key, and every key and entry counts against the budget. Memory is measured after a full
 * collection, before and after each attack; the margin covers the test's own allocations and the few
 * answers each attack leaves kept.
 */

/** The node's kept answers: 32 MiB across both transports. */
const BUDGET = 32 * MiB;
const MARGIN = 6 * MiB;

/** `fields` of protobuf field 99 (unknown to every request) of random bytes: no two alike. */
function unknownField(bytes: number): Uint8Array {
  return _m0.Writer.create()
    .uint32((99 << 3) | 2)
    .bytes(randomBytes(bytes))
    .finish();
}

/** Runs `count` calls of `run`, `concurrency` at a time. */
async function inBatches<T>(count: number, run: (i: number) => Promise<T>, concurrency = 100): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += concurrency) {
    const batch = Array.from({ length: Math.min(concurrency, count - start) }, (_, j) => run(start + j));
    results.push(...(await Promise.all(batch)));
  }
  return results;
}

describe('node kept answers: keys a client cannot mint', () => {
  let node: NodeGrpcHarness;
  let raw: Client;
  let kept: KeptAnswers;

  before(async () => {
    node = await openNodeGrpc('sqlite');
    await seedReads(node);
    raw = new Client(node.grpc.address, credentials.createInsecure());
    const answers = node.api.keptMessages;
    assert.ok(answers !== undefined);
    kept = answers;
  });
  after(async () => {
    raw?.close();
    await node?.close();
  });

  /** GetCastsByFid as a client that appends `padding` bytes of an unknown field sends it; the raw answer. */
  const castsByFid = (request: FidRequest, padding = 0) =>
    new Promise<Buffer>((resolve, reject) => {
      raw.makeUnaryRequest(
        '/HubService/GetCastsByFid',
        (value: FidRequest) =>
          Buffer.concat([
            FidRequest.encode(value).finish(),
            padding > 0 ? unknownField(padding) : new Uint8Array(),
          ]),
        (bytes: Buffer) => bytes,
        request,
        (error: ServiceError | null, answer?: Buffer) =>
          error === null && answer !== undefined ? resolve(answer) : reject(error ?? new Error('no answer')),
      );
    });

  const ok = async (path: string): Promise<Json> => {
    const { status, body } = await node.get(path);
    assert.equal(status, 200, `${path}: ${JSON.stringify(body)}`);
    return body;
  };

  /** What the attack adds to the process and to the kept answers' count. */
  async function grown(attack: () => Promise<void>) {
    const before = { held: await heldBytes(), ...kept.usage() };
    await attack();
    const { bytes, entries } = kept.usage();
    assert.ok(bytes <= BUDGET, `${bytes} bytes counted, over the budget`);
    return {
      held: (await heldBytes()) - before.held,
      bytes: bytes - before.bytes,
      entries: entries - before.entries,
    };
  }

  it('gRPC: requests padded with a large unknown field are one kept answer, and memory stays flat', async () => {
    const plain = await castsByFid({ fid: 1, reverse: true });
    // Within the bound on a read's request (4 KiB): 3,000 of them would have kept 10 MiB of keys.
    const growth = await grown(async () => {
      const answers = await inBatches(3000, () => castsByFid({ fid: 1, reverse: true }, 3500));
      assert.ok(answers.every((answer) => answer.equals(plain)));
    });
    assert.equal(growth.entries, 0, 'the plain request kept the one answer');
    assert.ok(growth.held < MARGIN, `${(growth.held / MiB).toFixed(1)} MiB held after the attack`);
  });

  it('HTTP: requests padded with large unknown query parameters are one kept answer, and memory stays flat', async () => {
    const path = '/v1/castsByFid?fid=1&reverse=1';
    const plain = await ok(path);
    // 1,000 URLs of 14 KB, each parameter a new one: 14 MB of URLs.
    const growth = await grown(async () => {
      const answers = await inBatches(1000, (i) =>
        ok(`${path}&cache_buster_${i}=${randomBytes(7000).toString('hex')}`),
      );
      assert.ok(answers.every((answer) => JSON.stringify(answer) === JSON.stringify(plain)));
    });
    assert.equal(growth.entries, 0);
    assert.ok(growth.held < MARGIN, `${(growth.held / MiB).toFixed(1)} MiB held after the attack`);
  });

  it('HTTP: each declared parameter and its Snapchain spelling still name their own answer', async () => {
    const texts = async (query: string) =>
      ((await ok(`/v1/castsByFid?fid=1&${query}`)).messages as Json[]).map(
        (message) => message.data.castAddBody?.text ?? 'remove',
      );
    const first = await texts('pageSize=1');
    const token = encodeURIComponent((await ok('/v1/castsByFid?fid=1&pageSize=1')).nextPageToken as string);
    const pages: Record<string, string[]> = {};
    for (const query of [
      'pageSize=1',
      'pageSize=2',
      'page_size=1',
      'page_size=2',
      'pageSize=1&reverse=1',
      `pageSize=1&pageToken=${token}`,
      `page_size=1&page_token=${token}`,
    ]) {
      pages[query] = await texts(query);
      assert.deepEqual(await texts(query), pages[query], `${query}, kept`);
    }
    assert.equal(pages['pageSize=2']?.length, 2);
    assert.equal(pages['page_size=2']?.length, 2);
    assert.deepEqual(pages['page_size=1'], first);
    assert.notDeepEqual(pages['pageSize=1&reverse=1'], first);
    assert.notDeepEqual(pages[`pageSize=1&pageToken=${token}`], first);
    assert.deepEqual(pages[`page_size=1&page_token=${token}`], pages[`pageSize=1&pageToken=${token}`]);
  });

  it('gRPC: each declared field still names its own answer', async () => {
    const texts = async (request: Parameters<NodeGrpcHarness['client']['getCastsByFid']>[0]) =>
      grpcOk(await node.client.getCastsByFid(request)).messages.map(
        (message) => message.data?.castAddBody?.text,
      );
    const first = await texts({ fid: 1, pageSize: 1 });
    const { nextPageToken } = grpcOk(await node.client.getCastsByFid({ fid: 1, pageSize: 1 }));
    for (const [request, differs] of [
      [{ fid: 1, pageSize: 2 }, 'a larger page'],
      [{ fid: 1, pageSize: 1, reverse: true }, 'newest first'],
      [{ fid: 1, pageSize: 1, pageToken: nextPageToken }, 'the next page'],
      [{ fid: 2, pageSize: 1 }, 'another fid'],
    ] as const) {
      assert.notDeepEqual(await texts(request), first, differs);
      assert.notDeepEqual(await texts(request), first, `${differs}, kept`);
    }
    assert.deepEqual(await texts({ fid: 1, pageSize: 1 }), first);
  });

  it('counts what distinct declared parameters keep: memory grows no more than the budget counts', async () => {
    // Each page size is its own key with the same small answer: many tiny entries, as a client mints them
    // with page sizes or tokens. A first round compiles the path, whose code is no entry's.
    const read = (size: number) => ok(`/v1/castsByFid?fid=2&pageSize=${size}`);
    await inBatches(500, (i) => read(5000 + i));
    const growth = await grown(async () => {
      await inBatches(3000, (i) => read(100 + i));
    });
    assert.equal(growth.entries, 3000);
    assert.ok(
      growth.held <= growth.bytes,
      `${(growth.held / MiB).toFixed(2)} MiB held for ${(growth.bytes / MiB).toFixed(2)} MiB counted`,
    );
  });
});
