import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import {
  CastType,
  Message as CoreMessage,
  FarcasterNetwork as CoreNetwork,
  NobleEd25519Signer,
  ReactionType as CoreReactionType,
  UserDataType as CoreUserDataType,
  makeCastAdd,
  makeCastRemove,
  makeLinkAdd,
  makeReactionAdd,
  makeUserDataAdd,
} from '@farcaster/core';
import type { HubAsyncResult } from '@farcaster/core';
import { devnetPublicClient, startDevnet } from '../src/chain/devnet/index.js';
import type { Devnet } from '../src/chain/devnet/index.js';
import { createAccount, removeSigner } from '../src/chain/fixtures.js';
import type { FixtureAccount } from '../src/chain/fixtures.js';
import type { ChainReader, ReaderLogger } from '../src/chain/reader/index.js';
import { createEngine } from '../src/node/engine/index.js';
import type { Engine } from '../src/node/engine/index.js';
import { eventsPage, systemClock } from '../src/node/events/index.js';
import { startChainIngest } from '../src/node/ingest/index.js';
import type { NodeTables } from '../src/node/store/schema.js';
import { HubEventType } from '../src/protocol/gen/hub_event.js';
import type { HubEvent } from '../src/protocol/gen/hub_event.js';
import { FarcasterNetwork, ReactionType, UserDataType } from '../src/protocol/gen/message.js';
import { OnChainEventType, SignerEventType } from '../src/protocol/gen/onchain_event.js';
import { decodeStored } from '../src/node/engine/message-rows.js';
import { bytesToHex, hexToBytes } from '../src/protocol/hex.js';
import { decodeMessage } from '../src/protocol/message.js';
import type { ReceivedMessage } from '../src/protocol/message.js';
import { toFarcasterTime } from '../src/protocol/time.js';
import { forEachDialect, openTestDatabase } from '../src/storage/testing.js';
import type { TestDatabase } from '../src/storage/testing.js';

/**
 * The node end to end: an account registered on a real devnet reaches the node through the chain ingest,
 * messages built and signed by @farcaster/core merge and are served, and removing the signer on chain
 * stops it from signing more while what it signed stays (decision 0008), each step in the event log.
 */

const STEP_TIMEOUT = { timeout: 30_000 };

let devnet: Devnet;
before(async () => {
  devnet = await startDevnet({ port: 0 });
});
after(async () => {
  await devnet?.stop();
});

/** The hash of a message as sent, or as a read answers it (its stored bytes). */
const hex = (message: { hash: Uint8Array } | Uint8Array | undefined): string =>
  message === undefined
    ? 'none'
    : bytesToHex(message instanceof Uint8Array ? decodeStored(message).hash : message.hash);

/** A core builder's message as the node receives it: encoded by core, decoded by our codec. */
async function received(built: HubAsyncResult<CoreMessage>): Promise<ReceivedMessage> {
  const decoded = decodeMessage(CoreMessage.encode((await built)._unsafeUnwrap()).finish());
  assert.ok(decoded.ok, decoded.ok ? '' : decoded.error.message);
  return decoded.value;
}

/** One line per event, so the whole log compares at once. */
function describeEvent(event: HubEvent): string {
  const onChain = event.mergeOnChainEventBody?.onChainEvent;
  switch (event.type) {
    case HubEventType.MERGE_ON_CHAIN_EVENT: {
      const signer = onChain?.signerEventBody;
      const kind = OnChainEventType[onChain?.type ?? OnChainEventType.EVENT_TYPE_NONE];
      return signer === undefined
        ? `on chain ${kind}`
        : `on chain signer ${SignerEventType[signer.eventType]}`;
    }
    case HubEventType.MERGE_MESSAGE: {
      const body = event.mergeMessageBody;
      return `merge ${hex(body?.message)} deleting [${body?.deletedMessages.map(hex).join(' ')}]`;
    }
    case HubEventType.REVOKE_MESSAGE:
      return `revoke ${hex(event.revokeMessageBody?.message)}`;
    default:
      return `unexpected ${HubEventType[event.type]}`;
  }
}

