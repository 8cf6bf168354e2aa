/**
 * Revocations stick. A signer reset on chain (the Key Registry's admin reset, decision 0005; a removal
 * revokes nothing, decision 0008) has its messages revoked after the reset commits, in transactions of
 * their own (decision 0004); when that attempt fails, or the process dies before it ends, the node must
 * still revoke them, each with one REVOKE_MESSAGE. Real devnet, messages signed by the on-chain signer,
 * the node's HTTP API for every check.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { after, before, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Devnet } from '../src/chain/devnet/index.js';
import { keyRegistryAbi } from '../src/chain/contracts.js';
import {
  DEVNET_ROLES,
  devnetPublicClient,
  devnetWalletClient,
  startDevnet,
} from '../src/chain/devnet/index.js';
import { createAccount } from '../src/chain/fixtures.js';
import type { FixtureAccount } from '../src/chain/fixtures.js';
import { startNodeService } from '../src/node/index.js';
import type { NodeService, NodeServiceDeps } from '../src/node/index.js';
import type { NodeTables } from '../src/node/store/schema.js';
import { makeMessage } from '../src/protocol/builder.js';
import { createEd25519Signer } from '../src/protocol/ed25519.js';
import { FarcasterNetwork, Message, MessageType } from '../src/protocol/gen/message.js';
import { bytesToHex, hexToBytes } from '../src/protocol/hex.js';
import { toFarcasterTime } from '../src/protocol/time.js';
import { COMMANDS, parseCommand } from '../src/shared/config/index.js';
import { realSleep } from '../src/shared/retry.js';
import type { Sleep } from '../src/shared/retry.js';
import type { DatabaseOptions, Dialect } from '../src/storage/index.js';
import { forEachDialect, openTestDatabase } from '../src/storage/testing.js';
import type { TestDatabase } from '../src/storage/testing.js';
import { getJson, request } from './support/crash-process.js';
import { HANGING_NODE } from './support/revocation-hang-node.js';
import { waitFor } from './support/wait.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- hub JSON, read field by field
type Json = any;

const CASTS = 3;
/** The revocation retry's waits, cut to 50 ms so its next pass comes at once (the default is 30 s). */
const quickSleep: Sleep = (ms, signal) => realSleep(Math.min(ms, 50), signal);

let devnet: Devnet;
before(async () => {
  devnet = await startDevnet({ port: 0 });
});
after(async () => {
  await devnet?.stop();
});

/** `agora node` flags: on the devnet's chain unless `chain` is false. */
function nodeFlags(chain = true): string[] {
  return [
    ...['--network', 'devnet', '--host', '127.0.0.1', '--port', '0', '--grpc-port', '0'],
    ...(chain ? ['--chain-rpc-url', devnet.rpcUrl, '--chain-confirmations', '0'] : []),
  ];
}

function startNode(deps: NodeServiceDeps, chain = true): Promise<NodeService> {
  return startNodeService(parseCommand('node', COMMANDS.node.options, nodeFlags(chain), {}).config, deps);
}

/** The Key Registry's owner resets the account's signer (ADDED -> NULL), as the migration did. */
async function resetSigner(account: FixtureAccount): Promise<void> {
  const owner = devnet.accounts[DEVNET_ROLES.owner]?.address;
  assert.ok(owner !== undefined, 'the devnet has an owner account');
  const hash = await devnetWalletClient(devnet, owner).writeContract({
    address: devnet.contracts.keyRegistry,
    abi: keyRegistryAbi,
    functionName: 'bulkResetKeysForMigration',
    args: [[{ fid: account.fid, keys: [account.signer.publicKey] }]],
  });
  const receipt = await devnetPublicClient(devnet).waitForTransactionReceipt({ hash });
  assert.equal(receipt.status, 'success');
}

