import type { ChainFile } from '../dev/devnet-file.js';
import type { CliIo } from '../io.js';

/** The funded accounts, with the keys `agora names` and `agora social` need; shared by dev and chain. */
export function printAccounts(io: CliIo, chain: ChainFile): void {
  io.out('  Funded dev accounts (public test keys; never use them on a real chain):');
  chain.accounts.forEach((account, index) => {
    const role =
      account.address === chain.nameRegistrySigner
        ? '  (name registry signer)'
        : account.address === chain.relayer
          ? '  (social API relayer)'
          : '';
    io.out(`  ${index}  ${account.address}  ${account.privateKey}${role}`);
  });
}