forEachDialect('node journey: chain account, core-built messages, signer removal', (dialect) => {
  let database: TestDatabase<NodeTables>;
  let engine: Engine;
  let ingest: ChainReader;
  let account: FixtureAccount;
  let fid: number;
  let signer: NobleEd25519Signer;
  const problems: string[] = [];
  const logger: ReaderLogger = {
    debug: () => undefined,
    info: () => undefined,
    warn: (_details, message) => problems.push(message),
    error: (_details, message) => problems.push(message),
  };

  before(async () => {
    database = await openTestDatabase<NodeTables>(dialect, 'node');
    engine = createEngine({
      db: database.db,
      network: FarcasterNetwork.MAINNET,
      clock: systemClock,
      logger: { info: () => undefined },
    });
    ingest = startChainIngest({
      db: database.db,
      rpcUrl: devnet.rpcUrl,
      chainId: devnet.chainId,
      addresses: {
        idRegistry: devnet.contracts.idRegistry,
        keyRegistry: devnet.contracts.keyRegistry,
        storageRegistry: devnet.contracts.storageRegistry,
      },
      // Each dialect's node follows the chain from its own start, so it sees only its own account.
      startBlock: Number(await devnetPublicClient(devnet).getBlockNumber()) + 1,
      confirmations: 0,
      pollIntervalMs: 20,
      clock: systemClock,
      logger,
      onSignerDeactivated: (signerFid, key) => engine.revokeSigner(signerFid, key),
    });
  });
  after(async () => {
    await ingest?.stop();
    await database?.cleanup();
  });

  /** Timestamps from a minute ago, one second apart, so revocation (in timestamp order) is predictable. */
  const start = (toFarcasterTime(Date.now()) ?? 0) - 60;
  const options = (step: number) => ({ fid, network: CoreNetwork.MAINNET, timestamp: start + step });
  const cast = (text: string, step: number) =>
    received(
      makeCastAdd(
        { text, embeds: [], embedsDeprecated: [], mentions: [], mentionsPositions: [], type: CastType.CAST },
        options(step),
        signer,
      ),
    );

  let removedCast: ReceivedMessage;
  /** Cast, reaction, link and user data: merged, and kept after the signer's removal. */
  let adds: ReceivedMessage[];
  let castRemove: ReceivedMessage;
  /** What the signer has stored once the cast remove merged: the messages its removal keeps. */
  const remaining = () => [...adds, castRemove];
  const TARGET_FID = 424_242;

  it('ingests an account registered on chain', STEP_TIMEOUT, async () => {
    account = await createAccount(devnet);
    fid = Number(account.fid);
    signer = new NobleEd25519Signer(hexToBytes(account.signer.privateKey) ?? new Uint8Array());
    await ingest.caughtUp();
    // The node's own account checks pass: a message of the new signer validates.
    const probe = await engine.validate(await cast('probe', 0));
    assert.ok(probe.ok, probe.ok ? '' : probe.error.message);
  });

  it('merges messages built and signed with @farcaster/core and serves them', async () => {
    removedCast = await cast('first cast, removed later', 1);
    const keptCast = await cast('gm from @farcaster/core ✨', 2);
    const castId = { fid, hash: keptCast.message.hash };
    adds = [
      keptCast,
      await received(
        makeReactionAdd({ type: CoreReactionType.LIKE, targetCastId: castId }, options(3), signer),
      ),
      await received(makeLinkAdd({ type: 'follow', targetFid: TARGET_FID }, options(4), signer)),
      await received(makeUserDataAdd({ type: CoreUserDataType.BIO, value: 'on agora' }, options(5), signer)),
    ];
    castRemove = await received(makeCastRemove({ targetHash: removedCast.message.hash }, options(6), signer));

    for (const outcome of await engine.mergeMessages([removedCast, ...adds])) {
      assert.ok(outcome.ok, outcome.ok ? '' : outcome.error.message);
    }
    const [removal] = await engine.mergeMessages([castRemove]);
    assert.ok(removal?.ok, removal?.ok === false ? removal.error.message : 'no outcome');

    const read = await engine.castById(castId);
    const served = read && decodeStored(read);
    assert.equal(hex(served), hex(keptCast.message));
    assert.equal(served?.data?.castAddBody?.text, 'gm from @farcaster/core ✨');
    assert.equal(hex(await engine.reactionById(fid, ReactionType.LIKE, { castId })), hex(adds[1]?.message));
    assert.equal(hex(await engine.linkById(fid, 'follow', TARGET_FID)), hex(adds[2]?.message));
    const bio = await engine.userData(fid, UserDataType.BIO);
    assert.equal(bio && decodeStored(bio).data?.userDataBody?.value, 'on agora');
    assert.equal(await engine.castById({ fid, hash: removedCast.message.hash }), undefined);
    const casts = await engine.castsByFid(fid, { limit: 10 });
    assert.deepEqual(casts.items.map(hex), [hex(keptCast.message), hex(castRemove.message)]);
  });

  it('keeps every message of a signer removed on chain', STEP_TIMEOUT, async () => {
    await removeSigner(devnet, account, account.signer.publicKey);
    await ingest.caughtUp();

    for (const message of remaining()) {
      assert.equal(hex(await engine.messageByHash(message.message.hash)), hex(message.message));
    }
    const page = { limit: 10 };
    assert.equal((await engine.castsByFid(fid, page)).items.length, 2);
    assert.equal((await engine.reactionsByFid(fid, page)).items.length, 1);
    assert.equal((await engine.linksByFid(fid, page)).items.length, 1);
    assert.equal((await engine.userDataByFid(fid, page)).items.length, 1);
    assert.deepEqual(problems, []);
  });

  it('logs the journey as events in order: registration, merges, removal and no revocation', async () => {
    const { events } = await eventsPage(database.db, 0, 1000);
    assert.ok(
      events.every((event, i) => i === 0 || event.id > (events[i - 1]?.id ?? Infinity)),
      'ids strictly increase',
    );
    assert.deepEqual(events.map(describeEvent), [
      'on chain EVENT_TYPE_ID_REGISTER',
      'on chain EVENT_TYPE_STORAGE_RENT',
      'on chain signer ADD',
      `merge ${hex(removedCast.message)} deleting []`,
      ...adds.map((message) => `merge ${hex(message.message)} deleting []`),
      `merge ${hex(castRemove.message)} deleting [${hex(removedCast.message)}]`,
      'on chain signer REMOVE',
    ]);
  });

  it('refuses a message signed by the removed key', async () => {
    const [outcome] = await engine.mergeMessages([await cast('after removal', 7)]);
    assert.ok(outcome !== undefined && !outcome.ok);
    assert.equal(outcome.error.errCode, 'bad_request.unknown_signer');
  });
});
