import type { Kysely } from 'kysely';
import type { UserNameProof } from '../../protocol/gen/username_proof.js';
import type { Clock } from '../../shared/clock.js';
import type { NodeTables } from '../store/schema.js';
import { writeTransaction } from '../store/write-transaction.js';
import { writeFnameCursor } from './cursor.js';
import { allFnameProofs, compareProofs, replaceFnameProof, sameProof } from './proof-store.js';
import type { RevokeUsername } from './proof-store.js';
import { createRegistryClient } from './registry-client.js';
import type { RegistryClient } from './registry-client.js';
import { verifyWithEither } from './registry-signer.js';
import { transferProof } from './transfers.js';
import type { NameTransfer } from './transfers.js';

export interface ResyncOptions {
  db: Kysely<NodeTables>;
  registryUrl: string;
  fetch: typeof fetch;
  clock: Clock;
  revokeUsername: RevokeUsername;
  /** Report the changes without making them. */
  dryRun?: boolean;
  /** Per request. Default 30 s. */
  requestTimeoutMs?: number;
}

export interface ResyncReport {
  /** Transfers read from the registry. */
  transfers: number;
  /** The cursor the sync continues from: the registry's newest transfer id. */
  cursor: number;
  /** Names whose proof the node did not have, had for another holder or time, or must delete. */
  added: string[];
  replaced: string[];
  removed: string[];
  /** Proofs the node already held exactly as the registry has them. */
  kept: number;
}

/** A page is 100 transfers of a few hundred bytes each. */
const MAX_RESPONSE_BYTES = 1024 * 1024;

/**
 * Makes the node's fname proofs what the registry says now, after it went back in time (its database
 * restored from a backup) or served a transfer the sync could not verify: reads every transfer from id 1,
 * takes for each name the transfer a node merging them all would keep, and in one transaction adds,
 * replaces and removes proofs with the events and USERNAME revocations a merge emits, then sets the sync's
 * cursor to the registry's newest transfer. A proof the node holds exactly as the registry does is kept
 * untouched (and not checked again: the sync verified it); every other proof it takes must verify against
 * the registry's current or announced previous key, or nothing changes at all.
 */
export async function resyncFnames(options: ResyncOptions): Promise<ResyncReport> {
  const { db, clock, revokeUsername } = options;
  const client = createRegistryClient({
    registryUrl: options.registryUrl,
    fetch: options.fetch,
    timeoutMs: options.requestTimeoutMs ?? 30_000,
    maxResponseBytes: MAX_RESPONSE_BYTES,
    signal: new AbortController().signal,
  });
  const { keys, transfers } = await readRegistry(client, options.registryUrl);
  const winners = currentTransfers(transfers);
  const held = await allFnameProofs(db);

  const report: ResyncReport = {
    transfers: transfers.length,
    cursor: transfers.at(-1)?.id ?? 0,
    added: [],
    replaced: [],
    removed: [],
    kept: 0,
  };
  const changes: { name: string; proof: UserNameProof | undefined }[] = [];
  const unverified: number[] = [];
  for (const name of new Set([...winners.keys(), ...held.keys()])) {
    const winner = winners.get(name);
    const proof = winner === undefined || winner.to === 0 ? undefined : transferProof(winner);
    const existing = held.get(name);
    if (existing !== undefined && proof !== undefined && sameProof(proof, existing)) {
      report.kept++;
      continue;
    }
    if (existing === undefined && proof === undefined) continue;
    if (winner !== undefined && !(await verifyWithEither(winner, keys)).ok) unverified.push(winner.id);
    changes.push({ name, proof });
    const list =
      proof === undefined ? report.removed : existing === undefined ? report.added : report.replaced;
    list.push(name);
  }
  if (unverified.length > 0) {
    const by = [keys.signer, keys.previousSigner].filter((key) => key !== undefined).join(' or ');
    throw new Error(
      `${unverified.length} transfer(s) the node would take are not signed by the registry's key ${by} ` +
        `(ids ${unverified.slice(0, 10).join(', ')}${unverified.length > 10 ? ', …' : ''}); nothing was changed`,
    );
  }
  if (options.dryRun) return report;

  const newest = transfers.at(-1);
  await writeTransaction(db, async (trx) => {
    await writeFnameCursor(trx, { id: report.cursor, signature: newest?.serverSignature });
    for (const { name, proof } of changes) {
      await replaceFnameProof(trx, name, proof, { clock, revokeUsername });
    }
  });
  return report;
}

/** The keys and every transfer; a registry that does not answer is named with the cause fetch hides. */
async function readRegistry(client: RegistryClient, registryUrl: string) {
  try {
    return { keys: await client.signer(), transfers: await allTransfers(client.transfers) };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`reading the name registry at ${new URL(registryUrl).origin}: ${message}${cause}`);
  }
}

/** Every transfer, page by page from id 1; a malformed one stops the resync, as it stops the sync. */
async function allTransfers(page: RegistryClient['transfers']): Promise<NameTransfer[]> {
  const all: NameTransfer[] = [];
  for (let after = 0; ;) {
    const entries = await page(after);
    if (entries.length === 0) return all;
    for (const entry of entries) {
      if (!('transfer' in entry)) throw new Error(`transfer ${entry.id} is unusable: ${entry.problem}`);
      all.push(entry.transfer);
      after = entry.id;
    }
  }
}

/** Per name, the transfer a node merging every transfer in order keeps (proof-store.ts: the newest wins). */
function currentTransfers(transfers: readonly NameTransfer[]): Map<string, NameTransfer> {
  const winners = new Map<string, NameTransfer>();
  for (const transfer of transfers) {
    const current = winners.get(transfer.username);
    if (current === undefined || compareProofs(transferProof(transfer), transferProof(current)) > 0) {
      winners.set(transfer.username, transfer);
    }
  }
  return winners;
}
