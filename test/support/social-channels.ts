/**
 * Test helpers for the moderation, pin and block tests: a social harness per dialect run, HTTP calls as a
 * fid, and channels, roles and follows written straight into the tables. (Rebuilt from its callers after it
 * was overwritten by mistake; see the channels engineer's report.)
 */
import { after, before } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { bytesToHex, type Hex } from '../../src/protocol/hex.js';
import type { ChannelRole } from '../../src/social/channels/tables.js';
import type { SocialDb } from '../../src/social/store.js';
import { openSocialHarness, type SocialHarness } from '../../src/social/testing.js';
import type { Dialect } from '../../src/storage/index.js';

/** The fids of a run's channels (SocialApiRun.newChannel): 1 owns each, 2 moderates, 3 is a member. */
export const OWNER = 1;
export const MODERATOR = 2;
export const MEMBER = 3;

/**
 * What `use` makes of a social harness opened for one dialect run. The hooks this registers open the harness
 * before the run's tests and close it after them: call it inside forEachDialect, and the getter it returns
 * inside the run's hooks and tests.
 */
export function harnessPerRun<T>(dialect: Dialect, use: (harness: SocialHarness) => T): () => T {
  let harness: SocialHarness | undefined;
  let opened: { value: T } | undefined;
  before(async () => {
    harness = await openSocialHarness(dialect);
    opened = { value: use(harness) };
  });
  after(() => harness?.close());
  return () => {
    if (opened === undefined) throw new Error('the social harness is open only while its run runs');
    return opened.value;
  };
}

/** A dialect run's harness, with calls as a fid (apiClient) and fresh channels. */
export interface SocialApiRun {
  readonly harness: SocialHarness;
  call(call: ApiCall): Promise<LightMyRequestResponse>;
  /** A channel `<channelPrefix><n>`, owned by OWNER, with MODERATOR and MEMBER. */
  newChannel(): Promise<TestChannel>;
}

/** A harness for the run (see harnessPerRun); call inside forEachDialect. */
export function socialApiRun(dialect: Dialect, channelPrefix = 'channel'): SocialApiRun {
  const run = harnessPerRun(dialect, (harness) => ({ harness, call: apiClient(harness) }));
  let channelCount = 0;
  return {
    get harness() {
      return run().harness;
    },
    call: (call) => run().call(call),
    newChannel() {
      channelCount += 1;
      return createTestChannel(run().harness.database.db, {
        id: `${channelPrefix}${channelCount}`,
        ownerFid: OWNER,
        moderatorFids: [MODERATOR],
        memberFids: [MEMBER],
      });
    },
  };
}

export interface ApiCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** Sends a real signed bearer token of this fid; anonymous when absent. */
  as?: number;
  body?: unknown;
  query?: Record<string, string>;
}

/** Calls the harness's app; one app key per fid, registered on first use. */
function apiClient(harness: SocialHarness): (call: ApiCall) => Promise<LightMyRequestResponse> {
  const tokens = new Map<number, string>();
  const authorizationOf = (fid: number) => {
    let token = tokens.get(fid);
    if (token === undefined) {
      token = harness.login(fid).authorization;
      tokens.set(fid, token);
    }
    return token;
  };
  return (call) =>
    harness.app.inject({
      method: call.method,
      url: call.url,
      ...(call.query !== undefined && { query: call.query }),
      headers: call.as === undefined ? {} : { authorization: authorizationOf(call.as) },
      ...(call.body !== undefined && { payload: call.body as object }),
    });
}

export interface TestChannel {
  id: string;
  url: string;
}

/** A channel with its owner, moderators and members, written as the channel routes would leave them. */
export async function createTestChannel(
  db: SocialDb,
  channel: { id: string; ownerFid: number; moderatorFids?: number[]; memberFids?: number[] },
): Promise<TestChannel> {
  const url = `https://farcaster.xyz/~/channel/${channel.id}`;
  await db
    .insertInto('channels')
    .values({
      id: channel.id,
      url,
      name: channel.id,
      description: '',
      description_mentions: '[]',
      description_mentions_positions: '[]',
      lead_fid: channel.ownerFid,
      image_url: '',
      header_image_url: '',
      external_link_title: null,
      external_link_url: null,
      public_casting: true,
      pinned_cast_hash: null,
      created_at: 0,
    })
    .execute();
  const roles: [number, ChannelRole][] = [
    [channel.ownerFid, 'owner'],
    ...(channel.moderatorFids ?? []).map((fid): [number, ChannelRole] => [fid, 'moderator']),
    ...(channel.memberFids ?? []).map((fid): [number, ChannelRole] => [fid, 'member']),
  ];
  await db
    .insertInto('channel_roles')
    .values(roles.map(([fid, role]) => ({ channel_id: channel.id, fid, role, member_at: 0 })))
    .execute();
  return { id: channel.id, url };
}

/** Makes each fid follow the channel. */
export async function followTestChannel(db: SocialDb, channelId: string, fids: number[]): Promise<void> {
  if (fids.length === 0) return;
  await db
    .insertInto('channel_follows')
    .values(fids.map((fid) => ({ channel_id: channelId, fid, followed_at: 0 })))
    .execute();
}

/** The channel's pinned cast hash, or null. */
export async function pinnedCastOf(db: SocialDb, channelId: string): Promise<Hex | null> {
  const row = await db
    .selectFrom('channels')
    .select('pinned_cast_hash')
    .where('id', '=', channelId)
    .executeTakeFirst();
  return row?.pinned_cast_hash == null ? null : bytesToHex(row.pinned_cast_hash);
}
