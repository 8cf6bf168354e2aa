import type { SignatureOutcome } from '../../protocol/eip712/index.js';
import type { Hex } from '../../protocol/hex.js';
import { verifyTransfer } from './transfers.js';
import type { NameTransfer } from './transfers.js';

/**
 * The registry's signing address, as the sync last read it from `/signer`, and the check of transfers
 * against it. The registry may rotate its key, so a transfer that does not verify is checked again against
 * a fresh read before it is judged invalid, but with at most one read per page: every transfer of a page
 * existed before the page was served, so a signer read after that is the newest any of them can carry.
 * A page full of bad signatures costs one extra request, not one per transfer.
 */
export interface RegistrySigner {
  /** Undefined until the first read. */
  address(): Hex | undefined;
  /** Call before requesting each page: reads the signer the first time; older reads predate the page. */
  beforePage(): Promise<void>;
  verify(transfer: NameTransfer): Promise<SignatureOutcome>;
}

/** `read` asks the registry (throws when it cannot); `changed` hears of each new address. */
export function createRegistrySigner(
  read: () => Promise<Hex>,
  changed: (signer: Hex) => void,
): RegistrySigner {
  let signer: Hex | undefined;
  let readSincePage = false;

  const refresh = async (): Promise<Hex> => {
    const fresh = await read();
    readSincePage = true;
    if (fresh !== signer) changed(fresh);
    signer = fresh;
    return fresh;
  };

  return {
    address: () => signer,
    async beforePage() {
      if (signer === undefined) await refresh();
      readSincePage = false;
    },
    async verify(transfer) {
      const outcome = await verifyTransfer(transfer, signer ?? (await refresh()));
      if (outcome.ok || readSincePage) return outcome;
      return verifyTransfer(transfer, await refresh());
    },
  };
}
