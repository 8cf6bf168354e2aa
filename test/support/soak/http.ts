import http from 'node:http';

/** One answer, with the time from sending the request to reading the last byte of the body. */
export interface Answer {
  status: number;
  body: string;
  ms: number;
}

export interface RequestOptions {
  /** JSON body. */
  json?: unknown;
  /** Raw body, sent as application/octet-stream (node submits). */
  raw?: Uint8Array;
  /** Bearer token. */
  token?: string;
}

/**
 * A keep-alive HTTP/1.1 client over node:http: lighter than fetch on the shared cores, and with at most
 * `maxSockets` connections per service, so the load's concurrency is exactly what was asked for. A
 * transport failure or a request slower than `timeoutMs` is status 0 with the reason as body.
 */
export function createClient(options: { maxSockets: number; timeoutMs: number }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets });

  function request(method: string, url: string, request: RequestOptions = {}): Promise<Answer> {
    const target = new URL(url);
    const headers: Record<string, string | number> = { accept: 'application/json' };
    let body: Uint8Array | string | undefined;
    if (request.raw !== undefined) {
      headers['content-type'] = 'application/octet-stream';
      body = request.raw;
    } else if (request.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.json);
    }
    if (body !== undefined) headers['content-length'] = Buffer.byteLength(body);
    if (request.token !== undefined) headers.authorization = `Bearer ${request.token}`;
    const started = performance.now();
    return new Promise((resolve) => {
      let settled = false;
      const finish = (status: number, text: string) => {
        if (settled) return;
        settled = true;
        resolve({ status, body: text, ms: performance.now() - started });
      };
      const outgoing = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: `${target.pathname}${target.search}`,
          method,
          headers,
          timeout: options.timeoutMs,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => finish(response.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
          response.on('error', (error) => finish(0, `response error: ${error.message}`));
        },
      );
      outgoing.on('timeout', () => {
        outgoing.destroy(new Error(`no answer within ${options.timeoutMs} ms`));
      });
      outgoing.on('error', (error) => finish(0, `request error: ${error.message}`));
      outgoing.end(body);
    });
  }

  return { request, close: () => agent.destroy() };
}

export type Client = ReturnType<typeof createClient>;
