import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { FarcasterNetwork } from '../../protocol/gen/message.js';
import type { ReceivedMessage } from '../../protocol/message.js';
import type { Sleep } from '../../shared/retry.js';
import type { NodeTables } from '../store/schema.js';
import { SYNC_PROTOCOL_VERSION, incompatibility } from './contact-info.js';
import type { Contact } from './contact-info.js';
import { createPeerDirectory } from './peer-directory.js';
import type { PeerPolicy, PeerRecord } from './peer-directory.js';
import { startPeerLink } from './peer-link.js';
import type { MergeReport, PeerLink, PeerLinkStatus } from './peer-link.js';
import type { SyncApi } from './sync-api.js';
import type { MergeTally } from './synced-merge.js';

/** What the APIs read of the node's peers, and the two things callers may ask of them. */
export interface PeerNetworkView {
  statuses(): PeerLinkStatus[];
  /** A diff sync runs. */
  syncing(): boolean;
  /** GetCurrentPeers: this node first, then each peer it syncs with that described itself. */
  contacts(): Promise<Contact[]>;
  /** A caller of GetCurrentPeers said where it can be reached: learn it as a peer. */
  announced(address: string): void;
  /** ForceSync: syncs with the peer now (every peer when none is named); false when it is unknown. */
  syncNow(address?: string): boolean;
}

export interface PeerNetwork extends PeerNetworkView {
  stop(): Promise<void>;
}

export interface PeerNetworkOptions {
  db: Kysely<NodeTables>;
  configured: readonly string[];
  policy: PeerPolicy;
  tls: boolean;
  network: FarcasterNetwork;
  /** Agora's version, in this node's contact. */
  appVersion: string;
  sync: SyncApi;
  merge: (messages: readonly ReceivedMessage[]) => Promise<MergeTally>;
  ownSources: (ids: Uint8Array[]) => void;
  onMerged: MergeReport;
  intervalMs: number;
  /**
   * Answer GetCurrentPeers for this node but sync with no peer: another process on the same database does
   * (the one holding the loops lock), and two would only repeat each other's work.
   */
  passive: boolean;
  logger: Logger | undefined;
  sleep: Sleep;
  now: () => number;
}

/** The node with no peers: what every API reads when `--peer` is not given and none announced itself. */
export const NO_PEERS: PeerNetworkView = {
  statuses: () => [],
  syncing: () => false,
  contacts: async () => [],
  announced: () => undefined,
  syncNow: () => false,
};

/**
 * The peers this node syncs with: the configured ones, those learned from their GetCurrentPeers, and those
 * that announced themselves to it, within `--max-peers` and the allow and deny lists (peer-directory.ts);
 * one link each (peer-link.ts).
 */
export async function startPeerNetwork(options: PeerNetworkOptions): Promise<PeerNetwork> {
  const { policy, logger, now } = options;
  const directory = createPeerDirectory(options.db, policy, now);
  const links = new Map<string, PeerLink>();
  let stopped = false;

  const link = (record: PeerRecord) => {
    links.set(
      record.address,
      startPeerLink({
        record,
        tls: options.tls,
        announce: policy.self,
        network: options.network,
        sync: options.sync,
        merge: options.merge,
        ownSources: options.ownSources,
        directory,
        onContacts: (contacts) => {
          for (const contact of contacts) {
            if (incompatibility(contact, options.network) === undefined) learn(contact.address, 'listed');
          }
        },
        onMerged: options.onMerged,
        onUnreachable: () => forget(record.address),
        intervalMs: options.intervalMs,
        logger,
        sleep: options.sleep,
        now,
      }),
    );
  };
  /** Stops a link from inside its own step: the stop is not awaited there. */
  const forget = (address: string) => {
    const peer = links.get(address);
    links.delete(address);
    logger?.info({ peer: address }, 'forgot a learned peer that never answered');
    void peer?.stop();
    directory
      .forget(address)
      .catch((error: unknown) => logger?.warn({ peer: address, err: error }, 'could not forget a peer'));
  };
  const learn = (address: string, how: 'listed' | 'announced') => {
    if (stopped || options.passive || links.has(address)) return;
    directory.learn(address).then(
      (record) => {
        if (record === undefined || stopped || links.has(address)) return;
        logger?.info({ peer: address, how }, 'learned a peer');
        link(record);
      },
      (error: unknown) => logger?.warn({ peer: address, err: error }, 'could not record a learned peer'),
    );
  };

  if (!options.passive) {
    const { peers, refused } = await directory.open(options.configured);
    for (const [address, reason] of refused)
      logger?.warn({ peer: address, reason }, 'configured peer refused');
    for (const record of peers) link(record);
  }

  return {
    statuses: () => [...links.values()].map((peer) => peer.status()),
    syncing: () => [...links.values()].some((peer) => peer.status().running),
    async contacts() {
      const itself: Contact = {
        address: policy.self ?? '',
        network: options.network,
        hubVersion: SYNC_PROTOCOL_VERSION,
        appVersion: options.appVersion,
        items: await options.sync.trie.items(),
        at: now(),
      };
      const reached = [...links.values()]
        .map((peer) => peer.status())
        .filter((status) => status.contact !== undefined && status.refused === undefined && !status.paused)
        .map((status) => ({ ...status.contact!, address: status.peer }));
      return [itself, ...reached];
    },
    announced: (address) => learn(address, 'announced'),
    syncNow(address) {
      const chosen =
        address === undefined ? [...links.values()] : [links.get(address)].filter((peer) => !!peer);
      for (const peer of chosen) peer?.syncNow();
      return chosen.length > 0;
    },
    async stop() {
      stopped = true;
      await Promise.all([...links.values()].map((peer) => peer.stop()));
    },
  };
}
