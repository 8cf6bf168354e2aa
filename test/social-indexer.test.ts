import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { getAddress } from 'viem';
import {
  NETWORK,
  NOW,
  NOW_MS,
  castAdd,
  castIdOf,
  castRemove,
  ethAccount,
  setUpAccount,
  signed,
  signerFor,
  userData,
  verificationAdd,
  verificationRemove,
  type TestAccount,
} from '../src/node/engine/testing.js';
import { pruneEvents } from '../src/node/events/event-log.js';
import { signerEvent } from '../src/node/onchain/testing.js';
import { bytesToBase58 } from '../src/protocol/base58.js';
import {
  encodeSignedKeyRequestMetadata,
  makeSolanaAddressClaim,
  solanaClaimText,
} from '../src/protocol/eip712/index.js';
import { createEd25519Signer } from '../src/protocol/ed25519.js';
import { MessageType, Protocol, UserDataType } from '../src/protocol/gen/message.js';
import { OnChainEvent, SignerEventType } from '../src/protocol/gen/onchain_event.js';
import { bytesToHex, hexToBytes } from '../src/protocol/hex.js';
import type { ReceivedMessage } from '../src/protocol/message.js';
import { fromFarcasterTime } from '../src/protocol/time.js';
import { createNodeClient, type NodeClient } from '../src/social/node-client.js';
import {
  indexedCast,
  putUserData,
  userDataValue,
  verifiedAddresses,
} from '../src/social/node-index/store.js';
import { createSocialService, type SocialService } from '../src/social/service.js';
import type { SocialDatabase, SocialTables } from '../src/social/store.js';
import { openSocialHarness, TEST_ADMIN_TOKEN, testSocialConfig } from '../src/social/testing.js';
import { readMeta, writeMeta } from '../src/storage/index.js';
import { forEachDialect, openTestDatabase, type TestDatabase } from '../src/storage/testing.js';
import { startLiveNode, type LiveNode } from './support/live-node.js';
import { waitFor } from './support/wait.js';

/**
 * The social service's indexer against a real node over HTTP (the node on SQLite, the
 * social database on each dialect). The tests run in order and share one node and one social database.
 */

const CHANNEL = 'https://example.com/channels/cats';
const DAY_MS = 24 * 60 * 60 * 1000;
const unix = (ago: number) => fromFarcasterTime(NOW - ago) / 1000;
const hashOf = (received: ReceivedMessage) => received.message.hash;

function solanaVerification(account: TestAccount, seed: number, ago: number) {
  const wallet = createEd25519Signer(new Uint8Array(32).fill(seed));
  const blockHash = new Uint8Array(32).fill(7);
  const claim = makeSolanaAddressClaim(account.fid, wallet.publicKey, NETWORK, blockHash);
  assert.ok(claim.ok);
  const message = signed(
    account,
    {
      type: MessageType.VERIFICATION_ADD_ETH_ADDRESS,
      verificationAddAddressBody: {
        address: wallet.publicKey,
        blockHash,
        claimSignature: wallet.sign(new TextEncoder().encode(solanaClaimText(claim.value))),
        verificationType: 0,
        chainId: 0,
        protocol: Protocol.SOLANA,
      },
    },
    ago,
  );
  return { message, address: bytesToBase58(wallet.publicKey) };
}

/** A signer ADD carrying SignedKeyRequest metadata that names `requestFid`. */
function keyRequestAdd(fid: number, key: Uint8Array, requestFid: number, block: number): OnChainEvent {
  const metadata = encodeSignedKeyRequestMetadata({
    requestFid: BigInt(requestFid),
    requestSigner: '0x00000000000000000000000000000000000000aa',
    signature: '0x0102',
    deadline: 1n,
  });
  const event = signerEvent(fid, key, SignerEventType.ADD, { block });
  return OnChainEvent.fromPartial({
    ...event,
    signerEventBody: { ...event.signerEventBody, metadata: hexToBytes(metadata) },
  });
}

