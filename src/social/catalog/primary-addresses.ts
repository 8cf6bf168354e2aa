import { getAddress } from 'viem';
import { UserDataType } from '../../protocol/gen/message.js';
import { userDataValues, verifiedAddressesByFid } from '../node-index/store.js';
import type { Protocol, VerifiedAddress } from '../node-index/store.js';
import type { SocialDb } from '../store.js';

/**
 * Primary addresses (spec §2.14): the address the user chose in their primary-address user data, when
 * it is one of their verified addresses of that protocol; otherwise the service picks their oldest
 * verified address. Ethereum addresses compare case-insensitively and are served EIP-55 checksummed.
 */

const PREFERENCE_TYPE: Record<Protocol, number> = {
  ethereum: UserDataType.USER_DATA_PRIMARY_ADDRESS_ETHEREUM,
  solana: UserDataType.USER_DATA_PRIMARY_ADDRESS_SOLANA,
};

export interface PrimaryAddress {
  fid: number;
  protocol: Protocol;
  address: string;
}

export async function primaryAddress(
  db: SocialDb,
  fid: number,
  protocol: Protocol,
): Promise<PrimaryAddress | undefined> {
  return (await primaryAddresses(db, [fid], protocol))[0];
}

/** {@link primaryAddress} of each of `fids`, in order, read in a few queries; undefined for a fid without one. */
export async function primaryAddresses(
  db: SocialDb,
  fids: readonly number[],
  protocol: Protocol,
): Promise<(PrimaryAddress | undefined)[]> {
  const verified = await verifiedAddressesByFid(db, fids, protocol);
  const chosen = await userDataValues(db, fids, PREFERENCE_TYPE[protocol]);
  return fids.map((fid) => pick(fid, protocol, verified.get(fid) ?? [], chosen.get(fid)));
}

function pick(
  fid: number,
  protocol: Protocol,
  verified: readonly VerifiedAddress[],
  chosen: string | undefined,
): PrimaryAddress | undefined {
  const same = (address: string) =>
    protocol === 'ethereum' ? address.toLowerCase() === chosen?.toLowerCase() : address === chosen;
  // Verified addresses come oldest first, so the fallback is the oldest verification.
  const picked = verified.find((entry) => same(entry.address)) ?? verified[0];
  if (picked === undefined) return undefined;
  const address = protocol === 'ethereum' ? getAddress(picked.address) : picked.address;
  return { fid, protocol, address };
}
