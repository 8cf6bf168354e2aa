import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { getAddress } from 'viem';
import { putUserData, putVerification } from '../src/social/node-index/store.js';
import { openSocialHarness, type SocialHarness } from '../src/social/testing.js';
import { forEachDialect } from '../src/storage/testing.js';

const OLDEST = getAddress('0x8ba1f109551bd432803012645ac136ddd64dba72');
const CHOSEN = getAddress('0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae');
const SOLANA_OLDEST = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
const SOLANA_CHOSEN = 'DRpbCBMxVnDK7maPM5tGv6MvB3v1sRMC86PZ8okm21hy';
const ETHEREUM_PREFERENCE = 11;
const SOLANA_PREFERENCE = 12;

forEachDialect('primary addresses', (dialect) => {
  let harness: SocialHarness;
  before(async () => {
    harness = await openSocialHarness(dialect);
    const db = harness.database.db;
    // fid 1: two ethereum addresses and a preference (written lowercase) for the newer one.
    await putVerification(db, { fid: 1, protocol: 'ethereum', address: OLDEST, verifiedAt: 100 });
    await putVerification(db, { fid: 1, protocol: 'ethereum', address: CHOSEN, verifiedAt: 200 });
    await putUserData(db, 1, ETHEREUM_PREFERENCE, CHOSEN.toLowerCase());
    // fid 2: no preference; fid 3: a preference that is not one of their verified addresses.
    await putVerification(db, { fid: 2, protocol: 'ethereum', address: CHOSEN, verifiedAt: 300 });
    await putVerification(db, { fid: 2, protocol: 'ethereum', address: OLDEST, verifiedAt: 50 });
    await putVerification(db, { fid: 3, protocol: 'ethereum', address: OLDEST, verifiedAt: 10 });
    await putUserData(db, 3, ETHEREUM_PREFERENCE, CHOSEN);
    // Solana on fid 1: case matters in base58.
    await putVerification(db, { fid: 1, protocol: 'solana', address: SOLANA_OLDEST, verifiedAt: 100 });
    await putVerification(db, { fid: 1, protocol: 'solana', address: SOLANA_CHOSEN, verifiedAt: 200 });
    await putUserData(db, 1, SOLANA_PREFERENCE, SOLANA_CHOSEN);
    await putUserData(db, 2, SOLANA_PREFERENCE, SOLANA_CHOSEN);
  });
  after(() => harness.close());

  const get = (url: string) => harness.app.inject({ method: 'GET', url });

  it("serves the user's choice, checksummed, when it is one of their verified addresses", async () => {
    const response = await get('/fc/primary-address?fid=1&protocol=ethereum');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), {
      result: { address: { fid: 1, protocol: 'ethereum', address: CHOSEN } },
    });
    assert.deepEqual((await get('/fc/primary-address?fid=1&protocol=solana')).json(), {
      result: { address: { fid: 1, protocol: 'solana', address: SOLANA_CHOSEN } },
    });
  });

  it('falls back to the oldest verified address without a usable preference', async () => {
    for (const fid of [2, 3]) {
      assert.deepEqual((await get(`/fc/primary-address?fid=${fid}&protocol=ethereum`)).json(), {
        result: { address: { fid, protocol: 'ethereum', address: OLDEST } },
      });
    }
  });

  it('answers 404 when the user has no verified address of the protocol', async () => {
    const response = await get('/fc/primary-address?fid=2&protocol=solana');
    assert.equal(response.statusCode, 404);
    assert.deepEqual(response.json(), {
      errors: [{ message: 'fid 2 has no verified solana address', code: 'PRIMARY_ADDRESS_NOT_FOUND' }],
    });
  });

  it('rejects a missing or bad fid or protocol with 400', async () => {
    for (const query of ['fid=1', 'protocol=ethereum', 'fid=x&protocol=ethereum', 'fid=1&protocol=bitcoin']) {
      const response = await get(`/fc/primary-address?${query}`);
      assert.equal(response.statusCode, 400, query);
      assert.equal(response.json().errors[0].code, 'INVALID_REQUEST');
    }
  });

  it('answers a batch with one entry per requested fid, in request order', async () => {
    const response = await get('/fc/primary-addresses?fids=3,99,1,3&protocol=ethereum');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), {
      result: {
        addresses: [
          { fid: 3, success: true, address: { fid: 3, protocol: 'ethereum', address: OLDEST } },
          { fid: 99, success: false },
          { fid: 1, success: true, address: { fid: 1, protocol: 'ethereum', address: CHOSEN } },
          { fid: 3, success: true, address: { fid: 3, protocol: 'ethereum', address: OLDEST } },
        ],
      },
    });
  });

  it('takes 100 fids and refuses 101 or a malformed list', async () => {
    const fids = (count: number) => Array.from({ length: count }, (_, i) => i + 1).join(',');
    const hundred = await get(`/fc/primary-addresses?fids=${fids(100)}&protocol=ethereum`);
    assert.equal(hundred.statusCode, 200);
    assert.equal(hundred.json().result.addresses.length, 100);
    const tooMany = await get(`/fc/primary-addresses?fids=${fids(101)}&protocol=ethereum`);
    assert.equal(tooMany.statusCode, 400);
    assert.deepEqual(tooMany.json(), {
      errors: [{ message: 'At most 100 fids per call', code: 'INVALID_REQUEST' }],
    });
    for (const list of ['', '1,,2', '1,a', '0', '-1', '1.5', '99999999999999999']) {
      const response = await get(`/fc/primary-addresses?fids=${list}&protocol=ethereum`);
      assert.equal(response.statusCode, 400, list);
      assert.equal(response.json().errors[0].code, 'INVALID_REQUEST');
    }
    assert.equal((await get('/fc/primary-addresses?fids=1')).statusCode, 400);
  });
});
