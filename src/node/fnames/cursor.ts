import type { Kysely } from 'kysely';
import type { Hex } from '../../protocol/hex.js';
import { readMeta, writeMeta } from '../../storage/service-meta.js';
import type { NodeTables } from '../store/schema.js';
import type { TransferEntry } from './transfers.js';

/** `service_meta` key of the id of the last registry transfer handled. */
export const FNAME_CURSOR_KEY = 'fname_sync_cursor';
/** `service_meta` key of that transfer's server signature: what tells the same transfer from a reissued id. */
export const FNAME_CURSOR_SIGNATURE_KEY = 'fname_sync_cursor_signature';

/** The command that rebuilds the node's fname proofs from the registry (src/cli/commands/resync-fnames.ts). */
export const RESYNC_COMMAND = 'agora resync-fnames';

/** Where the sync stands: the last transfer handled, and its signature (unknown for a cursor stored before it was kept). */
export interface FnameCursor {
  id: number;
  signature: Hex | undefined;
}

/**
 * The registry no longer agrees with what the node synced, or serves a transfer the node cannot verify.
 * The sync does not move past it: only an operator can tell a restored registry database or a rotated key
 * from an attack, and skipping would lose the transfer for good.
 */
export class FnameSyncHalt extends Error {
  constructor(problem: string) {
    super(`${problem}; the fname sync is stopped until the registry is fixed or \`${RESYNC_COMMAND}\` runs`);
    this.name = 'FnameSyncHalt';
  }
}

export async function readFnameCursor(db: Kysely<NodeTables>): Promise<FnameCursor> {
  const saved = await readMeta(db, FNAME_CURSOR_KEY);
  if (saved === undefined) return { id: 0, signature: undefined };
  const id = Number(saved);
  if (!/^\d+$/.test(saved) || !Number.isSafeInteger(id)) {
    throw new Error(`stored ${FNAME_CURSOR_KEY} is not a transfer id: ${saved}`);
  }
  const signature = await readMeta(db, FNAME_CURSOR_SIGNATURE_KEY);
  return { id, signature: signature === undefined || signature === '' ? undefined : (signature as Hex) };
}

/** In the transaction of the transfer's merge, so the cursor never passes an unmerged transfer. */
export async function writeFnameCursor(db: Kysely<NodeTables>, cursor: FnameCursor): Promise<void> {
  await writeMeta(db, FNAME_CURSOR_KEY, String(cursor.id));
  await writeMeta(db, FNAME_CURSOR_SIGNATURE_KEY, cursor.signature ?? '');
}

/**
 * The page after the cursor, given the page read from `from_id = cursor - 1`: its first transfer must be
 * the one at the cursor, the same one the node synced. When it is missing the registry's newest id is
 * below the cursor; when it differs the registry handed out the ids again (both: its database was restored
 * from a backup) and the transfers under the new ids would never be read.
 */
export function afterCursor(page: TransferEntry[], cursor: FnameCursor): TransferEntry[] {
  if (cursor.id === 0) return page;
  const [first, ...rest] = page;
  const restored = "(was the registry's database restored from a backup?)";
  if (first === undefined) {
    throw new FnameSyncHalt(
      `the registry's newest transfer id is below the node's cursor ${cursor.id} ${restored}`,
    );
  }
  if (first.id > cursor.id) {
    throw new FnameSyncHalt(`the registry has no transfer ${cursor.id}, which the node synced ${restored}`);
  }
  const signature = 'transfer' in first ? first.transfer.serverSignature : undefined;
  if (cursor.signature !== undefined && signature !== cursor.signature) {
    throw new FnameSyncHalt(
      `the registry's transfer ${cursor.id} is not the one the node synced: it handed out its ids again ${restored}`,
    );
  }
  return rest;
}
