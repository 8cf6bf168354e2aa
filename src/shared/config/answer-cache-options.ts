import { integer } from './option.js';

/**
 * Each service's memory for the answers it keeps rendered, by default, in MiB: the node's kept answers of
 * its message reads and each message's JSON, the name registry's and the social API's kept reads.
 */
export const ANSWER_CACHE_MB = { node: 96, names: 32, social: 32 } as const;

/** What each service keeps rendered within its budget. */
const KEPT = {
  node: "the answers of message reads (HTTP and gRPC) kept rendered, and each message's JSON",
  names: 'the answers of transfer reads kept rendered',
  social: 'the answers of reads kept rendered',
};

/** `--answer-cache-mb`: one budget for everything a service keeps rendered (shared/http/answer-cache.ts). */
export const answerCacheOptions = (service: keyof typeof ANSWER_CACHE_MB, envPrefix: string) => ({
  answerCacheMb: integer(0, 1_048_576, {
    description: `Memory (MiB) for ${KEPT[service]}, the least recently read going first; 0 keeps none`,
    default: ANSWER_CACHE_MB[service],
    env: [`${envPrefix}_ANSWER_CACHE_MB`],
    placeholder: '<mib>',
  }),
});
