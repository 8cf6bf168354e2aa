import { pbkdf2Sync } from 'node:crypto';
import { bytesToHex, type Address, type Hex } from 'viem';
import { HDKey, hdKeyToAccount } from 'viem/accounts';
import { DEVNET_ACCOUNT_COUNT, DEVNET_MNEMONIC } from './launch.js';

/** A funded account on the devnet; its private key signs locally. */
export interface DevAccount {
  address: Address;
  privateKey: Hex;
}

/**
 * The first `count` accounts of `mnemonic` (BIP-44 m/44'/60'/0'/0/i), as anvil derives them. The BIP-39
 * seed is computed with node:crypto: the pure-JS PBKDF2 behind viem's `mnemonicToAccount` is ~10x slower.
 * The mnemonic must be ASCII (its NFKD form is itself), as anvil's default is.
 */
export function deriveDevAccounts(mnemonic = DEVNET_MNEMONIC, count = DEVNET_ACCOUNT_COUNT): DevAccount[] {
  const root = HDKey.fromMasterSeed(pbkdf2Sync(mnemonic, 'mnemonic', 2048, 64, 'sha512'));
  return Array.from({ length: count }, (_, addressIndex) => {
    const account = hdKeyToAccount(root, { addressIndex });
    const privateKey = account.getHdKey().privateKey;
    if (privateKey === null) throw new Error(`no private key at index ${addressIndex}`);
    return { address: account.address, privateKey: bytesToHex(privateKey) };
  });
}
