import type { Hex } from '../protocol/hex.js';
import { systemClock, unixSeconds } from '../shared/clock.js';
import type { Clock } from '../shared/clock.js';
import { createJsonClient, HttpStatusError, type GetJson } from '../shared/fetch/json-client.js';
import { baseWithoutCredentials } from '../shared/fetch/credentials.js';
import { AGORA_USER_AGENT } from '../shared/fetch/user-agent.js';
import { serverSentEvents } from '../shared/fetch/server-sent-events.js';

/**
 * The node's HTTP API as the social service reads it (DESIGN.md §1: services talk over their public APIs).
 * Answers are the hub's JSON; callers parse what they use.
 */
export interface NodeClient {
  /** GET a node path with query parameters; throws HttpStatusError on a non-2xx answer. */
  getJson: GetJson;
  /**
   * `key` as a signer of `fid` right now: an active on-chain key, or a gasless key not yet expired, with
   * what it may sign; undefined when it signs nothing for the fid.
   */
  isActiveSigner(fid: number, key: Hex): Promise<ActiveSigner | undefined>;
  /**
   * The node's live event stream (`/v1/events/stream`, Server-Sent Events) from `fromId` on, inclusive:
   * each event's id and hub JSON, until `signal` aborts or the node ends it. `onActivity` hears of every
   * chunk, keep-alives included.
   */
  streamEvents(fromId: number, signal: AbortSignal, onActivity?: () => void): AsyncGenerator<StreamedEvent>;
}

/** An active signer as the node records it. */
export interface ActiveSigner {
  /** On-chain keys sign every message type; gasless keys only those of their scopes. */
  source: 'onchain' | 'gasless';
  /** A gasless key's scopes, as MessageType names (`MESSAGE_TYPE_CAST_ADD`); empty for an on-chain key. */
  scopes: readonly string[];
}

export interface StreamedEvent {
  id: number;
  /** The HubEvent's hub JSON. */
  event: unknown;
}

export interface NodeClientOptions {
  nodeUrl: string;
  fetch?: typeof fetch;
  /** Tells whether a gasless key has expired; the system clock when absent. */
  clock?: Clock;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** A page of 1,000 hub events with full messages stays well under this. */
const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

export function createNodeClient(options: NodeClientOptions): NodeClient {
  const doFetch = options.fetch ?? fetch;
  const clock = options.clock ?? systemClock;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const node = baseWithoutCredentials(options.nodeUrl);
  const getJson = createJsonClient({
    baseUrl: options.nodeUrl,
    fetch: options.fetch,
    timeoutMs,
    maxResponseBytes: MAX_RESPONSE_BYTES,
    signal: options.signal,
  });
  return {
    getJson,
    async isActiveSigner(fid, key) {
      let answer: unknown;
      try {
        // The node looks on chain first, then among the gasless keys (snapchain-messages.md §4.4).
        answer = await getJson('/v1/signer', { fid: String(fid), signer: key });
      } catch (error) {
        if (isHubNotFound(error)) return undefined;
        throw error;
      }
      return activeSignerOf(answer, unixSeconds(clock));
    },
    async *streamEvents(fromId, signal, onActivity) {
      const url = new URL('v1/events/stream', node.base);
      url.searchParams.set('from_event_id', String(fromId));
      // The timeout covers the answer's headers only: the body streams for as long as the node runs.
      const request = new AbortController();
      const stop = () => request.abort(signal.reason);
      signal.addEventListener('abort', stop, { once: true });
      const timer = setTimeout(
        () => request.abort(new Error(`${url.pathname} did not answer in ${timeoutMs} ms`)),
        timeoutMs,
      );
      let response: Response;
      try {
        if (signal.aborted) stop();
        response = await doFetch(url, {
          signal: request.signal,
          headers: { ...node.headers, accept: 'text/event-stream', 'user-agent': AGORA_USER_AGENT },
        });
      } finally {
        clearTimeout(timer);
      }
      if (!response.ok || response.body === null) {
        const text = await response.text().catch(() => '');
        throw new HttpStatusError(url.pathname, response.status, parseBody(text));
      }
      try {
        for await (const message of serverSentEvents(response.body, onActivity)) {
          const id = Number(message.id);
          if (!Number.isSafeInteger(id)) throw new Error(`${url.pathname} sent an event without a valid id`);
          yield { id, event: parseBody(message.data) };
        }
      } finally {
        signal.removeEventListener('abort', stop);
      }
    },
  };
}

/**
 * The node's `{signer}` record as an active signer; undefined for a gasless key past its expiry (the node
 * lists one until it is removed) or without one. A record not marked on-chain is taken as gasless, so an
 * answer this client does not understand grants no more than its scopes say.
 */
function activeSignerOf(answer: unknown, now: number): ActiveSigner | undefined {
  const signer = (answer as { signer?: unknown } | undefined)?.signer;
  if (typeof signer !== 'object' || signer === null) throw new Error('/v1/signer answered no signer record');
  const { source, expiresAt, scopes } = signer as { source?: unknown; expiresAt?: unknown; scopes?: unknown };
  if (source === 'SIGNER_SOURCE_ONCHAIN') return { source: 'onchain', scopes: [] };
  if (typeof expiresAt !== 'number' || expiresAt < now) return undefined;
  // Snapchain leaves `scopes` out when empty; a key of no scope signs nothing.
  const names = Array.isArray(scopes) ? scopes.filter((scope) => typeof scope === 'string') : [];
  return { source: 'gasless', scopes: names };
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The hub answers an absent object with 400 and errCode `not_found` (spec §7). */
export function isHubNotFound(error: unknown): boolean {
  if (!(error instanceof HttpStatusError)) return false;
  const body = error.body as { errCode?: unknown } | undefined;
  return typeof body?.errCode === 'string' && body.errCode.startsWith('not_found');
}
