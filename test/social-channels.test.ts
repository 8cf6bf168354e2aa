import assert from 'node:assert/strict';
import { it } from 'node:test';
import { encodeCursor } from '../src/shared/http/index.js';
import { cursorListOf } from '../src/social/http/envelope.js';
import { putUserData } from '../src/social/node-index/store.js';
import { forEachDialect } from '../src/storage/testing.js';
import { channelApiRun, failure, SUCCESS } from './support/social-channel-api.js';

/** Channel catalog, follows and the operator's tools, over HTTP (docs/social/channels.md). */
forEachDialect('social channels', (dialect) => {
  const run = channelApiRun(dialect);

  const tick = () => run.harness.clock.advance(1000);

  it('creates a channel owned by the caller and serves it', async () => {
    const created = await run.api.as(10)('POST', '/fc/channels', {
      id: 'cats',
      name: 'Cats',
      description: 'All about cats',
      imageUrl: 'https://img.example/cats.png',
      externalLink: { title: 'Cat facts', url: 'https://cats.example' },
    });
    const cats = {
      id: 'cats',
      url: 'https://farcaster.xyz/~/channel/cats',
      name: 'Cats',
      description: 'All about cats',
      descriptionMentions: [],
      descriptionMentionsPositions: [],
      imageUrl: 'https://img.example/cats.png',
      headerImageUrl: '',
      leadFid: 10,
      moderatorFids: [],
      createdAt: run.start,
      followerCount: 0,
      memberCount: 1,
      publicCasting: true,
      externalLink: { title: 'Cat facts', url: 'https://cats.example' },
    };
    assert.deepEqual([created.status, created.body], [200, { result: { channel: cats } }]);
    const read = await run.api.get('/v1/channel?channelId=cats');
    assert.equal(read.status, 200);
    assert.deepEqual(read.body, { result: { channel: cats } });
    const members = await run.api.get('/fc/channel-members?channelId=cats');
    assert.deepEqual(members.body, { result: { members: [{ fid: 10, memberAt: run.start }] } });
  });

  it('refuses a taken id or url, a bad id, unknown fields and anonymous callers', async () => {
    const taken = await run.api.as(11)('POST', '/fc/channels', { id: 'cats', name: 'Other cats' });
    assert.equal(taken.status, 409);
    assert.deepEqual(
      taken.body,
      failure(
        'CHANNEL_EXISTS',
        'A channel with id cats or url https://farcaster.xyz/~/channel/cats already exists',
      ),
    );
    const sameUrl = await run.api.as('admin')('POST', '/admin/channels', {
      id: 'kittens',
      name: 'Kittens',
      url: 'https://farcaster.xyz/~/channel/cats',
    });
    assert.equal(sameUrl.status, 409);
    for (const body of [
      { id: 'Cats', name: 'x' },
      { id: 'a-very-long-channel-id', name: 'x' },
      { id: '', name: 'x' },
      { id: 'dogs', name: '' },
      { id: 'dogs', name: 'Dogs', imageUrl: 'javascript:alert(1)' },
      { id: 'dogs', name: 'Dogs', leadFid: 5 },
      { id: 'dogs' },
    ]) {
      const refused = await run.api.as(11)('POST', '/fc/channels', body);
      assert.equal(refused.status, 400, JSON.stringify(body));
      assert.equal((refused.body as { errors: { code: string }[] }).errors[0]?.code, 'INVALID_REQUEST');
    }
    const anonymous = await run.harness.app.inject({
      method: 'POST',
      url: '/fc/channels',
      payload: { id: 'dogs', name: 'Dogs' },
    });
    assert.equal(anonymous.statusCode, 401);
  });

  it('answers an unknown channel with 404 on every read', async () => {
    const notFound = failure('CHANNEL_NOT_FOUND', 'Channel nope does not exist');
    for (const url of [
      '/v1/channel?channelId=nope',
      '/v1/channel-followers?channelId=nope',
      '/v1/user-channel?channelId=nope&fid=1',
      '/fc/channel-members?channelId=nope',
      '/fc/channel-invites?channelId=nope',
      '/fc/channel-bans?channelId=nope',
      '/fc/channel-restricted-users?channelId=nope',
    ]) {
      const reply = await run.api.get(url);
      assert.deepEqual([reply.status, reply.body], [404, notFound], url);
    }
    assert.equal((await run.api.get('/v1/channel')).status, 400);
    assert.equal((await run.api.get('/v1/channel?channelId=a%00b')).status, 400);
    // A cursor of another list's shape (a string tie-breaker where ids are compared) is refused, even
    // when it names the list.
    const listOf = (url: string) => cursorListOf({ routeOptions: { url }, query: {} });
    const forged = encodeCursor([run.start, 'cats'], listOf('/fc/channel-invites'));
    const refused = await run.api.get(`/fc/channel-invites?cursor=${forged}`);
    assert.deepEqual([refused.status, refused.body], [400, failure('BAD_CURSOR', 'Invalid cursor')]);
    const fractional = encodeCursor([1.5, 2], listOf('/fc/channel-bans'));
    assert.equal((await run.api.get(`/fc/channel-bans?cursor=${fractional}`)).status, 400);
    assert.equal((await run.api.get('/v1/user-channel?channelId=cats&fid=abc')).status, 400);
    assert.equal((await run.api.get('/v1/user-channel?channelId=cats&fid=1e300')).status, 400);
    assert.equal((await run.api.as(10)('POST', '/fc/channel-follows', { channelId: 'nope' })).status, 404);
  });

  it('turns @username mentions of known users into fids at UTF-8 byte offsets', async () => {
    await putUserData(run.harness.database.db, 21, 6, 'alice');
    await putUserData(run.harness.database.db, 22, 6, 'bob.eth');
    const edited = await run.api.as(10)('PATCH', '/fc/channels', {
      channelId: 'cats',
      description: 'Ünïcode @alice and @Bob.eth, not a@alice.com nor @nobody; @alice again',
    });
    assert.equal(edited.status, 200);
    const channel = (edited.body as { result: { channel: Record<string, unknown> } }).result.channel;
    assert.equal(channel.description, 'Ünïcode  and , not a@alice.com nor @nobody;  again');
    assert.deepEqual(channel.descriptionMentions, [21, 22, 21]);
    // "Ünïcode " is 10 bytes; " and " 5 more; ", not a@alice.com nor @nobody; " 31 more.
    assert.deepEqual(channel.descriptionMentionsPositions, [10, 15, 46]);
  });

  it('lets only the owner edit, with a link that can be cleared, and never the id', async () => {
    const edited = await run.api.as(10)('PATCH', '/fc/channels', {
      channelId: 'cats',
      name: 'Cats!',
      description: '',
      externalLink: null,
      publicCasting: false,
      headerImageUrl: 'https://img.example/header.png',
    });
    assert.equal(edited.status, 200);
    const channel = (edited.body as { result: { channel: Record<string, unknown> } }).result.channel;
    assert.equal(channel.name, 'Cats!');
    assert.equal(channel.description, '');
    assert.deepEqual(channel.descriptionMentions, []);
    assert.equal(channel.externalLink, undefined);
    assert.equal(channel.publicCasting, false);
    assert.equal(channel.headerImageUrl, 'https://img.example/header.png');

    const stranger = await run.api.as(11)('PATCH', '/fc/channels', { channelId: 'cats', name: 'Mine' });
    assert.deepEqual(stranger.body, failure('FORBIDDEN', 'You must own channel cats to edit it'));
    assert.equal(stranger.status, 403);
    assert.equal(
      (await run.api.as(10)('PATCH', '/fc/channels', { channelId: 'cats', id: 'dogs' })).status,
      400,
    );
    assert.equal(
      (await run.api.as(10)('PATCH', '/fc/channels', { channelId: 'cats', leadFid: 11 })).status,
      400,
    );
    assert.equal(
      (await run.api.as(10)('PATCH', '/fc/channels', { channelId: 'nope', name: 'x' })).status,
      404,
    );
  });

  it('keeps follows idempotent and lists them newest first with paging', async () => {
    tick();
    assert.deepEqual(
      (await run.api.as(31)('POST', '/fc/channel-follows', { channelId: 'cats' })).body,
      SUCCESS,
    );
    tick();
    const second = await run.api.as(31)('POST', '/fc/channel-follows', { channelId: 'cats' });
    assert.deepEqual(second.body, SUCCESS);
    assert.deepEqual(
      (await run.api.as(32)('POST', '/fc/channel-follows', { channelKey: 'cats' })).body,
      SUCCESS,
    );
    await run.api.as(33)('POST', '/fc/channel-follows', { channelId: 'cats' });
    assert.equal((await run.api.as(33)('POST', '/fc/channel-follows', {})).status, 400);

    const first = await run.api.get('/v1/channel-followers?channelId=cats&limit=2');
    const body = first.body as { result: unknown; next: { cursor: string } };
    assert.deepEqual(body.result, {
      users: [
        { fid: 33, followedAt: run.start + 2 },
        { fid: 32, followedAt: run.start + 2 },
      ],
    });
    const rest = await run.api.get(`/v1/channel-followers?channelId=cats&limit=2&cursor=${body.next.cursor}`);
    assert.deepEqual(rest.body, { result: { users: [{ fid: 31, followedAt: run.start + 1 }] } });
    assert.equal((await run.api.get('/v1/channel-followers?channelId=cats&cursor=bogus')).status, 400);
    assert.equal((await run.api.get('/v1/channel-followers?channelId=cats&limit=101')).status, 400);

    assert.deepEqual((await run.api.get('/v1/user-channel?fid=31&channelId=cats')).body, {
      result: { following: true, followedAt: run.start + 1 },
    });
    assert.deepEqual(
      (await run.api.as(33)('DELETE', '/fc/channel-follows', { channelId: 'cats' })).body,
      SUCCESS,
    );
    assert.deepEqual(
      (await run.api.as(33)('DELETE', '/fc/channel-follows', { channelId: 'cats' })).body,
      SUCCESS,
    );
    assert.deepEqual((await run.api.get('/v1/user-channel?fid=33&channelId=cats')).body, {
      result: { following: false },
    });
    const channel = (await run.api.get('/v1/channel?channelId=cats')).body as {
      result: { channel: { followerCount: number } };
    };
    assert.equal(channel.result.channel.followerCount, 2);
  });

  it("lists a user's followed channels with followedAt, newest first", async () => {
    await run.api.as('admin')('POST', '/admin/channels', { id: 'dogs', name: 'Dogs', leadFid: 40 });
    tick();
    await run.api.as(31)('POST', '/fc/channel-follows', { channelId: 'dogs' });
    const page = await run.api.get('/v1/user-following-channels?fid=31&limit=1');
    const body = page.body as { result: { channels: Record<string, unknown>[] }; next: { cursor: string } };
    assert.equal(body.result.channels.length, 1);
    assert.equal(body.result.channels[0]?.id, 'dogs');
    assert.equal(body.result.channels[0]?.followedAt, run.start + 3);
    assert.equal(body.result.channels[0]?.followerCount, 1);
    assert.equal(body.result.channels[0]?.leadFid, 40);
    const rest = await run.api.get(`/v1/user-following-channels?fid=31&limit=1&cursor=${body.next.cursor}`);
    const restBody = rest.body as { result: { channels: Record<string, unknown>[] }; next?: unknown };
    assert.deepEqual(
      restBody.result.channels.map((channel) => [channel.id, channel.followedAt]),
      [['cats', run.start + 1]],
    );
    assert.equal(restBody.next, undefined);
    assert.deepEqual((await run.api.get('/v1/user-following-channels?fid=99')).body, {
      result: { channels: [] },
    });
  });

  it('serves every channel with live counts', async () => {
    const all = await run.api.get('/v2/all-channels');
    const channels = (all.body as { result: { channels: Record<string, unknown>[] } }).result.channels;
    assert.deepEqual(
      channels.map((channel) => [channel.id, channel.followerCount, channel.memberCount]),
      [
        ['dogs', 1, 1],
        ['cats', 2, 1],
      ],
    );
  });

  it('lets the operator create legacy channels, transfer ownership and remove channels', async () => {
    const anonymous = await run.api.as(10)('POST', '/admin/channels', { id: 'eth', name: 'Ethereum' });
    assert.equal(anonymous.status, 401);
    const legacy = await run.api.as('admin')('POST', '/admin/channels', {
      id: 'ethereum',
      name: 'Ethereum',
      url: 'https://ethereum.org',
    });
    const channel = (legacy.body as { result: { channel: Record<string, unknown> } }).result.channel;
    assert.equal(channel.url, 'https://ethereum.org');
    assert.equal(channel.leadFid, undefined);
    assert.equal(channel.memberCount, 0);

    await run.api.as(41)('POST', '/fc/channel-follows', { channelId: 'dogs' });
    const transferred = await run.api.as('admin')('PATCH', '/admin/channels', {
      channelId: 'dogs',
      leadFid: 41,
    });
    const dogs = (transferred.body as { result: { channel: Record<string, unknown> } }).result.channel;
    assert.equal(dogs.leadFid, 41);
    assert.equal(dogs.memberCount, 2);
    const members = await run.api.get('/fc/channel-members?channelId=dogs');
    assert.deepEqual(
      (members.body as { result: { members: { fid: number }[] } }).result.members
        .map((member) => member.fid)
        .sort(),
      [40, 41],
    );
    // The old owner is a plain member now: they cannot edit; the new owner can.
    assert.equal(
      (await run.api.as(40)('PATCH', '/fc/channels', { channelId: 'dogs', name: 'x' })).status,
      403,
    );
    assert.equal(
      (await run.api.as(41)('PATCH', '/fc/channels', { channelId: 'dogs', name: 'Dogs!' })).status,
      200,
    );

    assert.deepEqual(
      (await run.api.as('admin')('DELETE', '/admin/channels', { channelId: 'dogs' })).body,
      SUCCESS,
    );
    assert.equal((await run.api.get('/v1/channel?channelId=dogs')).status, 404);
    assert.equal((await run.api.as('admin')('DELETE', '/admin/channels', { channelId: 'dogs' })).status, 404);
    assert.deepEqual((await run.api.get('/v1/user-following-channels?fid=41')).body, {
      result: { channels: [] },
    });
    // The id and url are free again.
    assert.equal((await run.api.as(42)('POST', '/fc/channels', { id: 'dogs', name: 'Dogs' })).status, 200);
  });

  it('keeps a bot allowlist for the operator', async () => {
    assert.equal((await run.api.as(10)('GET', '/admin/bot-allowlist')).status, 401);
    assert.deepEqual((await run.api.as('admin')('POST', '/admin/bot-allowlist', { fid: 500 })).body, SUCCESS);
    tick();
    assert.deepEqual((await run.api.as('admin')('POST', '/admin/bot-allowlist', { fid: 500 })).body, SUCCESS);
    await run.api.as('admin')('POST', '/admin/bot-allowlist', { fid: 501 });
    await run.api.as('admin')('DELETE', '/admin/bot-allowlist', { fid: 501 });
    const bots = await run.api.as('admin')('GET', '/admin/bot-allowlist');
    assert.deepEqual(bots.body, { result: { bots: [{ fid: 500, addedAt: run.start + 3 }] } });
    assert.equal((await run.api.as('admin')('POST', '/admin/bot-allowlist', { fid: 0 })).status, 400);
  });
});
