import { Type } from '@sinclair/typebox';
import { DEFAULT_IPV6_PREFIX_LENGTH } from '../client-address.js';
import { integer, text } from './option.js';

/**
 * What every HTTP service allows one client connection: a client that sends slowly, or holds sockets
 * open, gets cut off instead of holding the service down.
 */
export const connectionOptions = {
  headersTimeout: integer(1, 3600, {
    description: "Seconds a client has to send all of a request's headers before it is cut off",
    default: 10,
  }),
  requestTimeout: integer(1, 3600, {
    description: 'Seconds a client has to send a whole request, body included',
    default: 30,
  }),
  keepAliveTimeout: integer(1, 3600, {
    description: "Seconds an idle keep-alive connection stays open (above your load balancer's idle timeout)",
    default: 72,
  }),
  idleTimeout: integer(1, 86_400, {
    description:
      'Seconds without traffic either way before a connection is closed (event streams ping more often)',
    default: 120,
  }),
  maxConnections: integer(1, 1_000_000, {
    description: 'Open HTTP connections the service accepts at once; further ones are closed at once',
    default: 4096,
  }),
  trustProxy: Type.Optional(
    text({
      description:
        'Proxies whose X-Forwarded-For (HTTP header or gRPC metadata) names the client for per-IP limits: a hop count, or a comma-separated list of addresses and CIDRs; none when absent. With it set, loopback callers are limited like any other (behind a proxy, loopback is the proxy)',
      pattern: '^(\\d{1,2}|[0-9A-Fa-f.:/]+(,[0-9A-Fa-f.:/]+)*)$',
      expected: 'a hop count (1-99) or a comma-separated list of IP addresses and CIDRs',
      placeholder: '<hops|cidr,...>',
    }),
  ),
  ipv6PrefixLength: integer(1, 128, {
    description:
      'Leading bits of an IPv6 client address that per-IP limits count as one client (one subscriber is handed a /64 or more; 128 counts each address apart)',
    default: DEFAULT_IPV6_PREFIX_LENGTH,
  }),
};
