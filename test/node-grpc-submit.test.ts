import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { getAuthMetadata, Message as CoreMessage, Metadata } from '@farcaster/hub-nodejs';
import type { HubResult } from '@farcaster/hub-nodejs';
import { castAdd, setUpAccount } from '../src/node/engine/testing.js';
import type { TestAccount } from '../src/node/engine/testing.js';
import { MAX_BULK_MESSAGES } from '../src/node/grpc/hub-service.js';
import { openNodeGrpc } from '../src/node/grpc/testing.js';
import type { GrpcHarnessOptions, NodeGrpcHarness } from '../src/node/grpc/testing.js';
import * as grpc from '@grpc/grpc-js';
import { Message } from '../src/protocol/gen/message.js';
import type { ReceivedMessage } from '../src/protocol/message.js';
import { forEachDialect } from '../src/storage/testing.js';
import { selfSignedCert } from './support/self-signed-cert.js';

/** SubmitMessage, SubmitBulkMessages and ValidateMessage with the real hub-nodejs client, beside HTTP. */

const core = (received: ReceivedMessage | Message): CoreMessage =>
  CoreMessage.decode(Message.encode('message' in received ? received.message : received).finish());
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** The HubError's errCode and message of a failed call. */
function refusal<T>(result: HubResult<T>): { errCode: string | undefined; message: string } {
  assert.ok(result.isErr(), 'expected a refusal');
  return { errCode: result.error.errCode, message: result.error.message };
}

async function nodeWithAccount(
  dialect: Parameters<typeof openNodeGrpc>[0],
  options: GrpcHarnessOptions = {},
) {
  const node = await openNodeGrpc(dialect, options);
  const alice = await setUpAccount(node.database.db, 1);
  return { node, alice };
}

