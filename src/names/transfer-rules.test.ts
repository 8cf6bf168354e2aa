import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Hex } from '../protocol/hex.js';
import { NamesError, type NamesErrorCode } from './errors.js';
import type { Transfer } from './store.js';
import {
  authorityOf,
  decide,
  parseOwner,
  type NameState,
  type RegistryPolicy,
  type TransferRequest,
} from './transfer-rules.js';

const OWNER: Hex = '0x00000000000000000000000000000000000000aa';
const OTHER: Hex = '0x00000000000000000000000000000000000000bb';
const NOW = 1_704_067_200;
const COOLDOWN = 1000;
const policy: RegistryPolicy = {
  cooldownSeconds: COOLDOWN,
  reservedNames: new Set(['apple']),
  adminFids: new Set([99]),
  maxTimestampAheadSeconds: 60,
};

function request(fields: Partial<TransferRequest>): TransferRequest {
  return { name: 'alice', from: 0, to: 1, owner: OWNER, timestamp: NOW, signature: '0x', ...fields };
}

function stored(fields: Partial<Transfer>): Transfer {
  return {
    id: 1,
    timestamp: NOW - 2 * COOLDOWN,
    username: 'alice',
    owner: OWNER,
    from: 0,
    to: 1,
    userSignature: '0x',
    serverSignature: '0x',
    ...fields,
  };
}

function throwsCode(work: () => unknown, code: NamesErrorCode): void {
  assert.throws(work, (error: unknown) => error instanceof NamesError && error.code === code);
}

describe('authorityOf', () => {
  it('is the receiver for a registration and the holder otherwise', () => {
    assert.deepEqual(authorityOf(request({ from: 0, to: 5 }), policy), { admin: false, fid: 5 });
    assert.deepEqual(authorityOf(request({ from: 5, to: 0 }), policy), { admin: false, fid: 5 });
    assert.deepEqual(authorityOf(request({ from: 5, to: 6 }), policy), { admin: false, fid: 5 });
  });

  it('accepts a given fid only when it is the acting fid; 0 counts as not given', () => {
    assert.deepEqual(authorityOf(request({ from: 5, to: 6, fid: 5 }), policy), { admin: false, fid: 5 });
    assert.deepEqual(authorityOf(request({ from: 5, to: 6, fid: 0 }), policy), { admin: false, fid: 5 });
    throwsCode(() => authorityOf(request({ from: 5, to: 6, fid: 6 }), policy), 'UNAUTHORIZED');
    throwsCode(() => authorityOf(request({ from: 0, to: 0 }), policy), 'UNAUTHORIZED');
  });

  it('makes an admin fid the authority for any transfer', () => {
    assert.deepEqual(authorityOf(request({ from: 5, to: 6, fid: 99 }), policy), { admin: true, fid: 99 });
  });
});

describe('parseOwner', () => {
  it('lowercases an address and refuses anything else', () => {
    assert.equal(parseOwner(OWNER.toUpperCase().replace('0X', '0x')), OWNER);
    for (const bad of ['', 'aa', OWNER.slice(2), `${OWNER}00`])
      throwsCode(() => parseOwner(bad), 'INVALID_FID_OWNER');
  });
});

describe('decide', () => {
  const user = { admin: false, fid: 1 };
  const context = { authority: user, nowSeconds: NOW, policy };
  const run = (req: TransferRequest, state: Partial<NameState>, ctx = context) =>
    decide(req, OWNER, { latest: undefined, heldByReceiver: undefined, ...state }, ctx);

  it('accepts a registration of a new name', () => {
    assert.deepEqual(run(request({}), {}), { kind: 'accept' });
  });

  it('answers a repeat with the stored transfer before any timestamp rule', () => {
    const latest = stored({});
    const old = request({ timestamp: 0 });
    assert.deepEqual(run(old, { latest, heldByReceiver: 'alice' }), { kind: 'repeat', transfer: latest });
    throwsCode(() => decide(old, OTHER, { latest, heldByReceiver: 'alice' }, context), 'TOO_MANY_NAMES');
    throwsCode(() => run(request({}), { heldByReceiver: 'bob' }), 'TOO_MANY_NAMES');
  });

  it('checks the window (600 s behind, 60 s ahead), then that the name does not go back in time', () => {
    throwsCode(() => run(request({ timestamp: NOW - 601 }), {}), 'INVALID_TIMESTAMP');
    throwsCode(() => run(request({ timestamp: NOW + 61 }), {}), 'INVALID_TIMESTAMP');
    assert.deepEqual(run(request({ timestamp: NOW - 600 }), {}), { kind: 'accept' });
    assert.deepEqual(run(request({ timestamp: NOW + 60 }), {}), { kind: 'accept' });
    const latest = stored({ to: 0, timestamp: NOW + 10 });
    throwsCode(() => run(request({}), { latest }), 'INVALID_TIMESTAMP');
  });

  it('lets only the holder move or burn a name, and only registration revive a burned one', () => {
    const held = stored({ to: 2 });
    throwsCode(() => run(request({ from: 1, to: 3 }), { latest: held }), 'USERNAME_TAKEN');
    throwsCode(() => run(request({ from: 0, to: 3 }), { latest: held }), 'USERNAME_TAKEN');
    const burned = stored({ from: 2, to: 0 });
    throwsCode(() => run(request({ from: 2, to: 3 }), { latest: burned }), 'USERNAME_NOT_FOUND');
    throwsCode(() => run(request({ from: 2, to: 0 }), { latest: burned }), 'USERNAME_NOT_FOUND');
    throwsCode(() => run(request({ from: 2, to: 0 }), {}), 'USERNAME_NOT_FOUND');
    assert.deepEqual(run(request({ from: 2, to: 3 }), { latest: held }), { kind: 'accept' });
  });

  it('applies the cooldown to everyone but admins, counting from any transfer of the name', () => {
    const recent = stored({ to: 0, timestamp: NOW - COOLDOWN + 1 });
    throwsCode(() => run(request({}), { latest: recent }), 'THROTTLED');
    const admin = { ...context, authority: { admin: true, fid: 99 } };
    assert.deepEqual(run(request({}), { latest: recent }, admin), { kind: 'accept' });
    assert.deepEqual(run(request({}), { latest: stored({ to: 0, timestamp: NOW - COOLDOWN }) }), {
      kind: 'accept',
    });
  });

  it("refuses, after every reference rule, a timestamp equal to the name's last transfer", () => {
    const admin = { ...context, authority: { admin: true, fid: 99 } };
    const held = stored({ to: 2, timestamp: NOW });
    // Reference codes first: a stranger's claim is still USERNAME_TAKEN, a holder's move THROTTLED.
    throwsCode(() => run(request({ from: 0, to: 3 }), { latest: held }), 'USERNAME_TAKEN');
    throwsCode(() => run(request({ from: 2, to: 0 }), { latest: held }), 'THROTTLED');
    // What the reference would accept: an admin's move (or any move with no cooldown) in the same second.
    throwsCode(() => run(request({ from: 2, to: 3 }), { latest: held }, admin), 'INVALID_TIMESTAMP');
    const noCooldown = { ...context, policy: { ...policy, cooldownSeconds: 0 } };
    throwsCode(() => run(request({ from: 2, to: 0 }), { latest: held }, noCooldown), 'INVALID_TIMESTAMP');
    const later = request({ from: 2, to: 0, timestamp: NOW + 1 });
    assert.deepEqual(run(later, { latest: held }, noCooldown), { kind: 'accept' });
  });
});
