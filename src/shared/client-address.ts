import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import ipaddr from 'ipaddr.js';

/**
 * Who a client is, for every per-IP limit of the three services and on both of the node's transports:
 * the address behind the trusted proxies (`--trust-proxy`), keyed by its IPv6 network
 * (`--ipv6-prefix-length`), with loopback let through only while no proxy is trusted.
 */

/** proxy-addr's trust function: whether the address `hop` steps from the server is a proxy to believe. */
export type TrustProxy = (address: string, hop: number) => boolean;

/**
 * The trust function of `--trust-proxy`'s text (undefined when absent); throws on an address or CIDR that
 * is not one. A hop count believes the nearest hops whoever sent them (Fastify itself refuses to), so it
 * is only safe when the service is reachable through the proxy alone; a CIDR list also checks who the
 * proxy is. Fastify is given this same function, so HTTP and gRPC believe the same proxies.
 */
export function trustProxyOf(value: string | undefined): TrustProxy | undefined {
  if (value === undefined || value === '') return undefined;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  const entries = value.split(',');
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (family === 0 || !prefixOk || extra !== undefined) {
      throw new TypeError(`--trust-proxy: '${entry}' is not an IP address or CIDR`);
    }
  }
  return proxyAddr.compile(entries);
}

export interface ClientAddressSettings {
  /** `--trust-proxy`; absent trusts no proxy. */
  trustProxy?: string | undefined;
  /** `--ipv6-prefix-length`: the leading bits of an IPv6 address that name one client. */
  ipv6PrefixLength: number;
}

export interface ClientAddresses {
  /**
   * The client of a connection from `peer` carrying `forwardedFor` (X-Forwarded-For): the header walked
   * back from the peer while each hop is a trusted proxy, as Fastify finds `request.ip`; the peer itself
   * when no proxy is trusted or the peer is not one, so an untrusted peer's header changes nothing.
   */
  clientOf(peer: string, forwardedFor: string | undefined): string;
  /**
   * The bucket the per-IP limits count `ip` in: an IPv4 address (IPv4-mapped IPv6 included) alone, an
   * IPv6 address by its network of `ipv6PrefixLength` bits, since one subscriber is handed a whole /64 (or
   * more) and could otherwise take a fresh budget per address.
   */
  limitKey(ip: string): string;
  /**
   * Whether `ip` is the operator's own machine, which the submit and transfer limits let through: a
   * loopback address while no proxy is trusted. Behind a proxy, loopback is the proxy, and every client of
   * the internet arrives through it.
   */
  isOperator(ip: string): boolean;
}

/**
 * Parses `ip` with IPv4-mapped IPv6 unwrapped; undefined when it is not an address. A zone (`%eth0.100`)
 * is dropped: it names an interface, not a client, and Node accepts zone names ipaddr.js would throw on.
 */
function parsed(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  return isIP(ip) === 0 ? undefined : ipaddr.process(ip.replace(/%.*$/, ''));
}

export function clientAddresses(settings: ClientAddressSettings): ClientAddresses {
  const trust = trustProxyOf(settings.trustProxy);
  const prefix = settings.ipv6PrefixLength;
  return {
    clientOf(peer, forwardedFor) {
      if (trust === undefined || forwardedFor === undefined) return peer;
      // The two fields proxy-addr reads of a request, so the walk is the one Fastify makes.
      const request = { socket: { remoteAddress: peer }, headers: { 'x-forwarded-for': forwardedFor } };
      const addresses = proxyAddr.all(request as unknown as IncomingMessage, trust);
      return addresses[addresses.length - 1] ?? peer;
    },
    limitKey(ip) {
      const address = parsed(ip);
      // Not an address: only a trusted proxy can have named it so; counted by its text.
      if (address === undefined) return ip;
      if (address.kind() === 'ipv4' || prefix === 128) return address.toString();
      return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${prefix}`).toString()}/${prefix}`;
    },
    isOperator: (ip) => trust === undefined && parsed(ip)?.range() === 'loopback',
  };
}

/** `--ipv6-prefix-length`'s default: the network one subscriber line is usually handed. */
export const DEFAULT_IPV6_PREFIX_LENGTH = 64;

/** The connection options' defaults: no proxy trusted, IPv6 clients keyed by /64. */
export const DEFAULT_CLIENT_ADDRESSES = clientAddresses({ ipv6PrefixLength: DEFAULT_IPV6_PREFIX_LENGTH });
