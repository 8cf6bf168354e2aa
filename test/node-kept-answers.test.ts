import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { castAdd, castIdOf, castRemove, clock, setUpAccount, userData } from '../src/node/engine/testing.js';
import { totalUnits } from '../src/node/onchain/index.js';
import type { TestAccount } from '../src/node/engine/testing.js';
import { openNodeGrpc } from '../src/node/grpc/testing.js';
import type { NodeGrpcHarness } from '../src/node/grpc/testing.js';
import type { Json } from '../src/node/http/testing.js';
import { mergeOnChainEvents } from '../src/node/onchain/merge.js';
import { signerEvent } from '../src/node/onchain/testing.js';
import { rowsAtKey } from '../src/node/engine/message-rows.js';
import { deleteRows } from '../src/node/engine/writes.js';
import { writeTransaction } from '../src/node/store/write-transaction.js';
import { castStore } from '../src/node/engine/stores/index.js';
import { UserDataType } from '../src/protocol/gen/message.js';
import { SignerEventType } from '../src/protocol/gen/onchain_event.js';
import { bytesToHex } from '../src/protocol/hex.js';
import type { ReceivedMessage } from '../src/protocol/message.js';
import { forEachDialect } from '../src/storage/testing.js';
import { errorOf, ok as grpcOk } from './support/grpc-results.js';
import { seedReads } from './support/read-seed.js';

/**
 * The node keeps the answers of its message reads, over HTTP and gRPC: every way a message row changes,
 * from this process or another, must show in the very next read of an answer that was kept.
 */
