import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { forEachDialect } from '../src/storage/testing.js';
import { channelApiRun, failure, SUCCESS, type Reply } from './support/social-channel-api.js';

const OWNER = 1;
const MODERATOR = 2;

/** Bans and restrictions (spec §3.3, §3.4, §4.3) over HTTP on channel `birds`, owned by fid 1. */
forEachDialect('social channel bans', (dialect) => {
  const run = channelApiRun(dialect);
  before(async () => {
    await run.api.as(OWNER)('POST', '/fc/channels', { id: 'birds', name: 'Birds' });
    await run.api.as(OWNER)('POST', '/fc/channels', { id: 'fish', name: 'Fish' });
    for (const fid of [MODERATOR, 3, 4, 5]) await join(fid);
    await acceptInvite(MODERATOR, 'moderator');
  });

  async function join(fid: number) {
    await run.api.as(fid)('POST', '/fc/channel-follows', { channelId: 'birds' });
    await acceptInvite(fid, 'member');
  }
  /** The owner invites `fid` to birds as `role`, and `fid` accepts. */
  async function acceptInvite(fid: number, role: string) {
    await run.api.as(OWNER)('POST', '/fc/channel-invites', { channelId: 'birds', inviteFid: fid, role });
    await run.api.as(fid)('PATCH', '/fc/channel-invites', { channelId: 'birds', role, accept: true });
  }
  const ban = (by: number, fid: number, channelId = 'birds') =>
    run.api.as(by)('POST', '/fc/channel-bans', { channelId, banFid: fid });
  const unban = (by: number, body: Record<string, unknown>) =>
    run.api.as(by)('DELETE', '/fc/channel-bans', { channelId: 'birds', ...body });
  const list = async (url: string) => (await run.api.get(url)).body;
  const memberFids = async () => {
    const reply = await run.api.get('/fc/channel-members?channelId=birds');
    return (reply.body as { result: { members: { fid: number }[] } }).result.members
      .map((m) => m.fid)
      .sort((a, b) => a - b);
  };
  const ok = (reply: Reply) => assert.deepEqual([reply.status, reply.body], [200, SUCCESS]);
  const refused = (reply: Reply, status: number, code: string, message: string) =>
    assert.deepEqual([reply.status, reply.body], [status, failure(code, message)]);

  it('bans a member: their role and invites go, and banning again changes nothing', async () => {
    await run.api.as(OWNER)('POST', '/fc/channel-invites', {
      channelId: 'birds',
      inviteFid: 3,
      role: 'moderator',
    });
    run.harness.clock.advance(1000);
    ok(await ban(MODERATOR, 3));
    run.harness.clock.advance(1000);
    ok(await ban(MODERATOR, 3));
    assert.deepEqual(await memberFids(), [OWNER, MODERATOR, 4, 5]);
    assert.deepEqual(await list('/fc/channel-invites?channelId=birds'), { result: { invites: [] } });
    assert.deepEqual(await list('/fc/channel-bans?channelId=birds'), {
      result: { bannedUsers: [{ fid: 3, channelId: 'birds', bannedAt: run.start + 1 }] },
    });
    refused(
      await run.api.as(OWNER)('POST', '/fc/channel-invites', {
        channelId: 'birds',
        inviteFid: 3,
        role: 'member',
      }),
      409,
      'USER_BANNED',
      'User is banned from this channel',
    );
  });

  it('protects the owner, and moderators from other moderators', async () => {
    refused(await ban(MODERATOR, OWNER), 403, 'FORBIDDEN', 'The channel owner cannot be banned');
    refused(await ban(OWNER, OWNER), 403, 'FORBIDDEN', 'The channel owner cannot be banned');
    refused(await ban(MODERATOR, MODERATOR), 403, 'FORBIDDEN', 'Only the channel owner can ban a moderator');
    refused(await ban(4, 5), 403, 'FORBIDDEN', 'You must own or moderate channel birds to ban users');
    refused(
      await unban(4, { unbanFid: 3 }),
      403,
      'FORBIDDEN',
      'You must own or moderate channel birds to unban users',
    );
    refused(await ban(MODERATOR, 4, 'nope'), 404, 'CHANNEL_NOT_FOUND', 'Channel nope does not exist');
    assert.equal(
      (await run.api.as(MODERATOR)('POST', '/fc/channel-bans', { channelId: 'birds' })).status,
      400,
    );
    assert.equal(
      (await run.api.as(MODERATOR)('POST', '/fc/channel-bans', { channelId: 'birds', banFid: 'x' })).status,
      400,
    );
  });

  it('unbans into the restricted state, accepting banFid as the docs sample sends it', async () => {
    run.harness.clock.advance(1000);
    ok(await unban(MODERATOR, { banFid: 3 }));
    assert.deepEqual(await list('/fc/channel-bans?channelId=birds'), { result: { bannedUsers: [] } });
    assert.deepEqual(await list('/fc/channel-restricted-users?channelId=birds'), {
      result: { restrictedUsers: [{ fid: 3, channelId: 'birds', restrictedAt: run.start + 3 }] },
    });
    // Unbanning someone not banned changes nothing, restricted or not.
    ok(await unban(MODERATOR, { unbanFid: 3 }));
    ok(await unban(MODERATOR, { unbanFid: 4, banFid: 4 }));
    assert.deepEqual(await memberFids(), [OWNER, MODERATOR, 4, 5]);
    refused(await unban(MODERATOR, {}), 400, 'INVALID_REQUEST', "body must have property 'unbanFid'");
    refused(
      await unban(MODERATOR, { unbanFid: 3, banFid: 4 }),
      400,
      'INVALID_REQUEST',
      'unbanFid and banFid name different users',
    );
  });

  it('takes a restricted user out of the restricted list when banned', async () => {
    run.harness.clock.advance(1000);
    ok(await ban(OWNER, 3));
    assert.deepEqual(await list('/fc/channel-restricted-users?fid=3'), { result: { restrictedUsers: [] } });
    assert.deepEqual(await list('/fc/channel-bans?fid=3'), {
      result: { bannedUsers: [{ fid: 3, channelId: 'birds', bannedAt: run.start + 4 }] },
    });
    const history = await run.harness.database.db
      .selectFrom('channel_sanctions')
      .select(['kind', 'started_at', 'ended_at'])
      .where('fid', '=', 3)
      .orderBy('id')
      .execute();
    assert.deepEqual(history, [
      { kind: 'banned', started_at: run.start + 1, ended_at: run.start + 3 },
      { kind: 'restricted', started_at: run.start + 3, ended_at: run.start + 4 },
      { kind: 'banned', started_at: run.start + 4, ended_at: null },
    ]);
  });

  it('lets the owner ban a moderator, and lists bans across channels newest first with paging', async () => {
    run.harness.clock.advance(1000);
    ok(await ban(OWNER, MODERATOR));
    const birds = (await run.api.get('/v1/channel?channelId=birds')).body as {
      result: { channel: { moderatorFids: number[] } };
    };
    assert.deepEqual(birds.result.channel.moderatorFids, []);
    run.harness.clock.advance(1000);
    ok(await ban(OWNER, 3, 'fish'));
    const first = (await run.api.get('/fc/channel-bans?limit=2')).body as {
      result: unknown;
      next: { cursor: string };
    };
    assert.deepEqual(first.result, {
      bannedUsers: [
        { fid: 3, channelId: 'fish', bannedAt: run.start + 6 },
        { fid: MODERATOR, channelId: 'birds', bannedAt: run.start + 5 },
      ],
    });
    assert.deepEqual(await list(`/fc/channel-bans?limit=2&cursor=${first.next.cursor}`), {
      result: { bannedUsers: [{ fid: 3, channelId: 'birds', bannedAt: run.start + 4 }] },
    });
    assert.deepEqual(await list('/fc/channel-bans?fid=3&channelId=fish'), {
      result: { bannedUsers: [{ fid: 3, channelId: 'fish', bannedAt: run.start + 6 }] },
    });
  });
});
