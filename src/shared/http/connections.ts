import type { Server } from 'node:http';
import { trustProxyOf, type ClientAddressSettings } from '../client-address.js';

/**
 * What one client connection may take (the services' connection options, in seconds): slow senders and
 * idle sockets are cut off, the number of sockets is capped, and X-Forwarded-For is believed only from
 * the proxies named (client-address.ts, which the per-IP limits read too).
 */
export interface ConnectionSettings extends ClientAddressSettings {
  headersTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  idleTimeout: number;
  maxConnections: number;
}

/** The Fastify constructor options that carry the settings. */
export function fastifyConnectionOptions(settings: ConnectionSettings) {
  const headersTimeout = settings.headersTimeout * 1000;
  const requestTimeout = Math.max(settings.requestTimeout * 1000, headersTimeout);
  return {
    trustProxy: trustProxyOf(settings.trustProxy) ?? false,
    requestTimeout,
    keepAliveTimeout: settings.keepAliveTimeout * 1000,
    connectionTimeout: settings.idleTimeout * 1000,
    http: {
      headersTimeout,
      requestTimeout,
      // Node checks the two timeouts above on this interval (30 s by default, which would let a
      // slow-headers client keep its socket three times longer than configured).
      connectionsCheckingInterval: Math.min(1000, headersTimeout),
    },
  };
}

/** Beyond the cap, Node closes a new connection as soon as it is accepted. */
export function capConnections(server: Server, settings: ConnectionSettings): void {
  server.maxConnections = settings.maxConnections;
}
