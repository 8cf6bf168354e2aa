import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createSocialService, type SocialService } from '../src/social/service.js';
import type { SocialTables } from '../src/social/store.js';
import { openSocialHarness, testSocialConfig, type SocialHarness } from '../src/social/testing.js';
import { forEachDialect, type TestDatabase } from '../src/storage/testing.js';
import { channelApi, type ChannelApi } from './support/social-channel-api.js';

const OWNER = 1;

/**
 * The channel rules that must hold under concurrent requests, with two service instances on two database
 * handles as two processes would run them.
 */
forEachDialect('social channel concurrency', (dialect) => {
  let harness: SocialHarness;
  let second: SocialService;
  let api: ChannelApi;
  before(async () => {
    harness = await openSocialHarness(dialect);
    second = await createSocialService({
      config: testSocialConfig(),
      logger: false,
      clock: harness.clock,
      node: harness.node,
      database: await (harness.database as TestDatabase<SocialTables>).reopen(),
    });
    api = channelApi(harness);
    await api.as(OWNER)('POST', '/fc/channels', { id: 'race', name: 'Race' });
  });
  after(async () => {
    await second.close();
    await harness.close();
  });

  /** Sends the same authenticated call through both services, alternating. */
  async function inParallel(
    fid: number,
    calls: { method: 'POST' | 'DELETE' | 'PATCH'; url: string; body: object }[],
  ) {
    const { authorization } = harness.login(fid);
    const replies = await Promise.all(
      calls.map((call, index) =>
        (index % 2 === 0 ? harness.app : second.app).inject({
          method: call.method,
          url: call.url,
          headers: { authorization },
          payload: call.body,
        }),
      ),
    );
    return replies.map((reply) => [
      reply.statusCode,
      (reply.json() as { errors?: { code: string }[] }).errors?.[0]?.code,
    ]);
  }

  async function count(table: 'channel_follows' | 'channel_invites', where: Record<string, number | string>) {
    let query = harness.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('count'));
    for (const [column, value] of Object.entries(where))
      query = query.where(column as 'channel_id', '=', value as string);
    return Number((await query.executeTakeFirstOrThrow()).count);
  }

  it('follows and unfollows idempotently when the same follow races', async () => {
    const follow = { method: 'POST' as const, url: '/fc/channel-follows', body: { channelId: 'race' } };
    assert.deepEqual(await inParallel(50, Array(10).fill(follow)), Array(10).fill([200, undefined]));
    assert.equal(await count('channel_follows', { channel_id: 'race', fid: 50 }), 1);
    const unfollow = { ...follow, method: 'DELETE' as const };
    assert.deepEqual(await inParallel(50, Array(10).fill(unfollow)), Array(10).fill([200, undefined]));
    assert.equal(await count('channel_follows', { channel_id: 'race', fid: 50 }), 0);
  });

  it('keeps one outstanding invite per user and channel when inviters race', async () => {
    await api.as(60)('POST', '/fc/channel-follows', { channelId: 'race' });
    const invite = {
      method: 'POST' as const,
      url: '/fc/channel-invites',
      body: { channelId: 'race', inviteFid: 60, role: 'member' },
    };
    assert.deepEqual(await inParallel(OWNER, Array(10).fill(invite)), Array(10).fill([200, undefined]));
    assert.equal(await count('channel_invites', { channel_id: 'race', invited_fid: 60 }), 1);
  });

  it('never lets moderators plus moderator invites pass 10 when invites race', async () => {
    const candidates = Array.from({ length: 16 }, (_, index) => 100 + index);
    for (const fid of candidates) {
      await api.as(fid)('POST', '/fc/channel-follows', { channelId: 'race' });
      await api.as(OWNER)('POST', '/fc/channel-invites', {
        channelId: 'race',
        inviteFid: fid,
        role: 'member',
      });
      await api.as(fid)('PATCH', '/fc/channel-invites', { channelId: 'race', role: 'member', accept: true });
    }
    // Two seats taken up front: one moderator and one outstanding moderator invite.
    await api.as(OWNER)('POST', '/fc/channel-invites', {
      channelId: 'race',
      inviteFid: 100,
      role: 'moderator',
    });
    await api.as(100)('PATCH', '/fc/channel-invites', { channelId: 'race', role: 'moderator', accept: true });
    await api.as(OWNER)('POST', '/fc/channel-invites', {
      channelId: 'race',
      inviteFid: 101,
      role: 'moderator',
    });
    const outcomes = await inParallel(
      OWNER,
      candidates.slice(2).map((fid) => ({
        method: 'POST' as const,
        url: '/fc/channel-invites',
        body: { channelId: 'race', inviteFid: fid, role: 'moderator' },
      })),
    );
    assert.equal(outcomes.filter(([status]) => status === 200).length, 8);
    assert.deepEqual(
      outcomes.filter(([status]) => status !== 200),
      Array(6).fill([409, 'MODERATOR_LIMIT']),
    );
    const moderators = await harness.database.db
      .selectFrom('channel_roles')
      .select('fid')
      .where('channel_id', '=', 'race')
      .where('role', '=', 'moderator')
      .execute();
    assert.equal(
      moderators.length + (await count('channel_invites', { channel_id: 'race', role: 'moderator' })),
      10,
    );
  });

  it('keeps one active restriction or ban per user and channel in the schema itself', async () => {
    const row = {
      channel_id: 'race',
      fid: 70,
      kind: 'banned' as const,
      actor_fid: OWNER,
      started_at: 1,
      ended_at: null,
    };
    await harness.database.db.insertInto('channel_sanctions').values(row).execute();
    await assert.rejects(
      harness.database.db
        .insertInto('channel_sanctions')
        .values({ ...row, kind: 'restricted' })
        .execute(),
    );
    await harness.database.db
      .insertInto('channel_sanctions')
      .values({ ...row, ended_at: 2 })
      .execute();
  });
});
