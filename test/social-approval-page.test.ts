import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { keyRegistryAbi } from '../src/chain/contracts.js';
import { DEVNET_ROLES, devnetPublicClient, startDevnet, type Devnet } from '../src/chain/devnet/index.js';
import { createAccount, randomEd25519KeyPair, type FixtureAccount } from '../src/chain/fixtures.js';
import { signSignedKeyRequest } from '../src/protocol/eip712/index.js';
import { testClock, type TestClock } from '../src/shared/test-clock.js';
import { createKeyChain } from '../src/social/keys/chain.js';
import { openSocialHarness, type FakeNode, type SocialHarness } from '../src/social/testing.js';
import { forEachDialect } from '../src/storage/testing.js';

/**
 * The approval page in headless Chromium with a test wallet injected as `window.ethereum` (it signs in
 * Node with a viem account): a request created over HTTP is approved in the page, addFor is mined on a
 * devnet, and the page follows the request to `completed` once the (fake) node reports the signer.
 */

let devnet: Devnet;
let browser: Browser;
let app: FixtureAccount;
let user: FixtureAccount;

before(async () => {
  // Both settle before either failure is thrown, so `after` can stop whichever one started.
  const [chain, chrome] = await Promise.allSettled([
    startDevnet({ port: 0 }),
    chromium.launch({ executablePath: '/usr/bin/chromium' }),
  ]);
  if (chain.status === 'fulfilled') devnet = chain.value;
  if (chrome.status === 'fulfilled') browser = chrome.value;
  for (const started of [chain, chrome]) if (started.status === 'rejected') throw started.reason;
  [app, user] = await Promise.all([createAccount(devnet), createAccount(devnet)]);
});
after(async () => {
  await browser?.close();
  await devnet?.stop();
});

forEachDialect('signed key request approval page', (dialect) => {
  let harness: SocialHarness;
  let clock: TestClock;
  let node: FakeNode;
  let url: string;

  before(async () => {
    harness = await openSocialHarness(
      dialect,
      {},
      {
        clock: testClock(Date.now()),
        chain: (clock) =>
          createKeyChain({
            rpcUrl: devnet.rpcUrl,
            relayerKey: devnet.accounts[DEVNET_ROLES.relayer]!.privateKey,
            clock,
            pollingIntervalMs: 20,
          }),
      },
    );
    ({ clock, node } = harness);
    url = await harness.service.listen();
  });
  after(() => harness?.close());

  async function createRequest(): Promise<{ token: string; key: Hex }> {
    const key = randomEd25519KeyPair().publicKey;
    const deadline = clock.seconds() + 86_400;
    const signature = await signSignedKeyRequest(
      { requestFid: app.fid, key, deadline },
      app.custody.privateKey,
    );
    const response = await fetch(`${url}/v2/signed-key-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key, requestFid: Number(app.fid), deadline, signature }),
    });
    assert.equal(response.status, 200);
    const body = (await response.json()) as { result: { signedKeyRequest: { token: string } } };
    return { token: body.result.signedKeyRequest.token, key };
  }

  /** A page whose `window.ethereum` is the user's custody wallet, and every error the page reports. */
  async function pageWithWallet(wallet: boolean): Promise<{ page: Page; problems: string[] }> {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    if (wallet) {
      const account = privateKeyToAccount(user.custody.privateKey);
      await page.exposeFunction('testWallet', async (method: string, params: unknown[]) => {
        if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [account.address];
        if (method === 'eth_signTypedData_v4') {
          assert.equal(String(params[0]).toLowerCase(), account.address.toLowerCase());
          return account.signTypedData(JSON.parse(String(params[1])));
        }
        throw new Error(`the test wallet does not support ${method}`);
      });
      // Runs in the page before its own script: an EIP-1193 provider calling back into Node.
      await page.addInitScript(
        'window.ethereum = { request: ({ method, params }) => window.testWallet(method, params ?? []) };',
      );
    }
    return { page, problems };
  }

  async function waitForState(page: Page, state: string): Promise<void> {
    try {
      // A locator, not waitForFunction: the page's CSP forbids evaluating code in its own world.
      await page.locator('#state', { hasText: new RegExp(`^${state}$`) }).waitFor({ timeout: 15_000 });
    } catch (error) {
      throw new Error(`the page never showed ${state}; it says: ${await page.textContent('#status')}`, {
        cause: error,
      });
    }
  }

  it('approves a request in the browser: addFor mined, then completed when the node has the signer', async () => {
    const request = await createRequest();
    const { page, problems } = await pageWithWallet(true);
    try {
      const response = await page.goto(`${url}/signed-key-request?token=${request.token}`);
      assert.equal(response?.status(), 200);
      assert.match(response?.headers()['content-security-policy'] ?? '', /script-src 'nonce-/);
      assert.equal(await page.textContent('#app-fid'), String(app.fid));
      assert.equal(await page.textContent('#key'), request.key);
      assert.equal(await page.textContent('#state'), 'pending');
      assert.equal(await page.locator('#qr svg').count(), 1);
      assert.equal(
        await page.getAttribute('#qr', 'title'),
        `farcaster://signed-key-request?token=${request.token}`,
      );

      await page.click('#approve');
      await waitForState(page, 'approved');
      assert.equal(await page.textContent('#user-fid'), String(user.fid));
      assert.equal(await page.isHidden('#approve'), true);
      const keyData = await devnetPublicClient(devnet).readContract({
        address: devnet.contracts.keyRegistry,
        abi: keyRegistryAbi,
        functionName: 'keyDataOf',
        args: [user.fid, request.key],
      });
      assert.deepEqual(keyData, { state: 1, keyType: 1 });
      const api = await fetch(`${url}/v2/signed-key-request?token=${request.token}`);
      const state = (await api.json()) as {
        result: { signedKeyRequest: { state: string; userFid: number } };
      };
      assert.equal(state.result.signedKeyRequest.state, 'approved');
      assert.equal(state.result.signedKeyRequest.userFid, Number(user.fid));

      // The page polls every 2 s; once the node has merged the signer it shows completed.
      node.addSigner(Number(user.fid), request.key);
      await waitForState(page, 'completed');
      assert.match((await page.textContent('#status')) ?? '', /^Completed/);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  it('tells a browser without a wallet to scan the QR code instead', async () => {
    const request = await createRequest();
    const { page, problems } = await pageWithWallet(false);
    try {
      await page.goto(`${url}/signed-key-request?token=${request.token}`);
      await page.click('#approve');
      assert.match((await page.textContent('#status')) ?? '', /^No Ethereum wallet found/);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  it('answers an unknown token with a 404 page and a missing one with 400', async () => {
    const unknown = await fetch(`${url}/signed-key-request?token=0x${'00'.repeat(16)}`);
    assert.equal(unknown.status, 404);
    assert.match(unknown.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(await unknown.text(), /Unknown signed key request/);
    const missing = await fetch(`${url}/signed-key-request`);
    assert.equal(missing.status, 400);
  });
});
