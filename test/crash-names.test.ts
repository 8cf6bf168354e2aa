/**
 * `agora names` killed with SIGKILL while a client streams name registrations at it, then started again on
 * the same data: every transfer answered 200 is served by GET /transfers with the same id and signatures,
 * ids stay 1..n without gaps (docs/names.md, Integrity), and sending the stream again adds each missing
 * registration once and repeats none. Real devnet (custody is read from the IdRegistry), the registry as
 * its own process.
 *
 * A failure prints the seed; AGORA_CRASH_SEED=<seed> replays its order and kill point (the kill's exact
 * moment still depends on timing). AGORA_CRASH_WRITES=<n> streams n writes instead of the small default.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEVNET_ROLES, startDevnet, type Devnet } from '../src/chain/devnet/index.js';
import { createAccount, type FixtureAccount } from '../src/chain/fixtures.js';
import type { TransferJson as Transfer } from '../src/names/http/schemas.js';
import { signUserNameProofClaim } from '../src/protocol/eip712/index.js';
import { forEachDialect } from '../src/storage/testing.js';
import {
  crashService,
  crashSettings,
  getJson,
  request,
  shuffled,
  withState,
  type CrashService,
  type StreamResult,
  type StreamTask,
} from './support/crash-process.js';

const CRASH = crashSettings(200);
/** Registrations per dialect run; AGORA_CRASH_WRITES for a bigger run. */
const REGISTRATIONS = CRASH.writes;
/** Accounts registered on the devnet at once. */
const ACCOUNT_BATCH = 50;

interface Registration {
  name: string;
  to: number;
  body: string;
}

let devnet: Devnet;
let admin: FixtureAccount;
/** One receiver per registration: names only go to fids the chain has registered. */
const receivers: number[] = [];

before(async () => {
  devnet = await startDevnet({ port: 0 });
  admin = await createAccount(devnet);
  while (receivers.length < REGISTRATIONS) {
    const batch = Math.min(ACCOUNT_BATCH, REGISTRATIONS - receivers.length);
    const accounts = await Promise.all(Array.from({ length: batch }, () => createAccount(devnet)));
    receivers.push(...accounts.map((account) => Number(account.fid)));
  }
});

after(async () => {
  await devnet?.stop();
});

/** Registrations signed by the admin fid's custody key, as an operator's tool sends them. */
async function registrations(count: number, tag: string, random: () => number): Promise<Registration[]> {
  const timestamp = Math.floor(Date.now() / 1000);
  const owner = admin.custody.address;
  const built = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const name = `n${tag}-${i}`;
      const signature = await signUserNameProofClaim({ name, timestamp, owner }, admin.custody.privateKey);
      const to = receivers[i]!;
      const body = { name, from: 0, to, fid: Number(admin.fid), owner, timestamp, signature };
      return { name, to, body: JSON.stringify(body) };
    }),
  );
  return shuffled(built, random);
}