/** Waits until the node follows the account's signer, then submits casts it signed; their hashes. */
async function castWithSigner(url: string, account: FixtureAccount): Promise<string[]> {
  const signerUrl = `${url}/v1/onChainSignersByFid?fid=${account.fid}&signer=${account.signer.publicKey}`;
  await waitFor('the signer on the node', async () =>
    (await request(signerUrl)).status === 200 ? true : undefined,
  );
  const signer = createEd25519Signer(hexToBytes(account.signer.privateKey) ?? new Uint8Array());
  const hashes: string[] = [];
  for (let i = 0; i < CASTS; i++) {
    const message = makeMessage(
      {
        type: MessageType.CAST_ADD,
        fid: Number(account.fid),
        timestamp: (toFarcasterTime(Date.now()) ?? 0) - i,
        network: FarcasterNetwork.DEVNET,
        castAddBody: {
          embedsDeprecated: [],
          mentions: [],
          mentionsPositions: [],
          text: `cast ${i}`,
          embeds: [],
          type: 0,
        },
      },
      signer,
    );
    const answer = await request(`${url}/v1/submitMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: Message.encode(message).finish(),
    });
    assert.equal(answer.status, 200, answer.body);
    hashes.push(bytesToHex(message.hash));
  }
  return hashes.sort();
}

async function castsOf(url: string, account: FixtureAccount): Promise<string[]> {
  const page: Json = await getJson(`${url}/v1/castsByFid?fid=${account.fid}&pageSize=100`);
  return page.messages.map((message: Json) => message.hash as string).sort();
}

/** The reset is committed (the node serves it), and the reset key's casts are still served. */
async function assertResetNotRevoked(url: string, account: FixtureAccount, hashes: string[]): Promise<void> {
  const signers: Json = await getJson(
    `${url}/v1/onChainEventsByFid?fid=${account.fid}&event_type=EVENT_TYPE_SIGNER`,
  );
  assert.deepEqual(
    signers.events.map((event: Json) => event.signerEventBody.eventType),
    ['SIGNER_EVENT_TYPE_ADD', 'SIGNER_EVENT_TYPE_ADMIN_RESET'],
  );
  assert.deepEqual(await castsOf(url, account), hashes);
}

/** Waits until the casts are gone, then checks the event log holds exactly one REVOKE_MESSAGE for each. */
async function assertRevokedOnce(url: string, account: FixtureAccount, hashes: string[]): Promise<void> {
  await waitFor('the revocation', async () =>
    (await castsOf(url, account)).length === 0 ? true : undefined,
  );
  const revoked: string[] = [];
  let page: Json = { events: [], nextPageEventId: 0 };
  do {
    page = await getJson(`${url}/v1/events?from_event_id=${page.nextPageEventId}`);
    for (const event of page.events) {
      if (event.type === 'HUB_EVENT_TYPE_REVOKE_MESSAGE') revoked.push(event.revokeMessageBody.message.hash);
    }
  } while (page.events.length > 0);
  assert.deepEqual(revoked.filter((hash) => hashes.includes(hash)).sort(), hashes);
}

/** How a process of its own opens `database`. */
async function connectionOf(database: TestDatabase<NodeTables>, dialect: Dialect): Promise<DatabaseOptions> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{
      file: string;
    }>`select file from pragma_database_list where name = 'main'`.execute(database.db);
    return { sqliteFile: rows[0]?.file };
  }
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
  return { url: process.env['AGORA_TEST_DATABASE_URL'], schema: rows[0]?.schema };
}

/** Resolves with the child's output once it matches `pattern`; rejects if it exits first. */
function outputMatching(
  child: ChildProcess,
  pattern: RegExp,
  output: { text: string },
): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = pattern.exec(output.text);
      if (match === null) return;
      child.stdout?.off('data', check);
      child.off('exit', exited);
      resolve(match);
    };
    const exited = (code: number | null) =>
      reject(new Error(`exited (${code}) before ${pattern}:\n${output.text}`));
    child.stdout?.on('data', check);
    child.once('exit', exited);
    check();
  });
}

forEachDialect('durable signer revocation', (dialect) => {
  let database: TestDatabase<NodeTables>;
  before(async () => {
    database = await openTestDatabase<NodeTables>(dialect, 'node');
  });
  after(() => database.cleanup());

  it('retries a revocation that failed after the reset committed: the casts go, each revoked once', async (t) => {
    const account = await createAccount(devnet);
    let failedOnce = (): void => undefined;
    const failed = new Promise<void>((resolve) => (failedOnce = resolve));
    let releaseRetry = (): void => undefined;
    const retried = new Promise<void>((resolve) => (releaseRetry = resolve));
    let attempts = 0;
    const node = await startNode({
      database: await database.reopen(),
      sleep: quickSleep,
      // The account's revocation fails once; the retry waits until the test has seen the casts still served.
      wrapRevocation: (revoke) => async (fid, key) => {
        if (fid !== Number(account.fid)) return revoke(fid, key);
        if (attempts++ === 0) {
          failedOnce();
          throw new Error('injected: the revocation fails');
        }
        await retried;
        return revoke(fid, key);
      },
    });
    t.after(() => node.close());
    const hashes = await castWithSigner(node.url, account);

    await resetSigner(account);
    await waitFor('the failed revocation', failed, 30_000);
    await assertResetNotRevoked(node.url, account, hashes);
    releaseRetry();
    await assertRevokedOnce(node.url, account, hashes);
  });

  it('finishes on restart a revocation the process was killed in (SIGKILL after the reset committed)', async (t) => {
    const account = await createAccount(devnet);
    const options = JSON.stringify(await connectionOf(database, dialect));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(HANGING_NODE), options, `${account.fid}`, ...nodeFlags()],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    t.after(() => child.kill('SIGKILL'));
    const output = { text: '' };
    const append = (chunk: Buffer) => (output.text += chunk.toString());
    child.stdout?.on('data', append);
    child.stderr?.on('data', append);
    const [, url = ''] = await waitFor(
      'the child node listening',
      outputMatching(child, /listening on (http:\/\/\S+)/, output),
      60_000,
    );
    const hashes = await castWithSigner(url, account);

    await resetSigner(account);
    await waitFor('the hanging revocation', outputMatching(child, /revocation hanging/, output), 30_000);
    await assertResetNotRevoked(url, account, hashes);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    // Without the chain: only the queue committed with the reset can make the restarted node revoke.
    const node = await startNode({ database: await database.reopen() }, false);
    t.after(() => node.close());
    await assertRevokedOnce(node.url, account, hashes);
  });
});
