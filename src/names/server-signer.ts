import type { Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { signUserNameProofClaim, type UserNameProofClaim } from '../protocol/eip712/index.js';
import type { Hex } from '../protocol/hex.js';

/**
 * The registry's own key. It signs each accepted claim {name, timestamp, owner} under the same domain as
 * users do (NAME_PROOF_DOMAIN); nodes turn a transfer into a UserNameProof carrying this signature and
 * check it against the address `/signer` serves.
 */
export interface ServerSigner {
  /** Checksummed (EIP-55). */
  readonly address: Address;
  /** 65 bytes, r‖s‖v with v = 27 or 28, as lowercase hex. */
  sign(claim: UserNameProofClaim): Promise<Hex>;
}

export function createServerSigner(privateKey: Hex): ServerSigner {
  const { address } = privateKeyToAccount(privateKey);
  return {
    address,
    sign: async (claim) => (await signUserNameProofClaim(claim, privateKey)).toLowerCase() as Hex,
  };
}
