import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { privateKeyToAccount } from 'viem/accounts';
import { ed25519PublicKeyFromSeed, signEd25519 } from '../ed25519.js';
import { bytesToBase58 } from '../base58.js';
import { makeEthAddressClaim, signEthAddressClaim, type ContractSignatureChecker } from '../eip712/index.js';
import type { HubErrorCode } from '../errors.js';
import { MessageType, Protocol, type VerificationAddAddressBody } from '../gen/message.js';
import { hexToBytes } from '../hex.js';
import { validateMessageData } from './message-data.js';
import {
  assertProblem,
  assertValid,
  makeData,
  NETWORK,
  receive,
  signMessage,
  testContext,
} from './testing.js';
import { validateMessage } from './validate.js';

const FID = 1;
const PRIVATE_KEY = '0x0123456789012345678901234567890123456789012345678901234567890123';
const account = privateKeyToAccount(PRIVATE_KEY);
const address = hexToBytes(account.address) ?? new Uint8Array();
const blockHash = new Uint8Array(32).fill(9);

async function ethBody(overrides: Partial<VerificationAddAddressBody> = {}, chainId = 0) {
  const claim = makeEthAddressClaim(FID, address, NETWORK, blockHash);
  assert.ok(claim.ok);
  const signature = await signEthAddressClaim(claim.value, PRIVATE_KEY, chainId);
  return {
    address,
    blockHash,
    claimSignature: hexToBytes(signature) ?? new Uint8Array(),
    verificationType: 0,
    chainId: 0,
    protocol: Protocol.ETHEREUM,
    ...overrides,
  };
}

const SOLANA_SEED = new Uint8Array(32).fill(5);
const solanaKey = ed25519PublicKeyFromSeed(SOLANA_SEED);
function solanaBody(overrides: Partial<VerificationAddAddressBody> = {}): VerificationAddAddressBody {
  const text = `fid: ${FID} address: ${bytesToBase58(solanaKey)} network: ${NETWORK} blockHash: ${bytesToBase58(blockHash)} protocol: 1`;
  return {
    address: solanaKey,
    blockHash,
    claimSignature: signEd25519(SOLANA_SEED, new TextEncoder().encode(text)),
    verificationType: 0,
    chainId: 0,
    protocol: Protocol.SOLANA,
    ...overrides,
  };
}

const verify = (body: VerificationAddAddressBody, checker?: ContractSignatureChecker) =>
  validateMessage(
    receive(
      signMessage(
        makeData({
          type: MessageType.VERIFICATION_ADD_ETH_ADDRESS,
          fid: FID,
          verificationAddAddressBody: body,
        }),
      ),
    ),
    testContext({ contractSignatureChecker: checker }),
  );

