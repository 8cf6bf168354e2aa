import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { devnetPublicClient, devnetTestClient, startDevnet } from '../src/chain/devnet/index.js';
import type { Devnet } from '../src/chain/devnet/index.js';
import { createAccount, removeSigner } from '../src/chain/fixtures.js';
import type { ChainReader, ReaderLogger } from '../src/chain/reader/index.js';
import { systemClock } from '../src/node/events/index.js';
import { CHAIN_CHECKPOINT_KEY, startChainIngest } from '../src/node/ingest/index.js';
import { readMeta } from '../src/storage/service-meta.js';
import { fidRegistration, isActiveSigner, storageUnits } from '../src/node/onchain/index.js';
import type { NodeTables } from '../src/node/store/schema.js';
import { HubEventType } from '../src/protocol/gen/hub_event.js';
import { bytesToHex, hexToBytes } from '../src/protocol/hex.js';
import { forEachDialect, openTestDatabase } from '../src/storage/testing.js';
import type { TestDatabase } from '../src/storage/testing.js';
import { waitFor } from './support/wait.js';

/**
 * The node's chain ingestion end to end: real transactions on an anvil devnet with our registry
 * contracts, read by the chain reader into the node's tables through the node's sink.
 */

let devnet: Devnet;
before(async () => {
  devnet = await startDevnet({ port: 0 });
});
after(async () => {
  await devnet?.stop();
});

/** caughtUp, or a failure showing the ingest's status instead of a hung test. */
function caughtUp(ingest: ChainReader): Promise<void> {
  return waitFor(
    () => `the ingest to catch up; its status: ${JSON.stringify(ingest.status())}`,
    ingest.caughtUp(),
  );
}

forEachDialect('chain ingest from a devnet', (dialect) => {
  let database: TestDatabase<NodeTables>;
  let ingest: ChainReader | undefined;
  /** Each dialect's node follows the chain from its own start, so the suites do not see each other. */
  let startBlock: number;
  const revoked: string[] = [];
  const logged: { level: string; message: string; details: Record<string, unknown> }[] = [];
  before(async () => {
    database = await openTestDatabase<NodeTables>(dialect, 'node');
    startBlock = Number(await devnetPublicClient(devnet).getBlockNumber()) + 1;
  });
  after(async () => {
    await ingest?.stop();
    await database.cleanup();
  });

  const record =
    (level: string) =>
    (details: object, message: string): void => {
      logged.push({ level, message, details: details as Record<string, unknown> });
    };
  const logger: ReaderLogger = {
    debug: record('debug'),
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
  };

  function start(db = database.db): ChainReader {
    ingest = startChainIngest({
      db,
      rpcUrl: devnet.rpcUrl,
      chainId: devnet.chainId,
      addresses: {
        idRegistry: devnet.contracts.idRegistry,
        keyRegistry: devnet.contracts.keyRegistry,
        storageRegistry: devnet.contracts.storageRegistry,
      },
      startBlock,
      confirmations: 0,
      pollIntervalMs: 20,
      clock: systemClock,
      logger,
      onSignerDeactivated: async (fid, key) => {
        revoked.push(`${fid}:${bytesToHex(key)}`);
      },
    });
    return ingest;
  }

  const count = async (table: 'onchain_events' | 'hub_events') =>
    Number(
      (
        await database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  let alice: Awaited<ReturnType<typeof createAccount>>;

  it('an fid registered on chain appears with its custody, signer and storage', async () => {
    const reader = start();
    alice = await createAccount(devnet);
    await caughtUp(reader);
    const fid = Number(alice.fid);
    assert.deepEqual(
      (await fidRegistration(database.db, fid))?.custodyAddress,
      hexToBytes(alice.custody.address),
    );
    assert.equal(await isActiveSigner(database.db, fid, hexToBytes(alice.signer.publicKey)!), true);
    const units = await storageUnits(database.db, fid, Date.now());
    assert.equal(units.legacy + units.units2024, 1);
    const mergeEvents = await database.db
      .selectFrom('hub_events')
      .select('id')
      .where('type', '=', HubEventType.MERGE_ON_CHAIN_EVENT)
      .execute();
    assert.equal(mergeEvents.length, await count('onchain_events'));
    assert.deepEqual(
      logged.filter((line) => line.level === 'warn' || line.level === 'error'),
      [],
    );
  });

  it('deactivates a signer removed on chain without reporting it for revocation (decision 0008)', async () => {
    const reader = ingest as ChainReader;
    await removeSigner(devnet, alice, alice.signer.publicKey);
    await caughtUp(reader);
    assert.deepEqual(revoked, []);
    assert.equal(
      await isActiveSigner(database.db, Number(alice.fid), hexToBytes(alice.signer.publicKey)!),
      false,
    );
  });

  it('resumes from the stored checkpoint after a restart, without merging anything twice', async () => {
    await ingest?.stop();
    const stored = JSON.parse((await readMeta(database.db, CHAIN_CHECKPOINT_KEY)) ?? 'null') as {
      nextBlock: number;
    };
    const eventsBefore = await count('hub_events');
    const bob = await createAccount(devnet);
    logged.splice(0);

    const restarted = await database.reopen();
    await caughtUp(start(restarted.db));

    const applied = logged.filter((line) => line.message === 'chain reader: applied blocks');
    assert.equal(applied[0]?.details.fromBlock, stored.nextBlock);
    assert.ok(await fidRegistration(restarted.db, Number(bob.fid)));
    // register, rent, signer add: each merged once, and nothing was delivered twice.
    assert.equal(await count('hub_events'), eventsBefore + 3);
    assert.equal(
      logged.some((line) => line.message === 'chain ingest: skipped events merged before'),
      false,
    );
  });

  it('retracts the events of blocks orphaned by a reorg from the node tables', async () => {
    const reader = ingest as ChainReader;
    const testClient = devnetTestClient(devnet);
    await testClient.mine({ blocks: 1 }); // the fork point, seen by the reader
    await caughtUp(reader);
    const snapshot = await testClient.snapshot();
    const carol = await createAccount(devnet);
    await caughtUp(reader);
    const fid = Number(carol.fid);
    assert.ok(await fidRegistration(database.db, fid));
    const eventsWithCarol = await count('onchain_events');

    await testClient.revert({ id: snapshot });
    await testClient.mine({ blocks: 5 }); // past the old tip, so the reader compares hashes
    await caughtUp(reader);

    assert.equal(await fidRegistration(database.db, fid), undefined);
    assert.equal(await isActiveSigner(database.db, fid, hexToBytes(carol.signer.publicKey)!), false);
    assert.equal(await count('onchain_events'), eventsWithCarol - 3);
    assert.deepEqual(revoked.at(-1), `${fid}:${carol.signer.publicKey.toLowerCase()}`);
    assert.equal(reader.status().reorgs, 1);
  });
});
