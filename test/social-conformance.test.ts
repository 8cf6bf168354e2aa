import assert from 'node:assert/strict';
import { it } from 'node:test';
import { channelUrlOf } from '../src/social/channels/catalog.js';
import { forEachDialect } from '../src/storage/testing.js';
import { channelApiRun, failure, SUCCESS, type Reply } from './support/social-channel-api.js';

const OWNER = 1;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Paged<T> {
  result: Record<string, T[]>;
  next?: { cursor: string };
}

/**
 * Where the social API once followed a quirk instead of the spec, driven over HTTP as a client written
 * from the spec would: cursors bound to their list, rate-limit headers on refusals, newest first
 * to the event, idempotent invite answers.
 */
forEachDialect('social conformance', (dialect) => {
  const run = channelApiRun(dialect);

  /** A call as `fid`, with PUT too (the channel API's helper types only its own methods). */
  const send = (fid: number, method: Method, url: string, body?: object) =>
    run.api.as(fid)(method as 'POST', url, body);
  const createChannel = async (id: string) => {
    const reply = await run.api.as(OWNER)('POST', '/fc/channels', { id, name: id });
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
  };
  const follow = (fid: number, channelId: string) =>
    run.api.as(fid)('POST', '/fc/channel-follows', { channelId });
  const invite = (fid: number, channelId: string, role = 'member') =>
    run.api.as(OWNER)('POST', '/fc/channel-invites', { channelId, inviteFid: fid, role });
  const answer = (fid: number, channelId: string, accept: boolean) =>
    run.api.as(fid)('PATCH', '/fc/channel-invites', { channelId, role: 'member', accept });
  const ok = (reply: Reply) => assert.deepEqual([reply.status, reply.body], [200, SUCCESS]);
  const page = <T>(reply: Reply) => {
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    return reply.body as Paged<T>;
  };
  const cursorOf = (reply: Reply) => {
    const { next } = page(reply);
    assert.ok(next !== undefined, 'a next page');
    return encodeURIComponent(next.cursor);
  };
  const otherList = failure('BAD_CURSOR', 'Invalid cursor (other_list)');

  it('pages a list only with its own cursors: another list or filter is a 400 BAD_CURSOR', async () => {
    for (const id of ['one', 'two']) {
      await createChannel(id);
      for (const fid of [20, 21, 22]) ok(await follow(fid, id));
    }
    const followersOfOne = cursorOf(await run.api.get('/v1/channel-followers?channelId=one&limit=1'));
    // The list that made it pages on, whatever the page size or a parameter no route reads (a cache buster).
    const next = await run.api.get(
      `/v1/channel-followers?channelId=one&limit=2&_=1700000000&cursor=${followersOfOne}`,
    );
    assert.equal(page(next).result.users?.length, 2);
    for (const url of [
      `/v1/channel-followers?channelId=two&cursor=${followersOfOne}`,
      `/fc/channel-members?channelId=one&cursor=${followersOfOne}`,
    ]) {
      const reply = await run.api.get(url);
      assert.deepEqual([reply.status, reply.body], [400, otherList], url);
    }
    // Dropping an optional filter reads another list too.
    ok(await invite(20, 'one'));
    ok(await invite(21, 'one'));
    const invitesOfOne = cursorOf(await run.api.get('/fc/channel-invites?channelId=one&limit=1'));
    assert.equal((await run.api.get(`/fc/channel-invites?channelId=one&cursor=${invitesOfOne}`)).status, 200);
    assert.deepEqual((await run.api.get(`/fc/channel-invites?cursor=${invitesOfOne}`)).body, otherList);

    // A list of the caller's own is bound to the caller.
    for (let pin = 0; pin < 2; pin += 1) {
      const castHash = await run.harness.seedCast({ fid: 30, parentUrl: channelUrlOf('one') });
      ok(await send(OWNER, 'PUT', '/fc/pinned-casts', { castHash, notifyChannelFollowers: true }));
    }
    const mine = cursorOf(await run.api.as(20)('GET', '/fc/notifications?limit=1'));
    assert.equal((await run.api.as(20)('GET', `/fc/notifications?cursor=${mine}`)).status, 200);
    assert.deepEqual((await run.api.as(21)('GET', `/fc/notifications?cursor=${mine}`)).body, otherList);
  });

  it('refuses a cursor of another list on every paginated route', async () => {
    // Channels one and two are the previous test's.
    const foreign = cursorOf(await run.api.get('/v1/channel-followers?channelId=two&limit=1'));
    const cast = await run.harness.seedCast({ fid: 30, parentUrl: channelUrlOf('one') });
    // A value for each required query parameter of a paged route.
    const samples: Record<string, string> = {
      channelId: 'one',
      fid: '20',
      id: 'pack',
      list: 'top',
      hash: cast,
    };
    const openapi = run.harness.app.swagger() as {
      paths: Record<string, { get?: { parameters?: { name: string; in: string; required?: boolean }[] } }>;
    };
    const paged = Object.entries(openapi.paths).filter(([, item]) =>
      item.get?.parameters?.some((parameter) => parameter.in === 'query' && parameter.name === 'cursor'),
    );
    assert.ok(paged.length >= 15, `${paged.length} paged routes`);
    for (const [path, item] of paged) {
      const query = (item.get?.parameters ?? [])
        .filter((parameter) => parameter.in === 'query' && parameter.required === true)
        .map((parameter) => {
          const sample = samples[parameter.name];
          assert.ok(sample !== undefined, `a sample value for ${parameter.name} of ${path}`);
          return `${parameter.name}=${sample}&`;
        })
        .join('');
      // As a signed-in caller, for the lists of the caller's own.
      const reply = await run.api.as(20)('GET', `${path}?${query}cursor=${foreign}`);
      assert.deepEqual([reply.status, reply.body], [400, otherList], path);
    }
  });

  it('answers every refusal of a limited route with its rate-limit headers, 403 and 409 included', async () => {
    await createChannel('limits');
    ok(await follow(40, 'limits'));
    ok(await run.api.as(OWNER)('POST', '/fc/channel-bans', { channelId: 'limits', banFid: 41 }));
    const cast = await run.harness.seedCast({ fid: 30, parentUrl: channelUrlOf('limits') });
    const loose = await run.harness.seedCast({ fid: 30 });
    const stranger = 49;
    const refusals: [number, Method, string, object, number, string][] = [
      [OWNER, 'POST', '/fc/channels', { id: 'limits', name: 'Again' }, 409, 'CHANNEL_EXISTS'],
      [stranger, 'PATCH', '/fc/channels', { channelId: 'limits', name: 'Mine' }, 403, 'FORBIDDEN'],
      [stranger, 'POST', '/fc/channel-follows', { channelId: 'nope' }, 404, 'CHANNEL_NOT_FOUND'],
      [stranger, 'DELETE', '/fc/channel-follows', { channelId: 'nope' }, 404, 'CHANNEL_NOT_FOUND'],
      [stranger, 'POST', '/fc/blocked-users', { blockFid: stranger }, 400, 'CANNOT_BLOCK_SELF'],
      [stranger, 'DELETE', '/fc/blocked-users', { unblockFid: stranger }, 400, 'CANNOT_BLOCK_SELF'],
      [
        stranger,
        'POST',
        '/fc/channel-invites',
        { channelId: 'limits', inviteFid: 40, role: 'member' },
        403,
        'FORBIDDEN',
      ],
      [
        OWNER,
        'POST',
        '/fc/channel-invites',
        { channelId: 'limits', inviteFid: 42, role: 'member' },
        409,
        'INVITEE_NOT_FOLLOWING',
      ],
      [
        OWNER,
        'POST',
        '/fc/channel-invites',
        { channelId: 'limits', inviteFid: 40, role: 'moderator' },
        409,
        'INVITEE_NOT_MEMBER',
      ],
      [
        OWNER,
        'POST',
        '/fc/channel-invites',
        { channelId: 'limits', inviteFid: 41, role: 'member' },
        409,
        'USER_BANNED',
      ],
      [
        stranger,
        'DELETE',
        '/fc/channel-invites',
        { channelId: 'limits', removeFid: 40, role: 'member' },
        403,
        'FORBIDDEN',
      ],
      [stranger, 'POST', '/fc/channel-bans', { channelId: 'limits', banFid: 40 }, 403, 'FORBIDDEN'],
      [OWNER, 'POST', '/fc/channel-bans', { channelId: 'limits', banFid: OWNER }, 403, 'FORBIDDEN'],
      [stranger, 'DELETE', '/fc/channel-bans', { channelId: 'limits', unbanFid: 41 }, 403, 'FORBIDDEN'],
      [stranger, 'POST', '/fc/moderated-casts', { castHash: cast, action: 'hide' }, 403, 'FORBIDDEN'],
      [stranger, 'POST', '/fc/moderate-cast', { castHash: cast, action: 'hide' }, 403, 'FORBIDDEN'],
      [OWNER, 'POST', '/fc/moderated-casts', { castHash: loose, action: 'hide' }, 403, 'CAST_NOT_IN_CHANNEL'],
      [stranger, 'PUT', '/fc/pinned-casts', { castHash: cast }, 403, 'FORBIDDEN'],
      [OWNER, 'PUT', '/fc/pinned-casts', { castHash: loose }, 403, 'CAST_NOT_IN_CHANNEL'],
      [stranger, 'DELETE', '/fc/pinned-casts', { channelId: 'limits' }, 403, 'FORBIDDEN'],
    ];
    for (const [fid, method, url, body, status, code] of refusals) {
      const reply = await send(fid, method, url, body);
      const what = `${method} ${url} ${JSON.stringify(body)}`;
      assert.equal(reply.status, status, `${what}: ${JSON.stringify(reply.body)}`);
      assert.equal((reply.body as { errors: { code: string }[] }).errors[0]?.code, code, what);
      for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
        assert.match(String(reply.headers[header]), /^\d+$/, `${header} of ${what}`);
      }
    }
  });

  it('lists follows and members of the same second in the order they came, newest first', async () => {
    for (const id of ['order', 'ord-a', 'ord-z']) await createChannel(id);
    // All in one second of the test clock, in an order that is neither ascending nor descending.
    for (const fid of [53, 51, 52]) ok(await follow(fid, 'order'));
    ok(await follow(51, 'ord-z'));
    ok(await follow(51, 'ord-a'));
    for (const fid of [53, 51]) {
      ok(await invite(fid, 'order'));
      ok(await answer(fid, 'order', true));
    }

    const walk = async (url: string, key: string, field: string) => {
      const seen: unknown[] = [];
      let cursor = '';
      do {
        const body = page<Record<string, unknown>>(await run.api.get(`${url}&limit=1${cursor}`));
        seen.push(...(body.result[key] ?? []).map((item) => item[field]));
        cursor = body.next === undefined ? '' : `&cursor=${encodeURIComponent(body.next.cursor)}`;
      } while (cursor !== '');
      return seen;
    };
    assert.deepEqual(await walk('/v1/channel-followers?channelId=order', 'users', 'fid'), [52, 51, 53]);
    assert.deepEqual(await walk('/v1/user-following-channels?fid=51', 'channels', 'id'), [
      'ord-a',
      'ord-z',
      'order',
    ]);
    assert.deepEqual(await walk('/fc/channel-members?channelId=order', 'members', 'fid'), [51, 53, OWNER]);
  });

  it('takes the same invite answer again and refuses another, until a new invite asks again', async () => {
    await createChannel('answers');
    ok(await follow(60, 'answers'));
    ok(await invite(60, 'answers'));
    ok(await answer(60, 'answers', false));
    ok(await answer(60, 'answers', false));
    const changed = await answer(60, 'answers', true);
    assert.deepEqual(
      [changed.status, changed.body],
      [
        404,
        failure(
          'INVITE_NOT_FOUND',
          'You already declined your member invite to channel answers; the answer cannot be changed',
        ),
      ],
    );
    // A new invite is a new question; once it is revoked unanswered, no answer stands.
    ok(await invite(60, 'answers'));
    ok(
      await run.api.as(OWNER)('DELETE', '/fc/channel-invites', {
        channelId: 'answers',
        removeFid: 60,
        role: 'member',
      }),
    );
    const revoked = await answer(60, 'answers', false);
    assert.deepEqual(
      [revoked.status, revoked.body],
      [404, failure('INVITE_NOT_FOUND', 'You have no outstanding member invite to channel answers')],
    );
  });
});
