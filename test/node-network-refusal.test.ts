import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, it } from 'node:test';
import {
  CastType,
  FarcasterNetwork,
  makeCastAdd,
  Message as CoreMessage,
  NobleEd25519Signer,
} from '@farcaster/core';
import { openNodeGrpc, type NodeGrpcHarness } from '../src/node/grpc/testing.js';
import { forEachDialect } from '../src/storage/testing.js';

/**
 * A message built as @farcaster/core's examples build it (network MAINNET) sent to a devnet
 * node is refused with the reference's text, followed by which network the node runs and how to change
 * it; HTTP's `details` and gRPC's status details carry the same text.
 */

const REFERENCE_TEXT = 'incorrect network: 1 (expected: 3)';

async function mainnetCast(): Promise<CoreMessage> {
  const built = await makeCastAdd(
    {
      text: 'gm',
      embeds: [],
      embedsDeprecated: [],
      mentions: [],
      mentionsPositions: [],
      type: CastType.CAST,
    },
    { fid: 1, network: FarcasterNetwork.MAINNET },
    new NobleEd25519Signer(randomBytes(32)),
  );
  assert.ok(built.isOk());
  return built.value;
}

forEachDialect('a message of another network', (dialect) => {
  let node: NodeGrpcHarness;
  before(async () => {
    node = await openNodeGrpc(dialect, { engine: { network: FarcasterNetwork.DEVNET } });
  });
  after(() => node?.close());

  function assertExplains(details: string): void {
    assert.ok(details.startsWith(`${REFERENCE_TEXT}. `), details);
    assert.match(details, /This node runs devnet \(network 3\)/);
    assert.match(details, /FarcasterNetwork\.DEVNET/);
    assert.match(details, /`agora node --network mainnet`/);
    assert.match(details, /`agora dev --network mainnet`/);
  }

  it('is refused over HTTP with the network and the option to change it in details', async () => {
    const message = await mainnetCast();
    const { status, body } = await node.post('/v1/submitMessage', CoreMessage.encode(message).finish());
    assert.equal(status, 400);
    assert.equal(body.errCode, 'bad_request.validation_failure');
    assert.deepEqual(body.metadata, { errcode: ['bad_request.validation_failure'] });
    assertExplains(body.details);
    const validated = await node.post('/v1/validateMessage', CoreMessage.encode(message).finish());
    assert.equal(validated.body.details, body.details);
  });

  it('is refused over gRPC with the same text in the status details', async () => {
    const result = await node.client.submitMessage(await mainnetCast());
    assert.ok(result.isErr());
    assert.equal(result.error.errCode, 'bad_request.validation_failure');
    assertExplains(result.error.message);
  });
});
