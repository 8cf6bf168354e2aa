import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { keyRegistryAbi } from '../src/chain/contracts.js';
import { DEVNET_ROLES, devnetPublicClient, startDevnet, type Devnet } from '../src/chain/devnet/index.js';
import {
  addSigner,
  createAccount,
  createWallet,
  randomEd25519KeyPair,
  type FidOwner,
  type FixtureAccount,
} from '../src/chain/fixtures.js';
import { signSignedKeyRequest, signSponsorship } from '../src/protocol/eip712/index.js';
import type { DevAccount } from '../src/chain/devnet/index.js';
import { testClock, type TestClock } from '../src/shared/test-clock.js';
import { SocialError } from '../src/social/errors.js';
import { createKeyChain, type KeyChain } from '../src/social/keys/chain.js';
import { createSocialService, type SocialService } from '../src/social/service.js';
import type { SocialTables } from '../src/social/store.js';
import {
  openSocialHarness,
  TEST_ADMIN_TOKEN,
  testSocialConfig,
  type FakeNode,
  type SocialHarness,
} from '../src/social/testing.js';
import { forEachDialect, type TestDatabase } from '../src/storage/testing.js';
import { waitFor } from './support/wait.js';

/**
 * Signed key requests against a real devnet: apps and users are registered on chain, requests are checked
 * against IdRegistry custody, approvals are relayed through KeyGateway.addFor and land in KeyRegistry.
 */

let devnet: Devnet;
let app: FixtureAccount;
let user: FixtureAccount;
let sponsor: FixtureAccount;
let stranger: DevAccount;

before(async () => {
  devnet = await startDevnet({ port: 0 });
  [app, user, sponsor, stranger] = await Promise.all([
    createAccount(devnet),
    createAccount(devnet),
    createAccount(devnet),
    createWallet(devnet),
  ]);
});
after(() => devnet?.stop());

interface Body {
  status: number;
  json: Record<string, unknown> & { result?: Record<string, unknown>; errors?: unknown };
}

