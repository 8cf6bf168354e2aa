import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { forEachDialect } from '../src/storage/testing.js';
import { channelApiRun, failure, SUCCESS, type Reply } from './support/social-channel-api.js';

const OWNER = 1;
const BOT = 900;

interface ChannelBody {
  result: { channel: { moderatorFids: number[]; memberCount: number } };
}

/** Invites and roles (spec §3.2, §4.2) over HTTP on channel `pets`, owned by fid 1. */
forEachDialect('social channel invites', (dialect) => {
  const run = channelApiRun(dialect);
  before(async () => {
    await run.api.as(OWNER)('POST', '/fc/channels', { id: 'pets', name: 'Pets' });
  });

  const invite = (by: number, fid: number, role: string, channelId = 'pets') =>
    run.api.as(by)('POST', '/fc/channel-invites', { channelId, inviteFid: fid, role });
  const remove = (by: number, fid: number, role: string) =>
    run.api.as(by)('DELETE', '/fc/channel-invites', { channelId: 'pets', removeFid: fid, role });
  const answer = (fid: number, role: string, accept: boolean) =>
    run.api.as(fid)('PATCH', '/fc/channel-invites', { channelId: 'pets', role, accept });
  const follow = (fid: number) => run.api.as(fid)('POST', '/fc/channel-follows', { channelId: 'pets' });
  const memberFids = async () => {
    const reply = await run.api.get('/fc/channel-members?channelId=pets&limit=100');
    return (reply.body as { result: { members: { fid: number }[] } }).result.members
      .map((m) => m.fid)
      .sort((a, b) => a - b);
  };
  const channel = async () =>
    ((await run.api.get('/v1/channel?channelId=pets')).body as ChannelBody).result.channel;
  const ok = (reply: Reply) => assert.deepEqual([reply.status, reply.body], [200, SUCCESS]);
  const refused = (reply: Reply, status: number, code: string, message: string) =>
    assert.deepEqual([reply.status, reply.body], [status, failure(code, message)]);

  it('invites as member only users who follow the channel or the inviter', async () => {
    refused(
      await invite(2, 3, 'member'),
      403,
      'FORBIDDEN',
      'You must own or moderate channel pets to invite members',
    );
    refused(
      await invite(OWNER, 4, 'member'),
      409,
      'INVITEE_NOT_FOLLOWING',
      'User must follow channel or inviter to be invited as member',
    );
    await follow(2);
    const first = await invite(OWNER, 2, 'member');
    ok(first);
    assert.equal(first.headers['x-ratelimit-limit'], '100');
    assert.equal(first.headers['x-ratelimit-remaining'], '98');
    run.api.followUser(3, OWNER);
    run.harness.clock.advance(1000);
    ok(await invite(OWNER, 3, 'member'));
    // Idempotent: the outstanding invite stays as it was.
    ok(await invite(OWNER, 2, 'member'));
    const invites = await run.api.get('/fc/channel-invites?channelId=pets');
    assert.deepEqual(invites.body, {
      result: {
        invites: [
          { channelId: 'pets', invitedFid: 3, invitedAt: run.start + 1, inviterFid: OWNER, role: 'member' },
          { channelId: 'pets', invitedFid: 2, invitedAt: run.start, inviterFid: OWNER, role: 'member' },
        ],
      },
    });
    const mine = await run.api.get('/fc/channel-invites?fid=2');
    assert.equal((mine.body as { result: { invites: unknown[] } }).result.invites.length, 1);
  });

  it('refuses malformed invites and unknown channels', async () => {
    assert.equal(
      (await run.api.as(OWNER)('POST', '/fc/channel-invites', { channelId: 'pets', role: 'member' })).status,
      400,
    );
    assert.equal((await invite(OWNER, 2, 'admin')).status, 400);
    assert.equal((await invite(OWNER, -1, 'member')).status, 400);
    refused(
      await invite(OWNER, 2, 'member', 'nope'),
      404,
      'CHANNEL_NOT_FOUND',
      'Channel nope does not exist',
    );
    const unknown = await run.api.as(2)('PATCH', '/fc/channel-invites', {
      channelId: 'nope',
      role: 'member',
      accept: true,
    });
    refused(unknown, 404, 'CHANNEL_NOT_FOUND', 'Channel nope does not exist');
    assert.equal(
      (await run.api.as(2)('PATCH', '/fc/channel-invites', { channelId: 'pets', role: 'member' })).status,
      400,
    );
  });

  it('lets only the invitee answer, once; the same answer again succeeds, another is refused', async () => {
    assert.deepEqual(await memberFids(), [OWNER]);
    ok(await answer(2, 'member', true));
    assert.deepEqual(await memberFids(), [OWNER, 2]);
    // A client retrying after a timeout gives the same answer: success, and nothing changes.
    ok(await answer(2, 'member', true));
    assert.deepEqual(await memberFids(), [OWNER, 2]);
    refused(
      await answer(2, 'member', false),
      404,
      'INVITE_NOT_FOUND',
      'You already accepted your member invite to channel pets; the answer cannot be changed',
    );
    refused(
      await answer(3, 'moderator', true),
      404,
      'INVITE_NOT_FOUND',
      'You have no outstanding moderator invite to channel pets',
    );
    refused(
      await answer(4, 'member', true),
      404,
      'INVITE_NOT_FOUND',
      'You have no outstanding member invite to channel pets',
    );
    ok(await answer(3, 'member', false));
    ok(await answer(3, 'member', false));
    refused(
      await answer(3, 'member', true),
      404,
      'INVITE_NOT_FOUND',
      'You already declined your member invite to channel pets; the answer cannot be changed',
    );
    assert.deepEqual(await memberFids(), [OWNER, 2]);
    assert.deepEqual((await run.api.get('/fc/channel-invites?channelId=pets')).body, {
      result: { invites: [] },
    });
    // Inviting a member again is a no-op.
    ok(await invite(OWNER, 2, 'member'));
    assert.deepEqual((await run.api.get('/fc/channel-invites?channelId=pets')).body, {
      result: { invites: [] },
    });
  });

  it('invites moderators from members, by the owner only, keeping their member time', async () => {
    refused(
      await invite(OWNER, 3, 'moderator'),
      409,
      'INVITEE_NOT_MEMBER',
      'User must be a channel member to be invited as moderator',
    );
    ok(await invite(OWNER, 2, 'moderator'));
    ok(await invite(OWNER, 2, 'moderator'));
    ok(await answer(2, 'moderator', true));
    assert.deepEqual((await channel()).moderatorFids, [2]);
    const members = await run.api.get('/fc/channel-members?channelId=pets&fid=2');
    assert.deepEqual(members.body, { result: { members: [{ fid: 2, memberAt: run.start + 1 }] } });
    // A moderator invites members (who must follow the channel or them), never moderators.
    refused(
      await invite(2, 5, 'moderator'),
      403,
      'FORBIDDEN',
      'You must own channel pets to invite moderators',
    );
    refused(
      await invite(2, 3, 'member'),
      409,
      'INVITEE_NOT_FOLLOWING',
      'User must follow channel or inviter to be invited as member',
    );
    run.api.followUser(3, 2);
    ok(await invite(2, 3, 'member'));
    const invites = (await run.api.get('/fc/channel-invites?fid=3')).body as {
      result: { invites: { inviterFid: number }[] };
    };
    assert.equal(invites.result.invites[0]?.inviterFid, 2);
  });

  it('adds an allowlisted bot as moderator at once, for the owner only', async () => {
    refused(
      await invite(OWNER, BOT, 'moderator'),
      409,
      'INVITEE_NOT_MEMBER',
      'User must be a channel member to be invited as moderator',
    );
    await run.api.as('admin')('POST', '/admin/bot-allowlist', { fid: BOT });
    refused(
      await invite(2, BOT, 'moderator'),
      403,
      'FORBIDDEN',
      'You must own channel pets to invite moderators',
    );
    ok(await invite(OWNER, BOT, 'moderator'));
    assert.deepEqual((await channel()).moderatorFids, [2, BOT]);
    assert.deepEqual((await run.api.get(`/fc/channel-invites?fid=${BOT}`)).body, { result: { invites: [] } });
  });

  it('removes moderators back to members and members out, restricting only removed members', async () => {
    refused(
      await remove(2, BOT, 'member'),
      403,
      'FORBIDDEN',
      'Only the channel owner can remove a moderator',
    );
    refused(
      await remove(2, BOT, 'moderator'),
      403,
      'FORBIDDEN',
      'You must own channel pets to remove moderators',
    );
    refused(await remove(OWNER, OWNER, 'member'), 403, 'FORBIDDEN', 'The channel owner cannot be removed');
    refused(
      await remove(7, 2, 'member'),
      403,
      'FORBIDDEN',
      'You must own or moderate channel pets to remove members',
    );
    ok(await remove(OWNER, BOT, 'moderator'));
    ok(await remove(OWNER, BOT, 'moderator'));
    assert.deepEqual((await channel()).moderatorFids, [2]);
    assert.deepEqual(await memberFids(), [OWNER, 2, BOT]);

    // Revoking fid 3's outstanding invite does not restrict them.
    ok(await remove(2, 3, 'member'));
    assert.deepEqual((await run.api.get('/fc/channel-invites?fid=3')).body, { result: { invites: [] } });
    // Removing a member does.
    run.harness.clock.advance(1000);
    ok(await remove(2, BOT, 'member'));
    ok(await remove(2, BOT, 'member'));
    assert.deepEqual(await memberFids(), [OWNER, 2]);
    assert.deepEqual((await run.api.get('/fc/channel-restricted-users?channelId=pets')).body, {
      result: { restrictedUsers: [{ fid: BOT, channelId: 'pets', restrictedAt: run.start + 2 }] },
    });
    // A moderator removed as member by the owner loses both roles.
    ok(await invite(OWNER, 3, 'member'));
    ok(await answer(3, 'member', true));
    ok(await invite(OWNER, 3, 'moderator'));
    ok(await answer(3, 'moderator', true));
    ok(await remove(OWNER, 3, 'member'));
    assert.deepEqual(await memberFids(), [OWNER, 2]);
    assert.deepEqual((await run.api.get('/fc/channel-invites?fid=3')).body, { result: { invites: [] } });
  });

  it('ends a restriction as soon as the user is invited again', async () => {
    ok(await invite(OWNER, BOT, 'moderator'));
    const restricted = await run.api.get('/fc/channel-restricted-users?fid=3');
    assert.equal(
      (restricted.body as { result: { restrictedUsers: unknown[] } }).result.restrictedUsers.length,
      1,
    );
    ok(await invite(2, 3, 'member'));
    assert.deepEqual((await run.api.get('/fc/channel-restricted-users?channelId=pets')).body, {
      result: { restrictedUsers: [] },
    });
    const history = await run.harness.database.db
      .selectFrom('channel_sanctions')
      .select(['fid', 'kind'])
      .where('ended_at', 'is not', null)
      .orderBy('id')
      .execute();
    assert.deepEqual(history, [
      { fid: BOT, kind: 'restricted' },
      { fid: 3, kind: 'restricted' },
    ]);
  });

  it('caps moderators plus outstanding moderator invites at 10', async () => {
    // Moderators now: 2 and the bot; fid 3 has a member invite.
    for (let fid = 100; fid < 109; fid += 1) {
      await follow(fid);
      ok(await invite(OWNER, fid, 'member'));
      ok(await answer(fid, 'member', true));
    }
    for (let fid = 100; fid < 108; fid += 1) ok(await invite(OWNER, fid, 'moderator'));
    refused(
      await invite(OWNER, 108, 'moderator'),
      409,
      'MODERATOR_LIMIT',
      'A channel can have at most 10 moderators and moderator invites',
    );
    // An invite already outstanding is still a success; a declined one frees its seat.
    ok(await invite(OWNER, 100, 'moderator'));
    ok(await answer(101, 'moderator', false));
    ok(await invite(OWNER, 108, 'moderator'));
    ok(await answer(108, 'moderator', true));
    assert.deepEqual((await channel()).moderatorFids, [2, 108, BOT]);
  });

  it('limits each caller to 100 invite and removal calls per channel per hour', async () => {
    await run.api.as(OWNER)('POST', '/fc/channels', { id: 'quiet', name: 'Quiet' });
    // The owner's 100 calls there: making the allowlisted bot a moderator, then 99 removals and invites.
    ok(await invite(OWNER, BOT, 'moderator', 'quiet'));
    for (let call = 1; call < 100; call += 1) {
      ok(
        call % 2 === 1
          ? await run.api.as(OWNER)('DELETE', '/fc/channel-invites', {
              channelId: 'quiet',
              removeFid: 7,
              role: 'member',
            })
          : await invite(OWNER, OWNER, 'member', 'quiet'),
      );
    }
    const limited = await invite(OWNER, OWNER, 'member', 'quiet');
    assert.equal(limited.status, 429);
    assert.equal((limited.body as { errors: { code: string }[] }).errors[0]?.code, 'RATE_LIMITED');
    assert.equal(limited.headers['x-ratelimit-remaining'], '0');
    assert.ok(Number(limited.headers['retry-after']) > 0);
    // Another caller allowed to invite there, the bot moderator, counts apart: its first call.
    const byModerator = await invite(BOT, OWNER, 'member', 'quiet');
    ok(byModerator);
    assert.equal(byModerator.headers['x-ratelimit-remaining'], '99');
    // Another channel, or the same channel an hour later, counts apart.
    ok(await invite(OWNER, OWNER, 'member', 'pets'));
    run.harness.clock.advance(60 * 60 * 1000);
    run.api.renewTokens();
    ok(await invite(OWNER, OWNER, 'member', 'quiet'));
  });
});
