import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { channelUrlOf } from '../src/social/channels/catalog.js';
import type { SocialService } from '../src/social/service.js';
import { openSocialHarness, otherProcess, type SocialHarness } from '../src/social/testing.js';
import { forEachDialect } from '../src/storage/testing.js';
import { channelApi, type ChannelApi } from './support/social-channel-api.js';

const OWNER = 1;

/**
 * The anonymous, unpaginated channel list is served from a rendering kept current on
 * change, across processes: a strong ETag per encoding, 304 on If-None-Match, gzip and brotli bodies made
 * once per change.
 */
forEachDialect('social all-channels rendering', (dialect) => {
  let harness: SocialHarness;
  let api: ChannelApi;
  let second: SocialService;
  before(async () => {
    harness = await openSocialHarness(dialect);
    api = channelApi(harness);
    second = await otherProcess(harness);
    await api.as(OWNER)('POST', '/fc/channels', { id: 'first', name: 'First' });
  });
  after(async () => {
    await second.close();
    await harness.close();
  });

  const list = (headers: Record<string, string> = {}, on: SocialService = harness.service) =>
    on.app.inject({ method: 'GET', url: '/v2/all-channels', headers });
  const idsOf = (body: Buffer) =>
    (JSON.parse(body.toString('utf8')) as { result: { channels: { id: string }[] } }).result.channels.map(
      (channel) => channel.id,
    );
  const etagOf = (reply: LightMyRequestResponse) => String(reply.headers.etag);

  it('answers 304 to a client whose copy is current, with the same strong ETag', async () => {
    const full = await list();
    assert.equal(full.statusCode, 200);
    assert.match(full.headers['content-type'] as string, /^application\/json/);
    assert.match(etagOf(full), /^"[\w-]+"$/);
    assert.deepEqual(idsOf(full.rawPayload), ['first']);
    for (const tag of [etagOf(full), `W/${etagOf(full)}`, `"other", ${etagOf(full)}`, '*']) {
      const cached = await list({ 'if-none-match': tag });
      assert.equal(cached.statusCode, 304, tag);
      assert.equal(cached.rawPayload.length, 0);
      assert.equal(etagOf(cached), etagOf(full));
    }
    assert.equal((await list({ 'if-none-match': '"stale"' })).statusCode, 200);
  });

  it('sends gzip or brotli as the client accepts, each decoding to the same JSON', async () => {
    const plain = await list();
    const gzip = await list({ 'accept-encoding': 'gzip, deflate' });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.deepEqual(gunzipSync(gzip.rawPayload), plain.rawPayload);
    const brotli = await list({ 'accept-encoding': 'gzip;q=0.5, br' });
    assert.equal(brotli.headers['content-encoding'], 'br');
    assert.deepEqual(brotliDecompressSync(brotli.rawPayload), plain.rawPayload);
    assert.equal((await list({ 'accept-encoding': '*' })).headers['content-encoding'], 'br');
    const identity = await list({ 'accept-encoding': 'br;q=0, gzip;q=0' });
    assert.equal(identity.headers['content-encoding'], undefined);
    assert.deepEqual(identity.rawPayload, plain.rawPayload);
    // Each representation has its own strong tag; any of them shows the client's copy is current.
    const tags = new Set([etagOf(plain), etagOf(gzip), etagOf(brotli)]);
    assert.equal(tags.size, 3);
    assert.match(String(gzip.headers.vary), /accept-encoding/);
    const revalidated = await list({ 'accept-encoding': 'gzip', 'if-none-match': etagOf(gzip) });
    assert.equal(revalidated.statusCode, 304);
    assert.equal((await list({ 'if-none-match': etagOf(brotli) })).statusCode, 304);
  });

  it('changes the ETag in every process when a channel, its follows, roles or pin change', async () => {
    const before = await list({}, second);
    const changes: [string, () => Promise<unknown>][] = [
      [
        'a new channel',
        () => {
          harness.clock.advance(1_000);
          return api.as(OWNER)('POST', '/fc/channels', { id: 'second', name: 'Second' });
        },
      ],
      ['a follow', () => api.as(7)('POST', '/fc/channel-follows', { channelId: 'first' })],
      [
        'a pin',
        async () =>
          harness.app.inject({
            method: 'PUT',
            url: '/fc/pinned-casts',
            headers: { authorization: harness.login(OWNER).authorization },
            payload: { castHash: await harness.seedCast({ fid: 7, parentUrl: channelUrlOf('first') }) },
          }),
      ],
      [
        'an accepted invite',
        async () => {
          await api.as(OWNER)('POST', '/fc/channel-invites', {
            channelId: 'first',
            inviteFid: 7,
            role: 'member',
          });
          return api.as(7)('PATCH', '/fc/channel-invites', {
            channelId: 'first',
            role: 'member',
            accept: true,
          });
        },
      ],
      ['a ban', () => api.as(OWNER)('POST', '/fc/channel-bans', { channelId: 'first', banFid: 7 })],
      ['an edit', () => api.as(OWNER)('PATCH', '/fc/channels', { channelId: 'first', name: 'Renamed' })],
    ];
    let previous = before;
    for (const [change, make] of changes) {
      await make();
      const after = await list({ 'if-none-match': etagOf(previous) }, second);
      assert.equal(after.statusCode, 200, `${change} left the other process's list as it was`);
      assert.notEqual(etagOf(after), etagOf(previous), change);
      previous = after;
    }
    const { channels } = (JSON.parse(previous.body) as { result: { channels: Record<string, unknown>[] } })
      .result;
    const [newest, first] = channels;
    assert.equal(newest?.id, 'second');
    assert.equal(first?.name, 'Renamed');
    assert.equal(first?.followerCount, 1);
    assert.equal(first?.memberCount, 1);
    assert.match(String(first?.pinnedCastHash), /^0x/);
    // Nothing changed since: both processes answer with the same rendering.
    assert.equal(etagOf(await list()), etagOf(previous));
  });
});
