import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { privateKeyToAccount } from 'viem/accounts';
import { signUserNameProofClaim } from '../../protocol/eip712/index.js';
import { UserNameProof, UserNameType } from '../../protocol/gen/username_proof.js';
import { hexToBytes } from '../../protocol/hex.js';
import type { Hex } from '../../protocol/hex.js';
import { parseSigner, parseTransfersPage, transferProof, verifyTransfer } from './transfers.js';

const REGISTRY_KEY: Hex = `0x${'11'.repeat(32)}`;
const registry = privateKeyToAccount(REGISTRY_KEY).address;
const OWNER: Hex = `0x${'ab'.repeat(20)}`;

/** A transfer as the registry serves it (name-registry.md §1: keys, order, lowercase hex). */
function wire(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    timestamp: 1_700_000_000 + id,
    username: `name${id}`,
    owner: OWNER,
    from: 0,
    to: 100 + id,
    user_signature: `0x${'22'.repeat(65)}`,
    server_signature: `0x${'33'.repeat(65)}`,
    ...overrides,
  };
}

describe('registry transfers', () => {
  it('parses a page, reporting unusable transfers by id instead of failing the page', () => {
    const entries = parseTransfersPage(
      { transfers: [wire(5), wire(6, { owner: 'nope' }), wire(9, { to: -1 }), wire(10, { username: '' })] },
      4,
    );
    assert.deepEqual(entries, [
      {
        id: 5,
        transfer: {
          id: 5,
          timestamp: 1_700_000_005,
          username: 'name5',
          owner: OWNER,
          to: 105,
          serverSignature: `0x${'33'.repeat(65)}`,
        },
      },
      { id: 6, problem: 'owner is not a 20-byte hex address' },
      { id: 9, problem: 'to is not a non-negative integer' },
      { id: 10, problem: 'username is missing' },
    ]);
    assert.deepEqual(parseTransfersPage({ transfers: [] }, 0), []);
  });

  it('refuses bodies that are not a page of transfers after the cursor', () => {
    const garbage: [unknown, RegExp][] = [
      [null, /without a transfers array/],
      [[wire(1)], /without a transfers array/],
      [{ transfers: 'x' }, /without a transfers array/],
      [{ transfers: ['x'] }, /ids must increase from 0, got undefined/],
      [{ transfers: [wire(1), wire(1)] }, /ids must increase from 1, got 1/],
      [{ transfers: [{ ...wire(1), id: '2' }] }, /got "2"/],
      [{ transfers: [{ ...wire(1), id: 1.5 }] }, /got 1.5/],
    ];
    for (const [body, error] of garbage) assert.throws(() => parseTransfersPage(body, 0), error);
    assert.throws(() => parseTransfersPage({ transfers: [wire(3)] }, 3), /must increase from 3/);
  });

  it('reads the signer address in any case, and the previous one announced during a rotation', () => {
    const signer = registry.toLowerCase();
    assert.deepEqual(parseSigner({ signer: registry }), { signer, previousSigner: undefined });
    assert.deepEqual(parseSigner({ signer: registry, previousSigner: null }), {
      signer,
      previousSigner: undefined,
    });
    assert.deepEqual(
      parseSigner({ signer: registry, previousSigner: OWNER.toUpperCase().replace('0X', '0x') }),
      {
        signer,
        previousSigner: OWNER,
      },
    );
    for (const body of [{}, { signer: '0x1234' }, 'x', null, { signer: registry, previousSigner: 'no' }]) {
      assert.throws(() => parseSigner(body));
    }
  });

  it('builds the proof a hub builds, and verifies the registry signature only', async () => {
    const claim = { name: 'alice', timestamp: 1_700_000_000, owner: OWNER };
    const signature = await signUserNameProofClaim(claim, REGISTRY_KEY);
    const [entry] = parseTransfersPage(
      { transfers: [wire(1, { username: 'alice', timestamp: 1_700_000_000, server_signature: signature })] },
      0,
    );
    assert.ok(entry !== undefined && 'transfer' in entry);
    assert.deepEqual(
      transferProof(entry.transfer),
      UserNameProof.fromPartial({
        timestamp: 1_700_000_000,
        name: new TextEncoder().encode('alice'),
        owner: hexToBytes(OWNER),
        signature: hexToBytes(signature),
        fid: 101,
        type: UserNameType.USERNAME_TYPE_FNAME,
      }),
    );
    assert.equal((await verifyTransfer(entry.transfer, parseSigner({ signer: registry }).signer)).ok, true);
    const other = privateKeyToAccount(`0x${'44'.repeat(32)}`).address.toLowerCase() as Hex;
    assert.equal((await verifyTransfer(entry.transfer, other)).ok, false);
    const renamed = { ...entry.transfer, username: 'mallory' };
    assert.equal((await verifyTransfer(renamed, registry.toLowerCase() as Hex)).ok, false);
  });
});
