import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { bytesToHex, type Hex } from '../src/protocol/hex.js';
import { testClock } from '../src/shared/test-clock.js';
import { markCastRemoved, putCast } from '../src/social/node-index/store.js';
import { pinCast } from '../src/social/moderation/pins.js';
import type { SocialTables } from '../src/social/store.js';
import { forEachDialect, openTestDatabase, type TestDatabase } from '../src/storage/testing.js';
import {
  createTestChannel,
  followTestChannel,
  MEMBER,
  MODERATOR,
  OWNER,
  pinnedCastOf,
  socialApiRun,
  type TestChannel,
} from './support/social-channels.js';

/** Pinned casts and their announcements over HTTP (spec §3.6, §4.4, §6.6). */

forEachDialect('social pinned casts', (dialect) => {
  const run = socialApiRun(dialect, 'pin');
  const { call, newChannel } = run;
  const pin = (as: number, castHash: string, notifyChannelFollowers?: boolean) =>
    call({
      method: 'PUT',
      url: '/fc/pinned-casts',
      as,
      body: { castHash, ...(notifyChannelFollowers !== undefined && { notifyChannelFollowers }) },
    });
  const unpin = (as: number, body: Record<string, unknown>) =>
    call({ method: 'DELETE', url: '/fc/pinned-casts', as, body });
  const notificationsOf = async (fid: number, query: Record<string, string> = {}) => {
    const response = await call({ method: 'GET', url: '/fc/notifications', as: fid, query });
    assert.equal(response.statusCode, 200);
    return response.json();
  };
  const pinned = (channel: TestChannel) => pinnedCastOf(run.harness.database.db, channel.id);
  const SUCCESS = { result: { success: true } };

  it('lets the owner and moderators pin, replacing the pin; pinning the pinned cast is a no-op', async () => {
    const channel = await newChannel();
    const first = await run.harness.seedCast({ fid: 10, parentUrl: channel.url });
    const second = await run.harness.seedCast({ fid: 11, parentUrl: channel.url });

    const response = await pin(OWNER, first);
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), SUCCESS);
    assert.equal(await pinned(channel), first);
    assert.deepEqual((await pin(MODERATOR, second, false)).json(), SUCCESS);
    assert.equal(await pinned(channel), second);
    assert.deepEqual((await pin(OWNER, second)).json(), SUCCESS);
    assert.equal(await pinned(channel), second);
  });

  it('refuses members, unknown casts, casts outside channels and bad bodies', async () => {
    const channel = await newChannel();
    const cast = await run.harness.seedCast({ fid: 10, parentUrl: channel.url });
    const member = await pin(MEMBER, cast);
    assert.equal(member.statusCode, 403);
    assert.deepEqual(member.json(), {
      errors: [{ message: `You must own or moderate channel ${channel.id} to pin casts`, code: 'FORBIDDEN' }],
    });
    const unknown = await pin(OWNER, `0x${'cd'.repeat(20)}`);
    assert.equal(unknown.statusCode, 404);
    assert.deepEqual(unknown.json(), {
      errors: [{ message: 'Cast does not exist', code: 'CAST_NOT_FOUND' }],
    });
    const loose = await pin(OWNER, await run.harness.seedCast({ fid: 10 }));
    assert.equal(loose.statusCode, 403);
    assert.equal(loose.json().errors[0].code, 'CAST_NOT_IN_CHANNEL');

    for (const body of [{ castHash: 'abc' }, { castHash: cast, notifyChannelFollowers: 'soon' }, {}]) {
      const response = await call({ method: 'PUT', url: '/fc/pinned-casts', as: OWNER, body });
      assert.equal(response.statusCode, 400, JSON.stringify(body));
      assert.equal(response.json().errors[0].code, 'INVALID_REQUEST');
    }
    const anonymous = await call({ method: 'PUT', url: '/fc/pinned-casts', body: { castHash: cast } });
    assert.equal(anonymous.statusCode, 401);
    assert.equal(await pinned(channel), null);
  });

  it('announces to every follower whenever asked and the pin changes, a cast announced before too', async () => {
    const channel = await newChannel();
    await followTestChannel(run.harness.database.db, channel.id, [20, 21, 22]);
    const first = await run.harness.seedCast({ fid: 10, parentUrl: channel.url });
    const second = await run.harness.seedCast({ fid: 10, parentUrl: channel.url });
    const pinnedAt = run.harness.clock.seconds();
    const announcement = (castHash: string, createdAt: number) => ({
      type: 'channel-announcement',
      channelId: channel.id,
      castHash,
      createdAt,
    });

    assert.deepEqual((await pin(OWNER, first, true)).json(), SUCCESS);
    for (const fid of [20, 21, 22]) {
      assert.deepEqual(await notificationsOf(fid), {
        result: { notifications: [announcement(first, pinnedAt)] },
      });
    }
    assert.deepEqual(await notificationsOf(23), { result: { notifications: [] } });

    run.harness.clock.advance(1000);
    // Already pinned: nothing changes, so nobody hears twice.
    assert.deepEqual((await pin(MODERATOR, first, true)).json(), SUCCESS);
    // A new pin without notify sends nothing.
    assert.deepEqual((await pin(MODERATOR, second)).json(), SUCCESS);
    assert.equal((await notificationsOf(20)).result.notifications.length, 1);

    // Pinning the first cast again with notify, another cast pinned in between, tells every follower
    // (spec §3.6: "an announcement notification goes to all followers"), those told before too: each
    // keeps the cast's latest announcement.
    await followTestChannel(run.harness.database.db, channel.id, [23]);
    run.harness.clock.advance(1000);
    assert.deepEqual((await pin(OWNER, first, true)).json(), SUCCESS);
    for (const fid of [20, 21, 22, 23]) {
      assert.deepEqual(await notificationsOf(fid), {
        result: { notifications: [announcement(first, pinnedAt + 2)] },
      });
    }

    // Unpinning keeps what was sent; newest first with paging.
    assert.deepEqual((await unpin(OWNER, { channelId: channel.id })).json(), SUCCESS);
    run.harness.clock.advance(1000);
    assert.deepEqual((await pin(OWNER, second, true)).json(), SUCCESS);
    const page1 = await notificationsOf(20, { limit: '1' });
    assert.deepEqual(page1.result, { notifications: [announcement(second, pinnedAt + 3)] });
    const page2 = await notificationsOf(20, { limit: '1', cursor: page1.next.cursor });
    assert.deepEqual(page2, { result: { notifications: [announcement(first, pinnedAt + 2)] } });

    const anonymous = await call({ method: 'GET', url: '/fc/notifications' });
    assert.equal(anonymous.statusCode, 401);
  });

  it('unpins by cast only while that cast is pinned, or whatever a channel has pinned', async () => {
    const channel = await newChannel();
    const first = await run.harness.seedCast({ fid: 10, parentUrl: channel.url });
    const second = await run.harness.seedCast({ fid: 10, parentUrl: channel.url });
    await pin(OWNER, first);

    // Not the pin, unknown, or in no channel: success and nothing changes, whoever asks.
    for (const castHash of [second, `0x${'ef'.repeat(20)}`, await run.harness.seedCast({ fid: 10 })]) {
      assert.deepEqual((await unpin(MEMBER, { castHash })).json(), SUCCESS);
    }
    assert.equal(await pinned(channel), first);

    const member = await unpin(MEMBER, { castHash: first });
    assert.equal(member.statusCode, 403);
    assert.equal(member.json().errors[0].code, 'FORBIDDEN');
    assert.equal((await unpin(MEMBER, { channelId: channel.id })).statusCode, 403);
    assert.equal(await pinned(channel), first);

    assert.deepEqual((await unpin(MODERATOR, { castHash: first })).json(), SUCCESS);
    assert.equal(await pinned(channel), null);
    assert.deepEqual((await unpin(MODERATOR, { channelId: channel.id })).json(), SUCCESS);

    // A pinned cast its author deleted can still be unpinned by its hash.
    await pin(OWNER, second);
    await markCastRemoved(
      run.harness.database.db,
      Buffer.from(second.slice(2), 'hex'),
      run.harness.clock.seconds(),
    );
    assert.deepEqual((await unpin(OWNER, { castHash: second })).json(), SUCCESS);
    assert.equal(await pinned(channel), null);

    await pin(OWNER, first);
    assert.deepEqual((await unpin(OWNER, { channelId: channel.id })).json(), SUCCESS);
    assert.equal(await pinned(channel), null);

    const unknown = await unpin(OWNER, { channelId: 'nope' });
    assert.equal(unknown.statusCode, 404);
    assert.deepEqual(unknown.json(), {
      errors: [{ message: 'Channel nope does not exist', code: 'CHANNEL_NOT_FOUND' }],
    });
    for (const body of [{}, { castHash: first, channelId: channel.id }]) {
      const response = await unpin(OWNER, body);
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json(), {
        errors: [{ message: 'Give exactly one of castHash or channelId', code: 'INVALID_REQUEST' }],
      });
    }
    assert.equal((await unpin(OWNER, { castHash: 'nope' })).statusCode, 400);
    assert.equal(
      (await call({ method: 'DELETE', url: '/fc/pinned-casts', body: { channelId: channel.id } })).statusCode,
      401,
    );
  });
});