describe('VerificationAdd (Ethereum)', () => {
  it('accepts an EOA claim signed by the address', async () => {
    assertValid(await verify(await ethBody()));
  });

  it('refuses a claim for another fid, network or signer', async () => {
    const other = await ethBody({ address: new Uint8Array(20).fill(1) });
    assertProblem(await verify(other), 'bad_request.validation_failure', 'invalid claimSignature');
    const body = await ethBody();
    const message = signMessage(
      makeData({
        type: MessageType.VERIFICATION_ADD_ETH_ADDRESS,
        fid: FID + 1,
        verificationAddAddressBody: body,
      }),
    );
    assertProblem(
      await validateMessage(receive(message), testContext()),
      'bad_request.validation_failure',
      'invalid claimSignature',
    );
  });

  it('refuses unparseable signatures as a client fault, not an unknown error', async () => {
    assertProblem(
      await verify(await ethBody({ claimSignature: new Uint8Array(10) })),
      'bad_request.validation_failure',
      'invalid claimSignature',
    );
  });

  const structural: [string, Partial<VerificationAddAddressBody>, HubErrorCode, string][] = [
    [
      'no address',
      { address: new Uint8Array() },
      'bad_request.validation_failure',
      'Ethereum address is missing',
    ],
    [
      'a 21-byte address',
      { address: new Uint8Array(21) },
      'bad_request.validation_failure',
      'Ethereum address must be 20 bytes',
    ],
    [
      'no block hash',
      { blockHash: new Uint8Array() },
      'bad_request.validation_failure',
      'blockHash is missing',
    ],
    [
      'a 31-byte block hash',
      { blockHash: new Uint8Array(31) },
      'bad_request.validation_failure',
      'blockHash must be 32 bytes',
    ],
    [
      'a 2049-byte claim signature',
      { claimSignature: new Uint8Array(2049) },
      'bad_request.validation_failure',
      'claimSignature > 2048 bytes',
    ],
    [
      'an unknown protocol',
      { protocol: 2 as Protocol },
      'bad_request.validation_failure',
      'invalid verification protocol',
    ],
    ['an EOA claim with a chain id', { chainId: 10 }, 'bad_request.invalid_param', 'Invalid chain ID'],
    [
      'a contract claim on goerli',
      { verificationType: 1, chainId: 5 },
      'bad_request.invalid_param',
      'Invalid chain ID',
    ],
    [
      'verification type 2',
      { verificationType: 2 },
      'bad_request.invalid_param',
      'Invalid verification type',
    ],
  ];
  for (const [name, overrides, errCode, message] of structural) {
    it(`refuses ${name}`, async () =>
      assertProblem(await verify(await ethBody(overrides)), errCode, message));
  }

  it('checks contract-wallet claims through the injected checker only', async () => {
    const body = await ethBody({ verificationType: 1, chainId: 10 }, 10);
    assertProblem(await verify(body), 'bad_request.invalid_param', 'RPC client not provided for chainId 10');
    const seen: number[] = [];
    const approve: ContractSignatureChecker = async (_address, _hash, _signature, chainId) => {
      seen.push(chainId);
      return true;
    };
    assertValid(await verify(body, approve));
    assert.deepEqual(seen, [10]);
    assertProblem(
      await verify(body, async () => false),
      'bad_request.validation_failure',
      'invalid claimSignature',
    );
    const failing: ContractSignatureChecker = async () => {
      throw new Error('rpc down');
    };
    const result = await verify(body, failing);
    assert.equal(result.ok ? '' : result.error.errCode, 'unavailable.network_failure');
  });
});

describe('VerificationAdd (Solana)', () => {
  it('accepts an Ed25519 claim signed by the address key', async () => {
    assertValid(await verify(solanaBody()));
  });

  it('refuses bad sizes and signatures', async () => {
    const cases: [Partial<VerificationAddAddressBody>, string][] = [
      [{ address: new Uint8Array(20) }, 'solana address must be 32 bytes'],
      [{ blockHash: new Uint8Array(20) }, 'blockHash must be 32 bytes'],
      [{ claimSignature: new Uint8Array(65) }, 'claimSignature != 64 bytes'],
      [{ claimSignature: new Uint8Array(64) }, 'invalid claimSignature'],
      [{ blockHash: new Uint8Array(32).fill(8) }, 'invalid claimSignature'],
    ];
    for (const [overrides, message] of cases) {
      assertProblem(await verify(solanaBody(overrides)), 'bad_request.validation_failure', message);
    }
  });
});

describe('VerificationRemove', () => {
  const remove = (body: { address: Uint8Array; protocol: Protocol }) =>
    validateMessageData(
      makeData({ type: MessageType.VERIFICATION_REMOVE, verificationRemoveBody: body }),
      testContext(),
    );

  it('needs an address of the protocol size', () => {
    assertValid(remove({ address: new Uint8Array(20), protocol: Protocol.ETHEREUM }));
    assertValid(remove({ address: new Uint8Array(32), protocol: Protocol.SOLANA }));
    const cases: [Uint8Array, Protocol, string][] = [
      [new Uint8Array(32), Protocol.ETHEREUM, 'Ethereum address must be 20 bytes'],
      [new Uint8Array(), Protocol.ETHEREUM, 'Ethereum address is missing'],
      [new Uint8Array(20), Protocol.SOLANA, 'solana address must be 32 bytes'],
      [new Uint8Array(20), 3 as Protocol, 'invalid verification protocol'],
    ];
    for (const [address, protocol, message] of cases) {
      assertProblem(remove({ address, protocol }), 'bad_request.validation_failure', message);
    }
  });
});
