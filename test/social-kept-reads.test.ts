import assert from 'node:assert/strict';
import { it } from 'node:test';
import { forEachDialect } from '../src/storage/testing.js';
import { MEMBER, OWNER, socialApiRun } from './support/social-channels.js';

/**
 * The reads the social API keeps rendered (src/shared/http/kept-answers.ts) over HTTP: each is read once, so a
 * rendering is kept, then changed through the API, and the same read must show the change at once.
 * (The feed reads are driven the same way in test/social-feed.test.ts.)
 */
forEachDialect('kept social reads', (dialect) => {
  const run = socialApiRun(dialect, 'kept');
  const { call } = run;

  const read = async (url: string, query: Record<string, string>) => {
    const response = await call({ method: 'GET', url, query });
    assert.equal(response.statusCode, 200, response.body);
    return response.json();
  };
  const ok = async (request: Parameters<typeof call>[0]) => {
    const response = await call(request);
    assert.equal(response.statusCode, 200, `${request.method} ${request.url}: ${response.body}`);
  };

  it("shows follows, role changes and edits in a channel's kept details, followers and members", async () => {
    const channel = await run.newChannel();
    const query = { channelId: channel.id };
    const details = async () => (await read('/v1/channel', query)).result.channel;
    const followers = async () =>
      (await read('/v1/channel-followers', query)).result.users.map((user: { fid: number }) => user.fid);
    const members = async () =>
      (await read('/fc/channel-members', query)).result.members.map((member: { fid: number }) => member.fid);

    assert.equal((await details()).followerCount, 0);
    assert.deepEqual(await followers(), []);
    await ok({ method: 'POST', url: '/fc/channel-follows', as: 50, body: query });
    assert.equal((await details()).followerCount, 1);
    assert.deepEqual(await followers(), [50]);
    await ok({ method: 'DELETE', url: '/fc/channel-follows', as: 50, body: query });
    assert.equal((await details()).followerCount, 0);
    assert.deepEqual(await followers(), []);

    const before = await members();
    await ok({ method: 'POST', url: '/fc/channel-follows', as: 51, body: query });
    const role = { channelId: channel.id, role: 'member' };
    await ok({ method: 'POST', url: '/fc/channel-invites', as: OWNER, body: { ...role, inviteFid: 51 } });
    await ok({ method: 'PATCH', url: '/fc/channel-invites', as: 51, body: { ...role, accept: true } });
    assert.deepEqual(await members(), [51, ...before]);
    assert.equal((await details()).memberCount, before.length + 1);
    await ok({
      method: 'DELETE',
      url: '/fc/channel-invites',
      as: OWNER,
      body: { ...role, removeFid: MEMBER },
    });
    assert.equal((await members()).includes(MEMBER), false);

    assert.equal((await details()).name, channel.id);
    await ok({ method: 'PATCH', url: '/fc/channels', as: OWNER, body: { ...query, name: 'Renamed' } });
    assert.equal((await details()).name, 'Renamed');
  });

  it('shows a new block and an unblock in the kept lists of blocks', async () => {
    const blocks = async (blockerFid: number) =>
      (await read('/fc/blocked-users', { blockerFid: String(blockerFid) })).result.blockedUsers.map(
        (block: { blockedFid: number }) => block.blockedFid,
      );
    assert.deepEqual(await blocks(60), []);
    await ok({ method: 'POST', url: '/fc/blocked-users', as: 60, body: { blockFid: 61 } });
    assert.deepEqual(await blocks(60), [61]);
    await ok({ method: 'DELETE', url: '/fc/blocked-users', as: 60, body: { unblockFid: 61 } });
    assert.deepEqual(await blocks(60), []);
  });
});
