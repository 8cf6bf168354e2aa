import type { Hex } from '../../protocol/hex.js';
import { parseSigner, parseTransfersPage } from './transfers.js';
import type { TransferEntry } from './transfers.js';

export interface RegistryClientOptions {
  /** Base URL of the name registry, e.g. https://fnames.farcaster.xyz. */
  registryUrl: string;
  fetch: typeof fetch;
  /** Whole request, body included. */
  timeoutMs: number;
  /** Larger bodies are refused unread (a page of 100 transfers is about 40 kB). */
  maxResponseBytes: number;
  /** Aborts requests in flight (the sync stopping). */
  signal: AbortSignal;
}

export interface RegistryClient {
  /** `GET /signer`: the address whose signatures the registry's transfers carry. */
  signer(): Promise<Hex>;
  /** `GET /transfers?from_id=`: the next page after `afterId`; empty when there is nothing new. */
  transfers(afterId: number): Promise<TransferEntry[]>;
}

/** The name registry's read API as the node consumes it; every failure is a thrown, descriptive Error. */
export function createRegistryClient(options: RegistryClientOptions): RegistryClient {
  const base = options.registryUrl.endsWith('/') ? options.registryUrl : `${options.registryUrl}/`;

  const getJson = async (path: string, query: Record<string, string> = {}): Promise<unknown> => {
    const url = new URL(path, base);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const request = new AbortController();
    const timer = setTimeout(
      () => request.abort(new Error(`${url.pathname} timed out after ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    const onStop = () => request.abort(options.signal.reason);
    options.signal.addEventListener('abort', onStop);
    try {
      const response = await options.fetch(url, {
        signal: request.signal,
        headers: { accept: 'application/json' },
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`${url.pathname} answered HTTP ${response.status}`);
      }
      const text = await readText(response, options.maxResponseBytes, url.pathname);
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new Error(`${url.pathname} answered with a body that is not JSON`);
      }
    } finally {
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onStop);
    }
  };

  return {
    signer: async () => parseSigner(await getJson('signer')),
    transfers: async (afterId) =>
      parseTransfersPage(await getJson('transfers', { from_id: String(afterId) }), afterId),
  };
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
