import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  eip712,
  FarcasterNetwork,
  makeVerificationAddressClaim,
  NobleEd25519Signer,
  Protocol,
  recreateSolanaClaimMessage,
  ViemLocalEip712Signer,
  type VerificationAddressClaimSolana,
} from '@farcaster/core';
import { hashTypedData, recoverAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ed25519PublicKeyFromSeed, signEd25519 } from '../ed25519.js';
import { bytesToHex, hexToBytes, type Hex } from '../hex.js';
import {
  makeEthAddressClaim,
  makeSolanaAddressClaim,
  signEthAddressClaim,
  solanaClaimText,
  typedDataForEthAddressClaim,
  verifyEthAddressClaim,
  verifySolanaAddressClaim,
  type EthAddressClaim,
} from './verification-claims.js';
import type { ContractSignatureChecker } from './verify.js';

const KEY_A: Hex = `0x${'11'.repeat(32)}`;
const KEY_B: Hex = `0x${'22'.repeat(32)}`;
const account = privateKeyToAccount(KEY_A);
const addressBytes = hexToBytes(account.address) ?? new Uint8Array();
const blockHash = Uint8Array.from({ length: 32 }, (_, i) => 255 - i);
const fid = 1234;
const network = FarcasterNetwork.MAINNET;

function ethClaim(): EthAddressClaim {
  const made = makeEthAddressClaim(fid, addressBytes, network, blockHash);
  assert.ok(made.ok);
  return made.value;
}

/** Stands in for an RPC isValidSignature call: the wallet approves whatever account A signs. */
const walletOfA: ContractSignatureChecker = async (_address, hash, signature) =>
  (await recoverAddress({ hash, signature })) === account.address;

describe('Ethereum address claims', () => {
  it('are built like @farcaster/core builds them', () => {
    const core = makeVerificationAddressClaim(
      fid,
      addressBytes,
      network,
      blockHash,
      Protocol.ETHEREUM,
    )._unsafeUnwrap();
    assert.deepEqual({ ...ethClaim() }, { ...core });
    assert.equal(makeEthAddressClaim(fid, addressBytes.subarray(1), network, blockHash).ok, false);
    assert.equal(makeEthAddressClaim(fid, addressBytes, network, blockHash.subarray(1)).ok, false);
    assert.equal(makeEthAddressClaim(-1, addressBytes, network, blockHash).ok, false);
    assert.equal(makeEthAddressClaim(fid, addressBytes, 256, blockHash).ok, false);
  });

  it('verify an EOA signature made by @farcaster/core, locally', async () => {
    const signer = new ViemLocalEip712Signer(account);
    const signature = (await signer.signVerificationEthAddressClaim(ethClaim()))._unsafeUnwrap();
    const outcome = await verifyEthAddressClaim(ethClaim(), signature, { verificationType: 0, chainId: 0 });
    assert.deepEqual(outcome, { ok: true, signer: account.address.toLowerCase() });
  });

  it('sign what @farcaster/core verifies', async () => {
    const signature = await signEthAddressClaim(ethClaim(), KEY_A);
    const valid = await eip712.verifyVerificationEthAddressClaimSignature(
      ethClaim(),
      hexToBytes(signature) ?? new Uint8Array(),
      addressBytes,
      0,
      0,
    );
    assert.equal(valid._unsafeUnwrap(), true);
  });

  it('reject a signature by another key or over another claim', async () => {
    const byB = await signEthAddressClaim(ethClaim(), KEY_B);
    const wrong = await verifyEthAddressClaim(ethClaim(), byB, { verificationType: 0, chainId: 0 });
    assert.equal(!wrong.ok && wrong.reason, 'wrong_signer');
    const signature = await signEthAddressClaim(ethClaim(), KEY_A);
    const other = await verifyEthAddressClaim({ ...ethClaim(), fid: 1235n }, signature, {
      verificationType: 0,
      chainId: 0,
    });
    assert.equal(!other.ok && other.reason, 'wrong_signer');
  });

  it('send contract claims to the injected checker with the chain-specific hash', async () => {
    const signer = new ViemLocalEip712Signer(account);
    const signature = bytesToHex(
      (await signer.signVerificationEthAddressClaim(ethClaim(), 10))._unsafeUnwrap(),
    );
    const calls: unknown[][] = [];
    const outcome = await verifyEthAddressClaim(
      ethClaim(),
      signature,
      { verificationType: 1, chainId: 10 },
      (...args) => {
        calls.push(args);
        return walletOfA(...args);
      },
    );
    assert.deepEqual(outcome, { ok: true, signer: account.address.toLowerCase() });
    const coreHash = hashTypedData({
      domain: { ...eip712.EIP_712_FARCASTER_DOMAIN, chainId: 10 },
      types: { VerificationClaim: eip712.EIP_712_FARCASTER_VERIFICATION_CLAIM },
      primaryType: 'VerificationClaim',
      message: ethClaim(),
    });
    assert.deepEqual(calls, [[account.address.toLowerCase(), coreHash, signature, 10]]);
    assert.equal(hashTypedData(typedDataForEthAddressClaim(ethClaim(), 10)), coreHash);
  });

  it('fail clearly without a checker, or with bad types and chains', async () => {
    const signature = await signEthAddressClaim(ethClaim(), KEY_A, 1);
    const noChecker = await verifyEthAddressClaim(ethClaim(), signature, { verificationType: 1, chainId: 1 });
    assert.equal(!noChecker.ok && noChecker.reason, 'no_contract_checker');
    const cases = [
      [{ verificationType: 0, chainId: 10 }, 'bad_chain_id'],
      [{ verificationType: 1, chainId: 0 }, 'bad_chain_id'],
      [{ verificationType: 1, chainId: 5 }, 'bad_chain_id'],
      [{ verificationType: 2, chainId: 0 }, 'bad_verification_type'],
    ] as const;
    for (const [options, reason] of cases) {
      const outcome = await verifyEthAddressClaim(ethClaim(), signature, options, walletOfA);
      assert.equal(!outcome.ok && outcome.reason, reason, JSON.stringify(options));
    }
    const garbage = await verifyEthAddressClaim(
      ethClaim(),
      'xyz',
      { verificationType: 1, chainId: 1 },
      walletOfA,
    );
    assert.equal(!garbage.ok && garbage.reason, 'malformed_signature');
    const badClaim = { ...ethClaim(), address: '0xnope' as Hex };
    const malformed = await verifyEthAddressClaim(badClaim, signature, { verificationType: 0, chainId: 0 });
    assert.equal(!malformed.ok && malformed.reason, 'malformed_message');
  });
});

