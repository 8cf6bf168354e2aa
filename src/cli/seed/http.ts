import { setTimeout as delay } from 'node:timers/promises';
import { Message } from '../../protocol/gen/message.js';
import { withoutCredentials } from '../../shared/fetch/credentials.js';

/** The seed talks to the services only through their public HTTP APIs, as any client would. */

export interface CallOptions {
  body?: unknown;
  /** Bearer token: an app key token or the social API's admin token. */
  token?: string;
}

const CALL_TIMEOUT_MS = 10_000;

/** One JSON call; throws with the service's own error body when the answer is not 2xx. */
export async function call<T = unknown>(method: string, url: string, options: CallOptions = {}): Promise<T> {
  const target = withoutCredentials(url);
  const headers: Record<string, string> = { ...target.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(target.url, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${target.url.pathname} answered ${response.status}: ${text}`);
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** Submits a signed message to the node's HTTP API as protobuf bytes; returns its hash (0x hex). */
export async function submit(nodeUrl: string, message: Message): Promise<string> {
  const target = withoutCredentials(`${nodeUrl}/v1/submitMessage`);
  const response = await fetch(target.url, {
    method: 'POST',
    headers: { ...target.headers, 'content-type': 'application/octet-stream' },
    body: Message.encode(message).finish(),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`the node refused a message: ${response.status} ${text}`);
  return (JSON.parse(text) as { hash: string }).hash;
}

const POLL_MS = 200;

/**
 * Retries `attempt` until it succeeds: the services follow each other (the node the chain and the name
 * registry, the social API the node), so what one accepted reaches the next a moment later.
 */
export async function eventually<T>(what: string, attempt: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) {
        throw new Error(
          `timed out waiting for ${what}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    await delay(POLL_MS);
  }
}