forEachDialect('node gRPC submits', (dialect) => {
  describe('open node', () => {
    let node: NodeGrpcHarness;
    let alice: TestAccount;
    before(async () => ({ node, alice } = await nodeWithAccount(dialect)));
    after(() => node.close());

    it('merges a message and answers with it; a duplicate gets the errCode HTTP gives', async () => {
      const cast = castAdd(alice, 'over grpc', 90);
      const merged = await node.client.submitMessage(core(cast));
      assert.ok(merged.isOk());
      assert.equal(hex(merged.value.hash), hex(cast.message.hash));
      const overGrpc = refusal(await node.client.submitMessage(core(cast)));
      const overHttp = (await node.post('/v1/submitMessage', cast.message)).body;
      assert.equal(overGrpc.errCode, 'bad_request.duplicate');
      assert.deepEqual(overGrpc, { errCode: overHttp.errCode, message: overHttp.details });
    });

    it('refuses an unknown fid and a message without data, as HTTP does', async () => {
      const stranger = castAdd({ ...alice, fid: 42 }, 'who', 80);
      assert.deepEqual(refusal(await node.client.submitMessage(core(stranger))), {
        errCode: 'bad_request.unknown_fid',
        message: 'unknown fid: 42',
      });
      const empty = CoreMessage.create({ hash: new Uint8Array(20), signature: new Uint8Array(64) });
      assert.equal(refusal(await node.client.submitMessage(empty)).errCode, 'bad_request.validation_failure');
    });

    it('answers a bulk submit message by message, in input order', async () => {
      const first = castAdd(alice, 'bulk one', 70);
      const second = castAdd(alice, 'bulk two', 69);
      const stranger = castAdd({ ...alice, fid: 43 }, 'bulk stranger', 68);
      const result = await node.client.submitBulkMessages({
        messages: [core(first), core(stranger), core(second), core(first)],
      });
      assert.ok(result.isOk());
      const answers = result.value.messages.map((answer) =>
        answer.message !== undefined ? hex(answer.message.hash) : answer.messageError?.errCode,
      );
      assert.deepEqual(answers, [
        hex(first.message.hash),
        'bad_request.unknown_fid',
        hex(second.message.hash),
        'bad_request.duplicate',
      ]);
      assert.equal(
        hex(result.value.messages[1]?.messageError?.hash ?? new Uint8Array()),
        hex(stranger.message.hash),
      );
      const tooMany = Array.from({ length: MAX_BULK_MESSAGES + 1 }, () => core(first));
      assert.equal(
        refusal(await node.client.submitBulkMessages({ messages: tooMany })).errCode,
        'bad_request.validation_failure',
      );
    });

    it('validates without merging', async () => {
      const cast = castAdd(alice, 'only validated', 60);
      const validated = await node.client.validateMessage(core(cast));
      assert.ok(validated.isOk());
      assert.equal(validated.value.valid, true);
      assert.equal(hex(validated.value.message?.hash ?? new Uint8Array()), hex(cast.message.hash));
      assert.equal(
        refusal(await node.client.getCast({ fid: 1, hash: cast.message.hash })).errCode,
        'not_found',
      );
      const stranger = castAdd({ ...alice, fid: 44 }, 'no', 59);
      assert.equal(
        refusal(await node.client.validateMessage(core(stranger))).errCode,
        'bad_request.unknown_fid',
      );
    });

    it('answers request bytes that do not decode with bad_request.parse_failure, unary or streaming', async () => {
      const raw = new grpc.Client(node.grpc.address, grpc.credentials.createInsecure());
      const identity = (bytes: Buffer) => bytes;
      // A truncated field, and a fid past 2^53 (ts-proto's decoder refuses it).
      const truncated = Buffer.from([0x0a, 0x05, 0x01]);
      const hugeFid = Buffer.from([0x08, ...Array<number>(8).fill(0xff), 0x7f]);
      try {
        for (const [path, bytes] of [
          ['/HubService/GetCastsByFid', hugeFid],
          ['/HubService/SubmitMessage', truncated],
          ['/HubService/GetCast', truncated],
        ] as const) {
          const failure = await new Promise<grpc.ServiceError>((resolve, reject) =>
            raw.makeUnaryRequest(path, identity, identity, bytes, (error) =>
              error === null ? reject(new Error(`${path} answered`)) : resolve(error),
            ),
          );
          assert.equal(failure.code, grpc.status.INVALID_ARGUMENT, path);
          assert.deepEqual(failure.metadata.get('errcode'), ['bad_request.parse_failure'], path);
        }
        const stream = raw.makeServerStreamRequest('/HubService/Subscribe', identity, identity, truncated);
        const streamed = await new Promise<grpc.ServiceError>((resolve) => stream.on('error', resolve));
        assert.equal(streamed.code, grpc.status.INVALID_ARGUMENT);
      } finally {
        raw.close();
      }
    });

    it('answers what Agora cannot serve with UNIMPLEMENTED and a reason', async () => {
      const chunks = refusal(await node.client.getShardChunks({ shardId: 1, startBlockNumber: 0 }));
      assert.equal(chunks.errCode, 'not_implemented');
      assert.match(chunks.message, /no shard chunks/);
      const trie = await node.client.getTrieMetadataByPrefix({ shardId: 1, prefix: new Uint8Array() });
      assert.equal(refusal(trie).errCode, 'not_implemented');
      const blocks = await node.client.getBlocks({ startBlockNumber: 0 });
      assert.ok(blocks.isOk());
      const failure = await new Promise<Error & { code?: number }>((resolve) =>
        blocks.value.on('error', resolve),
      );
      assert.equal(failure.code, 12);
    });
  });

  describe('with --rpc-auth', () => {
    let node: NodeGrpcHarness;
    let alice: TestAccount;
    before(async () => ({ node, alice } = await nodeWithAccount(dialect, { rpcAuth: ['hub:secret'] })));
    after(() => node.close());

    it('needs Basic credentials to submit, and none to read or validate', async () => {
      const cast = castAdd(alice, 'authorized', 50);
      for (const metadata of [
        new Metadata(),
        getAuthMetadata('hub', 'wrong'),
        getAuthMetadata('nobody', 'secret'),
      ]) {
        assert.equal(
          refusal(await node.client.submitMessage(core(cast), metadata, {})).errCode,
          'unauthenticated',
        );
        const bulk = await node.client.submitBulkMessages({ messages: [core(cast)] }, metadata, {});
        assert.equal(refusal(bulk).errCode, 'unauthenticated');
      }
      assert.ok((await node.client.validateMessage(core(cast))).isOk());
      assert.ok((await node.client.submitMessage(core(cast), getAuthMetadata('hub', 'secret'), {})).isOk());
      assert.ok((await node.client.getCast({ fid: 1, hash: cast.message.hash })).isOk());
    });
  });

  describe('per-IP submit limit', () => {
    let node: NodeGrpcHarness;
    let alice: TestAccount;
    before(
      async () =>
        ({ node, alice } = await nodeWithAccount(dialect, { submitRateLimit: 2, loopbackExempt: false })),
    );
    after(() => node.close());

    it('counts HTTP and gRPC submits from one address together', async () => {
      assert.equal((await node.post('/v1/submitMessage', castAdd(alice, 'http', 40).message)).status, 200);
      assert.ok((await node.client.submitMessage(core(castAdd(alice, 'grpc', 39)))).isOk());
      assert.deepEqual(refusal(await node.client.submitMessage(core(castAdd(alice, 'over', 38)))), {
        errCode: 'unavailable',
        message: 'API rate limit exceeded',
      });
      assert.equal(
        refusal(await node.client.validateMessage(core(castAdd(alice, 'check', 37)))).errCode,
        'unavailable',
      );
    });
  });
});

describe('node gRPC over TLS', () => {
  const { certFile, keyFile, remove } = selfSignedCert();
  let node: NodeGrpcHarness;

  before(async () => {
    node = await openNodeGrpc('sqlite', { grpc: { tls: { certFile, keyFile } } });
  });
  after(async () => {
    await node.close();
    remove();
  });

  it('serves getSSLHubRpcClient, and refuses a plaintext client', async () => {
    const script = fileURLToPath(new URL('support/ssl-hub-client.ts', import.meta.url));
    // Asynchronously: this process serves the child's call.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', script, node.grpc.address],
      {
        env: { ...process.env, GRPC_DEFAULT_SSL_ROOTS_FILE_PATH: certFile },
        encoding: 'utf8',
      },
    );
    assert.equal(stdout.trim(), 'test');
    const plain = await node.client.getInfo({}, new Metadata(), { deadline: Date.now() + 3000 });
    assert.ok(plain.isErr());
  });
});
