import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  eip712,
  ID_GATEWAY_EIP_712_DOMAIN,
  ID_GATEWAY_EIP_712_TYPES,
  ID_REGISTRY_EIP_712_DOMAIN,
  ID_REGISTRY_EIP_712_TYPES,
  KEY_GATEWAY_EIP_712_DOMAIN,
  KEY_GATEWAY_EIP_712_TYPES,
  KEY_REGISTRY_EIP_712_DOMAIN,
  KEY_REGISTRY_EIP_712_TYPES,
  SIGNED_KEY_REQUEST_VALIDATOR_EIP_712_DOMAIN,
  SIGNED_KEY_REQUEST_VALIDATOR_EIP_712_TYPES,
  ViemLocalEip712Signer,
} from '@farcaster/core';
import { hashTypedData, recoverAddress, verifyTypedData, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { bytesToHex, type Hex } from '../hex.js';
import { contractDomain, NAME_PROOF_DOMAIN, type Eip712Domain } from './domains.js';
import type { MessageInput, PrimaryType, TypedData } from './typed-data.js';
import * as ours from './typed-messages.js';
import type { VerifyTypedMessageOptions } from './typed-messages.js';
import type { SignatureOutcome } from './verify.js';

const KEY_A: Hex = `0x${'11'.repeat(32)}`;
const KEY_B: Hex = `0x${'22'.repeat(32)}`;
const accountA = privateKeyToAccount(KEY_A);
const accountB = privateKeyToAccount(KEY_B);
const ADDRESS_A = accountA.address.toLowerCase() as Address;
const coreSigner = new ViemLocalEip712Signer(accountA);

const edKey = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
const otherAddress: Hex = '0x000000000000000000000000000000000000dead';
const deadline = 1_900_000_000n;

interface Kind<P extends PrimaryType> {
  typedData(input: MessageInput<P>, options?: { domain?: Eip712Domain }): TypedData<P>;
  sign(input: MessageInput<P>, privateKey: Hex, options?: { domain?: Eip712Domain }): Promise<Hex>;
  verify(
    input: MessageInput<P>,
    signature: unknown,
    options?: VerifyTypedMessageOptions,
  ): Promise<SignatureOutcome>;
}

interface Case<P extends PrimaryType> {
  primaryType: P;
  kind: Kind<P>;
  /** Our input; where the type names its signer, that is account A. */
  input: MessageInput<P>;
  tampered: MessageInput<P>;
  /** The same message as @farcaster/core takes it, with its exported domain and types. */
  coreMessage: Record<string, unknown>;
  coreDomain: Record<string, unknown>;
  coreTypes: Record<string, unknown>;
  coreSign: () => Promise<Uint8Array>;
  /** Whether the expected signer comes from the message itself. */
  ownSigner: boolean;
}

runCase({
  primaryType: 'UserNameProof',
  kind: {
    typedData: ours.typedDataForUserNameProof,
    sign: ours.signUserNameProofClaim,
    verify: ours.verifyUserNameProofClaim,
  },
  input: { name: 'alice', timestamp: 1_700_000_000, owner: accountA.address },
  tampered: { name: 'alicf', timestamp: 1_700_000_000, owner: accountA.address },
  coreMessage: { name: 'alice', timestamp: 1_700_000_000n, owner: accountA.address },
  coreDomain: eip712.EIP_712_USERNAME_DOMAIN,
  coreTypes: eip712.USERNAME_PROOF_EIP_712_TYPES.types,
  coreSign: async () =>
    (
      await coreSigner.signUserNameProofClaim({
        name: 'alice',
        timestamp: 1_700_000_000n,
        owner: accountA.address,
      })
    )._unsafeUnwrap(),
  ownSigner: true,
});
runCase({
  primaryType: 'SignedKeyRequest',
  kind: {
    typedData: ours.typedDataForSignedKeyRequest,
    sign: ours.signSignedKeyRequest,
    verify: ours.verifySignedKeyRequest,
  },
  input: { requestFid: 9152, key: edKey, deadline },
  tampered: { requestFid: 9153, key: edKey, deadline },
  coreMessage: { requestFid: 9152n, key: bytesToHex(edKey), deadline },
  coreDomain: SIGNED_KEY_REQUEST_VALIDATOR_EIP_712_DOMAIN,
  coreTypes: SIGNED_KEY_REQUEST_VALIDATOR_EIP_712_TYPES.types,
  coreSign: async () =>
    (await coreSigner.signKeyRequest({ requestFid: 9152n, key: edKey, deadline }))._unsafeUnwrap(),
  ownSigner: false,
});
runCase({
  primaryType: 'Add',
  kind: {
    typedData: ours.typedDataForKeyGatewayAdd,
    sign: ours.signKeyGatewayAdd,
    verify: ours.verifyKeyGatewayAdd,
  },
  input: {
    owner: ADDRESS_A,
    keyType: 1,
    key: bytesToHex(edKey),
    metadataType: 1,
    metadata: '0xabcdef',
    nonce: 3,
    deadline,
  },
  tampered: {
    owner: ADDRESS_A,
    keyType: 1,
    key: bytesToHex(edKey),
    metadataType: 1,
    metadata: '0xabcdee',
    nonce: 3,
    deadline,
  },
  coreMessage: {
    owner: accountA.address,
    keyType: 1,
    key: bytesToHex(edKey),
    metadataType: 1,
    metadata: '0xabcdef',
    nonce: 3n,
    deadline,
  },
  coreDomain: KEY_GATEWAY_EIP_712_DOMAIN,
  coreTypes: KEY_GATEWAY_EIP_712_TYPES.types,
  coreSign: async () =>
    (
      await coreSigner.signAdd({
        owner: accountA.address,
        keyType: 1,
        key: edKey,
        metadataType: 1,
        metadata: '0xabcdef',
        nonce: 3n,
        deadline,
      })
    )._unsafeUnwrap(),
  ownSigner: true,
});
runCase({
  primaryType: 'Register',
  kind: {
    typedData: ours.typedDataForIdGatewayRegister,
    sign: ours.signIdGatewayRegister,
    verify: ours.verifyIdGatewayRegister,
  },
  input: { to: accountA.address, recovery: otherAddress, nonce: 0, deadline },
  tampered: { to: accountA.address, recovery: otherAddress, nonce: 1, deadline },
  coreMessage: { to: accountA.address, recovery: otherAddress, nonce: 0n, deadline },
  coreDomain: ID_GATEWAY_EIP_712_DOMAIN,
  coreTypes: ID_GATEWAY_EIP_712_TYPES.types,
  coreSign: async () =>
    (
      await coreSigner.signRegister({ to: accountA.address, recovery: otherAddress, nonce: 0n, deadline })
    )._unsafeUnwrap(),
  ownSigner: true,
});
runCase({
  primaryType: 'Remove',
  kind: {
    typedData: ours.typedDataForKeyRegistryRemove,
    sign: ours.signKeyRegistryRemove,
    verify: ours.verifyKeyRegistryRemove,
  },
  input: { owner: accountA.address, key: edKey, nonce: 7n, deadline },
  tampered: { owner: accountA.address, key: edKey, nonce: 7n, deadline: deadline + 1n },
  coreMessage: { owner: accountA.address, key: bytesToHex(edKey), nonce: 7n, deadline },
  coreDomain: KEY_REGISTRY_EIP_712_DOMAIN,
  coreTypes: KEY_REGISTRY_EIP_712_TYPES.types,
  coreSign: async () =>
    (
      await coreSigner.signRemove({ owner: accountA.address, key: edKey, nonce: 7n, deadline })
    )._unsafeUnwrap(),
  ownSigner: true,
});
runCase({
  primaryType: 'Transfer',
  kind: {
    typedData: ours.typedDataForIdRegistryTransfer,
    sign: ours.signIdRegistryTransfer,
    verify: ours.verifyIdRegistryTransfer,
  },
  input: { fid: 42, to: otherAddress, nonce: 1, deadline },
  tampered: { fid: 43, to: otherAddress, nonce: 1, deadline },
  coreMessage: { fid: 42n, to: otherAddress, nonce: 1n, deadline },
  coreDomain: ID_REGISTRY_EIP_712_DOMAIN,
  coreTypes: { Transfer: ID_REGISTRY_EIP_712_TYPES.types.Transfer },
  coreSign: async () =>
    (await coreSigner.signTransfer({ fid: 42n, to: otherAddress, nonce: 1n, deadline }))._unsafeUnwrap(),
  ownSigner: false,
});
runCase({
  primaryType: 'TransferAndChangeRecovery',
  kind: {
    typedData: ours.typedDataForIdRegistryTransferAndChangeRecovery,
    sign: ours.signIdRegistryTransferAndChangeRecovery,
    verify: ours.verifyIdRegistryTransferAndChangeRecovery,
  },
  input: { fid: 42, to: otherAddress, recovery: accountB.address, nonce: 1, deadline },
  tampered: { fid: 42, to: otherAddress, recovery: otherAddress, nonce: 1, deadline },
  coreMessage: { fid: 42n, to: otherAddress, recovery: accountB.address, nonce: 1n, deadline },
  coreDomain: ID_REGISTRY_EIP_712_DOMAIN,
  coreTypes: { TransferAndChangeRecovery: ID_REGISTRY_EIP_712_TYPES.types.TransferAndChangeRecovery },
  coreSign: async () =>
    (
      await coreSigner.signTransferAndChangeRecovery({
        fid: 42n,
        to: otherAddress,
        recovery: accountB.address,
        nonce: 1n,
        deadline,
      })
    )._unsafeUnwrap(),
  ownSigner: false,
});
runCase({
  primaryType: 'ChangeRecoveryAddress',
  kind: {
    typedData: ours.typedDataForIdRegistryChangeRecoveryAddress,
    sign: ours.signIdRegistryChangeRecoveryAddress,
    verify: ours.verifyIdRegistryChangeRecoveryAddress,
  },
  input: { fid: 42, from: otherAddress, to: accountB.address, nonce: 2, deadline },
  tampered: { fid: 42, from: otherAddress, to: accountB.address, nonce: 3, deadline },
  coreMessage: { fid: 42n, from: otherAddress, to: accountB.address, nonce: 2n, deadline },
  coreDomain: ID_REGISTRY_EIP_712_DOMAIN,
  coreTypes: { ChangeRecoveryAddress: ID_REGISTRY_EIP_712_TYPES.types.ChangeRecoveryAddress },
  coreSign: async () =>
    (
      await coreSigner.signChangeRecoveryAddress({
        fid: 42n,
        from: otherAddress,
        to: accountB.address,
        nonce: 2n,
        deadline,
      })
    )._unsafeUnwrap(),
  ownSigner: false,
});

type ViemTypedData = Parameters<typeof hashTypedData>[0];

function coreTypedData<P extends PrimaryType>(c: Case<P>): ViemTypedData {
  return {
    domain: c.coreDomain,
    types: c.coreTypes,
    primaryType: c.primaryType,
    message: c.coreMessage,
  } as ViemTypedData;
}

/** Account A signs every case; where no field names the signer, say who is expected. */
function expectA<P extends PrimaryType>(c: Case<P>): VerifyTypedMessageOptions {
  return c.ownSigner ? {} : { expectedSigner: accountA.address };
}

function runCase<P extends PrimaryType>(c: Case<P>): void {
  describe(`EIP-712 ${c.primaryType}`, () => {
    it('hashes exactly like @farcaster/core constants', () => {
      assert.equal(
        hashTypedData(c.kind.typedData(c.input) as ViemTypedData),
        hashTypedData(coreTypedData(c)),
      );
    });

    it('verifies a signature made by @farcaster/core and signs identically', async () => {
      const coreSignature = bytesToHex(await c.coreSign());
      assert.deepEqual(await c.kind.verify(c.input, coreSignature, expectA(c)), {
        ok: true,
        signer: ADDRESS_A,
      });
      assert.deepEqual(await c.kind.verify(c.input, await c.coreSign()), { ok: true, signer: ADDRESS_A });
      assert.equal(await c.kind.sign(c.input, KEY_A), coreSignature);
    });

    it('signs what viem verifies against the @farcaster/core domain and types', async () => {
      const signature = await c.kind.sign(c.input, KEY_A);
      assert.equal(
        await verifyTypedData({ ...coreTypedData(c), address: accountA.address, signature }),
        true,
      );
    });

    it('rejects the wrong signer, a tampered field and the wrong domain', async () => {
      const byB = await c.kind.sign(c.input, KEY_B);
      const wrong = await c.kind.verify(c.input, byB, expectA(c));
      assert.equal(wrong.ok, false);
      assert.equal(!wrong.ok && wrong.reason, 'wrong_signer');
      assert.equal(!wrong.ok && wrong.recovered, accountB.address.toLowerCase());

      const signature = await c.kind.sign(c.input, KEY_A);
      const tampered = await c.kind.verify(c.tampered, signature, expectA(c));
      assert.equal(!tampered.ok && tampered.reason, 'wrong_signer');

      const devnet: Eip712Domain = { ...c.kind.typedData(c.input).domain, chainId: 31337 };
      const onDevnet = await c.kind.sign(c.input, KEY_A, { domain: devnet });
      const crossDomain = await c.kind.verify(c.input, onDevnet, expectA(c));
      assert.equal(!crossDomain.ok && crossDomain.reason, 'wrong_signer');
      assert.deepEqual(await c.kind.verify(c.input, onDevnet, { ...expectA(c), domain: devnet }), {
        ok: true,
        signer: ADDRESS_A,
      });
    });

    it('returns failures for malformed signatures and messages', async () => {
      const signature = await c.kind.sign(c.input, KEY_A);
      for (const bad of ['0x1234', 'not hex', `${signature}00`, 42, null, `0x${'00'.repeat(65)}`]) {
        const outcome = await c.kind.verify(c.input, bad, expectA(c));
        assert.equal(!outcome.ok && outcome.reason, 'malformed_signature', String(bad));
      }
      const broken = Object.fromEntries(
        Object.keys(c.input).map((k) => [k, 'garbage']),
      ) as unknown as MessageInput<P>;
      const outcome = await c.kind.verify(broken, signature);
      assert.equal(!outcome.ok && outcome.reason, 'malformed_message');
      const notObject = await c.kind.verify(null as unknown as MessageInput<P>, signature);
      assert.equal(!notObject.ok && notObject.reason, 'malformed_message');
      assert.throws(() => c.kind.typedData(broken), TypeError);
    });
  });
}

describe('EIP-712 typed data for wallets', () => {
  it('typedDataForKeyGatewayAdd returns the full viem-ready object with normalized fields', () => {
    const typedData = ours.typedDataForKeyGatewayAdd({
      owner: accountA.address,
      keyType: 1,
      key: edKey,
      metadataType: 1,
      metadata: '0xABCDEF',
      nonce: 0,
      deadline: 1_900_000_000,
    });
    assert.deepEqual(typedData, {
      domain: contractDomain('keyGateway'),
      types: { Add: KEY_GATEWAY_EIP_712_TYPES.types.Add },
      primaryType: 'Add',
      message: {
        owner: ADDRESS_A,
        keyType: 1,
        key: bytesToHex(edKey),
        metadataType: 1,
        metadata: '0xabcdef',
        nonce: 0n,
        deadline: 1_900_000_000n,
      },
    });
  });

  it('refuses out-of-range integers', async () => {
    const input = {
      owner: ADDRESS_A,
      keyType: 2 ** 32,
      key: edKey,
      metadataType: 1,
      metadata: '0x',
      nonce: 0,
      deadline,
    };
    assert.throws(() => ours.typedDataForKeyGatewayAdd(input), /keyType/);
    for (const nonce of [-1, 1.5, 2 ** 53, 1n << 256n]) {
      const outcome = await ours.verifyKeyGatewayAdd({ ...input, keyType: 1, nonce }, '0x');
      assert.equal(!outcome.ok && outcome.reason, 'malformed_message', String(nonce));
    }
  });

  it('lets the name registry verify its own server signature on a user claim', async () => {
    const claim = { name: 'bob', timestamp: 1_700_000_000, owner: accountA.address };
    const serverSignature = await ours.signUserNameProofClaim(claim, KEY_B);
    const asUser = await ours.verifyUserNameProofClaim(claim, serverSignature);
    assert.equal(!asUser.ok && asUser.reason, 'wrong_signer');
    assert.deepEqual(
      await ours.verifyUserNameProofClaim(claim, serverSignature, { expectedSigner: accountB.address }),
      {
        ok: true,
        signer: accountB.address.toLowerCase(),
      },
    );
    assert.equal(ours.typedDataForUserNameProof(claim).domain, NAME_PROOF_DOMAIN);
  });
});

describe('EIP-712 contract (ERC-1271) signers', () => {
  const wallet: Address = '0x00000000000000000000000000000000000c0de1';
  const input = {
    owner: wallet,
    keyType: 1,
    key: edKey,
    metadataType: 1,
    metadata: '0x',
    nonce: 0,
    deadline,
  };

  it('asks the injected checker, on the domain chain, when recovery does not give the owner', async () => {
    const signature = await ours.signKeyGatewayAdd(input, KEY_A);
    const calls: unknown[][] = [];
    const outcome = await ours.verifyKeyGatewayAdd(input, signature, {
      contractChecker: async (address, hash, sig, chainId) => {
        calls.push([address, hash, sig, chainId]);
        // A wallet owned by account A: approve what A signed.
        return (await recoverAddress({ hash, signature: sig })) === accountA.address;
      },
    });
    assert.deepEqual(outcome, { ok: true, signer: wallet });
    assert.deepEqual(calls, [
      [wallet, hashTypedData(ours.typedDataForKeyGatewayAdd(input) as ViemTypedData), signature, 10],
    ]);
  });

  it('reports a checker that says no or throws', async () => {
    const signature = await ours.signKeyGatewayAdd(input, KEY_A);
    const no = await ours.verifyKeyGatewayAdd(input, signature, { contractChecker: async () => false });
    assert.equal(!no.ok && no.reason, 'wrong_signer');
    const broken = await ours.verifyKeyGatewayAdd(input, signature, {
      contractChecker: async () => {
        throw new Error('rpc down');
      },
    });
    assert.equal(!broken.ok && broken.reason, 'contract_check_error');
    assert.match(!broken.ok ? broken.message : '', /rpc down/);
  });
});
