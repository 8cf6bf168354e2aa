/**
 * Two ways an app gets a signer for a user. Through the social API's signed key request: the app asks, the
 * user approves in their client (here: signs the KeyGateway typed data the API hands out), the API relays it
 * on chain. Or gasless (the current protocol's KEY_ADD): the user's wallet and the app's custody each sign a
 * message, the new key signs the envelope, and the node takes it with no chain transaction.
 */
import { randomBytes } from 'node:crypto';
import {
  FarcasterNetwork,
  getFarcasterTime,
  makeKeyAdd,
  makeKeyAddBody,
  NobleEd25519Signer,
  ViemLocalEip712Signer,
  type MessageType,
} from '@farcaster/core';
import { bytesToHex, type PrivateKeyAccount, type TypedDataDefinition } from 'viem';
import { call, eventually, submit } from './clients.js';

export interface Account {
  fid: number;
  account: PrivateKeyAccount;
}

interface SignedKeyRequest {
  token: string;
  deeplinkUrl: string;
  key: string;
  state: 'pending' | 'approved' | 'completed';
  userFid?: number;
}

type RequestResponse = { result: { signedKeyRequest: SignedKeyRequest } };

export async function requestSigner(
  socialUrl: string,
  app: Account,
  user: Account,
  log: (line: string) => void,
): Promise<NobleEd25519Signer> {
  const signer = new NobleEd25519Signer(randomBytes(32));
  const key = (await signer.getSignerKey())._unsafeUnwrap();
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 86_400);
  const requestSignature = (
    await new ViemLocalEip712Signer(app.account).signKeyRequest({
      requestFid: BigInt(app.fid),
      key,
      deadline,
    })
  )._unsafeUnwrap();

  const created = await call<RequestResponse>('POST', `${socialUrl}/v2/signed-key-requests`, {
    body: {
      key: bytesToHex(key),
      requestFid: app.fid,
      deadline: Number(deadline),
      signature: bytesToHex(requestSignature),
    },
  });
  const { token, deeplinkUrl } = created.result.signedKeyRequest;
  log(`  app ${app.fid} asked for a signer: ${deeplinkUrl}`);

  // In the user's client: fetch what to sign, sign it with the custody wallet, send it back.
  const approval = await call<{
    result: { typedData: TypedDataDefinition & { message: { deadline: unknown } } };
  }>(
    'GET',
    `${socialUrl}/v2/signed-key-request/approval-data?token=${token}&fidOwner=${user.account.address}`,
  );
  const { typedData } = approval.result;
  const signature = await user.account.signTypedData(typedData);
  await call('POST', `${socialUrl}/v2/signed-key-request/approve`, {
    body: { token, fidOwner: user.account.address, deadline: Number(typedData.message.deadline), signature },
  });
  log(`  fid ${user.fid} approved it; the social API relayed KeyGateway.addFor`);

  const done = await eventually('the signed key request to complete', async () => {
    const { result } = await call<RequestResponse>(
      'GET',
      `${socialUrl}/v2/signed-key-request?token=${token}`,
    );
    return result.signedKeyRequest.state === 'completed' ? result.signedKeyRequest : undefined;
  });
  if (done.userFid !== user.fid)
    throw new Error(`request completed for fid ${done.userFid}, not ${user.fid}`);
  log(`  the node merged the signer: request ${token.slice(0, 10)}… is completed`);
  return signer;
}

/** A week: the key expires a week after its last use, unless the app removes it sooner. */
const GASLESS_TTL_SECONDS = 7 * 86_400;

/** A gasless signer of `user` for `app`, allowed to sign `scopes` only. */
export async function gaslessSigner(
  nodeUrl: string,
  app: Account,
  user: Account,
  scopes: MessageType[],
  log: (line: string) => void,
): Promise<NobleEd25519Signer> {
  const signer = new NobleEd25519Signer(randomBytes(32));
  const key = (await signer.getSignerKey())._unsafeUnwrap();
  // Each key message of the user's wallet needs a nonce above the last one the node took.
  const { currentUserNonce } = await call<{ currentUserNonce: number }>(
    'GET',
    `${nodeUrl}/v1/signersByFid?fid=${user.fid}&pageSize=1`,
  );
  const body = await makeKeyAddBody(
    {
      fid: BigInt(user.fid),
      key,
      scopes,
      ttl: GASLESS_TTL_SECONDS,
      nonce: currentUserNonce + 1,
      deadline: getFarcasterTime()._unsafeUnwrap() + 3600,
      requestFid: BigInt(app.fid),
    },
    new ViemLocalEip712Signer(user.account),
    new ViemLocalEip712Signer(app.account),
  );
  const message = await makeKeyAdd(
    body._unsafeUnwrap(),
    { fid: user.fid, network: FarcasterNetwork.DEVNET },
    signer,
  );
  await submit(nodeUrl, message._unsafeUnwrap());
  const { signer: record } = await call<{ signer: { source: string; requestFid: number } }>(
    'GET',
    `${nodeUrl}/v1/signer?fid=${user.fid}&signer=${bytesToHex(key)}`,
  );
  if (record.source !== 'SIGNER_SOURCE_OFFCHAIN' || record.requestFid !== app.fid) {
    throw new Error(`the node lists the gasless key as ${JSON.stringify(record)}`);
  }
  log(`  fid ${user.fid} signed a KEY_ADD for app ${app.fid}: the node took it, no transaction`);
  return signer;
}
