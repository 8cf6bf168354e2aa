import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { TEST_START_MS, testClock } from '../src/shared/test-clock.js';
import { channelUrlOf } from '../src/social/channels/catalog.js';
import { openSocialHarness, otherProcess, type SocialHarness } from '../src/social/testing.js';
import type { SocialConfig } from '../src/shared/config/index.js';
import { forEachDialect } from '../src/storage/testing.js';
import { channelApi, type Reply } from './support/social-channel-api.js';

const OWNER = 1;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Unbounded writes, performed as a client would: flooding the social API's write
 * routes with real app-key tokens is refused per fid over sliding windows counted in the database, with a
 * 429, `retry-after` and `x-ratelimit-*` headers.
 */
forEachDialect('social write limits', (dialect) => {
  const open: SocialHarness[] = [];
  after(() => Promise.all(open.map((harness) => harness.close())));

  async function service(config: Partial<SocialConfig> = {}) {
    // On a clock hour, so a fixed window would end one hour in.
    const harness = await openSocialHarness(dialect, config, { clock: testClock(TEST_START_MS) });
    open.push(harness);
    return { harness, api: channelApi(harness) };
  }

  const codeOf = (reply: Reply) => (reply.body as { errors?: { code: string }[] }).errors?.[0]?.code;
  const limitHeaders = (reply: Reply) => [
    reply.headers['x-ratelimit-limit'],
    reply.headers['x-ratelimit-remaining'],
    reply.headers['x-ratelimit-reset'],
  ];
  function assertLimited(reply: Reply, limit: number, retryAfterSeconds: number) {
    assert.equal(reply.status, 429, JSON.stringify(reply.body));
    assert.equal(codeOf(reply), 'RATE_LIMITED');
    assert.equal(reply.headers['retry-after'], String(retryAfterSeconds));
    assert.deepEqual(limitHeaders(reply), [String(limit), '0', String(retryAfterSeconds)]);
  }

  it('refuses an 11th channel creation by one fid within 24 hours, refusals counted', async () => {
    const { harness, api } = await service();
    const create = (id: string, fid = OWNER) => api.as(fid)('POST', '/fc/channels', { id, name: id });
    const first = await create('flood1');
    assert.equal(first.status, 200);
    assert.deepEqual(limitHeaders(first), ['10', '9', String(DAY / 1000)]);
    // Calls without a valid token are not counted, and carry no rate-limit headers.
    const forged = await harness.app.inject({
      method: 'POST',
      url: '/fc/channels',
      headers: { authorization: 'Bearer not.a.token' },
      payload: { id: 'forged', name: 'Forged' },
    });
    assert.equal(forged.statusCode, 401);
    assert.equal(forged.headers['x-ratelimit-remaining'], undefined);
    for (let n = 2; n <= 9; n += 1) {
      harness.clock.advance(60_000);
      api.renewTokens();
      assert.equal((await create(`flood${n}`)).status, 200);
    }
    // A refused creation counts too, and its answer carries the headers.
    const taken = await create('flood1');
    assert.equal(taken.status, 409);
    assert.equal(codeOf(taken), 'CHANNEL_EXISTS');
    assert.equal(taken.headers['x-ratelimit-remaining'], '0');

    const eleventh = await create('flood11');
    assertLimited(eleventh, 10, DAY / 1000 - 8 * 60);
    assert.match(
      (eleventh.body as { errors: { message: string }[] }).errors[0]!.message,
      /at most 10 channel creations per fid per 24 hours$/,
    );
    assert.equal((await api.get('/v1/channel?channelId=flood11')).status, 404);
    // Another fid has its own allowance.
    assert.equal((await create('other', 2)).status, 200);
    // Sliding: one second before the first creation is 24 hours old, still refused; then one frees.
    harness.clock.advance(DAY - 8 * 60_000 - 1_000);
    api.renewTokens();
    assertLimited(await create('flood11'), 10, 1);
    harness.clock.advance(1_000);
    assert.equal((await create('flood11')).status, 200);
    assertLimited(await create('flood12'), 10, 60);
  });

  it('admits exactly the limit when two processes take creations of one fid at once', async () => {
    const { harness } = await service();
    const second = await otherProcess(harness);
    try {
      const { authorization } = harness.login(OWNER);
      const replies = await Promise.all(
        Array.from({ length: 16 }, (_, n) =>
          (n % 2 === 0 ? harness.app : second.app).inject({
            method: 'POST',
            url: '/fc/channels',
            headers: { authorization },
            payload: { id: `race${n}`, name: 'Race' },
          }),
        ),
      );
      const statuses = replies.map((reply) => reply.statusCode).sort();
      assert.deepEqual(statuses, [...Array<number>(10).fill(200), ...Array<number>(6).fill(429)]);
      const created = await harness.database.db
        .selectFrom('channels')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('lead_fid', '=', OWNER)
        .executeTakeFirstOrThrow();
      assert.equal(Number(created.count), 10);
    } finally {
      await second.close();
    }
  });

  it('lets no more than 100 invite calls through in any hour, around the clock hour too', async () => {
    const { harness, api } = await service();
    await api.as(OWNER)('POST', '/fc/channels', { id: 'burst', name: 'Burst' });
    await api.as(5)('POST', '/fc/channel-follows', { channelId: 'burst' });
    const invite = () =>
      api.as(OWNER)('POST', '/fc/channel-invites', { channelId: 'burst', inviteFid: 5, role: 'member' });
    // 100 calls in the last minute of the clock hour, one every half second.
    harness.clock.advance(HOUR - 60_000);
    api.renewTokens();
    const burstStart = harness.clock.now();
    for (let call = 0; call < 100; call += 1) {
      assert.equal((await invite()).status, 200);
      harness.clock.advance(500);
    }
    // A fixed window would start over on the hour; the sliding one still holds all 100.
    harness.clock.advance(20_000);
    for (let call = 0; call < 20; call += 1) {
      assert.equal((await invite()).status, 429);
      harness.clock.advance(1_000);
    }
    // An hour after the burst began plus 0.75 s, its first two calls have left the window: two get in.
    harness.clock.advance(burstStart + HOUR + 750 - harness.clock.now());
    api.renewTokens();
    assert.equal((await invite()).status, 200);
    const last = await invite();
    assert.equal(last.status, 200);
    assert.deepEqual(limitHeaders(last), ['100', '0', '1']);
    assertLimited(await invite(), 100, 1);
    // A refusal by the channel rules is answered with the headers of the caller's own allowance.
    const stranger = await api.as(9)('POST', '/fc/channel-invites', {
      channelId: 'burst',
      inviteFid: 5,
      role: 'member',
    });
    assert.equal(stranger.status, 403);
    assert.deepEqual(limitHeaders(stranger), ['100', '99', String(HOUR / 1000)]);
  });

  it('limits every other write per fid: follows, blocks, moderation, pins and channel edits', async () => {
    const { harness, api } = await service({
      channelFollowsPerHour: 2,
      blocksPerHour: 2,
      moderationActionsPerHour: 2,
      pinsPerHour: 2,
      channelEditsPerHour: 2,
    });
    await api.as(OWNER)('POST', '/fc/channels', { id: 'writes', name: 'Writes' });
    const castHash = await harness.seedCast({ fid: 10, parentUrl: channelUrlOf('writes') });
    // Each caller is a stranger to the channel, so the moderation, pin and edit calls are 403s: they count.
    const floods: [string, 'POST' | 'PUT' | 'DELETE' | 'PATCH', string, object][] = [
      ['channel follows and unfollows', 'POST', '/fc/channel-follows', { channelId: 'writes' }],
      ['channel follows and unfollows', 'DELETE', '/fc/channel-follows', { channelId: 'writes' }],
      ['blocks and unblocks', 'POST', '/fc/blocked-users', { blockFid: 77 }],
      ['blocks and unblocks', 'DELETE', '/fc/blocked-users', { unblockFid: 77 }],
      ['moderation actions', 'POST', '/fc/channel-bans', { channelId: 'writes', banFid: 77 }],
      ['moderation actions', 'DELETE', '/fc/channel-bans', { channelId: 'writes', unbanFid: 77 }],
      ['moderation actions', 'POST', '/fc/moderated-casts', { castHash, action: 'hide' }],
      ['pins and unpins', 'PUT', '/fc/pinned-casts', { castHash }],
      ['pins and unpins', 'DELETE', '/fc/pinned-casts', { channelId: 'writes' }],
      ['channel edits', 'PATCH', '/fc/channels', { channelId: 'writes', name: 'Mine' }],
    ];
    for (const [index, [what, method, url, payload]] of floods.entries()) {
      const { authorization } = harness.login(100 + index);
      const call = async (): Promise<Reply> => {
        const reply = await harness.app.inject({ method, url, payload, headers: { authorization } });
        return { status: reply.statusCode, body: reply.json(), headers: reply.headers };
      };
      const answers = [await call(), await call()];
      assert.ok(
        answers.every((answer) => answer.status < 500 && answer.headers['x-ratelimit-limit'] === '2'),
        `${method} ${url}: ${JSON.stringify(answers.map((answer) => answer.body))}`,
      );
      const refused = await call();
      assertLimited(refused, 2, HOUR / 1000);
      assert.match(
        (refused.body as { errors: { message: string }[] }).errors[0]!.message,
        new RegExp(`at most 2 ${what} per fid per hour$`),
      );
    }
  });
});
