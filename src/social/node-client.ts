import type { Hex } from '../protocol/hex.js';
import { createJsonClient, HttpStatusError, type GetJson } from '../shared/fetch/json-client.js';

/**
 * The node's HTTP API as the social service reads it (DESIGN.md §1: services talk over their public APIs).
 * Answers are the hub's JSON; callers parse what they use.
 */
export interface NodeClient {
  /** GET a node path with query parameters; throws HttpStatusError on a non-2xx answer. */
  getJson: GetJson;
  /** Whether `key` is an active signer of `fid` right now. */
  isActiveSigner(fid: number, key: Hex): Promise<boolean>;
}

export interface NodeClientOptions {
  nodeUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** A page of 1,000 hub events with full messages stays well under this. */
const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

export function createNodeClient(options: NodeClientOptions): NodeClient {
  const getJson = createJsonClient({
    baseUrl: options.nodeUrl,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? 10_000,
    maxResponseBytes: MAX_RESPONSE_BYTES,
    signal: options.signal,
  });
  return {
    getJson,
    async isActiveSigner(fid, key) {
      try {
        await getJson('/v1/onChainSignersByFid', { fid: String(fid), signer: key });
        return true;
      } catch (error) {
        if (isHubNotFound(error)) return false;
        throw error;
      }
    },
  };
}

/** The hub answers an absent object with 400 and errCode `not_found` (spec §7). */
export function isHubNotFound(error: unknown): boolean {
  if (!(error instanceof HttpStatusError)) return false;
  const body = error.body as { errCode?: unknown } | undefined;
  return typeof body?.errCode === 'string' && body.errCode.startsWith('not_found');
}