describe('Solana address claims', () => {
  const seed = new Uint8Array(32).fill(9);
  const solanaAddress = ed25519PublicKeyFromSeed(seed);
  const made = makeSolanaAddressClaim(fid, solanaAddress, network, blockHash);
  assert.ok(made.ok);
  const claim = made.value;

  it('are built and spelled like @farcaster/core', () => {
    const core = makeVerificationAddressClaim(
      fid,
      solanaAddress,
      network,
      blockHash,
      Protocol.SOLANA,
    )._unsafeUnwrap();
    assert.deepEqual({ ...claim }, { ...core });
    const coreText = recreateSolanaClaimMessage(
      core as VerificationAddressClaimSolana,
      solanaAddress,
    ).toString('utf8');
    assert.equal(solanaClaimText(claim), coreText);
    assert.match(coreText, /^fid: 1234 address: \w+ network: 1 blockHash: \w+ protocol: 1$/);
  });

  it('verify an Ed25519 signature by the address, made by @farcaster/core', async () => {
    const text = new TextEncoder().encode(solanaClaimText(claim));
    const signature = (await new NobleEd25519Signer(seed).signMessageHash(text))._unsafeUnwrap();
    assert.deepEqual(verifySolanaAddressClaim(claim, signature), { ok: true });
    assert.deepEqual(verifySolanaAddressClaim(claim, bytesToHex(signature)), { ok: true });
  });

  it('reject tampering, other keys and malformed input', () => {
    const signature = signEd25519(seed, new TextEncoder().encode(solanaClaimText(claim)));
    const tampered = verifySolanaAddressClaim({ ...claim, fid: 1n }, signature);
    assert.equal(!tampered.ok && tampered.reason, 'bad_signature');
    const byOther = signEd25519(new Uint8Array(32).fill(8), new TextEncoder().encode(solanaClaimText(claim)));
    assert.equal(verifySolanaAddressClaim(claim, byOther).ok, false);
    const short = verifySolanaAddressClaim(claim, signature.subarray(1));
    assert.equal(!short.ok && short.reason, 'malformed_signature');
    const badAddress = verifySolanaAddressClaim({ ...claim, address: '0OIl' }, signature);
    assert.equal(!badAddress.ok && badAddress.reason, 'malformed_claim');
  });
});
