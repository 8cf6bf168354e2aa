export { CHAIN_CHECKPOINT_KEY, createChainSink, startChainIngest } from './chain-sink.js';
export type { ChainIngestOptions, ChainSinkOptions, SignerDeactivated } from './chain-sink.js';
export { startRevocationRetry } from './revocation-retry.js';
export type { RevocationRetry, RevocationRetryLogger, RevocationRetryOptions } from './revocation-retry.js';
