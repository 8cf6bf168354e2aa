// The name registry and the node together on a real devnet: a name registered with @farcaster/core's
// client helpers reaches the node through its fname sync, a USERNAME for it is accepted, and after the
// name is unregistered the same USERNAME is refused.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  FarcasterNetwork,
  makeUserDataAdd,
  makeUserNameProofClaim,
  Message as CoreMessage,
  NobleEd25519Signer,
  UserDataType,
  ViemLocalEip712Signer,
} from '@farcaster/core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { startDevnet, type Devnet } from '../src/chain/devnet/index.js';
import { createAccount } from '../src/chain/fixtures.js';
import { startNamesService, type NamesService } from '../src/names/index.js';
import { startNodeService, type NodeService } from '../src/node/index.js';
import { hexToBytes } from '../src/protocol/hex.js';
import { devnetNamesConfig, devnetNodeConfig, quickFnameSleep } from './support/devnet-services.js';
import { transferTimestamps } from './support/transfer-timestamps.js';

type Account = Awaited<ReturnType<typeof createAccount>>;

describe('name registry → node fname sync → USERNAME user data', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agora-fname-'));
  let devnet: Devnet;
  let names: NamesService;
  let namesUrl: string;
  let node: NodeService;
  let user: Account;
  let fid: number;
  const nextTimestamp = transferTimestamps();

  before(async () => {
    devnet = await startDevnet({ port: 0 });
    user = await createAccount(devnet);
    fid = Number(user.fid);
    names = await startNamesService({
      config: devnetNamesConfig(devnet, dataDir, ['--cooldown-seconds', '0']),
      logger: false,
      chain: { rpcUrl: devnet.rpcUrl },
    });
    namesUrl = await names.listen();
    node = await startNodeService(devnetNodeConfig(devnet, dataDir, namesUrl), { sleep: quickFnameSleep });
    await node.chainIngest?.caughtUp();
  });

  after(async () => {
    await node?.close();
    await names?.close();
    await devnet?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A transfer signed by the user's custody key with core's client helpers, as a real client does. */
  async function transfer(name: string, from: number, to: number) {
    const signer = new ViemLocalEip712Signer(privateKeyToAccount(user.custody.privateKey));
    const timestamp = nextTimestamp();
    const claim = makeUserNameProofClaim({ name, owner: user.custody.address, timestamp });
    const signature = (await signer.signUserNameProofClaim(claim))._unsafeUnwrap();
    const response = await fetch(`${namesUrl}/transfers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name,
        from,
        to,
        fid,
        owner: user.custody.address,
        timestamp,
        signature: `0x${Buffer.from(signature).toString('hex')}`,
      }),
    });
    assert.equal(response.status, 200, await response.text());
  }

  async function submitUsername(value: string) {
    const message = await makeUserDataAdd(
      { type: UserDataType.USERNAME, value },
      { fid, network: FarcasterNetwork.DEVNET },
      new NobleEd25519Signer(hexToBytes(user.signer.privateKey)!),
    );
    return fetch(`${node.url}/v1/submitMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: CoreMessage.encode(message._unsafeUnwrap()).finish(),
    });
  }

  async function events(): Promise<{ type: string; mergeUsernameProofBody?: Record<string, unknown> }[]> {
    const response = await fetch(`${node.url}/v1/events?from_event_id=0`);
    return ((await response.json()) as { events: [] }).events;
  }

  it('a registered name reaches the node and makes USERNAME valid for its fid', async () => {
    assert.equal((await submitUsername('agora-alice')).status, 400, 'refused before the name exists');
    await transfer('agora-alice', 0, fid);
    await node.fnameSync?.caughtUp();

    const proof = (await (await fetch(`${node.url}/v1/userNameProofByName?name=agora-alice`)).json()) as {
      fid: number;
      name: string;
    };
    assert.equal(proof.fid, fid);
    assert.equal(proof.name, 'agora-alice');
    const merged = (await events()).filter((e) => e.type === 'HUB_EVENT_TYPE_MERGE_USERNAME_PROOF');
    assert.equal(merged.length, 1);
    assert.equal((merged[0]!.mergeUsernameProofBody!.usernameProof as { name: string }).name, 'agora-alice');

    const accepted = await submitUsername('agora-alice');
    assert.equal(accepted.status, 200, await accepted.text());
    const userData = (await (await fetch(`${node.url}/v1/userDataByFid?fid=${fid}`)).json()) as {
      messages: { data: { userDataBody: { value: string } } }[];
    };
    assert.deepEqual(
      userData.messages.map((m) => m.data.userDataBody.value),
      ['agora-alice'],
    );
  });

  it('after the name is unregistered, its USERNAME is revoked and refused', async () => {
    await transfer('agora-alice', fid, 0);
    await node.fnameSync?.caughtUp();

    const all = await events();
    assert.ok(
      all.some((e) => e.type === 'HUB_EVENT_TYPE_REVOKE_MESSAGE'),
      'the USERNAME was revoked',
    );
    const userData = (await (await fetch(`${node.url}/v1/userDataByFid?fid=${fid}`)).json()) as {
      messages: unknown[];
    };
    assert.equal(userData.messages.length, 0);

    const refused = await submitUsername('agora-alice');
    assert.equal(refused.status, 400);
    const body = (await refused.json()) as { errCode: string; details: string };
    assert.equal(body.errCode, 'bad_request.validation_failure');
    assert.match(body.details, /agora-alice/);
  });

  it('after the registry restarts with a new signer key, the node still takes its transfers', async () => {
    const rotatedKey = generatePrivateKey();
    await names.close();
    names = await startNamesService({
      config: {
        ...devnetNamesConfig(devnet, dataDir, ['--cooldown-seconds', '0']),
        port: Number(new URL(namesUrl).port),
        signerKey: rotatedKey,
      },
      logger: false,
      chain: { rpcUrl: devnet.rpcUrl },
    });
    assert.equal(await names.listen(), namesUrl);

    await transfer('agora-bob', 0, fid);
    await node.fnameSync?.caughtUp();

    const proof = (await (await fetch(`${node.url}/v1/userNameProofByName?name=agora-bob`)).json()) as {
      fid: number;
    };
    assert.equal(proof.fid, fid);
    assert.equal(node.fnameSync?.status().signer, privateKeyToAccount(rotatedKey).address.toLowerCase());
    const accepted = await submitUsername('agora-bob');
    assert.equal(accepted.status, 200, await accepted.text());
  });
});
