export { CHAIN_CHECKPOINT_KEY, createChainSink, startChainIngest } from './chain-sink.js';
export type { ChainIngestOptions, ChainSinkOptions, SignerDeactivated } from './chain-sink.js';
