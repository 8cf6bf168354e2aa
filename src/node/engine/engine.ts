import type { Kysely, Transaction } from 'kysely';
import { createEd25519Verifier } from '../../protocol/ed25519.js';
import type { Ed25519Verifier } from '../../protocol/ed25519.js';
import type { ContractSignatureChecker } from '../../protocol/eip712/index.js';
import { ok } from '../../protocol/errors.js';
import type { HubError, HubResult } from '../../protocol/errors.js';
import type { FarcasterNetwork, Message, MessageData } from '../../protocol/gen/message.js';
import type { HubEvent } from '../../protocol/gen/hub_event.js';
import type { ReceivedMessage } from '../../protocol/message.js';
import type { Clock } from '../../shared/clock.js';
import type { NewHubEvent } from '../events/event-log.js';
import type { NodeTables } from '../store/schema.js';
import { checkAccount, storedFnameProofs } from './account-checks.js';
import type { FnameProofs } from './account-checks.js';
import { loadAccountState } from './account-state.js';
import { handledLater, validateBatch } from './batch-validation.js';
import { needsEnsLookup, resolveEnsName } from './ens.js';
import type { EnsVerifier } from './ens.js';
import { defaultStoreLimits } from './limits.js';
import type { StoreLimits } from './limits.js';
import { mergeBatch, senderOf, settledBatch } from './merge.js';
import type { MergeOutcome, Prepared, PreparedBatch, PreparedMessage } from './merge.js';
import { pruneMessages } from './prune.js';
import {
  DEFAULT_KEY_ADDS_PER_HOUR,
  DEFAULT_RATE_LIMIT,
  NO_RATE_LIMIT,
  createFidRateLimiter,
  createKeyAddBudget,
} from './rate-limit.js';
import type { RateLimitOptions } from './rate-limit.js';
import { createMessageReads } from './reads.js';
import type { MessageReads } from './reads.js';
import { revokeSigner, revokeUsername } from './revoke.js';
import { isKeyMessage } from './signers/key-authority.js';
import { planKeyMessage } from './signers/key-merge.js';
import { prepareKeyMessages } from './signers/key-prepare.js';
import { inlineSignatureVerifier, recoverKeySignersInline } from './signature-pool.js';
import type { SignatureVerifier } from './signature-pool.js';

/** Messages whose preparation does work the merge's transaction must not wait for. */
function needsWorkFirst(data: MessageData | undefined): boolean {
  return needsEnsLookup(data) || (data !== undefined && isKeyMessage(data.type));
}

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
  /**
   * Verifies a batch's message signatures and recovers key messages' EIP-712 signers, e.g. a worker pool;
   * default: `verifier` on this thread (and the recoveries on this thread too).
   */
  signatures?: SignatureVerifier | undefined;
  /** ERC-1271 checks of contract-wallet verification claims; without it such claims are refused. */
  contractSignatureChecker?: ContractSignatureChecker | undefined;
  /** Fname proofs for USERNAME checks; default: the node's `fname_proofs` table. */
  fnames?: FnameProofs | undefined;
  /** ENS resolution; without it ENS UsernameProof messages and ENS usernames are refused. */
  ensVerifier?: EnsVerifier | undefined;
  /** Per-fid merge rate limit (default: units × 10 080 per 24 h), or false for none. */
  rateLimit?: Partial<RateLimitOptions> | false | undefined;
  /** KEY_ADDs one fid may merge per rolling hour (default 60); 0 for no limit. */
  keyAddsPerHour?: number | undefined;
  /** Store size per storage units; default: the reference's per-unit table. */
  limits?: StoreLimits | undefined;
}

/**
 * A synced message's outcome. `invalid`: it failed its own checks (structure, hash, signature, network),
 * which no honest node would have merged, unlike a refusal by this node's state (an fid or signer its chain
 * view lacks, a conflict, storage).
 */
export type SyncedOutcome =
  Extract<MergeOutcome, { ok: true }> | { ok: false; error: HubError; invalid: boolean };

export interface Engine extends MessageReads {
  /** Validates (signatures together, through `signatures`), then merges the valid messages in one transaction; one outcome per message. */
  mergeMessages(messages: readonly ReceivedMessage[]): Promise<MergeOutcome[]>;
  /**
   * The validation half of mergeMessages, for callers that gather the messages of several validation
   * batches into one merge: one outcome per message, in order, each settling with its own signature verdict.
   */
  prepareMessages(messages: readonly ReceivedMessage[]): Promise<Prepared>[];
  /** The merge half: merges messages prepared by prepareMessages in one transaction; one outcome each. */
  mergePrepared(prepared: readonly Prepared[]): Promise<MergeOutcome[]>;
  /**
   * mergeMessages for messages a peer held: every check and storage limit applies, but not the per-fid
   * allowances of submits (merges and KEY_ADDs per period), which the peer's node applied at their submit;
   * refusing them here would keep the two nodes apart for good.
   */
  mergeSynced(messages: readonly ReceivedMessage[]): Promise<SyncedOutcome[]>;
  /** The checks of `/v1/validateMessage`: structure, fid, signer, username and ENS ownership; no merge. */
  validate(received: ReceivedMessage): Promise<HubResult<Message>>;
  /**
   * Deletes the messages a reset signer signed (or one whose ADD a reorg retracted; a removal revokes
   * nothing, decision 0008); REVOKE_MESSAGE each.
   */
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
      ? NO_RATE_LIMIT
      : createFidRateLimiter({ ...DEFAULT_RATE_LIMIT, ...options.rateLimit });
  const keyAddBudget = createKeyAddBudget(options.keyAddsPerHour ?? DEFAULT_KEY_ADDS_PER_HOUR);
  const deps = { network, clock, fnames, limits, rateLimiter, keyAddBudget };
  const syncDeps = { ...deps, rateLimiter: NO_RATE_LIMIT, keyAddBudget: NO_RATE_LIMIT };

