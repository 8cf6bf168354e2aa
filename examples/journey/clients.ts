/**
 * Small clients for the three APIs, written the way an app developer would with fetch and
 * @farcaster/core: nothing here comes from Agora's own source.
 */
import { Message, type NobleEd25519Signer } from '@farcaster/core';

export interface Urls {
  node: string;
  names: string;
  social: string;
}

/** Throws with the service's error body when the answer is not 2xx. */
export async function call<T = unknown>(
  method: string,
  url: string,
  options: { body?: unknown; token?: string; raw?: Uint8Array } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  let body: string | Uint8Array | undefined;
  if (options.raw !== undefined) {
    headers['content-type'] = 'application/octet-stream';
    body = options.raw;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} -> ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Submits a message built with @farcaster/core; the node answers with its JSON form. */
export async function submit(nodeUrl: string, message: Message): Promise<{ hash: string }> {
  return call('POST', `${nodeUrl}/v1/submitMessage`, { raw: Message.encode(message).finish() });
}

/**
 * A social API bearer token (its docs' "app key" token): base64url JSON header and payload, and an
 * Ed25519 signature by the app key over `header.payload`.
 */
export async function appKeyToken(
  fid: number,
  signer: NobleEd25519Signer,
  ttlSeconds = 300,
): Promise<string> {
  const key = (await signer.getSignerKey())._unsafeUnwrap();
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const header = encode({ fid, type: 'app_key', key: `0x${Buffer.from(key).toString('hex')}` });
  const payload = encode({ exp: Math.floor(Date.now() / 1000) + ttlSeconds });
  const signature = (await signer.signMessageHash(Buffer.from(`${header}.${payload}`)))._unsafeUnwrap();
  return `${header}.${payload}.${Buffer.from(signature).toString('base64url')}`;
}

/** Polls `probe` until it returns a value (not undefined), or fails after `timeoutMs`. */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `timed out waiting for ${what}${lastError === undefined ? '' : `: ${String(lastError)}`}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
