/**
 * A signer for a user through the social API's signed key request: the app asks, the user approves in
 * their client (here: signs the KeyGateway typed data the API hands out), the API relays it on chain.
 */
import { randomBytes } from 'node:crypto';
import { NobleEd25519Signer, ViemLocalEip712Signer } from '@farcaster/core';
import { bytesToHex, type PrivateKeyAccount, type TypedDataDefinition } from 'viem';
import { call, eventually } from './clients.js';

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
