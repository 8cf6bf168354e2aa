import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { privateKeyToAccount } from 'viem/accounts';
import { keyRegistryAbi } from '../src/chain/contracts.js';
import { DEVNET_ROLES, devnetPublicClient, startDevnet, type Devnet } from '../src/chain/devnet/index.js';
import {
  addSigner,
  createAccount,
  randomEd25519KeyPair,
  type FixtureAccount,
} from '../src/chain/fixtures.js';
import { signSignedKeyRequest, signSponsorship } from '../src/protocol/eip712/index.js';
import type { Hex } from '../src/protocol/hex.js';
import type { SocialConfig } from '../src/shared/config/index.js';
import { testClock } from '../src/shared/test-clock.js';
import { createKeyChain } from '../src/social/keys/chain.js';
import { openSocialHarness, type SocialHarness } from '../src/social/testing.js';
import { forEachDialect } from '../src/storage/testing.js';

/**
 * Draining the relayer, against a real devnet: apps and users with fids ask for and
 * approve signed key requests over HTTP, and the service, whose relayer pays for every KeyGateway.addFor,
 * refuses past a quota per app, per user and for the whole service, and while its balance is below the
 * floor. Signed key requests themselves are limited per app.
 */

let devnet: Devnet;
let app: FixtureAccount;
let otherApp: FixtureAccount;
let user: FixtureAccount;
let otherUser: FixtureAccount;

before(async () => {
  devnet = await startDevnet({ port: 0 });
  [app, otherApp, user, otherUser] = await Promise.all([
    createAccount(devnet),
    createAccount(devnet),
    createAccount(devnet),
    createAccount(devnet),
  ]);
});
after(() => devnet?.stop());

interface Answer {
  status: number;
  json: {
    result?: { signedKeyRequest?: { token: string; key: Hex; state: string } };
    errors?: { code: string }[];
  };
  headers: Record<string, unknown>;
}