forEachDialect('signed key requests', (dialect) => {
  let harness: SocialHarness;
  let database: TestDatabase<SocialTables>;
  let clock: TestClock;
  let node: FakeNode;
  let service: SocialService;
  const relays = { count: 0 };

  function realChain(options: { relayer: boolean } = { relayer: true }): KeyChain {
    return createKeyChain({
      rpcUrl: devnet.rpcUrl,
      relayerKey: options.relayer ? devnet.accounts[DEVNET_ROLES.relayer]!.privateKey : undefined,
      clock,
      custodyCacheMs: 0,
      pollingIntervalMs: 20,
    });
  }

  /** A chain that counts relays, with any method replaced. */
  function chainWith(overrides: Partial<KeyChain> = {}, base = realChain()): KeyChain {
    return {
      ...base,
      sendAddFor: (call) => {
        relays.count += 1;
        return base.sendAddFor(call);
      },
      ...overrides,
    };
  }

  /** Another process of the service on the same database. */
  async function otherService(chain: KeyChain | undefined, config = {}): Promise<SocialService> {
    return createSocialService({
      config: testSocialConfig(config),
      logger: false,
      clock,
      node,
      chain,
      indexer: false,
      database: await database.reopen(),
    });
  }

  before(async () => {
    // The chain's blocks carry real time; the service's clock must agree for deadlines to mean one thing.
    clock = testClock(Date.now());
    harness = await openSocialHarness(dialect, {}, { clock, chain: () => chainWith() });
    ({ database, node, service } = harness);
  });
  after(() => harness?.close());

  async function call(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    on: SocialService = service,
    headers: Record<string, string> = {},
  ): Promise<Body> {
    const response = await on.app.inject({ method, url, payload: payload as object, headers });
    return { status: response.statusCode, json: response.json() };
  }

  const now = () => clock.seconds();
  const errorOf = (code: string, message?: string) => {
    const error = new SocialError(code as never, message === undefined ? {} : { message });
    return { errors: [{ message: error.message, code }] };
  };

  async function requestBody(options: { signer?: FidOwner; key?: Hex; deadline?: number } = {}) {
    const key = options.key ?? randomEd25519KeyPair().publicKey;
    const deadline = options.deadline ?? now() + 86_400;
    const signature = await signSignedKeyRequest(
      { requestFid: app.fid, key, deadline },
      (options.signer ?? app).custody.privateKey,
    );
    return { key, requestFid: Number(app.fid), deadline, signature };
  }

  async function createRequest(body?: Record<string, unknown>): Promise<Record<string, unknown>> {
    const created = await call('POST', '/v2/signed-key-requests', body ?? (await requestBody()));
    assert.equal(created.status, 200, JSON.stringify(created.json));
    return created.json.result!.signedKeyRequest as Record<string, unknown>;
  }

  /** What the approval page does: fetch the Add typed data, sign it as parsed JSON, return the approve body. */
  async function approval(token: unknown, owner: DevAccount = user.custody, signer: DevAccount = owner) {
    const data = await call(
      'GET',
      `/v2/signed-key-request/approval-data?token=${String(token)}&fidOwner=${owner.address}`,
    );
    assert.equal(data.status, 200, JSON.stringify(data.json));
    const typedData = (data.json.result as { typedData: { message: { deadline: string } } }).typedData;
    const signature = await privateKeyToAccount(signer.privateKey).signTypedData(typedData as never);
    return { token, fidOwner: owner.address, deadline: Number(typedData.message.deadline), signature };
  }

  async function keyStateOnChain(fid: bigint, key: unknown): Promise<number> {
    const data = await devnetPublicClient(devnet).readContract({
      address: devnet.contracts.keyRegistry,
      abi: keyRegistryAbi,
      functionName: 'keyDataOf',
      args: [fid, key as Hex],
    });
    return data.state;
  }

  it('creates a request on both paths, accepting numeric strings, and serves it by token', async () => {
    const body = await requestBody();
    const created = await call('POST', '/v2/signed-key-request', {
      ...body,
      requestFid: String(body.requestFid),
      deadline: String(body.deadline),
      key: body.key.toUpperCase().replace('0X', '0x'),
    });
    assert.equal(created.status, 200, JSON.stringify(created.json));
    const request = (created.json.result as { signedKeyRequest: { token: string } }).signedKeyRequest;
    assert.match(request.token, /^0x[0-9a-f]{32}$/);
    assert.deepEqual(created.json, {
      result: {
        signedKeyRequest: {
          token: request.token,
          deeplinkUrl: `farcaster://signed-key-request?token=${request.token}`,
          key: body.key,
          state: 'pending',
          requestFid: Number(app.fid),
          isSponsored: false,
        },
      },
    });
    const read = await call('GET', `/v2/signed-key-request?token=${request.token}`);
    assert.equal(read.status, 200);
    assert.deepEqual(read.json, created.json);
    const plural = await createRequest({ ...(await requestBody()), redirectUrl: 'myapp://signed-in' });
    assert.notEqual(plural.token, request.token);
  });

  it('refuses bad input with 400s', async () => {
    const body = await requestBody();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...body, key: body.key.slice(0, 64) }, 400, 'INVALID_REQUEST'],
      [{ ...body, requestFid: 'twelve' }, 400, 'INVALID_REQUEST'],
      [{ ...body, deadline: -1 }, 400, 'INVALID_REQUEST'],
      [{ ...body, signature: 'nothex' }, 400, 'INVALID_REQUEST'],
      [{ ...body, redirectUrl: '/relative' }, 400, 'INVALID_REQUEST'],
      [{ ...body, redirectUrl: 'javascript:alert(1)' }, 400, 'INVALID_REQUEST'],
      [{ ...body, sponsorship: { sponsorFid: 1 } }, 400, 'INVALID_REQUEST'],
      [{ ...(await requestBody({ deadline: now() })) }, 400, 'KEY_REQUEST_EXPIRED'],
      [{ ...body, requestFid: 999_999 }, 400, 'FID_NOT_REGISTERED'],
      // Signed by the user's custody address, not the app's.
      [await requestBody({ signer: user }), 400, 'INVALID_KEY_REQUEST_SIGNATURE'],
      // The signature covers another key.
      [{ ...body, key: randomEd25519KeyPair().publicKey }, 400, 'INVALID_KEY_REQUEST_SIGNATURE'],
      [{ ...body, signature: `0x${'11'.repeat(65)}` }, 400, 'INVALID_KEY_REQUEST_SIGNATURE'],
    ];
    for (const [payload, status, code] of cases) {
      const response = await call('POST', '/v2/signed-key-request', payload);
      assert.equal(response.status, status, `${JSON.stringify(payload)} -> ${JSON.stringify(response.json)}`);
      assert.equal((response.json.errors as { code: string }[])[0]!.code, code);
    }
    const expired = await call('POST', '/v2/signed-key-request', await requestBody({ deadline: now() - 5 }));
    assert.deepEqual(
      expired.json,
      errorOf('KEY_REQUEST_EXPIRED', `deadline ${now() - 5} is not in the future (now ${now()})`),
    );
  });

  it('answers an unknown token with 404 and a missing one with 400', async () => {
    const unknown = await call('GET', `/v2/signed-key-request?token=0x${'ab'.repeat(16)}`);
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.json, errorOf('SIGNED_KEY_REQUEST_NOT_FOUND'));
    assert.equal((await call('GET', '/v2/signed-key-request')).status, 400);
    const data = await call(
      'GET',
      `/v2/signed-key-request/approval-data?token=nope&fidOwner=${user.custody.address}`,
    );
    assert.equal(data.status, 404);
  });

  it('accepts a sponsorship by a custody address with at least 100 warps', async () => {
    const body = await requestBody();
    const sponsorship = {
      sponsorFid: Number(sponsor.fid),
      signature: await signSponsorship(body.signature, sponsor.custody.privateKey),
    };
    const admin = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
    const setWarps = (warps: number, headers = admin) =>
      call('PUT', '/admin/warps', { fid: Number(sponsor.fid), warps }, service, headers);

    const poor = await call('POST', '/v2/signed-key-request', { ...body, sponsorship });
    assert.equal(poor.status, 403);
    assert.deepEqual(
      poor.json,
      errorOf('SPONSOR_NOT_ELIGIBLE', `sponsorFid ${sponsor.fid} has 0 warps; sponsoring needs at least 100`),
    );
    assert.equal((await setWarps(500, { authorization: 'Bearer wrong-token-0123456789' })).status, 401);
    assert.equal((await call('PUT', '/admin/warps', { fid: 1, warps: -1 }, service, admin)).status, 400);
    assert.equal(
      (await call('PUT', '/admin/warps', { fid: 1, warps: 5, warpz: 5 }, service, admin)).status,
      400,
    );
    assert.deepEqual((await setWarps(99)).json, { result: { success: true } });
    assert.equal((await call('POST', '/v2/signed-key-request', { ...body, sponsorship })).status, 403);
    await setWarps(100);
    const sponsored = await createRequest({ ...body, sponsorship });
    assert.equal(sponsored.isSponsored, true);

    const forged = {
      sponsorFid: Number(sponsor.fid),
      signature: await signSponsorship(body.signature, user.custody.privateKey),
    };
    const bad = await call('POST', '/v2/signed-key-request', { ...body, sponsorship: forged });
    assert.equal(bad.status, 400);
    assert.equal((bad.json.errors as { code: string }[])[0]!.code, 'INVALID_SPONSORSHIP');
    const unknownSponsor = await call('POST', '/v2/signed-key-request', {
      ...body,
      sponsorship: { ...sponsorship, sponsorFid: 999_999 },
    });
    assert.deepEqual(
      unknownSponsor.json,
      errorOf('FID_NOT_REGISTERED', 'sponsorFid 999999 is not registered on chain'),
    );
  });

  it('approves through addFor: approved once mined, completed once the node has the signer, never back', async () => {
    const request = await createRequest();
    const before = relays.count;
    const body = await approval(request.token);
    const approved = await call('POST', '/v2/signed-key-request/approve', body);
    assert.equal(approved.status, 200, JSON.stringify(approved.json));
    const expected = { ...request, state: 'approved', userFid: Number(user.fid) };
    assert.deepEqual(approved.json, { result: { signedKeyRequest: expected } });
    assert.equal(relays.count, before + 1);
    assert.equal(await keyStateOnChain(user.fid, request.key), 1);

    assert.deepEqual(
      (await call('POST', '/v2/signed-key-request/approve', body)).json,
      errorOf('ALREADY_APPROVED'),
    );
    const data = await call(
      'GET',
      `/v2/signed-key-request/approval-data?token=${String(request.token)}&fidOwner=${user.custody.address}`,
    );
    assert.equal(data.status, 409);
    const url = `/v2/signed-key-request?token=${String(request.token)}`;
    assert.deepEqual((await call('GET', url)).json, { result: { signedKeyRequest: expected } });

    node.addSigner(Number(user.fid), request.key as Hex);
    const completed = { result: { signedKeyRequest: { ...expected, state: 'completed' } } };
    assert.deepEqual((await call('GET', url)).json, completed);
    node.removeSigner(Number(user.fid), request.key as Hex);
    assert.deepEqual((await call('GET', url)).json, completed);
    assert.equal(relays.count, before + 1);
  });

  it('serves Add typed data for the current nonce that viem signs after JSON parsing', async () => {
    const request = await createRequest();
    const data = await call(
      'GET',
      `/v2/signed-key-request/approval-data?token=${String(request.token)}&fidOwner=${user.custody.address.toLowerCase()}`,
    );
    const result = data.json.result as { typedData: Record<string, unknown>; userFid: number };
    assert.equal(result.userFid, Number(user.fid));
    const { typedData } = result;
    assert.deepEqual(typedData.domain, {
      name: 'Farcaster KeyGateway',
      version: '1',
      chainId: 10,
      verifyingContract: devnet.contracts.keyGateway,
    });
    assert.equal(typedData.primaryType, 'Add');
    const message = typedData.message as Record<string, unknown>;
    assert.equal(message.owner, user.custody.address.toLowerCase());
    assert.equal(message.keyType, 1);
    assert.equal(message.metadataType, 1);
    assert.equal(message.key, request.key);
    assert.match(String(message.nonce), /^\d+$/);
    assert.equal(message.deadline, String(now() + 3600));
    assert.match(String(message.metadata), /^0x[0-9a-f]{576}$/);
  });

  it('refuses approvals by non-owners, wrong signers, stale nonces and after deadlines', async () => {
    const request = await createRequest();
    const approve = (payload: unknown) => call('POST', '/v2/signed-key-request/approve', payload);

    const noFid = await call(
      'GET',
      `/v2/signed-key-request/approval-data?token=${String(request.token)}&fidOwner=${stranger.address}`,
    );
    assert.deepEqual(
      noFid.json,
      errorOf(
        'NOT_FID_OWNER',
        `fidOwner ${stranger.address.toLowerCase()} is not the custody address of an fid`,
      ),
    );
    const good = await approval(request.token);
    assert.equal((await approve({ ...good, fidOwner: stranger.address })).status, 400);

    const wrongSigner = await approval(request.token, user.custody, sponsor.custody);
    const refused = await approve(wrongSigner);
    assert.equal(refused.status, 400);
    assert.equal((refused.json.errors as { code: string }[])[0]!.code, 'INVALID_APPROVAL_SIGNATURE');
    assert.equal((await approve({ ...good, deadline: good.deadline + 1 })).status, 400);
    assert.deepEqual(
      (await approve({ ...good, deadline: now() - 1 })).json,
      errorOf('APPROVAL_EXPIRED', `The approval deadline ${now() - 1} has passed (now ${now()})`),
    );
    assert.deepEqual(
      (await approve({ ...good, token: '0x00' })).json,
      errorOf('SIGNED_KEY_REQUEST_NOT_FOUND'),
    );
    assert.equal((await approve({ ...good, fidOwner: '0x1234' })).status, 400);

    // Another approval by the same owner uses up the nonce the first signature carries: a replay fails.
    const other = await createRequest();
    assert.equal((await approve(await approval(other.token))).status, 200);
    const stale = await approve(good);
    assert.equal(stale.status, 400);
    assert.equal((stale.json.errors as { code: string }[])[0]!.code, 'INVALID_APPROVAL_SIGNATURE');
    assert.equal((await approve(await approval(request.token))).status, 200);
  });

  it('refuses to approve a request past its deadline, which still reads as pending', async () => {
    const request = await createRequest(await requestBody({ deadline: now() + 60 }));
    const body = await approval(request.token);
    clock.advance(61_000);
    const message = `The signed key request expired at ${now() - 1} (now ${now()})`;
    assert.deepEqual(
      (await call('POST', '/v2/signed-key-request/approve', body)).json,
      errorOf('KEY_REQUEST_EXPIRED', message),
    );
    const data = await call(
      'GET',
      `/v2/signed-key-request/approval-data?token=${String(request.token)}&fidOwner=${user.custody.address}`,
    );
    assert.equal(data.status, 400);
    const read = await call('GET', `/v2/signed-key-request?token=${String(request.token)}`);
    assert.equal(
      (read.json.result as { signedKeyRequest: { state: string } }).signedKeyRequest.state,
      'pending',
    );
  });

  it('reports a relay the chain refuses, keeping the request pending and approvable', async () => {
    const keyPair = randomEd25519KeyPair();
    const request = await createRequest(await requestBody({ key: keyPair.publicKey }));
    const body = await approval(request.token);
    // The user adds the key directly first, so addFor reverts with InvalidState.
    await addSigner(devnet, user, { app, signer: keyPair });
    const reverted = await call('POST', '/v2/signed-key-request/approve', body);
    assert.equal(reverted.status, 409);
    assert.deepEqual(
      reverted.json,
      errorOf(
        'RELAY_REVERTED',
        'The KeyGateway.addFor transaction would revert with InvalidState: the key is already registered to, or was removed from, this fid',
      ),
    );
    const read = await call('GET', `/v2/signed-key-request?token=${String(request.token)}`);
    assert.deepEqual(read.json, { result: { signedKeyRequest: request } });
    // The claim was released: trying again reaches the chain again.
    assert.equal((await call('POST', '/v2/signed-key-request/approve', body)).status, 409);
  });

  it('relays exactly once when two approvals of one request race, also across processes', async () => {
    const second = await otherService(chainWith());
    try {
      const request = await createRequest();
      const body = await approval(request.token);
      const before = relays.count;
      const outcomes = await Promise.all([
        call('POST', '/v2/signed-key-request/approve', body),
        call('POST', '/v2/signed-key-request/approve', body, second),
      ]);
      assert.deepEqual(outcomes.map((outcome) => outcome.status).sort(), [200, 409]);
      const loser = outcomes.find((outcome) => outcome.status === 409)!;
      assert.ok(
        ['APPROVAL_IN_PROGRESS', 'ALREADY_APPROVED'].includes(
          (loser.json.errors as { code: string }[])[0]!.code,
        ),
      );
      assert.equal(relays.count, before + 1);
      assert.equal(await keyStateOnChain(user.fid, request.key), 1);
    } finally {
      await second.close();
    }
  });

  it('relays approvals of different requests at once from one relayer account in two processes', async () => {
    const second = await otherService(chainWith());
    try {
      const [first, other] = [await createRequest(), await createRequest()];
      const bodies = [await approval(first.token), await approval(other.token, sponsor.custody)];
      const outcomes = await Promise.all([
        call('POST', '/v2/signed-key-request/approve', bodies[0]),
        call('POST', '/v2/signed-key-request/approve', bodies[1], second),
      ]);
      assert.deepEqual(
        outcomes.map((outcome) => outcome.status),
        [200, 200],
        JSON.stringify(outcomes.map((outcome) => outcome.json)),
      );
      assert.equal(await keyStateOnChain(user.fid, first.key), 1);
      assert.equal(await keyStateOnChain(sponsor.fid, other.key), 1);
    } finally {
      await second.close();
    }
  });

  it('answers 503 without a chain, an unreachable chain or a relayer, and leaves requests pending', async () => {
    const request = await createRequest();
    const url = `/v2/signed-key-request?token=${String(request.token)}`;
    const body = await approval(request.token);
    const none = await otherService(undefined);
    const unreachable = await otherService(
      createKeyChain({ rpcUrl: 'http://127.0.0.1:1', clock, requestTimeoutMs: 1000 }),
    );
    const noRelayer = await otherService(chainWith({}, realChain({ relayer: false })));
    const failingSend = await otherService(
      chainWith({
        sendAddFor: () => Promise.reject(new SocialError('CHAIN_UNAVAILABLE')),
      }),
    );
    try {
      const noChain = await call('POST', '/v2/signed-key-request', await requestBody(), none);
      assert.equal(noChain.status, 503);
      assert.equal((noChain.json.errors as { code: string }[])[0]!.code, 'CHAIN_UNAVAILABLE');
      assert.equal((await call('POST', '/v2/signed-key-request/approve', body, none)).status, 503);
      assert.equal((await call('GET', url, undefined, none)).status, 200);

      const down = await call('POST', '/v2/signed-key-request', await requestBody(), unreachable);
      assert.equal(down.status, 503);
      assert.equal((down.json.errors as { code: string }[])[0]!.code, 'CHAIN_UNAVAILABLE');
      assert.equal((await call('POST', '/v2/signed-key-request/approve', body, unreachable)).status, 503);
      assert.equal((await call('GET', url, undefined, unreachable)).status, 200);

      const cannotRelay = await call('POST', '/v2/signed-key-request/approve', body, noRelayer);
      assert.deepEqual(
        cannotRelay.json,
        errorOf(
          'RELAYER_UNAVAILABLE',
          'The service has no relayer key (--relayer-key); approvals cannot be relayed',
        ),
      );
      assert.equal((await call('POST', '/v2/signed-key-request/approve', body, failingSend)).status, 503);
      assert.deepEqual((await call('GET', url)).json, { result: { signedKeyRequest: request } });
      // None of those failures kept a claim: the request is still approvable.
      assert.equal((await call('POST', '/v2/signed-key-request/approve', body)).status, 200);
    } finally {
      await Promise.all([none.close(), unreachable.close(), noRelayer.close(), failingSend.close()]);
    }
  });

  it('finds a relayed transaction mined after the approval stopped waiting', async () => {
    // A process that stops waiting for receipts and, like a lagging RPC node, finds none.
    const unknown = () => Promise.resolve('unknown' as const);
    const impatient = await otherService(chainWith({ waitForReceipt: unknown, receiptOf: unknown }));
    try {
      const request = await createRequest();
      const body = await approval(request.token);
      const sent = await call('POST', '/v2/signed-key-request/approve', body, impatient);
      assert.equal(sent.status, 503);
      assert.match(
        (sent.json.errors as { message: string }[])[0]!.message,
        /^The approval transaction 0x[0-9a-f]{64} was sent but is not confirmed yet/,
      );
      // The claim holds while its transaction is not found: nobody relays it a second time.
      assert.deepEqual(
        (await call('POST', '/v2/signed-key-request/approve', body, impatient)).json,
        errorOf('APPROVAL_IN_PROGRESS'),
      );
      // A read finds the transaction once the chain has mined it, and moves the request on.
      const read = await waitFor('the relayed transaction to be found', async () => {
        const found = await call('GET', `/v2/signed-key-request?token=${String(request.token)}`);
        const state = (found.json.result?.signedKeyRequest as { state?: string } | undefined)?.state;
        return state === 'pending' ? undefined : found;
      });
      assert.deepEqual(read.json, {
        result: { signedKeyRequest: { ...request, state: 'approved', userFid: Number(user.fid) } },
      });
    } finally {
      await impatient.close();
    }
  });

  it('finds a stale relay that landed before anyone can take it over, and does not relay again', async () => {
    const impatient = await otherService(
      chainWith({ waitForReceipt: () => Promise.resolve('unknown' as const) }),
    );
    try {
      const request = await createRequest();
      const body = await approval(request.token);
      assert.equal((await call('POST', '/v2/signed-key-request/approve', body, impatient)).status, 503);
      await waitFor('the relayed key on chain', async () =>
        (await keyStateOnChain(user.fid, request.key)) === 1 ? true : undefined,
      );
      // Past the stale-claim limit, and nobody has read the request since: the claim could be taken over,
      // but the transaction it recorded is looked up first.
      clock.advance(301_000);
      const relayed = relays.count;
      const dataUrl = `/v2/signed-key-request/approval-data?token=${String(request.token)}&fidOwner=${user.custody.address}`;
      assert.deepEqual((await call('GET', dataUrl)).json, errorOf('ALREADY_APPROVED'));
      assert.deepEqual(
        (await call('POST', '/v2/signed-key-request/approve', body)).json,
        errorOf('ALREADY_APPROVED'),
      );
      assert.equal(relays.count, relayed);
      assert.deepEqual((await call('GET', `/v2/signed-key-request?token=${String(request.token)}`)).json, {
        result: { signedKeyRequest: { ...request, state: 'approved', userFid: Number(user.fid) } },
      });
    } finally {
      await impatient.close();
    }
  });
});
