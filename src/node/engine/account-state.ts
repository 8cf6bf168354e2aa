import type { Kysely } from 'kysely';
import { toFarcasterTime } from '../../protocol/time.js';
import { activeSignerKeys, fidRegistrations } from '../onchain/queries.js';
import type { FidRegistration } from '../onchain/queries.js';
import type { NodeTables } from '../store/schema.js';
import { gaslessKeysByKey, hexKey } from './signers/gasless-store.js';
import type { GaslessKey } from './signers/gasless-store.js';
import { EMPTY_BALANCE, storageBalances } from './storage-balance.js';
import type { StorageBalance } from './storage-balance.js';

/** How a key signs for a fid: as an on-chain key (any type), or as a gasless key (within its scopes). */
export type SignerStanding = { source: 'onchain' } | { source: 'gasless'; record: GaslessKey };

/** Who sends a message: its fid and the key that signed it. */
export interface Sender {
  readonly fid: number;
  readonly signer: Uint8Array;
}

/**
 * The state a batch's messages are checked against, read once: registrations, signers and storage of the
 * senders. Key messages and lends change it; their merges report what they changed, so a later message of
 * the same batch sees it (a cast signed by a key added earlier in the batch is accepted).
 */
export interface AccountState {
  /** Farcaster seconds when the batch was read: the clock of gasless key expiry. */
  readonly now: number;
  registration(fid: number): FidRegistration | undefined;
  /** On chain first (scope-free), then the gasless keys; undefined when the key signs nothing for the fid. */
  signer(fid: number, key: Uint8Array): SignerStanding | undefined;
  /** Purchased, lent and borrowed units, and the net units every limit uses. */
  balance(fid: number): StorageBalance;
  /** A gasless key was added, refreshed (`record`) or removed (undefined) by a merge of the batch. */
  gaslessKeyChanged(key: Uint8Array, record: GaslessKey | undefined): void;
  /** Reads the balances of `fids` again, after a merge changed them (a lend). */
  reloadBalances(db: Kysely<NodeTables>, fids: readonly number[]): Promise<void>;
}

/** Reads the senders' registrations, on-chain signers, gasless keys and balances (a read each at most). */
export async function loadAccountState(
  db: Kysely<NodeTables>,
  senders: readonly Sender[],
  nowMs: number,
): Promise<AccountState> {
  const fids = [...new Set(senders.map(({ fid }) => fid))];
  const registrations = await fidRegistrations(db, fids);
  const onChain = await activeSignerKeys(db, fids);
  // `signer` asks the gasless keys only about a key that is not an on-chain one of the fid; most are.
  const gasless = await gaslessKeysByKey(
    db,
    senders.flatMap(({ fid, signer }) => (onChain.get(fid)?.has(hexKey(signer)) === true ? [] : [signer])),
  );
  const balances = await storageBalances(db, fids, nowMs);
  const balance = (fid: number) => balances.get(fid) ?? EMPTY_BALANCE;
  return {
    now: toFarcasterTime(nowMs) ?? 0,
    registration: (fid) => registrations.get(fid),
    signer(fid, key) {
      const hex = hexKey(key);
      if (onChain.get(fid)?.has(hex) === true) return { source: 'onchain' };
      const record = gasless.get(hex);
      return record?.fid === fid ? { source: 'gasless', record } : undefined;
    },
    balance,
    gaslessKeyChanged(key, record) {
      if (record === undefined) gasless.delete(hexKey(key));
      else gasless.set(hexKey(key), record);
    },
    async reloadBalances(reader, changed) {
      for (const [fid, reloaded] of await storageBalances(reader, changed, nowMs))
        balances.set(fid, reloaded);
    },
  };
}
