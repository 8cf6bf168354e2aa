/**
 * `agora social` killed with SIGKILL while users stream writes at it (channel creation, channel follows,
 * member invites and their acceptance, blocks), then started again on the same data: every write answered
 * 200 is visible through the GETs, nothing that was never sent is, no change is half-applied (a channel
 * always has its owner), and the restarted service finishes the stream to the exact expected state. Real
 * app-key tokens, checked against a real node (test/support/live-node.ts) on which the users' keys are
 * active signers; the social API as its own process.
 *
 * A failure prints the seed; AGORA_CRASH_SEED=<seed> replays its order and kill point (the kill's exact
 * moment still depends on timing). AGORA_CRASH_WRITES=<n> streams n writes instead of the small default.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { setUpAccount } from '../src/node/engine/testing.js';
import { createAppKeyToken } from '../src/protocol/app-key-token.js';
import { createEd25519Signer } from '../src/protocol/ed25519.js';
import { forEachDialect } from '../src/storage/testing.js';
import {
  crashService,
  crashSettings,
  getJson,
  request,
  shuffled,
  type CrashService,
  type StreamResult,
  type StreamTask,
} from './support/crash-process.js';
import { startLiveNode, type LiveNode } from './support/live-node.js';

const CRASH = crashSettings(130);
/** About this many writes per dialect run (13 per user); AGORA_CRASH_WRITES for a bigger run. */
const WRITES = CRASH.writes;
const USERS = Math.max(4, Math.round(WRITES / 13));
/** Channels each user follows (and is invited to and joins), and users each one blocks. */
const FOLLOWS = 3;
const BLOCKS = 3;
const FIRST_FID = 100;
const ADMIN_TOKEN = 'crash-test-admin-token-0123456789';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- social JSON, read field by field
type Json = any;

type Write =
  | { kind: 'create'; fid: number; channelId: string }
  | { kind: 'follow'; fid: number; channelId: string }
  | { kind: 'invite'; fid: number; channelId: string; inviteFid: number }
  | { kind: 'accept'; fid: number; channelId: string }
  | { kind: 'block'; fid: number; blockFid: number };

const fidOf = (user: number) => FIRST_FID + user;

/** The stream: each user creates a channel; followers of it are invited and accept; users block others. */
function writes(tag: string, random: () => number): StreamTask<Write>[] {
  const channelOf = (user: number) => `c${tag}-${user}`;
  const tasks: StreamTask<Write>[] = [];
  for (let owner = 0; owner < USERS; owner++) {
    const channelId = channelOf(owner);
    const create = `create:${owner}`;
    tasks.push({ id: create, value: { kind: 'create', fid: fidOf(owner), channelId } });
    for (let k = 1; k <= FOLLOWS; k++) {
      const member = (owner + k) % USERS;
      const follow = `follow:${member}:${owner}`;
      const invite = `invite:${owner}:${member}`;
      tasks.push({ id: follow, value: { kind: 'follow', fid: fidOf(member), channelId }, after: [create] });
      tasks.push({
        id: invite,
        value: { kind: 'invite', fid: fidOf(owner), channelId, inviteFid: fidOf(member) },
        after: [follow],
      });
      tasks.push({
        id: `accept:${member}:${owner}`,
        value: { kind: 'accept', fid: fidOf(member), channelId },
        after: [invite],
      });
    }
    for (let k = 1; k <= BLOCKS; k++) {
      tasks.push({
        id: `block:${owner}:${k}`,
        value: { kind: 'block', fid: fidOf(owner), blockFid: 900_000 + owner * 10 + k },
      });
    }
  }
  return shuffled(tasks, random);
}