forEachDialect('node kept answers', (dialect) => {
  let node: NodeGrpcHarness;
  let alice: TestAccount;
  let bob: TestAccount;
  /** The cast store's limit, which the prune test lowers. */
  let castLimit = 1000;

  before(async () => {
    node = await openNodeGrpc(dialect, {
      engine: {
        limits: (units, store) => (store === castStore.store ? castLimit : totalUnits(units) * 1000),
      },
    });
    ({ alice, bob } = await seedReads(node));
  });
  after(() => node?.close());

  const ok = async (path: string): Promise<Json> => {
    const { status, body } = await node.get(path);
    assert.equal(status, 200, `${path}: ${JSON.stringify(body)}`);
    return body;
  };
  const notFound = async (path: string) => {
    const { status, body } = await node.get(path);
    return status === 400 && body.errCode === 'not_found';
  };
  const texts = async (path: string): Promise<string[]> =>
    ((await ok(path)).messages as Json[]).map((message) => message.data.castAddBody?.text ?? 'remove');
  const hex = (received: ReceivedMessage) => bytesToHex(received.message.hash);
  const submit = async (received: ReceivedMessage) => {
    const { status, body } = await node.post('/v1/submitMessage', received.message);
    assert.equal(status, 200, JSON.stringify(body));
  };
  /** The same read twice (the second is served kept, where the node keeps answers), then its body. */
  const readTwice = async (path: string): Promise<Json> => {
    const first = await ok(path);
    assert.deepEqual(await ok(path), first);
    return first;
  };

  it('keeps answers on either dialect', () => {
    assert.notEqual(node.api.keptMessages, undefined);
  });

  it("shows a submitted cast in the next read of its fid's page and of its id", async () => {
    const before = await readTwice('/v1/castsByFid?fid=1&reverse=1&pageSize=2');
    const cast = castAdd(alice, 'kept no more', 90);
    assert.equal(await notFound(`/v1/castById?fid=1&hash=${hex(cast)}`), true);
    await submit(cast);
    assert.deepEqual(await texts('/v1/castsByFid?fid=1&reverse=1&pageSize=2'), [
      'kept no more',
      before.messages[0].data.castAddBody?.text ?? 'remove',
    ]);
    assert.equal((await ok(`/v1/castById?fid=1&hash=${hex(cast)}`)).data.castAddBody.text, 'kept no more');
  });

  it("shows a removal in the next read of the removed cast, and a reply in its parent's replies", async () => {
    const cast = castAdd(bob, 'soon removed', 80);
    await submit(cast);
    await readTwice(`/v1/castById?fid=2&hash=${hex(cast)}`);
    const replies = `/v1/castsByParent?fid=2&hash=${hex(cast)}`;
    assert.deepEqual((await readTwice(replies)).messages, []);
    await submit(castAdd(alice, 'a reply', 79, { parentCastId: castIdOf(cast) }));
    assert.deepEqual(await texts(replies), ['a reply']);
    await submit(castRemove(bob, cast.message.hash, 78));
    assert.equal(await notFound(`/v1/castById?fid=2&hash=${hex(cast)}`), true);
  });

  it("shows a signer's revocation in the next read", async () => {
    const carol = await setUpAccount(node.database.db, 3);
    await submit(userData(carol, UserDataType.BIO, 'kept until revoked', 70));
    assert.equal((await readTwice('/v1/userDataByFid?fid=3')).messages.length, 1);
    const reset = await mergeOnChainEvents(
      node.database.db,
      [signerEvent(carol.fid, carol.signer.publicKey, SignerEventType.ADMIN_RESET, { block: 40 })],
      clock,
    );
    assert.ok(reset[0]?.ok);
    assert.equal((await node.engine.revokeSigner(carol.fid, carol.signer.publicKey)).length, 1);
    assert.deepEqual((await ok('/v1/userDataByFid?fid=3')).messages, []);
  });

  it("shows another process's write in the next read", async () => {
    const cast = castAdd(bob, 'deleted elsewhere', 60);
    await submit(cast);
    const path = '/v1/castsByFid?fid=2&reverse=1&pageSize=1';
    assert.deepEqual(await texts(path), ['deleted elsewhere']);
    assert.deepEqual(await texts(path), ['deleted elsewhere']);
    // Another handle on the database deletes it the way every writer of the node does.
    const other = await node.database.reopen();
    await writeTransaction(other.db, async (trx) =>
      deleteRows(
        trx,
        await rowsAtKey(trx, bob.fid, castStore.store, castStore.conflictKey(cast.data, cast.message.hash)),
      ),
    );
    assert.notDeepEqual(await texts(path), ['deleted elsewhere']);
  });

  it("keeps one fid's answers through another fid's writes, and drops them at its own", async () => {
    const path = '/v1/castsByFid?fid=2&reverse=1&pageSize=1';
    const cast = castAdd(bob, 'kept through', 50);
    await submit(cast);
    assert.deepEqual(await texts(path), ['kept through']);
    // Behind the engine's back, on its own connection: nothing tells the kept answer, which is what
    // shows that it is served from memory.
    await node.database.db.deleteFrom('messages').where('hash', '=', cast.message.hash).execute();
    assert.deepEqual(await texts(path), ['kept through']);
    await submit(castAdd(alice, 'elsewhere', 49));
    assert.deepEqual(await texts(path), ['kept through'], "alice's write leaves bob's answer kept");
    await submit(castAdd(bob, 'his own write', 48));
    assert.deepEqual(await texts(path), ['his own write']);
  });

  /** The text of the fid's newest CastAdd, over gRPC. */
  const newestOverGrpc = async (fid: number) =>
    grpcOk(await node.client.getCastsByFid({ fid, reverse: true, pageSize: 1 })).messages.map(
      (message) => message.data?.castAddBody?.text,
    );
  const castOverGrpc = (cast: ReceivedMessage) =>
    node.client.getCast({ fid: cast.data.fid, hash: cast.message.hash });

  it('gRPC: shows a submitted cast and its removal in the next GetCastsByFid and GetCast', async () => {
    const cast = castAdd(alice, 'over gRPC', 40);
    assert.deepEqual(await newestOverGrpc(1), await newestOverGrpc(1));
    assert.equal(errorOf(await castOverGrpc(cast)).errCode, 'not_found');
    await submit(cast);
    assert.deepEqual(await newestOverGrpc(1), ['over gRPC']);
    assert.equal(grpcOk(await castOverGrpc(cast)).data?.castAddBody?.text, 'over gRPC');
    await submit(castRemove(alice, cast.message.hash, 39));
    assert.equal(errorOf(await castOverGrpc(cast)).errCode, 'not_found');
  });

  it("gRPC: shows another fid's reply in the next GetCastsByParent (a read across fids)", async () => {
    const parent = castAdd(alice, 'a parent over gRPC', 38);
    await submit(parent);
    const replies = async () =>
      grpcOk(await node.client.getCastsByParent({ parentCastId: castIdOf(parent) })).messages.map(
        (message) => message.data?.castAddBody?.text,
      );
    assert.deepEqual(await replies(), []);
    assert.deepEqual(await replies(), []);
    await submit(castAdd(bob, 'a reply over gRPC', 37, { parentCastId: castIdOf(parent) }));
    assert.deepEqual(await replies(), ['a reply over gRPC']);
  });

  it("gRPC: keeps one fid's answers through another fid's writes, and drops them at its own", async () => {
    const cast = castAdd(bob, 'kept over gRPC', 30);
    await submit(cast);
    assert.deepEqual(await newestOverGrpc(2), ['kept over gRPC']);
    await node.database.db.deleteFrom('messages').where('hash', '=', cast.message.hash).execute();
    assert.deepEqual(await newestOverGrpc(2), ['kept over gRPC'], 'served from memory');
    await submit(castAdd(alice, 'elsewhere over gRPC', 29));
    assert.deepEqual(await newestOverGrpc(2), ['kept over gRPC']);
    await submit(castAdd(bob, 'his own over gRPC', 28));
    assert.deepEqual(await newestOverGrpc(2), ['his own over gRPC']);
  });

  it('shows a prune in the next read', async () => {
    const path = '/v1/castsByFid?fid=1';
    const count = (await readTwice(path)).messages.length;
    assert.ok(count > 2);
    castLimit = 2;
    assert.ok((await node.engine.prune()).length > 0);
    assert.equal((await ok(path)).messages.length, 2);
  });
});
