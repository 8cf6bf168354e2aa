import type { Kysely, Transaction } from 'kysely';
import { createEd25519Verifier } from '../../protocol/ed25519.js';
import type { Ed25519Verifier } from '../../protocol/ed25519.js';
import type { ContractSignatureChecker } from '../../protocol/eip712/index.js';
import { ok } from '../../protocol/errors.js';
import type { HubResult } from '../../protocol/errors.js';
import type { FarcasterNetwork, Message } from '../../protocol/gen/message.js';
import type { HubEvent } from '../../protocol/gen/hub_event.js';
import type { ReceivedMessage } from '../../protocol/message.js';
import { validateMessage } from '../../protocol/validation/index.js';
import type { Clock } from '../events/clock.js';
import type { NewHubEvent } from '../events/event-log.js';
import type { NodeTables } from '../store/schema.js';
import { checkAccount, storedFnameProofs } from './account-checks.js';
import type { FnameProofs } from './account-checks.js';
import { resolveEnsName } from './ens.js';
import type { EnsVerifier } from './ens.js';
import { defaultStoreLimits } from './limits.js';
import type { StoreLimits } from './limits.js';
import { mergeBatch } from './merge.js';
import type { MergeOutcome, PreparedMessage } from './merge.js';
import { pruneMessages } from './prune.js';
import { DEFAULT_RATE_LIMIT, createFidRateLimiter } from './rate-limit.js';
import type { RateLimitOptions } from './rate-limit.js';
import { createMessageReads } from './reads.js';
import type { MessageReads } from './reads.js';
import { revokeSigner, revokeUsername } from './revoke.js';

/** What the engine logs (pino's Logger fits). */
export interface EngineLogger {
  info(details: object, message: string): void;
}

export interface EngineOptions {
  db: Kysely<NodeTables>;
  network: FarcasterNetwork;
  clock: Clock;
  logger: EngineLogger;
  verifier?: Ed25519Verifier | undefined;
  /** ERC-1271 checks of contract-wallet verification claims; without it such claims are refused. */
  contractSignatureChecker?: ContractSignatureChecker | undefined;
  /** Fname proofs for USERNAME checks; default: the node's `fname_proofs` table. */
  fnames?: FnameProofs | undefined;
  /** ENS resolution; without it ENS UsernameProof messages and ENS usernames are refused. */
  ensVerifier?: EnsVerifier | undefined;
  /** Per-fid merge rate limit (default: units × 10 080 per 24 h), or false for none. */
  rateLimit?: Partial<RateLimitOptions> | false | undefined;
  /** Store size per storage units; default: the reference's per-unit table. */
  limits?: StoreLimits | undefined;
}

export interface Engine extends MessageReads {
  /** Validates in parallel, then merges the valid messages in one transaction; one outcome per message. */
  mergeMessages(messages: readonly ReceivedMessage[]): Promise<MergeOutcome[]>;
  /** The checks of `/v1/validateMessage`: structure, fid, signer, username and ENS ownership; no merge. */
  validate(received: ReceivedMessage): Promise<HubResult<Message>>;
  /** Deletes the messages a removed (or reset) signer signed; REVOKE_MESSAGE each. */
  revokeSigner(fid: number, key: Uint8Array): Promise<HubEvent[]>;
  /** Revokes the fid's USERNAME naming `name` in the fname sync's transaction; the caller appends the events. */
  revokeUsername(trx: Transaction<NodeTables>, fid: number, name: string): Promise<NewHubEvent[]>;
  /** Prunes every fid's stores down to their limits; PRUNE_MESSAGE each. */
  prune(): Promise<HubEvent[]>;
}

/** The message engine: validation, the CRDT stores, limits, pruning, revocation and the reads over them. */
export function createEngine(options: EngineOptions): Engine {
  const { db, network, clock, logger } = options;
  const verifier = options.verifier ?? createEd25519Verifier();
  const fnames = options.fnames ?? storedFnameProofs;
  const limits = options.limits ?? defaultStoreLimits;
  const rateLimiter =
    options.rateLimit === false
      ? { tryConsume: () => true }
      : createFidRateLimiter({ ...DEFAULT_RATE_LIMIT, ...options.rateLimit });
  const deps = { clock, fnames, limits, rateLimiter };

  /** The checks that need no transaction: structure and signatures, then the ENS lookup over the network. */
  const prepare = async (received: ReceivedMessage): Promise<HubResult<PreparedMessage>> => {
    const valid = await validateMessage(received, {
      network,
      nowMs: clock.now(),
      verifier,
      contractSignatureChecker: options.contractSignatureChecker,
    });
    if (!valid.ok) return valid;
    return ok({ received, names: await resolveEnsName(options.ensVerifier, received.data) });
  };

  return {
    ...createMessageReads(db, clock, limits),

    async mergeMessages(messages) {
      return mergeBatch(db, deps, await Promise.all(messages.map(prepare)));
    },

    async validate(received) {
      const prepared = await prepare(received);
      if (!prepared.ok) return prepared;
      const account = await checkAccount(db, fnames, received.message, received.data, prepared.value.names);
      return account.ok ? ok(received.message) : account;
    },

    async revokeSigner(fid, key) {
      const events = await revokeSigner(db, clock, fid, key);
      if (events.length > 0)
        logger.info({ fid, revoked: events.length }, 'revoked the messages of a removed signer');
      return events;
    },

    revokeUsername,

    async prune() {
      const events = await pruneMessages(db, clock, limits);
      if (events.length > 0)
        logger.info({ pruned: events.length }, 'pruned messages over their storage limits');
      return events;
    },
  };
}
