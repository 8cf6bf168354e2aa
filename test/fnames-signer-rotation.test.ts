// The name registry's `/signer` during a key rotation: the previous key announced until its end time, the
// reference's shape without the option, and the configurations it refuses.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { getAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { namesHarness, testKey, TEST_SIGNER_KEY, type NamesHarness } from '../src/names/testing.js';
import type { NamesConfig } from '../src/shared/config/index.js';
import { TEST_START_MS } from '../src/shared/test-clock.js';

const CURRENT = privateKeyToAccount(TEST_SIGNER_KEY).address;
const OLD = getAddress(testKey(1).address);

describe('name registry /signer during a key rotation', () => {
  const harnesses: NamesHarness[] = [];
  after(() => Promise.all(harnesses.map((h) => h.cleanup())));
  const start = async (config: Partial<NamesConfig>) => {
    const h = await namesHarness('sqlite', { config });
    harnesses.push(h);
    return h;
  };
  const signer = async (h: NamesHarness) => (await h.app.inject({ method: 'GET', url: '/signer' })).json();

  it('answers the reference shape without a previous key', async () => {
    assert.deepEqual(await signer(await start({})), { signer: CURRENT });
  });

  it('announces the previous key, checksummed, until its end time', async () => {
    const until = TEST_START_MS / 1000 + 60; // the harness clock starts at TEST_START_MS
    const rotating = await start({ previousSignerAddress: OLD.toLowerCase(), previousSignerUntil: until });
    assert.deepEqual(await signer(rotating), { signer: CURRENT, previousSigner: OLD });
    rotating.clock.advance(59_000);
    assert.deepEqual(await signer(rotating), { signer: CURRENT, previousSigner: OLD });
    rotating.clock.advance(1_000);
    assert.deepEqual(await signer(rotating), { signer: CURRENT });
  });

  it('refuses an end time without a key, and its own key as the previous one', async () => {
    await assert.rejects(
      start({ previousSignerUntil: 1 }),
      /--previous-signer-until needs --previous-signer-address/,
    );
    await assert.rejects(
      start({ previousSignerAddress: CURRENT.toLowerCase() }),
      /--previous-signer-address is the address of --signer-key itself/,
    );
  });
});