forEachDialect('social relay limits', (dialect) => {
  const open: SocialHarness[] = [];
  after(() => Promise.all(open.map((harness) => harness.close())));

  /** A service on a fresh database (so fresh quotas), relaying from the devnet's relayer account. */
  async function service(config: Partial<SocialConfig>): Promise<SocialHarness> {
    // The chain's blocks carry real time; the service's clock must agree for deadlines to mean one thing.
    const harness = await openSocialHarness(dialect, config, {
      clock: testClock(Date.now()),
      chain: (clock) =>
        createKeyChain({
          rpcUrl: devnet.rpcUrl,
          relayerKey: devnet.accounts[DEVNET_ROLES.relayer]!.privateKey,
          clock,
          custodyCacheMs: 0,
          pollingIntervalMs: 20,
        }),
    });
    open.push(harness);
    return harness;
  }

  async function call(harness: SocialHarness, method: 'GET' | 'POST', url: string, payload?: object) {
    const reply = await harness.app.inject({ method, url, ...(payload !== undefined && { payload }) });
    return { status: reply.statusCode, json: reply.json(), headers: reply.headers } as Answer;
  }

  async function requestBody(
    harness: SocialHarness,
    by: FixtureAccount = app,
    key = randomEd25519KeyPair().publicKey,
  ) {
    const deadline = harness.clock.seconds() + 86_400;
    const signature = await signSignedKeyRequest(
      { requestFid: by.fid, key, deadline },
      by.custody.privateKey,
    );
    return { key, requestFid: Number(by.fid), deadline, signature };
  }

  async function createRequest(harness: SocialHarness, by: FixtureAccount = app, key?: Hex) {
    const body = await requestBody(harness, by, key);
    const created = await call(harness, 'POST', '/v2/signed-key-requests', body);
    assert.equal(created.status, 200, JSON.stringify(created.json));
    return created.json.result!.signedKeyRequest!;
  }

  /** What a wallet does: fetch the Add typed data, sign it with the user's custody key, post the approval. */
  async function approve(harness: SocialHarness, token: string, by: FixtureAccount): Promise<Answer> {
    const data = await call(
      harness,
      'GET',
      `/v2/signed-key-request/approval-data?token=${token}&fidOwner=${by.custody.address}`,
    );
    assert.equal(data.status, 200, JSON.stringify(data.json));
    const { typedData } = data.json.result as unknown as { typedData: { message: { deadline: string } } };
    const signature = await privateKeyToAccount(by.custody.privateKey).signTypedData(typedData as never);
    return call(harness, 'POST', '/v2/signed-key-request/approve', {
      token,
      fidOwner: by.custody.address,
      deadline: Number(typedData.message.deadline),
      signature,
    });
  }

  async function keyStateOnChain(fid: bigint, key: Hex): Promise<number> {
    const data = await devnetPublicClient(devnet).readContract({
      address: devnet.contracts.keyRegistry,
      abi: keyRegistryAbi,
      functionName: 'keyDataOf',
      args: [fid, key],
    });
    return data.state;
  }

  /** `by` approves a new request of `from`, and the service relays it. */
  async function relay(harness: SocialHarness, from: FixtureAccount, by: FixtureAccount) {
    const approved = await approve(harness, (await createRequest(harness, from)).token, by);
    assert.equal(approved.status, 200, JSON.stringify(approved.json));
  }

  /**
   * `by` approves a new request of `from`, and is refused with `expected` before anything is relayed: the
   * key is not on chain, and the request is still pending. Returns the refusal's headers and the request.
   */
  async function refusedRelay(
    harness: SocialHarness,
    from: FixtureAccount,
    by: FixtureAccount,
    expected: [status: number, code: string],
  ) {
    const request = await createRequest(harness, from);
    const answer = await approve(harness, request.token, by);
    assert.deepEqual([answer.status, answer.json.errors?.[0]?.code], expected, JSON.stringify(answer.json));
    assert.equal(await keyStateOnChain(by.fid, request.key), 0);
    const read = await call(harness, 'GET', `/v2/signed-key-request?token=${request.token}`);
    assert.equal(read.json.result?.signedKeyRequest?.state, 'pending');
    return { headers: answer.headers, request };
  }

  it('refuses relays for an app past its quota per 24 hours, other apps unaffected', async () => {
    const harness = await service({ relaysPerAppPerDay: 1 });
    await relay(harness, app, user);
    const { headers } = await refusedRelay(harness, app, otherUser, [429, 'APP_RELAY_QUOTA']);
    assert.deepEqual(
      [headers['retry-after'], headers['x-ratelimit-limit'], headers['x-ratelimit-remaining']],
      ['86400', '1', '0'],
    );
    await relay(harness, otherApp, otherUser);
  });

  it('refuses relays for a user past their quota per 24 hours', async () => {
    const harness = await service({ relaysPerUserPerDay: 1 });
    await relay(harness, app, user);
    const { headers, request } = await refusedRelay(harness, app, user, [429, 'USER_RELAY_QUOTA']);
    assert.equal(headers['retry-after'], '86400');
    // The refusal released the request: another user, within their quota, can still approve it.
    assert.equal((await approve(harness, request.token, otherUser)).status, 200);
  });

  it('refuses relays past the global budget per hour, whoever asks', async () => {
    const harness = await service({ relaysPerHour: 1 });
    await relay(harness, app, user);
    const { headers } = await refusedRelay(harness, otherApp, otherUser, [429, 'RELAY_BUDGET_SPENT']);
    assert.equal(headers['retry-after'], '3600');
  });

  it("refuses to relay while the relayer's balance is below the floor", async () => {
    // The devnet relayer holds 10,000 ether.
    const harness = await service({ relayerMinBalance: '1000000' });
    await refusedRelay(harness, app, user, [503, 'RELAYER_BALANCE_LOW']);
  });

  it('answers every counted approval with its tightest quota, refusals included', async () => {
    const harness = await service({ relaysPerUserPerDay: 2, relaysPerHour: 3 });
    const quotaOf = (answer: Answer) =>
      ['limit', 'remaining', 'reset'].map((name) => answer.headers[`x-ratelimit-${name}`]);
    const first = await approve(harness, (await createRequest(harness)).token, user);
    assert.equal(first.status, 200, JSON.stringify(first.json));
    assert.deepEqual(quotaOf(first), ['2', '1', '86400']);
    // The user adds the key directly first, so the relay is counted and then reverts.
    const signer = randomEd25519KeyPair();
    const request = await createRequest(harness, app, signer.publicKey);
    await addSigner(devnet, user, { app, signer });
    const reverted = await approve(harness, request.token, user);
    assert.deepEqual([reverted.status, reverted.json.errors?.[0]?.code], [409, 'RELAY_REVERTED']);
    assert.deepEqual(quotaOf(reverted), ['2', '0', '86400']);
    // Another user has a quota left; the hour's budget is now the tightest.
    const last = await approve(harness, (await createRequest(harness, otherApp)).token, otherUser);
    assert.equal(last.status, 200, JSON.stringify(last.json));
    assert.deepEqual(quotaOf(last), ['3', '0', '3600']);
  });

  it('limits signed key requests per app fid per hour, counted once the signature proves the app', async () => {
    const harness = await service({ signedKeyRequestsPerHour: 2 });
    const first = await call(harness, 'POST', '/v2/signed-key-requests', await requestBody(harness));
    assert.equal(first.status, 200);
    assert.equal(first.headers['x-ratelimit-remaining'], '1');
    // A request its app did not sign is not counted against the app (and says nothing of its allowance).
    const forged = { ...(await requestBody(harness)), requestFid: Number(otherApp.fid) };
    const refusedForgery = await call(harness, 'POST', '/v2/signed-key-requests', forged);
    assert.equal(refusedForgery.status, 400);
    assert.equal(refusedForgery.headers['x-ratelimit-remaining'], undefined);
    // A request the app signed is counted, also when a later check refuses it, and its refusal says so.
    const body = await requestBody(harness);
    const sponsorship = {
      sponsorFid: Number(otherApp.fid),
      signature: await signSponsorship(body.signature, otherApp.custody.privateKey),
    };
    const unsponsored = await call(harness, 'POST', '/v2/signed-key-requests', { ...body, sponsorship });
    assert.deepEqual([unsponsored.status, unsponsored.json.errors?.[0]?.code], [403, 'SPONSOR_NOT_ELIGIBLE']);
    assert.equal(unsponsored.headers['x-ratelimit-remaining'], '0');
    const third = await call(harness, 'POST', '/v2/signed-key-requests', await requestBody(harness));
    assert.equal(third.status, 429);
    assert.equal(third.json.errors?.[0]?.code, 'RATE_LIMITED');
    assert.equal(third.headers['retry-after'], '3600');
    assert.equal(third.headers['x-ratelimit-remaining'], '0');
    // The forgery was not counted against the app it named.
    const otherFirst = await call(
      harness,
      'POST',
      '/v2/signed-key-requests',
      await requestBody(harness, otherApp),
    );
    assert.equal(otherFirst.headers['x-ratelimit-remaining'], '1');
  });
});
