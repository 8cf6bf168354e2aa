import { getAddress } from 'viem';
import { UserDataType } from '../../protocol/gen/message.js';
import { userDataValue, verifiedAddresses, type Protocol } from '../node-index/store.js';
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
  const verified = await verifiedAddresses(db, fid, protocol);
  const chosen = await userDataValue(db, fid, PREFERENCE_TYPE[protocol]);
  const same = (address: string) =>
    protocol === 'ethereum' ? address.toLowerCase() === chosen?.toLowerCase() : address === chosen;
  // verifiedAddresses is oldest first, so the fallback is the oldest verification.
  const picked = verified.find((entry) => same(entry.address)) ?? verified[0];
  if (picked === undefined) return undefined;
  const address = protocol === 'ethereum' ? getAddress(picked.address) : picked.address;
  return { fid, protocol, address };
}

/** One lookup per fid, in order; a fid without an address maps to undefined. */
export async function primaryAddresses(
  db: SocialDb,
  fids: readonly number[],
  protocol: Protocol,
): Promise<(PrimaryAddress | undefined)[]> {
  const found = new Map<number, PrimaryAddress | undefined>();
  for (const fid of fids) {
    if (!found.has(fid)) found.set(fid, await primaryAddress(db, fid, protocol));
  }
  return fids.map((fid) => found.get(fid));
}
