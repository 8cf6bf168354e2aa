import type { SignatureOutcome } from '../../protocol/eip712/index.js';
import { verifyTransfer } from './transfers.js';
import type { NameTransfer, RegistryKeys } from './transfers.js';

/**
 * The registry's signing keys, as the sync last read them from `/signer`, and the check of transfers
 * against them: the current key, or the previous one the registry announces during a rotation. The
 * registry may rotate its key at any time, so a transfer that verifies against neither is checked again
 * against a fresh read before it is judged invalid, but with at most one read per page: every transfer of
 * a page existed before the page was served, so a read after that is the newest any of them can carry.
 */
export interface RegistrySigner {
  /** Undefined until the first read. */
  keys(): RegistryKeys | undefined;
  /** Call before requesting each page: reads the keys the first time; older reads predate the page. */
  beforePage(): Promise<void>;
  verify(transfer: NameTransfer): Promise<SignatureOutcome>;
}

/** `read` asks the registry (throws when it cannot); `changed` hears of each new pair of keys. */
export function createRegistrySigner(
  read: () => Promise<RegistryKeys>,
  changed: (keys: RegistryKeys) => void,
): RegistrySigner {
  let keys: RegistryKeys | undefined;
  let readSincePage = false;
  const refresh = async (): Promise<RegistryKeys> => {
    const fresh = await read();
    readSincePage = true;
    if (fresh.signer !== keys?.signer || fresh.previousSigner !== keys.previousSigner) changed(fresh);
    keys = fresh;
    return fresh;
  };
  return {
    keys: () => keys,
    async beforePage() {
      if (keys === undefined) await refresh();
      readSincePage = false;
    },
    async verify(transfer) {
      const outcome = await verifyWithEither(transfer, keys ?? (await refresh()));
      if (outcome.ok || readSincePage) return outcome;
      return verifyWithEither(transfer, await refresh());
    },
  };
}

/** The current key's outcome unless the previous key verifies the transfer. */
export async function verifyWithEither(
  transfer: NameTransfer,
  keys: RegistryKeys,
): Promise<SignatureOutcome> {
  const outcome = await verifyTransfer(transfer, keys.signer);
  if (outcome.ok || keys.previousSigner === undefined) return outcome;
  const previous = await verifyTransfer(transfer, keys.previousSigner);
  return previous.ok ? previous : outcome;
}