forEachDialect('social node indexer', (dialect) => {
  let node: LiveNode;
  let social: TestDatabase<SocialTables>;
  let database: SocialDatabase;
  let service: SocialService;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;
  const hello = { message: undefined as unknown as ReceivedMessage };
  const calls: string[] = [];

  const open = async (handle: SocialDatabase): Promise<SocialService> => {
    const client = createNodeClient({ nodeUrl: node.url, timeoutMs: 2000 });
    const recorded: NodeClient = {
      ...client,
      getJson: (path, query = {}) => {
        calls.push(`${path}?${new URLSearchParams(query).toString()}`);
        return client.getJson(path, query);
      },
    };
    return createSocialService({
      config: testSocialConfig({ nodeUrl: node.url }),
      logger: false,
      node: recorded,
      database: handle,
      indexer: { pollIntervalMs: 10, retryBaseMs: 20, retryMaxMs: 200 },
    });
  };
  /** Stops the service (which closes its database handle) and keeps a new handle for the test. */
  const stopService = async () => {
    await service.close();
    database = await social.reopen();
  };
  const db = () => database.db;
  const status = async () => {
    const response = await service.app.inject({
      method: 'GET',
      url: '/admin/indexer',
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    });
    assert.equal(response.statusCode, 200);
    return (response.json() as { result: Record<string, unknown> }).result;
  };
  const storedState = async () => JSON.parse((await readMeta(db(), 'indexer.state')) ?? '{}') as unknown;
  const castOf = (received: ReceivedMessage) => indexedCast(db(), hashOf(received));

  before(async () => {
    node = await startLiveNode();
    alice = await setUpAccount(node.database.db, 1);
    bob = await setUpAccount(node.database.db, 2);
    carol = await setUpAccount(node.database.db, 3);
    hello.message = castAdd(alice, 'hello', 200, { parentUrl: CHANNEL });
    await node.merge(hello.message);
    social = await openTestDatabase<SocialTables>(dialect, 'social');
    database = social;
    service = await open(database);
  });
  after(async () => {
    await service.close();
    await social.cleanup();
    await node.close();
  });

  it('rebuilds what the node held before it started, then follows the event log', async () => {
    await waitFor('the cast indexed, and the backfill over', async () => {
      assert.deepEqual(await castOf(hello.message), {
        hash: bytesToHex(hashOf(hello.message)),
        fid: 1,
        timestamp: unix(200),
        parentUrl: CHANNEL,
        parentHash: null,
        parentFid: null,
        channelUrl: CHANNEL,
        removed: false,
      });
      assert.equal((await status()).phase, 'following');
      return true;
    });
    assert.ok(calls.some((call) => call.startsWith('/v1/fids?')));
    // The setup signers carry metadata that is not a SignedKeyRequest: no app fid.
    const signers = await db()
      .selectFrom('indexed_signers')
      .select(['fid', 'request_fid'])
      .orderBy('fid')
      .execute();
    assert.deepEqual(
      signers,
      [1, 2, 3].map((fid) => ({ fid, request_fid: null })),
    );
  });

  it('gives replies that arrived before their parent the channel of the thread root', async () => {
    const root = castAdd(alice, 'root', 190, { parentUrl: CHANNEL });
    const reply = castAdd(bob, 'reply', 189, { parentCastId: castIdOf(root) });
    const replyOfReply = castAdd(carol, 'reply of reply', 188, { parentCastId: castIdOf(reply) });
    const plain = castAdd(bob, 'no channel', 187);
    const plainReply = castAdd(carol, 'reply, no channel', 186, { parentCastId: castIdOf(plain) });
    await node.merge(replyOfReply, reply, plainReply);
    await waitFor('the replies indexed', async () => {
      assert.equal((await castOf(replyOfReply))?.channelUrl, null);
      assert.equal((await castOf(reply))?.channelUrl, null);
      assert.equal((await castOf(plainReply))?.channelUrl, null);
      return true;
    });
    // The parents come in later pages.
    await node.merge(root);
    await node.merge(plain);
    await waitFor('the parents indexed, their replies in the channel', async () => {
      assert.equal((await castOf(root))?.channelUrl, CHANNEL);
      assert.equal((await castOf(reply))?.channelUrl, CHANNEL);
      assert.equal((await castOf(plain))?.fid, 2);
      return true;
    });
    const deepest = await castOf(replyOfReply);
    assert.equal(deepest?.channelUrl, CHANNEL);
    assert.equal(deepest?.parentHash, bytesToHex(hashOf(reply)));
    assert.equal(deepest?.parentFid, 2);
    assert.equal((await castOf(plainReply))?.channelUrl, null);
  });

  it('marks a removed cast removed, at the time of the removal', async () => {
    const cast = castAdd(alice, 'oops', 180);
    await node.merge(cast);
    await waitFor('the cast indexed', async () => (await castOf(cast))?.removed === false);
    await node.merge(castRemove(alice, hashOf(cast), 179));
    await waitFor('the cast marked removed', async () => (await castOf(cast))?.removed === true);
    const row = await db()
      .selectFrom('indexed_casts')
      .select('removed_at')
      .where('hash', '=', hashOf(cast))
      .executeTakeFirstOrThrow();
    assert.equal(row.removed_at, unix(179));
  });

  it('keeps verified addresses: Ethereum checksummed, Solana in base58, removals applied', async () => {
    const eth = ethAccount(1);
    const solana = solanaVerification(alice, 5, 169);
    await node.merge(await verificationAdd(alice, eth, 170), solana.message);
    await waitFor('both verifications', async () => {
      assert.deepEqual(await verifiedAddresses(db(), 1, 'ethereum'), [
        { address: getAddress(bytesToHex(eth.address)), verifiedAt: unix(170) },
      ]);
      assert.deepEqual(await verifiedAddresses(db(), 1, 'solana'), [
        { address: solana.address, verifiedAt: unix(169) },
      ]);
      return true;
    });
    await node.merge(verificationRemove(alice, eth.address, 168));
    await waitFor(
      'the removal applied',
      async () => (await verifiedAddresses(db(), 1, 'ethereum')).length === 0,
    );
    assert.equal((await verifiedAddresses(db(), 1, 'solana')).length, 1);
  });

  it('keeps user data: set, replaced by a newer value, cleared', async () => {
    await node.merge(userData(alice, UserDataType.DISPLAY, 'Alice', 160));
    await waitFor('Alice', async () => (await userDataValue(db(), 1, UserDataType.DISPLAY)) === 'Alice');
    await node.merge(userData(alice, UserDataType.DISPLAY, 'Alicia', 159));
    await waitFor('Alicia', async () => (await userDataValue(db(), 1, UserDataType.DISPLAY)) === 'Alicia');
    await node.merge(userData(alice, UserDataType.DISPLAY, '', 158));
    await waitFor(
      'no display name',
      async () => (await userDataValue(db(), 1, UserDataType.DISPLAY)) === undefined,
    );
  });

  it('keeps active signers with the app fid of their key request; removal and admin reset drop them', async () => {
    const signerRow = (key: Uint8Array) =>
      db()
        .selectFrom('indexed_signers')
        .select(['request_fid', 'added_at'])
        .where('fid', '=', 1)
        .where('key', '=', key)
        .executeTakeFirst();
    const app = signerFor(1, 7).publicKey;
    const other = signerFor(1, 8).publicKey;
    await node.mergeOnChain(keyRequestAdd(1, app, 9, 13), keyRequestAdd(1, other, 10, 14));
    await waitFor('both signers', async () => {
      assert.deepEqual(await signerRow(app), { request_fid: 9, added_at: 1_700_000_026 });
      assert.deepEqual(await signerRow(other), { request_fid: 10, added_at: 1_700_000_028 });
      return true;
    });
    await node.mergeOnChain(
      signerEvent(1, app, SignerEventType.REMOVE, { block: 15 }),
      signerEvent(1, other, SignerEventType.ADMIN_RESET, { block: 16 }),
    );
    await waitFor('both signers dropped', async () => {
      assert.equal(await signerRow(app), undefined);
      assert.equal(await signerRow(other), undefined);
      return true;
    });
  });

  it('resumes from its cursor after a restart, without a backfill', async () => {
    const cast = castAdd(carol, 'after restart', 150);
    await stopService();
    const state = (await storedState()) as { phase: string; cursor: number };
    assert.equal(state.phase, 'following');
    await node.merge(cast);
    calls.length = 0;
    service = await open(database);
    await waitFor('the cast made while stopped', async () => (await castOf(cast))?.fid === 3);
    assert.ok(!calls.some((call) => call.startsWith('/v1/fids?')), calls.join('\n'));
    const follows = calls.filter(
      (call) => call.startsWith('/v1/events?') && call !== '/v1/events?from_event_id=0',
    );
    assert.equal(follows[0], `/v1/events?from_event_id=${state.cursor}`);
  });

  it('rebuilds from the node reads when events after its cursor were deleted by retention', async () => {
    const eth = ethAccount(2);
    const bobsCast = castAdd(bob, 'bob was here', 140);
    await node.merge(
      bobsCast,
      await verificationAdd(bob, eth, 140),
      userData(bob, UserDataType.BIO, 'bio', 140),
      userData(carol, UserDataType.DISPLAY, 'Carol', 140),
    );
    await waitFor('Carol', async () => (await userDataValue(db(), 3, UserDataType.DISPLAY)) === 'Carol');
    await stopService();

    // While the service is away: changes whose events the node then deletes.
    const away = castAdd(alice, 'while away', 130);
    await node.merge(castRemove(alice, hashOf(hello.message), 131), away);
    await node.merge(userData(carol, UserDataType.DISPLAY, 'Caroline', 130));
    await node.mergeOnChain(signerEvent(2, bob.signer.publicKey, SignerEventType.REMOVE, { block: 25 }));
    assert.ok((await node.engine.revokeSigner(2, bob.signer.publicKey)).length >= 3);
    assert.ok((await pruneEvents(node.database.db, NOW_MS + 10 * DAY_MS, DAY_MS)) > 0);
    const later = castAdd(carol, 'after the prune', 120);
    await node.merge(later);

    calls.length = 0;
    service = await open(database);
    await waitFor('the changes made while away', async () => {
      assert.equal((await castOf(later))?.fid, 3);
      assert.equal((await castOf(away))?.removed, false);
      assert.equal((await castOf(hello.message))?.removed, true);
      assert.equal((await castOf(bobsCast))?.removed, true);
      assert.deepEqual(await verifiedAddresses(db(), 2, 'ethereum'), []);
      assert.equal(await userDataValue(db(), 2, UserDataType.BIO), undefined);
      assert.equal(await userDataValue(db(), 3, UserDataType.DISPLAY), 'Caroline');
      assert.equal((await status()).phase, 'following');
      return true;
    });
    assert.ok(calls.some((call) => call.startsWith('/v1/fids?')));
    const signers = await db().selectFrom('indexed_signers').select('fid').where('fid', '=', 2).execute();
    assert.deepEqual(signers, []);
    // Unchanged rows survive the rebuild as they were.
    assert.equal((await verifiedAddresses(db(), 1, 'solana')).length, 1);
  });

  it('continues an interrupted backfill after the last fid it finished', async () => {
    await stopService();
    const { cursor } = (await storedState()) as { cursor: number };
    // As if a backfill had rebuilt fid 1 and 2 when the process died; stale rows show which fids it redoes.
    const interrupted = { phase: 'backfilling', resumeEventId: cursor, fidsPageToken: '', afterFid: 2 };
    await writeMeta(db(), 'indexer.state', JSON.stringify(interrupted));
    await putUserData(db(), 1, UserDataType.URL, 'stale');
    await putUserData(db(), 3, UserDataType.URL, 'stale');
    calls.length = 0;
    service = await open(database);
    await waitFor('the backfill to finish', async () => {
      assert.deepEqual(await storedState(), { phase: 'following', cursor });
      return true;
    });
    assert.equal(await userDataValue(db(), 1, UserDataType.URL), 'stale');
    assert.equal(await userDataValue(db(), 3, UserDataType.URL), undefined);
    assert.ok(!calls.some((call) => call.includes('fid=1&')), calls.join('\n'));
    await putUserData(db(), 1, UserDataType.URL, '');
  });

  it('retries with backoff while the node is down, and catches up once it is back', async () => {
    await node.stop();
    await waitFor('three failures in a row', async () => {
      const current = await status();
      assert.ok((current.failures as number) >= 3, JSON.stringify(current));
      assert.match((current.lastError as { message: string }).message, /fetch failed|ECONNREFUSED/);
      return true;
    });
    const health = await service.app.inject({ method: 'GET', url: '/_health' });
    assert.equal(health.statusCode, 200);
    const cast = castAdd(alice, 'during the outage', 110);
    await node.merge(cast);
    await node.start();
    await waitFor('the cast made during the outage', async () => {
      assert.equal((await castOf(cast))?.fid, 1);
      assert.equal((await status()).failures, 0);
      return true;
    });
  });

  it('reports its status to the admin token only', async () => {
    const refused = await service.app.inject({ method: 'GET', url: '/admin/indexer' });
    assert.equal(refused.statusCode, 401);
    assert.deepEqual(refused.json(), {
      errors: [{ message: 'Must provide the admin bearer token', code: 'ADMIN_UNAUTHENTICATED' }],
    });
    await waitFor('the indexer to catch up', async () => (await status()).caughtUp === true);
    const current = await status();
    const state = (await storedState()) as { cursor: number };
    assert.equal(current.enabled, true);
    assert.equal(current.running, true);
    assert.equal(current.phase, 'following');
    assert.equal(current.cursor, state.cursor);
    assert.equal(current.lastEventId, state.cursor - 1);
    assert.equal(current.backfillAfterFid, null);
    assert.equal(current.skipped, 0);
    assert.ok(typeof current.lagMs === 'number' && current.lagMs < 5000);
    assert.ok(current.lastError !== null, 'the last error stays visible after recovery');
  });

  // Several processes share a database only on PostgreSQL (docs/social/indexer.md).
  it(
    'lets two processes index one database: each page applied once, in order',
    { skip: dialect === 'sqlite' },
    async () => {
      const second = await open(await social.reopen());
      try {
        const casts = Array.from({ length: 150 }, (_, n) => castAdd(carol, `many ${n}`, 100));
        for (let start = 0; start < casts.length; start += 30)
          await node.merge(...casts.slice(start, start + 30));
        await waitFor('all 150 casts, caught up', async () => {
          const rows = await db()
            .selectFrom('indexed_casts')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('fid', '=', 3)
            .where('timestamp', '>=', unix(100))
            .executeTakeFirstOrThrow();
          assert.equal(Number(rows.count), 150);
          assert.equal((await status()).caughtUp, true);
          return true;
        });
      } finally {
        await second.close();
      }
    },
  );
});

forEachDialect('social service without its indexer', (dialect) => {
  it('says so on /admin/indexer', async () => {
    const harness = await openSocialHarness(dialect);
    try {
      const response = await harness.app.inject({
        method: 'GET',
        url: '/admin/indexer',
        headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), {
        result: {
          enabled: false,
          running: false,
          phase: 'stopped',
          cursor: null,
          backfillAfterFid: null,
          caughtUp: false,
          lagMs: null,
          lastEventId: null,
          failures: 0,
          lastError: null,
          skipped: 0,
        },
      });
    } finally {
      await harness.close();
    }
  });
});
