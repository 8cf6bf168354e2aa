import type { Kysely } from 'kysely';
import { parseCheckpoint } from '../chain/reader/index.js';
import type { NodeConfig } from '../shared/config/index.js';
import {
  NETWORK_CHAIN_IDS,
  readerDecisions,
  shownUrl,
  type ChainSeen,
  type StartLog,
} from '../shared/startup/decisions.js';
import { readMeta } from '../storage/index.js';
import { CHAIN_CHECKPOINT_KEY } from './ingest/index.js';
import type { NodeTables } from './store/schema.js';

/** Where the reference starts reading OP mainnet (the v2 registries' deployment); other networks from 0. */
const MAINNET_START_BLOCK = 108_864_739;

export interface ReaderStart {
  startBlock: number;
  /** The chain the reader expects; undefined on a devnet whose chain did not answer at start. */
  chainId: number | undefined;
}

/**
 * The chain reader's start: the network's chain and start block, logged with where it will really read
 * from (a stored position wins) and warnings where that contradicts the chain seen at start.
 */
export async function chainReaderStart(
  db: Kysely<NodeTables>,
  config: Pick<NodeConfig, 'network' | 'chainConfirmations'>,
  chain: ChainSeen | undefined,
  log: StartLog,
): Promise<ReaderStart> {
  const startBlock = config.network === 'mainnet' ? MAINNET_START_BLOCK : 0;
  const saved = await readMeta(db, CHAIN_CHECKPOINT_KEY);
  const nextBlock = saved === undefined ? startBlock : parseCheckpoint(JSON.parse(saved)).nextBlock;
  readerDecisions(
    { nextBlock, resumed: saved !== undefined, confirmations: config.chainConfirmations, chain },
    log,
  );
  return { startBlock, chainId: NETWORK_CHAIN_IDS[config.network] ?? chain?.chainId };
}

/** The lines of the loops and jobs a node runs, or why it does not. */
export function loopLines(
  config: Pick<NodeConfig, 'chainRpcUrl' | 'namesUrl' | 'eventRetentionHours'>,
  jobs: boolean,
  log: StartLog,
): void {
  if (config.chainRpcUrl === undefined) log.info('chain reader: off (no --chain-rpc-url)');
  log.info(
    config.namesUrl === undefined
      ? 'fname sync: off (no --names-url)'
      : `fname sync: on, following ${shownUrl(config.namesUrl)}`,
  );
  log.info(
    jobs
      ? `prune and event-retention jobs: on, events kept ${config.eventRetentionHours} hours`
      : 'prune and event-retention jobs: off, the node running the loops on this database runs them',
  );
}
