import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, it } from 'node:test';
import { castAdd, castIdOf, clock, setUpAccount } from '../src/node/engine/testing.js';
import type { TestAccount } from '../src/node/engine/testing.js';
import { startNodeService } from '../src/node/index.js';
import type { NodeService } from '../src/node/index.js';
import type { NodeTables } from '../src/node/store/schema.js';
import { bytesToHex } from '../src/protocol/hex.js';
import type { ReceivedMessage } from '../src/protocol/message.js';
import { COMMANDS, configOf } from '../src/shared/config/index.js';
import { forEachDialect, openTestDatabase } from '../src/storage/testing.js';
import type { TestDatabase } from '../src/storage/testing.js';
import { parsePrometheusText } from './support/prom-text.js';

/**
 * The node's one memory budget, `--answer-cache-mb`, as an operator sees it: what the node keeps rendered
 * (its kept answers and each message's JSON) stays within it however many distinct reads are asked, and
 * /metrics shows hits, misses and evictions move. A read of one fid's messages stays kept through other
 * fids' writes; a read across fids (the default) is built anew after any write.
 */

const MiB = 1024 * 1024;

forEachDialect('node answer cache', (dialect) => {
  let database: TestDatabase<NodeTables>;
  let node: NodeService;
  let alice: TestAccount;
  let bob: TestAccount;
  let parent: ReceivedMessage;

  before(async () => {
    database = await openTestDatabase<NodeTables>(dialect, 'node');
    node = await startNodeService(
      configOf(COMMANDS.node.options, {
        dataDir: path.join(tmpdir(), 'agora-node-unused'),
        host: '127.0.0.1',
        port: 0,
        grpcPort: 0,
        logLevel: 'silent',
        answerCacheMb: 1,
      }),
      { database, clock },
    );
    alice = await setUpAccount(database.db, 1);
    bob = await setUpAccount(database.db, 2);
    parent = castAdd(alice, 'a parent', 900);
    const casts = [parent, ...Array.from({ length: 40 }, (_, i) => castAdd(bob, `cast ${i}`, 800 - i))];
    for (const outcome of await node.api.engine.mergeMessages(casts)) assert.ok(outcome.ok);
  });
  after(async () => {
    await node?.close();
    await database?.cleanup();
  });

  const get = async (pathAndQuery: string) => {
    const response = await fetch(`${node.url}${pathAndQuery}`);
    assert.equal(response.status, 200, pathAndQuery);
    return response.text();
  };

  /** The answer cache's samples on GET /metrics, by metric and kind. */
  const scrape = async () => {
    const families = parsePrometheusText(await get('/metrics'));
    const of = (name: string, kind?: string) =>
      families
        .get(name)
        ?.samples.filter((sample) => kind === undefined || sample.labels.kind === kind)
        .reduce((sum, sample) => sum + sample.value, 0) ?? Number.NaN;
    return {
      hits: of('agora_answer_cache_hits_total', 'answers'),
      misses: of('agora_answer_cache_misses_total', 'answers'),
      messageHits: of('agora_answer_cache_hits_total', 'messages'),
      evictions: of('agora_answer_cache_evictions_total'),
      bytes: of('agora_answer_cache_bytes'),
      entries: of('agora_answer_cache_entries', 'answers'),
      capacity: of('agora_answer_cache_capacity_bytes'),
    };
  };

  it('counts a hit for a read served kept, and a miss for one built', async () => {
    const before = await scrape();
    await get('/v1/castsByFid?fid=2&pageSize=5');
    await get('/v1/castsByFid?fid=2&pageSize=5');
    const after = await scrape();
    assert.equal(after.misses - before.misses, 1);
    assert.equal(after.hits - before.hits, 1);
    // Another page of the same messages: an answer of its own, joined from the messages' kept JSON.
    await get('/v1/castsByFid?fid=2&pageSize=4');
    const another = await scrape();
    assert.equal(another.misses - after.misses, 1);
    assert.equal(another.messageHits - after.messageHits, 4);
  });

  it("keeps a read of one fid's messages through another fid's write, and builds a read across fids anew", async () => {
    const ofBob = '/v1/castsByFid?fid=2&pageSize=3&reverse=1';
    const replies = `/v1/castsByParent?fid=1&hash=${bytesToHex(parent.message.hash)}`;
    await get(ofBob);
    await get(replies);
    const before = await scrape();
    // Alice writes: bob's casts stand still, the replies to her cast do not.
    const reply = castAdd(alice, 'a reply of her own', 100, { parentCastId: castIdOf(parent) });
    assert.ok((await node.api.submit(reply)).ok);
    const bobsAfter = await get(ofBob);
    const afterBob = await scrape();
    assert.deepEqual([afterBob.hits - before.hits, afterBob.misses - before.misses], [1, 0], 'one fid: kept');
    assert.match(await get(replies), /a reply of her own/);
    const afterReplies = await scrape();
    assert.deepEqual(
      [afterReplies.hits - afterBob.hits, afterReplies.misses - afterBob.misses],
      [0, 1],
      'across fids: built anew',
    );
    assert.doesNotMatch(bobsAfter, /a reply of her own/);
  });

  it('keeps within --answer-cache-mb however many distinct reads are asked, pushing out the oldest', async () => {
    const before = await scrape();
    assert.equal(before.capacity, 1 * MiB);
    // Each page size is a read of its own: some 3 MiB of answers, kept entries counted.
    for (let size = 1; size <= 600; size += 1) await get(`/v1/castsByFid?fid=2&pageSize=${size}`);
    const after = await scrape();
    assert.ok(after.bytes <= 1 * MiB, `${after.bytes} bytes held`);
    assert.ok(after.evictions > before.evictions, 'the oldest answers went');
    assert.ok(after.entries < 600, `${after.entries} answers kept`);
    assert.equal(after.misses + after.hits - before.misses - before.hits, 600);
  });
});
