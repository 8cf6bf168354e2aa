import type { ContactInfoContentBody } from '../../protocol/gen/gossip.js';
import type { FarcasterNetwork } from '../../protocol/gen/message.js';

/**
 * The version of Agora's sync between nodes, sent as a contact's `hubVersion`. Nodes of the same major
 * version read each other's sync calls and events; a peer of another major is refused.
 */
export const SYNC_PROTOCOL_VERSION = 'agora-sync/1.0';

/** What a node says of itself in GetCurrentPeers (first entry) and of each peer it syncs from. */
export interface Contact {
  /** `host:port` of its gRPC API; empty when a node does not know how others reach it. */
  address: string;
  network: FarcasterNetwork;
  hubVersion: string;
  appVersion: string;
  /** Its trie's items when last seen. */
  items: number;
  /** When it was last heard from (Unix ms). */
  at: number;
}

/** A `host:port` split for GossipAddressInfo (IPv6 hosts in brackets), or undefined when it is not one. */
export function splitAddress(address: string): { host: string; port: number } | undefined {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]\s]+):(\d{1,5})$/.exec(address);
  if (match === null) return undefined;
  const port = Number(match[2]);
  return port > 0 && port < 65_536 ? { host: match[1]!.replace(/^\[|\]$/g, ''), port } : undefined;
}

/** `host:port` of a GossipAddressInfo, IPv6 hosts in brackets. */
export function joinAddress(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

export function contactBody(contact: Contact): ContactInfoContentBody {
  const split = splitAddress(contact.address);
  const rpcAddress =
    split === undefined
      ? undefined
      : { address: split.host, family: split.host.includes(':') ? 6 : 4, port: split.port, dnsName: '' };
  return {
    gossipAddress: undefined,
    rpcAddress,
    excludedHashes: [],
    count: contact.items,
    hubVersion: contact.hubVersion,
    network: contact.network,
    appVersion: contact.appVersion,
    timestamp: contact.at,
  };
}

export function contactOf(body: ContactInfoContentBody): Contact {
  const rpc = body.rpcAddress;
  return {
    address:
      rpc === undefined || rpc.address === '' || rpc.port === 0 ? '' : joinAddress(rpc.address, rpc.port),
    network: body.network,
    hubVersion: body.hubVersion,
    appVersion: body.appVersion,
    items: body.count,
    at: body.timestamp,
  };
}

/** Why a node cannot sync with `peer`, or undefined when it can. */
export function incompatibility(peer: Contact, network: FarcasterNetwork): string | undefined {
  if (peer.network !== network) return `it runs network ${peer.network}, this node ${network}`;
  const major = (version: string) => /^agora-sync\/(\d+)\./.exec(version)?.[1];
  const theirs = major(peer.hubVersion);
  if (theirs === undefined || theirs !== major(SYNC_PROTOCOL_VERSION)) {
    return `it speaks sync version "${peer.hubVersion}", this node ${SYNC_PROTOCOL_VERSION}`;
  }
  return undefined;
}
