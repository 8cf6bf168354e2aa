import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eip712, makeUserNameProofClaim, ViemLocalEip712Signer } from '@farcaster/core';
import { bytesToHex, hexToBytes, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEVNET_ROLES, startDevnet, type Devnet } from '../src/chain/devnet/index.js';
import { createAccount, transferCustody, type FixtureAccount } from '../src/chain/fixtures.js';
import { startNamesService, type NamesService } from '../src/names/index.js';
import { signedBody, testConfig, testKey } from '../src/names/testing.js';

/**
 * The registry against a real anvil devnet: custody is read from the IdRegistry over JSON-RPC, the
 * service runs as `agora names` would (its own SQLite file, a real port), and a client registers a name
 * with @farcaster/core's own claim builder and signer.
 */

interface TransferJson {
  username: string;
  owner: Hex;
  timestamp: number;
  to: number;
  server_signature: Hex;
}

describe('name registry on a devnet', () => {
  let devnet: Devnet;
  let service: NamesService;
  let url: string;
  let dataDir: string;
  let alice: FixtureAccount;
  let bob: FixtureAccount;

  before(async () => {
    devnet = await startDevnet({ port: 0 });
    dataDir = mkdtempSync(path.join(tmpdir(), 'agora-names-'));
    const signer = devnet.accounts[DEVNET_ROLES.nameRegistrySigner]!;
    service = await startNamesService({
      config: testConfig({ dataDir, signerKey: signer.privateKey }),
      logger: false,
      // No cache, so a custody transfer is seen by the next request.
      chain: { rpcUrl: devnet.rpcUrl, contracts: devnet.contracts, cacheTtlMs: 0 },
    });
    url = await service.listen();
    [alice, bob] = await Promise.all([createAccount(devnet), createAccount(devnet)]);
  });
  after(async () => {
    await service?.close();
    await devnet?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function post(body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
    const response = await fetch(`${url}/transfers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  }

  async function currentTime(): Promise<number> {
    const response = await fetch(`${url}/current-time`);
    return ((await response.json()) as { currentTime: number }).currentTime;
  }

  it('serves the devnet signer on /signer', async () => {
    const response = await fetch(`${url}/signer`);
    const signer = devnet.accounts[DEVNET_ROLES.nameRegistrySigner]!.address;
    assert.deepEqual(await response.json(), { signer });
  });

  it('registers a name for a client using @farcaster/core, with a server signature hubs accept', async () => {
    const timestamp = await currentTime();
    const owner = alice.custody.address;
    const claim = makeUserNameProofClaim({ name: 'alice', owner, timestamp });
    const coreSigner = new ViemLocalEip712Signer(privateKeyToAccount(alice.custody.privateKey));
    const signature = await coreSigner.signUserNameProofClaim(claim);
    assert.ok(signature.isOk());
    const { status, json } = await post({
      name: 'alice',
      from: 0,
      to: Number(alice.fid),
      fid: Number(alice.fid),
      owner,
      timestamp,
      signature: bytesToHex(signature.value),
    });
    assert.equal(status, 200, JSON.stringify(json));
    const transfer = json.transfer as TransferJson;
    assert.deepEqual(
      [transfer.username, transfer.to, transfer.owner],
      ['alice', Number(alice.fid), owner.toLowerCase()],
    );
    // What a hub does with each transfer: check the server signature against /signer.
    const { signer } = (await (await fetch(`${url}/signer`)).json()) as { signer: Hex };
    const verified = await eip712.verifyUserNameProofClaim(
      makeUserNameProofClaim({
        name: transfer.username,
        owner: transfer.owner,
        timestamp: transfer.timestamp,
      }),
      hexToBytes(transfer.server_signature),
      hexToBytes(signer),
    );
    assert.ok(verified.isOk() && verified.value);
  });

  it("refuses an owner that is not the fid's custody address", async () => {
    const timestamp = await currentTime();
    const bobKey = { privateKey: bob.custody.privateKey, address: bob.custody.address.toLowerCase() as Hex };
    const body = await signedBody({
      name: 'bobby',
      from: 0,
      to: Number(alice.fid),
      timestamp,
      owner: bobKey,
    });
    assert.deepEqual((await post(body)).json, { error: 'Validation failure', code: 'INVALID_FID_OWNER' });
    // An address with no fid at all.
    const stranger = await signedBody({
      name: 'bobby',
      from: 0,
      to: Number(bob.fid),
      timestamp,
      owner: testKey(1),
    });
    assert.deepEqual((await post(stranger)).json, { error: 'Validation failure', code: 'INVALID_FID_OWNER' });
  });

  it('refuses to transfer a name to a fid the IdRegistry has not registered', async () => {
    const timestamp = await currentTime();
    const key = { privateKey: alice.custody.privateKey, address: alice.custody.address.toLowerCase() as Hex };
    const unregistered = Number(bob.fid) + 1000;
    const body = await signedBody({
      name: 'alice',
      from: Number(alice.fid),
      to: unregistered,
      timestamp,
      owner: key,
    });
    assert.deepEqual(await post(body), {
      status: 400,
      json: { error: 'Validation failure', code: 'RECEIVER_NOT_REGISTERED' },
    });
  });

  it('follows a custody transfer on chain: the old address is refused, the new one accepted', async () => {
    const moved = await transferCustody(devnet, bob);
    const timestamp = await currentTime();
    const key = (account: FixtureAccount) => ({
      privateKey: account.custody.privateKey,
      address: account.custody.address.toLowerCase() as Hex,
    });
    const fid = Number(bob.fid);
    const old = await signedBody({ name: 'bob', from: 0, to: fid, timestamp, owner: key(bob) });
    assert.deepEqual((await post(old)).json, { error: 'Validation failure', code: 'INVALID_FID_OWNER' });
    const current = await signedBody({ name: 'bob', from: 0, to: fid, timestamp, owner: key(moved) });
    assert.equal((await post(current)).status, 200);
  });
});
