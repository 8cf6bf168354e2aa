import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  eip712,
  ID_GATEWAY_EIP_712_DOMAIN,
  ID_REGISTRY_EIP_712_DOMAIN,
  KEY_GATEWAY_EIP_712_DOMAIN,
  KEY_REGISTRY_EIP_712_DOMAIN,
  SIGNED_KEY_REQUEST_VALIDATOR_EIP_712_DOMAIN,
} from '@farcaster/core';
import { domainSeparator, keccak256, stringToHex } from 'viem';
import {
  contractDomain,
  NAME_PROOF_DOMAIN,
  VERIFICATION_CLAIM_DOMAIN,
  verificationClaimDomain,
  type Eip712Domain,
} from './domains.js';
import { EIP712_TYPES, type PrimaryType } from './typed-data.js';

const separator = (domain: Eip712Domain | Record<string, unknown>) =>
  domainSeparator({ domain: domain as Eip712Domain });

describe('EIP-712 domains', () => {
  it('equal the @farcaster/core domains', () => {
    assert.equal(separator(contractDomain('idGateway')), separator(ID_GATEWAY_EIP_712_DOMAIN));
    assert.equal(separator(contractDomain('idRegistry')), separator(ID_REGISTRY_EIP_712_DOMAIN));
    assert.equal(separator(contractDomain('keyGateway')), separator(KEY_GATEWAY_EIP_712_DOMAIN));
    assert.equal(separator(contractDomain('keyRegistry')), separator(KEY_REGISTRY_EIP_712_DOMAIN));
    assert.equal(
      separator(contractDomain('signedKeyRequestValidator')),
      separator(SIGNED_KEY_REQUEST_VALIDATOR_EIP_712_DOMAIN),
    );
    assert.equal(separator(NAME_PROOF_DOMAIN), separator(eip712.EIP_712_USERNAME_DOMAIN));
    assert.equal(separator(VERIFICATION_CLAIM_DOMAIN), separator(eip712.EIP_712_FARCASTER_DOMAIN));
    assert.equal(
      separator(verificationClaimDomain(10)),
      separator({ ...eip712.EIP_712_FARCASTER_DOMAIN, chainId: 10 }),
    );
  });

  it('use the reference values', () => {
    assert.deepEqual(contractDomain('signedKeyRequestValidator'), {
      name: 'Farcaster SignedKeyRequestValidator',
      version: '1',
      chainId: 10,
      verifyingContract: '0x00000000FC700472606ED4fA22623Acf62c60553',
    });
    assert.equal(verificationClaimDomain(0), VERIFICATION_CLAIM_DOMAIN);
    assert.equal('chainId' in VERIFICATION_CLAIM_DOMAIN, false);
  });

  it('derive for another chain and address', () => {
    const domain = contractDomain('keyGateway', {
      chainId: 31337,
      address: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
    });
    assert.deepEqual(domain, {
      name: 'Farcaster KeyGateway',
      version: '1',
      chainId: 31337,
      verifyingContract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    });
    assert.throws(() => contractDomain('idGateway', { address: '0x1234' }), TypeError);
  });
});

describe('EIP-712 type hashes (reference/chain.md §4)', () => {
  const typeString = (primaryType: PrimaryType) =>
    `${primaryType}(${EIP712_TYPES[primaryType].map((f) => `${f.type} ${f.name}`).join(',')})`;
  const typeHash = (primaryType: PrimaryType) => keccak256(stringToHex(typeString(primaryType)));

  it('match the contracts', () => {
    assert.equal(typeHash('Register'), '0xda015cfdaa9f5cc1c418ff1c04a4cbd09fcecc68838ea2e0ec2bb42ce17da781');
    assert.equal(typeHash('Add'), '0x4b433bd06b4af9895086805d78f8acbe4b07223722f4feff3ee4393feb4fd754');
    assert.equal(typeHash('Remove'), '0x32e091a0c6fc95c826855f4e40ebda4957b528bd84c9062416ceb903082dabe4');
    assert.equal(typeHash('Transfer'), '0xcdbe3d2a782931ab7e1b568857680f9812900b4702ab75d82ddfd270aaf595f5');
  });

  it('spell the remaining types as the reference does', () => {
    assert.equal(
      typeString('SignedKeyRequest'),
      'SignedKeyRequest(uint256 requestFid,bytes key,uint256 deadline)',
    );
    assert.equal(
      typeString('TransferAndChangeRecovery'),
      'TransferAndChangeRecovery(uint256 fid,address to,address recovery,uint256 nonce,uint256 deadline)',
    );
    assert.equal(
      typeString('ChangeRecoveryAddress'),
      'ChangeRecoveryAddress(uint256 fid,address from,address to,uint256 nonce,uint256 deadline)',
    );
    assert.equal(typeString('UserNameProof'), 'UserNameProof(string name,uint256 timestamp,address owner)');
    assert.equal(
      typeString('VerificationClaim'),
      'VerificationClaim(uint256 fid,address address,bytes32 blockHash,uint8 network)',
    );
  });
});
