import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';
import { createMetricsRegistry } from './registry.js';

export const METRICS_PATH = '/metrics';

/** A service's metrics and where they are served. */
export interface ServiceMetrics {
  readonly registry: Registry;
  /** 0: `/metrics` is a route of the API; otherwise the port of a small server of its own. */
  readonly port: number;
  /** Starts the separate server, when there is one. */
  listen(host: string): Promise<void>;
  /** Stops the separate server, if started. */
  close(): Promise<void>;
}

export function createServiceMetrics(service: string, port = 0): ServiceMetrics {
  const registry = createMetricsRegistry(service);
  let server: Server | undefined;
  return {
    registry,
    port,
    async listen(host) {
      if (port !== 0) server = await serveMetrics(registry, host, port);
    },
    async close() {
      const started = server;
      server = undefined;
      if (started === undefined) return;
      // A scraper's keep-alive socket would otherwise hold close() until it times out.
      started.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        started.close((error) => (error === undefined ? resolve() : reject(error))),
      );
    },
  };
}

/**
 * `--metrics-port`: `/metrics` on a port the operator can keep off the public network. Plain node:http,
 * as it serves one read-only path: no CORS, body parsing or error renderer to share with the API.
 */
function serveMetrics(registry: Registry, host: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?', 1)[0];
    if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('collecting the metrics failed\n'),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
