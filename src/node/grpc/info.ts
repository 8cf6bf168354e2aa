import type { NodeApi } from '../api.js';
import type { UnaryHandlers } from './handler.js';

/** Agora is one node with all data in one place: Snapchain's view of that is a single data shard, 1. */
const SHARD_ID = 1;

/**
 * GetInfo (grpc-api.md §8), always with db_stats: Snapchain's fields for hub-nodejs 0.17 and Hubble's for
 * 0.11, whose readers take num_fid_registrations (field 2, their num_fid_events) as the highest fid.
 * GetConnectedPeers: Agora does not gossip, so it has no gossip peers (its sync peers are in GetCurrentPeers).
 */
export function infoHandlers(api: NodeApi): UnaryHandlers {
  return {
    async GetInfo() {
      const [stats, rootHash] = await Promise.all([api.dbStats(), api.sync.trie.rootHash()]);
      return {
        version: api.version,
        isSyncing: api.isSyncing(),
        nickname: 'agora',
        rootHash,
        dbStats: {
          numMessages: stats.numMessages,
          numFidRegistrations: stats.numFidRegistrations,
          numFnameEvents: stats.numFnameEvents,
          approxSize: stats.approxSize,
        },
        peerId: '',
        hubOperatorFid: 0,
        numShards: 1,
        shardInfos: [
          {
            shardId: SHARD_ID,
            maxHeight: 0,
            numMessages: stats.numMessages,
            numFidRegistrations: stats.numFidRegistrations,
            approxSize: stats.approxSize,
            blockDelay: 0,
            mempoolSize: 0,
            numOnchainEvents: stats.numFidEvents,
          },
        ],
        nextEngineVersionTimestamp: 0,
      };
    },
    GetConnectedPeers: async () => ({ contacts: [] }),
  };
}