function post(url: string, registration: Registration) {
  return request(`${url}/transfers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: registration.body,
  });
}

/** The whole history, paging with `from_id` = the last id received until an empty page. */
async function allTransfers(url: string): Promise<Transfer[]> {
  const transfers: Transfer[] = [];
  for (;;) {
    const fromId = transfers.at(-1)?.id ?? 0;
    const page = await getJson<{ transfers: Transfer[] }>(`${url}/transfers?from_id=${fromId}`);
    if (page.transfers.length === 0) return transfers;
    transfers.push(...page.transfers);
  }
}

function assertGapless(transfers: readonly Transfer[], message: string): void {
  assert.deepEqual(
    transfers.map((t) => t.id),
    transfers.map((_, i) => i + 1),
    CRASH.withSeed(`${message}: ids are 1..n in order`),
  );
}

forEachDialect('agora names killed mid-stream', (dialect) => {
  describe(
    'restarts on the same data with every acknowledged transfer',
    { timeout: Math.max(240_000, REGISTRATIONS * 400) },
    () => {
      const random = CRASH.random();
      const tag = (CRASH.seed % 1_000_000).toString(36);
      let names: CrashService;
      let url: string;
      let stream: StreamResult<Registration, Transfer>;
      let sent: Registration[];

      before(async () => {
        names = await crashService('names', dialect, CRASH, [
          ...['--chain-rpc-url', devnet.rpcUrl, '--cooldown-seconds', '0', '--admin-fids', String(admin.fid)],
          ...['--signer-key', devnet.accounts[DEVNET_ROLES.nameRegistrySigner]!.privateKey],
        ]);
        url = (await names.start()).url;
        sent = await registrations(REGISTRATIONS, tag, random);
      });

      after(() => names?.close());

      it('takes concurrent registrations, is killed in the middle of them, and starts again', async (t) => {
        const tasks: StreamTask<Registration>[] = sent.map((r) => ({ id: r.name, value: r }));
        stream = await names.streamAndKill(random, {
          tasks,
          concurrency: 16,
          send: (registration) => post(url, registration),
          parse: (body) => (JSON.parse(body) as { transfer: Transfer }).transfer,
        });
        names.assertKilledMidStream(t, stream, 'registration');
        for (const { task, outcome } of withState(stream, 'acked')) {
          assert.equal(outcome.response.username, task.value.name);
          assert.equal(outcome.response.to, task.value.to);
        }
        assert.equal((await names.start()).url, url, 'the registry listens on the same address again');
      });

      it('serves every acknowledged transfer with its id and signatures, ids 1..n without gaps', async () => {
        const transfers = await allTransfers(url);
        assertGapless(transfers, 'after the restart');
        const byName = new Map(transfers.map((t) => [t.username, t]));
        assert.equal(byName.size, transfers.length, names.failure('a name was stored twice'));
        for (const { outcome } of withState(stream, 'acked')) {
          assert.deepEqual(
            byName.get(outcome.response.username),
            outcome.response,
            names.failure('acknowledged transfer'),
          );
        }
        // Only what was sent can be there: what was never sent is not.
        const sentTo = new Map(sent.map((r) => [r.name, r.to]));
        for (const transfer of transfers) assert.equal(sentTo.get(transfer.username), transfer.to);
        for (const { task } of withState(stream, 'unsent')) {
          assert.equal(
            byName.has(task.value.name),
            false,
            names.failure(`${task.value.name} was never sent`),
          );
        }
        // The holder table committed with each transfer.
        for (const { outcome } of withState(stream, 'acked').slice(0, 20)) {
          const current = await getJson<{ transfer: Transfer }>(
            `${url}/transfers/current?name=${outcome.response.username}`,
          );
          assert.deepEqual(current.transfer, outcome.response);
          const byFid = await getJson<{ transfer: Transfer }>(
            `${url}/transfers/current?fid=${outcome.response.to}`,
          );
          assert.equal(byFid.transfer.username, outcome.response.username);
        }
      });

      it('takes the whole stream again: acknowledged ones answer their stored transfer, each name is stored once', async () => {
        const storedBefore = new Map((await allTransfers(url)).map((t) => [t.username, t]));
        const queue = [...sent];
        const answers = new Map<string, Transfer>();
        const worker = async () => {
          for (let registration = queue.shift(); registration !== undefined; registration = queue.shift()) {
            const answer = await post(url, registration);
            assert.equal(answer.status, 200, names.failure(`${registration.name} again: ${answer.body}`));
            answers.set(registration.name, (JSON.parse(answer.body) as { transfer: Transfer }).transfer);
          }
        };
        await Promise.all(Array.from({ length: 8 }, worker));
        for (const [name, stored] of storedBefore) {
          assert.deepEqual(
            answers.get(name),
            stored,
            names.failure(`${name} is repeated, not registered again`),
          );
        }
        const transfers = await allTransfers(url);
        assertGapless(transfers, 'after the second stream');
        assert.equal(transfers.length, REGISTRATIONS, names.failure('one transfer per name'));
        assert.deepEqual(transfers.map((t) => t.username).sort(), sent.map((r) => r.name).sort());
        for (const transfer of transfers) assert.deepEqual(answers.get(transfer.username), transfer);
      });
    },
  );
});
