import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { forEachDialect } from '../src/storage/testing.js';
import { channelApiRun } from './support/social-channel-api.js';

const OWNER = 1;
const INVITED = 2;

/** Bodies keep their JSON types, and who you are is checked before what you sent. */
forEachDialect('social strict input', (dialect) => {
  const run = channelApiRun(dialect);
  before(async () => {
    await run.api.as(OWNER)('POST', '/fc/channels', { id: 'strict', name: 'Strict' });
  });

  it('does not read true as fid 1: the block is refused and nobody is blocked', async () => {
    for (const blockFid of [true, '7', null, 7.5]) {
      const reply = await run.api.as(5)('POST', '/fc/blocked-users', { blockFid });
      assert.equal(reply.status, 400, JSON.stringify(blockFid));
      assert.equal((reply.body as { errors: { code: string }[] }).errors[0]?.code, 'INVALID_REQUEST');
    }
    const blocks = await run.api.get('/fc/blocked-users?blockerFid=5');
    assert.deepEqual(blocks.body, { result: { blockedUsers: [] } });
  });

  it('does not read null as a refusal: the invite stays open and can be accepted', async () => {
    await run.api.as(INVITED)('POST', '/fc/channel-follows', { channelId: 'strict' });
    const invited = await run.api.as(OWNER)('POST', '/fc/channel-invites', {
      channelId: 'strict',
      inviteFid: INVITED,
      role: 'member',
    });
    assert.equal(invited.status, 200, JSON.stringify(invited.body));
    for (const accept of [null, 'false', 0]) {
      const reply = await run.api.as(INVITED)('PATCH', '/fc/channel-invites', {
        channelId: 'strict',
        role: 'member',
        accept,
      });
      assert.equal(reply.status, 400, JSON.stringify(accept));
    }
    const accepted = await run.api.as(INVITED)('PATCH', '/fc/channel-invites', {
      channelId: 'strict',
      role: 'member',
      accept: true,
    });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
  });

  it('answers JSON sent without a JSON Content-Type with the documented 415', async () => {
    const reply = await run.harness.app.inject({
      method: 'POST',
      url: '/fc/blocked-users',
      headers: {
        authorization: run.harness.login(5).authorization,
        'content-type': 'text/plain;charset=UTF-8',
      },
      payload: JSON.stringify({ blockFid: 6 }),
    });
    assert.equal(reply.statusCode, 415);
    assert.equal(reply.json().errors[0].code, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers every authenticated route 401 before looking at the body', async () => {
    const openapi = (await run.api.get('/docs/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    // These prove who asks with a signature in the body instead of a token.
    const signedInBody = /^\/v2\/signed-key-requests?(\/approve)?$/;
    let checked = 0;
    for (const [path, methods] of Object.entries(openapi.paths)) {
      for (const method of Object.keys(methods)) {
        if (method === 'get' || signedInBody.test(path)) continue;
        const url = path.replace(/\{[^}]+\}/g, 'x');
        const reply = await run.harness.app.inject({
          method: method.toUpperCase() as 'POST',
          url,
          payload: { junk: [true] },
        });
        assert.equal(reply.statusCode, 401, `${method} ${path}: ${reply.body}`);
        checked += 1;
      }
    }
    assert.ok(checked > 20, `only ${checked} routes checked`);
  });
});
