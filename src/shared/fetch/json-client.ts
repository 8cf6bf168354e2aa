import { baseWithoutCredentials } from './credentials.js';
import { AGORA_USER_AGENT } from './user-agent.js';

/**
 * GET-JSON over fetch for one service reading another's public API (the node following the name
 * registry, the social API following the node): a whole-request timeout, a response size cap, and an
 * abort signal for shutdown. Every failure is a thrown Error that names the path.
 */

export interface JsonClientOptions {
  /** Base URL of the other service, e.g. http://127.0.0.1:2281 (user info, if any, is sent as basic auth). */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Whole request, body included. */
  timeoutMs: number;
  /** Larger bodies are refused unread. */
  maxResponseBytes: number;
  /** Aborts requests in flight (the caller stopping). */
  signal?: AbortSignal;
}

/** Thrown for a non-2xx answer, so callers can tell "not found" from a transport fault. */
export class HttpStatusError extends Error {
  override readonly name = 'HttpStatusError';

  constructor(
    readonly path: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`${path} answered HTTP ${status}`);
  }
}

export type GetJson = (path: string, query?: Record<string, string>) => Promise<unknown>;

export function createJsonClient(options: JsonClientOptions): GetJson {
  const { base, headers } = baseWithoutCredentials(options.baseUrl);
  const doFetch = options.fetch ?? fetch;

  return async (path, query = {}) => {
    const url = new URL(path.replace(/^\//, ''), base);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const request = new AbortController();
    const timer = setTimeout(
      () => request.abort(new Error(`${url.pathname} timed out after ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    const onStop = () => request.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', onStop);
    try {
      const response = await doFetch(url, {
        signal: request.signal,
        headers: { ...headers, accept: 'application/json', 'user-agent': AGORA_USER_AGENT },
      });
      const text = await readText(response, options.maxResponseBytes, url.pathname);
      const body = parseJson(text);
      if (!response.ok) throw new HttpStatusError(url.pathname, response.status, body);
      if (body === undefined) throw new Error(`${url.pathname} answered with a body that is not JSON`);
      return body;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onStop);
    }
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The body as text, refusing more than `maxBytes` whatever Content-Length claims. */
async function readText(response: Response, maxBytes: number, what: string): Promise<string> {
  const tooLarge = () => new Error(`${what} answered with more than ${maxBytes} bytes`);
  if (Number(response.headers.get('content-length')) > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
