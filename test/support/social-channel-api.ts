/**
 * Helpers for the channel tests: a social harness per dialect run, HTTP calls as a fid or the operator, and
 * user follows on the fake node.
 */
import { HttpStatusError } from '../../src/shared/fetch/json-client.js';
import { TEST_ADMIN_TOKEN, type SocialHarness } from '../../src/social/testing.js';
import type { Dialect } from '../../src/storage/index.js';
import { harnessPerRun } from './social-channels.js';

export interface Reply {
  status: number;
  body: unknown;
  headers: Record<string, unknown>;
}

export interface ChannelApi {
  /** An unauthenticated GET. */
  get(url: string): Promise<Reply>;
  /** A call as `fid` with a real signed token (`'admin'`: the operator's token). */
  as(
    fid: number | 'admin',
  ): (method: 'POST' | 'PATCH' | 'DELETE' | 'GET', url: string, body?: unknown) => Promise<Reply>;
  /** Makes `fid` follow `target` on the node (a LinkAdd of type follow). */
  followUser(fid: number, target: number): void;
  /** How often the node was asked about user follows. */
  linkLookups(): number;
  /** Signs fresh tokens from now on (after the test clock moved past the old ones' expiry). */
  renewTokens(): void;
}

export function channelApi(harness: SocialHarness): ChannelApi {
  const tokens = new Map<number, string>();
  const links = new Set<string>();
  let lookups = 0;
  harness.node.getJson = async (path, query) => {
    if (path !== '/v1/linkById') throw new Error(`unexpected node read ${path}`);
    lookups += 1;
    const key = `${query?.fid}:${query?.target_fid}:${query?.link_type}`;
    if (links.has(key)) return { data: { type: 'MESSAGE_TYPE_LINK_ADD' } };
    throw new HttpStatusError(path, 400, { errCode: 'not_found', details: 'Link Add Message not found' });
  };
  const send = async (method: string, url: string, authorization?: string, body?: unknown) => {
    const response = await harness.app.inject({
      method: method as 'GET',
      url,
      headers: authorization === undefined ? {} : { authorization },
      ...(body !== undefined && { payload: body as object }),
    });
    return { status: response.statusCode, body: response.json() as unknown, headers: response.headers };
  };
  const authorizationOf = (fid: number | 'admin') => {
    if (fid === 'admin') return `Bearer ${TEST_ADMIN_TOKEN}`;
    let token = tokens.get(fid);
    if (token === undefined) {
      token = harness.login(fid).authorization;
      tokens.set(fid, token);
    }
    return token;
  };
  return {
    get: (url) => send('GET', url),
    as: (fid) => (method, url, body) => send(method, url, authorizationOf(fid), body),
    followUser: (fid, target) => links.add(`${fid}:${target}:follow`),
    linkLookups: () => lookups,
    renewTokens: () => tokens.clear(),
  };
}

/** A dialect run's harness, its channel API, and the harness clock's seconds when it opened. */
export interface ChannelApiRun {
  readonly harness: SocialHarness;
  readonly api: ChannelApi;
  readonly start: number;
}

/** A harness for the run (see harnessPerRun) with its channel API; call inside forEachDialect. */
export function channelApiRun(dialect: Dialect): ChannelApiRun {
  const run = harnessPerRun(dialect, (harness) => ({
    harness,
    api: channelApi(harness),
    start: harness.clock.seconds(),
  }));
  return {
    get harness() {
      return run().harness;
    },
    get api() {
      return run().api;
    },
    get start() {
      return run().start;
    },
  };
}

/** The `{errors: [...]}` body of a failure. */
export function failure(code: string, message: string) {
  return { errors: [{ message, code }] };
}

export const SUCCESS = { result: { success: true } };
