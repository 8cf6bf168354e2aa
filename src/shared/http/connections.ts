import { isIP } from 'node:net';
import type { Server } from 'node:http';

/**
 * What one client connection may take (the services' connection options, in seconds): slow senders and
 * idle sockets are cut off, the number of sockets is capped, and X-Forwarded-For is believed only from
 * the proxies named.
 */
export interface ConnectionSettings {
  headersTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  idleTimeout: number;
  maxConnections: number;
  /** A hop count, or a comma-separated list of addresses and CIDRs; absent trusts no proxy. */
  trustProxy?: string | undefined;
}

/**
 * Fastify's `trustProxy` from the option's text; throws on an address or CIDR that is not one. A hop
 * count believes the nearest hops whoever sent them (Fastify itself refuses to), so it is only safe when
 * the service is reachable through the proxy alone; a CIDR list also checks who the proxy is.
 */
export function trustProxySetting(
  value: string | undefined,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (value === undefined || value === '') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((entry) => {
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (family === 0 || !prefixOk || extra !== undefined) {
      throw new TypeError(`--trust-proxy: '${entry}' is not an IP address or CIDR`);
    }
    return entry;
  });
}

/** The Fastify constructor options that carry the settings. */
export function fastifyConnectionOptions(settings: ConnectionSettings) {
  const headersTimeout = settings.headersTimeout * 1000;
  const requestTimeout = Math.max(settings.requestTimeout * 1000, headersTimeout);
  return {
    trustProxy: trustProxySetting(settings.trustProxy),
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
