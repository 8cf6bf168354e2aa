import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { verifyUserNameProofClaim } from '../protocol/eip712/index.js';
import { createServerSigner } from './server-signer.js';
import { TEST_SIGNER_KEY, testKey } from './testing.js';

describe('createServerSigner', () => {
  const signer = createServerSigner(TEST_SIGNER_KEY);

  it('has the checksummed address of its key', () => {
    assert.equal(signer.address, '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC');
  });

  it('signs a claim under the name proof domain: 65 lowercase bytes with v = 27 or 28', async () => {
    const claim = { name: 'alice', timestamp: 1_704_067_200, owner: testKey(1).address };
    const signature = await signer.sign(claim);
    assert.match(signature, /^0x[0-9a-f]{128}(1b|1c)$/);
    const verified = await verifyUserNameProofClaim(claim, signature, { expectedSigner: signer.address });
    assert.equal(verified.ok, true);
  });
});
