import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDialect } from '../storage/testing.js';
import { openSocialHarness, type SocialHarness } from './testing.js';

forEachDialect('social service', (dialect) => {
  let harness: SocialHarness;
  before(async () => {
    harness = await openSocialHarness(dialect);
  });
  after(() => harness.close());

  it('reports healthy once migrated', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/_health' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { status: 'ok', service: 'social' });
  });

  it('answers an unknown route with 404 in the errors envelope', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/v9/nothing' });
    assert.equal(response.statusCode, 404);
    assert.deepEqual(response.json(), { errors: [{ message: 'Not found', code: 'ROUTE_NOT_FOUND' }] });
  });
});