  const signatures = options.signatures ?? inlineSignatureVerifier(verifier);
  const recoverKeySigners = signatures.recoverKeySigners?.bind(signatures) ?? recoverKeySignersInline;

  /**
   * The checks that need no transaction: structure and signatures, then the ENS lookups, and for key
   * messages the rules whose refusal no other message can lift, then the recovery of their EIP-712 signers
   * (on the pool's workers) and their check against the custody addresses (signers/key-prepare.ts). Signatures may still be under verification when this returns (the merge awaits each
   * message's outcome in turn), but the ENS lookups go over the network and the recoveries take a few
   * milliseconds each, so both are done here, before the merge's transaction starts.
   */
  const prepare = async (messages: readonly ReceivedMessage[]): Promise<PreparedBatch> =>
    (await prepareChecked(messages)).batch;

  /** prepare, with each message's own checks (structure, signature) apart from those against the state. */
  const prepareChecked = async (
    messages: readonly ReceivedMessage[],
  ): Promise<{ batch: PreparedBatch; ownChecks: readonly Promise<HubResult<ReceivedMessage>>[] }> => {
    const context = {
      network,
      nowMs: clock.now(),
      verifier,
      contractSignatureChecker: options.contractSignatureChecker,
    };
    const { candidates, outcomes } = await validateBatch(messages, context, signatures);
    // One promise for the batch's key messages, whose checks and recoveries are batched too.
    const keyIndexes = messages.flatMap(({ data }, index) => (isKeyMessage(data.type) ? [index] : []));
    const keyPosition = new Map(keyIndexes.map((index, k) => [index, k]));
    const keyChecks = prepareKeyMessages(
      db,
      keyIndexes.map((index) => outcomes[index]!),
      recoverKeySigners,
    );
    handledLater([keyChecks]);
    const prepared = handledLater(
      outcomes.map(async (outcome, index): Promise<HubResult<PreparedMessage>> => {
        const valid = await outcome;
        if (!valid.ok) return valid;
        const k = keyPosition.get(index);
        const authority = k === undefined ? ok(undefined) : (await keyChecks)[k]!;
        if (!authority.ok) return authority;
        const { data } = valid.value;
        return ok({
          received: valid.value,
          names: await resolveEnsName(options.ensVerifier, data),
          authority: authority.value,
        });
      }),
    );
    await Promise.all(prepared.filter((_, index) => needsWorkFirst(messages[index]?.data)));
    return { batch: { candidates, messages: prepared }, ownChecks: outcomes };
  };

  return {
    ...createMessageReads(db, clock, limits),

    async mergeMessages(messages) {
      return mergeBatch(db, deps, await prepare(messages));
    },

    prepareMessages(messages) {
      const batch = prepare(messages);
      return handledLater(messages.map(async (_, index) => (await batch).messages[index]!));
    },

    mergePrepared: (prepared) => mergeBatch(db, deps, settledBatch(prepared)),

    async mergeSynced(messages) {
      const { batch, ownChecks } = await prepareChecked(messages);
      const outcomes = await mergeBatch(db, syncDeps, batch);
      const invalid = await Promise.all(ownChecks.map(async (check) => !(await check).ok));
      return outcomes.map((outcome, index) =>
        outcome.ok ? outcome : { ...outcome, invalid: invalid[index]! },
      );
    },

    async validate(received) {
      // One message in, one outcome out.
      const prepared = await (await prepare([received])).messages[0]!;
      if (!prepared.ok) return prepared;
      const { message, data } = received;
      const { names, authority } = prepared.value;
      const accounts = await loadAccountState(db, [senderOf(received)], clock.now());
      const checked = isKeyMessage(data.type)
        ? await planKeyMessage(db, accounts, received, authority)
        : await checkAccount(() => Promise.resolve(db), fnames, message, data, names, accounts);
      return checked.ok ? ok(message) : checked;
    },

    async revokeSigner(fid, key) {
      const events = await revokeSigner(db, clock, fid, key);
      if (events.length > 0)
        logger.info({ fid, revoked: events.length }, 'revoked the messages of a reset signer');
      return events;
    },

    revokeUsername,

    async prune() {
      const events = await pruneMessages(db, { clock, limits });
      if (events.length > 0)
        logger.info({ pruned: events.length }, 'pruned messages over their storage limits');
      return events;
    },
  };
}