forEachDialect('social pinned casts under races', (dialect) => {
  let database: TestDatabase<SocialTables>;
  before(async () => {
    database = await openTestDatabase<SocialTables>(dialect, 'social');
  });
  after(() => database.cleanup());

  it('leaves one pin and one announcement per follower and cast when pins race', async () => {
    const db = database.db;
    const channel = await createTestChannel(db, { id: 'race', ownerFid: OWNER, moderatorFids: [MODERATOR] });
    const followers = [30, 31, 32, 33];
    await followTestChannel(db, channel.id, followers);
    const casts = [new Uint8Array(20).fill(1), new Uint8Array(20).fill(2)];
    for (const hash of casts) {
      await putCast(db, {
        hash,
        fid: 10,
        timestamp: 0,
        parentUrl: channel.url,
        parentHash: null,
        parentFid: null,
      });
    }
    // Two handles act as two processes on PostgreSQL; SQLite's single handle serialises them.
    const second = dialect === 'postgres' ? await database.reopen() : database;
    const clock = testClock();
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        pinCast((index % 2 === 0 ? database : second).db, clock, {
          callerFid: index % 3 === 0 ? OWNER : MODERATOR,
          castHash: casts[index % 4 < 2 ? 0 : 1] as Uint8Array,
          notifyChannelFollowers: true,
        }),
      ),
    );
    const hexes = casts.map(bytesToHex);
    assert.ok(hexes.includes((await pinnedCastOf(db, channel.id)) as Hex));
    const rows = await db
      .selectFrom('channel_announcements')
      .select(['recipient_fid', 'cast_hash'])
      .execute();
    const sent = rows.map((row) => `${row.recipient_fid}:${bytesToHex(row.cast_hash)}`).sort();
    assert.deepEqual(sent, followers.flatMap((fid) => hexes.map((hash) => `${fid}:${hash}`)).sort());
  });
});