forEachDialect('agora social killed mid-stream', (dialect) => {
  describe(
    'restarts on the same data with every acknowledged write',
    { timeout: Math.max(240_000, WRITES * 600) },
    () => {
      const random = CRASH.random();
      const tag = `${dialect === 'sqlite' ? 's' : 'p'}${(CRASH.seed % 46656).toString(36)}`;
      let node: LiveNode;
      let social: CrashService;
      let url: string;
      let tasks: StreamTask<Write>[];
      let stream: StreamResult<Write, Json>;
      const tokens = new Map<number, string>();

      before(async () => {
        node = await startLiveNode();
        const exp = Math.floor(Date.now() / 1000) + 1800;
        for (let user = 0; user < USERS; user++) {
          const seed = randomBytes(32);
          await setUpAccount(node.database.db, fidOf(user), { signer: createEd25519Signer(seed) });
          tokens.set(fidOf(user), `Bearer ${createAppKeyToken({ fid: fidOf(user), privateKey: seed, exp })}`);
        }
        social = await crashService('social', dialect, CRASH, [
          '--node-url',
          node.url,
          '--admin-token',
          ADMIN_TOKEN,
        ]);
        url = (await social.start()).url;
        tasks = writes(tag, random);
      });

      after(async () => {
        await social?.close();
        await node?.close();
      });

      const send = (write: Write) => {
        const call = (method: string, path: string, body: unknown) =>
          request(`${url}${path}`, {
            method,
            headers: { 'content-type': 'application/json', authorization: tokens.get(write.fid) ?? '' },
            body: JSON.stringify(body),
          });
        switch (write.kind) {
          case 'create':
            return call('POST', '/fc/channels', { id: write.channelId, name: `Crash ${write.channelId}` });
          case 'follow':
            return call('POST', '/fc/channel-follows', { channelId: write.channelId });
          case 'invite':
            return call('POST', '/fc/channel-invites', {
              channelId: write.channelId,
              inviteFid: write.inviteFid,
              role: 'member',
            });
          case 'accept':
            return call('PATCH', '/fc/channel-invites', {
              channelId: write.channelId,
              role: 'member',
              accept: true,
            });
          case 'block':
            return call('POST', '/fc/blocked-users', { blockFid: write.blockFid });
        }
      };

      // The reads a client would make.
      const get = (path: string) => getJson<Json>(`${url}${path}`);
      const channel = async (channelId: string): Promise<Json | undefined> => {
        const answer = await request(`${url}/v1/channel?channelId=${channelId}`);
        if (answer.status === 404) return undefined;
        assert.equal(answer.status, 200, answer.body);
        return (JSON.parse(answer.body) as Json).result.channel;
      };
      /** A channel's list or state; an unknown channel has none (404 CHANNEL_NOT_FOUND). */
      const ofChannel = async (path: string): Promise<Json | undefined> => {
        const answer = await request(`${url}${path}`);
        if (answer.status === 404 && answer.body.includes('CHANNEL_NOT_FOUND')) return undefined;
        assert.equal(answer.status, 200, `${path}: ${answer.body}`);
        return (JSON.parse(answer.body) as Json).result;
      };
      const isMember = async (channelId: string, fid: number) =>
        ((await ofChannel(`/fc/channel-members?channelId=${channelId}&fid=${fid}`))?.members ?? []).some(
          (m: Json) => m.fid === fid,
        );
      const hasInvite = async (channelId: string, fid: number, inviterFid: number) =>
        (
          (await ofChannel(`/fc/channel-invites?channelId=${channelId}&fid=${fid}&limit=100`))?.invites ?? []
        ).some((i: Json) => i.invitedFid === fid && i.inviterFid === inviterFid && i.role === 'member');
      const isFollowing = async (channelId: string, fid: number) =>
        (await ofChannel(`/v1/user-channel?fid=${fid}&channelId=${channelId}`))?.following === true;
      const blocked = async (fid: number) =>
        new Set(
          ((await get(`/fc/blocked-users?blockerFid=${fid}&limit=100`)).result.blockedUsers as Json[]).map(
            (b) => b.blockedFid as number,
          ),
        );

      it('takes a concurrent stream of writes, is killed in the middle of it, and starts again', async (t) => {
        stream = await social.streamAndKill(random, {
          tasks,
          concurrency: 12,
          send,
          parse: (body) => JSON.parse(body) as Json,
        });
        social.assertKilledMidStream(t, stream, 'write');
        assert.equal((await social.start()).url, url, 'the social API listens on the same address again');
      });

      it('shows every acknowledged write, and nothing that was never sent', async () => {
        const state = (id: string) => stream.outcomes.get(id)?.outcome.state;
        for (const { task, outcome } of stream.outcomes.values()) {
          const write = task.value;
          const what = `${task.id} (${outcome.state})`;
          switch (write.kind) {
            case 'create': {
              const found = await channel(write.channelId);
              if (outcome.state === 'acked') {
                assert.equal(found?.leadFid, write.fid, social.failure(what));
                assert.deepEqual(outcome.response.result.channel.id, write.channelId);
              }
              if (outcome.state === 'unsent') assert.equal(found, undefined, social.failure(what));
              // Created together with its owner role, or not at all.
              if (found !== undefined)
                assert.ok(await isMember(write.channelId, write.fid), social.failure(`${what}: owner`));
              break;
            }
            case 'follow': {
              const following = await isFollowing(write.channelId, write.fid);
              if (outcome.state === 'acked') assert.ok(following, social.failure(what));
              if (outcome.state === 'unsent') assert.ok(!following, social.failure(what));
              break;
            }
            case 'invite': {
              const [owner, member] = task.id.split(':').slice(1);
              const accept = state(`accept:${member}:${owner}`);
              const invited = await hasInvite(write.channelId, write.inviteFid, write.fid);
              const joined = await isMember(write.channelId, write.inviteFid);
              if (outcome.state === 'acked') {
                // Outstanding until accepted: an acknowledged accept leaves only the membership.
                if (accept === 'acked') assert.ok(joined && !invited, social.failure(what));
                else if (accept === 'unsent') assert.ok(invited && !joined, social.failure(what));
                else assert.ok(invited !== joined, social.failure(what));
              }
              if (outcome.state === 'unsent') assert.ok(!invited && !joined, social.failure(what));
              break;
            }
            case 'accept':
              break; // checked with its invite
            case 'block': {
              const isBlocked = (await blocked(write.fid)).has(write.blockFid);
              if (outcome.state === 'acked') assert.ok(isBlocked, social.failure(what));
              if (outcome.state === 'unsent') assert.ok(!isBlocked, social.failure(what));
              break;
            }
          }
        }
        // Every channel of the stream that exists has its owner (no half-created channel).
        const { result } = await get('/v2/all-channels');
        for (const found of (result.channels as Json[]).filter((c) => String(c.id).startsWith(`c${tag}-`))) {
          assert.ok(
            found.leadFid !== undefined && (await isMember(found.id, found.leadFid)),
            social.failure(found.id),
          );
        }
      });

      it('finishes the stream after the restart, to exactly the expected state', async () => {
        // Each write again, in dependency order; those already applied answer as repeats.
        const phases: Write['kind'][] = ['create', 'follow', 'block', 'invite', 'accept'];
        for (const kind of phases) {
          const batch = tasks.filter((task) => task.value.kind === kind);
          await Promise.all(
            batch.map(async (task) => {
              const answer = await send(task.value);
              const write = task.value;
              const repeat =
                (write.kind === 'create' && answer.status === 409) ||
                (write.kind === 'accept' &&
                  answer.status === 404 &&
                  (await isMember(write.channelId, write.fid)));
              if (answer.status !== 200 && !repeat)
                assert.fail(social.failure(`${task.id} again: ${answer.status} ${answer.body}`));
              if (stream.outcomes.get(task.id)?.outcome.state === 'acked' && kind === 'create') {
                assert.equal(answer.status, 409, social.failure(`${task.id} was stored before the crash`));
              }
            }),
          );
        }
        const { result } = await get('/v2/all-channels');
        const ours = (result.channels as Json[]).filter((c) => String(c.id).startsWith(`c${tag}-`));
        assert.equal(ours.length, USERS, social.failure('one channel per user'));
        for (const found of ours) {
          const owner = Number(String(found.id).split('-')[1]);
          assert.equal(found.leadFid, fidOf(owner));
          assert.equal(found.memberCount, 1 + FOLLOWS, social.failure(`${found.id} members`));
          assert.equal(found.followerCount, FOLLOWS, social.failure(`${found.id} followers`));
          const invites = await get(`/fc/channel-invites?channelId=${found.id}&limit=100`);
          assert.deepEqual(
            invites.result.invites,
            [],
            social.failure(`${found.id}: every invite was answered`),
          );
        }
        for (let user = 0; user < USERS; user++) {
          const expected = Array.from({ length: BLOCKS }, (_, k) => 900_000 + user * 10 + k + 1);
          assert.deepEqual(
            [...(await blocked(fidOf(user)))].sort(),
            expected.sort(),
            social.failure(`blocks of ${user}`),
          );
        }
      });
    },
  );
});
