import assert from 'node:assert/strict';
import { it } from 'node:test';
import { encodeCursor } from '../src/shared/http/index.js';
import { cursorListOf } from '../src/social/http/envelope.js';
import { markCastRemoved } from '../src/social/node-index/store.js';
import { TEST_ADMIN_TOKEN } from '../src/social/testing.js';
import { forEachDialect } from '../src/storage/testing.js';
import { createTestChannel, MEMBER, MODERATOR, OWNER, socialApiRun } from './support/social-channels.js';

/** Cast moderation over HTTP (spec §2.7, §4.3): the hide/unhide log, who may moderate, request faults. */

const OUTSIDER = 4;

forEachDialect('social cast moderation', (dialect) => {
  const run = socialApiRun(dialect, 'mod');
  const { call, newChannel } = run;
  const moderate = (as: number, castHash: string, action: string, url = '/fc/moderated-casts') =>
    call({ method: 'POST', url, as, body: { castHash, action } });
  const list = (query: Record<string, string>) => call({ method: 'GET', url: '/fc/moderated-casts', query });

  it('logs every hide and unhide by the owner or a moderator, newest first, on both paths', async () => {
    const channel = await newChannel();
    const root = await run.harness.seedCast({ fid: 10, parentUrl: channel.url });
    const reply = await run.harness.seedCast({ fid: 11, parentHash: root, parentFid: 10 });
    const start = run.harness.clock.seconds();

    assert.deepEqual((await moderate(OWNER, root, 'hide')).json(), { result: { success: true } });
    run.harness.clock.advance(1000);
    // The docs' sample request path, with the hash in upper case.
    const upper = `0x${reply.slice(2).toUpperCase()}`;
    assert.equal((await moderate(MODERATOR, upper, 'hide', '/fc/moderate-cast')).statusCode, 200);
    run.harness.clock.advance(1000);
    assert.equal((await moderate(MODERATOR, root, 'unhide')).statusCode, 200);
    // A repeat is logged too: the list is the history.
    assert.equal((await moderate(MODERATOR, root, 'unhide')).statusCode, 200);

    const response = await list({ channelId: channel.id });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), {
      result: {
        moderationActions: [
          { castHash: root, channelId: channel.id, action: 'unhide', moderatedAt: start + 2 },
          { castHash: root, channelId: channel.id, action: 'unhide', moderatedAt: start + 2 },
          { castHash: reply, channelId: channel.id, action: 'hide', moderatedAt: start + 1 },
          { castHash: root, channelId: channel.id, action: 'hide', moderatedAt: start },
        ],
      },
    });
  });

  it("forgets a deleted channel's log, so a new channel with its id starts clean", async () => {
    const channel = await newChannel();
    const cast = await run.harness.seedCast({ fid: 10, parentUrl: channel.url });
    assert.equal((await moderate(OWNER, cast, 'hide')).statusCode, 200);
    const deleted = await run.harness.app.inject({
      method: 'DELETE',
      url: '/admin/channels',
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      payload: { channelId: channel.id },
    });
    assert.equal(deleted.statusCode, 200, deleted.body);
    await createTestChannel(run.harness.database.db, { id: channel.id, ownerFid: OWNER });
    assert.deepEqual((await list({ channelId: channel.id })).json(), { result: { moderationActions: [] } });
  });

  it('lists every channel without a filter, pages with a cursor, and 404s an unknown channel', async () => {
    const first = await newChannel();
    const second = await newChannel();
    const castA = await run.harness.seedCast({ fid: 10, parentUrl: first.url });
    const castB = await run.harness.seedCast({ fid: 10, parentUrl: second.url });
    run.harness.clock.advance(60_000);
    const now = run.harness.clock.seconds();
    for (const hash of [castA, castB, castA])
      assert.equal((await moderate(OWNER, hash, 'hide')).statusCode, 200);

    const page1 = await list({ limit: '2' });
    assert.equal(page1.statusCode, 200);
    const body1 = page1.json();
    assert.deepEqual(body1.result, {
      moderationActions: [
        { castHash: castA, channelId: first.id, action: 'hide', moderatedAt: now },
        { castHash: castB, channelId: second.id, action: 'hide', moderatedAt: now },
      ],
    });
    assert.equal(typeof body1.next.cursor, 'string');
    const page2 = (await list({ limit: '2', cursor: body1.next.cursor })).json();
    assert.deepEqual(page2.result.moderationActions[0], {
      castHash: castA,
      channelId: first.id,
      action: 'hide',
      moderatedAt: now,
    });
    assert.equal(page2.result.moderationActions.length, 2);

    const only = (await list({ channelId: second.id })).json();
    assert.deepEqual(only, {
      result: {
        moderationActions: [{ castHash: castB, channelId: second.id, action: 'hide', moderatedAt: now }],
      },
    });

    const unknown = await list({ channelId: 'nope' });
    assert.equal(unknown.statusCode, 404);
    assert.deepEqual(unknown.json(), {
      errors: [{ message: 'Channel nope does not exist', code: 'CHANNEL_NOT_FOUND' }],
    });
  });

  it('refuses members, other channels’ moderators and casts outside channels with 403', async () => {
    const channel = await newChannel();
    const other = await createTestChannel(run.harness.database.db, { id: 'elsewhere', ownerFid: OUTSIDER });
    const cast = await run.harness.seedCast({ fid: 10, parentUrl: channel.url });
    const forbidden = {
      errors: [
        { message: `You must own or moderate channel ${channel.id} to hide casts`, code: 'FORBIDDEN' },
      ],
    };
    for (const fid of [MEMBER, OUTSIDER]) {
      const response = await moderate(fid, cast, 'hide');
      assert.equal(response.statusCode, 403);
      assert.deepEqual(response.json(), forbidden);
    }
    assert.equal(
      (await moderate(OUTSIDER, await run.harness.seedCast({ fid: 10, parentUrl: other.url }), 'hide'))
        .statusCode,
      200,
    );

    const notInChannel = {
      errors: [
        { message: 'The cast is not in a channel, so no one moderates it', code: 'CAST_NOT_IN_CHANNEL' },
      ],
    };
    for (const parentUrl of [undefined, 'https://example.com/not-a-channel']) {
      const loose = await run.harness.seedCast({ fid: 10, ...(parentUrl !== undefined && { parentUrl }) });
      const response = await moderate(OWNER, loose, 'hide');
      assert.equal(response.statusCode, 403);
      assert.deepEqual(response.json(), notInChannel);
    }
    assert.deepEqual((await list({ channelId: channel.id })).json(), { result: { moderationActions: [] } });
  });

  it('answers unknown and deleted casts with 404', async () => {
    const channel = await newChannel();
    const cast = await run.harness.seedCast({ fid: 10, parentUrl: channel.url });
    await markCastRemoved(
      run.harness.database.db,
      Buffer.from(cast.slice(2), 'hex'),
      run.harness.clock.seconds(),
    );
    const notFound = { errors: [{ message: 'Cast does not exist', code: 'CAST_NOT_FOUND' }] };
    for (const hash of [cast, `0x${'ab'.repeat(20)}`]) {
      const response = await moderate(OWNER, hash, 'hide');
      assert.equal(response.statusCode, 404);
      assert.deepEqual(response.json(), notFound);
    }
  });

  it('rejects bad hashes, actions, bodies, cursors and missing tokens', async () => {
    const channel = await newChannel();
    const cast = await run.harness.seedCast({ fid: 10, parentUrl: channel.url });
    const bad: [Record<string, unknown> | undefined, string][] = [
      [{ castHash: cast.slice(2), action: 'hide' }, 'body/castHash must match pattern'],
      [{ castHash: `${cast}00`, action: 'hide' }, 'body/castHash must match pattern'],
      [{ castHash: cast, action: 'delete' }, 'body/action must be equal to constant'],
      [{ castHash: cast }, "body must have required property 'action'"],
      [{ castHash: 12, action: 'hide' }, 'body/castHash must'],
      [undefined, 'body must be object'],
    ];
    for (const [body, message] of bad) {
      const response = await call({
        method: 'POST',
        url: '/fc/moderated-casts',
        as: OWNER,
        ...(body && { body }),
      });
      assert.equal(response.statusCode, 400, JSON.stringify(body));
      const [error] = response.json().errors;
      assert.equal(error.code, 'INVALID_REQUEST');
      assert.ok(error.message.startsWith(message), error.message);
    }
    const anonymous = await call({
      method: 'POST',
      url: '/fc/moderated-casts',
      body: { castHash: cast, action: 'hide' },
    });
    assert.equal(anonymous.statusCode, 401);
    assert.equal(anonymous.json().errors[0].code, 'UNAUTHENTICATED');

    for (const limit of ['0', '101', 'ten']) {
      const response = await list({ limit });
      assert.equal(response.statusCode, 400, limit);
      assert.equal(response.json().errors[0].code, 'INVALID_REQUEST');
    }
    // Channel ids as every channel route takes them: no control characters, at most 64 characters.
    for (const channelId of ['', 'a\u0001b', 'c'.repeat(65)]) {
      const response = await list({ channelId });
      assert.equal(response.statusCode, 400, JSON.stringify(channelId));
      assert.equal(response.json().errors[0].code, 'INVALID_REQUEST');
    }
    // Well-formed cursors of this list whose positions no page of it can have, and one of another list.
    const ofThisList = cursorListOf({ routeOptions: { url: '/fc/moderated-casts' }, query: {} });
    for (const cursor of [
      'garbage',
      encodeCursor([1, 'x'], ofThisList),
      encodeCursor([1e300, 1], ofThisList),
      encodeCursor([1.5, 2], ofThisList),
      encodeCursor([1, 2]),
    ]) {
      const response = await list({ cursor });
      assert.equal(response.statusCode, 400, cursor);
      assert.equal(response.json().errors[0].code, 'BAD_CURSOR');
    }
  });
});
