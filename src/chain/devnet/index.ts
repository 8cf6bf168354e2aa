export { deriveDevAccounts, type DevAccount } from './accounts.js';
export { resolveAnvilBinary, type DevnetLogger } from './anvil.js';
export {
  devnetChain,
  devnetPublicClient,
  devnetTestClient,
  devnetWalletClient,
  type DevnetConnection,
} from './clients.js';
export {
  DEFAULT_INSTALL_SETTINGS,
  installContracts,
  type InstallOutcome,
  type InstallSettings,
} from './install.js';
export {
  DEVNET_ACCOUNT_COUNT,
  DEVNET_CHAIN_ID,
  DEVNET_MNEMONIC,
  DEVNET_ROLES,
  launchAnvil,
  type DevnetOptions,
  type LaunchedAnvil,
} from './launch.js';
export { startDevnet, type Devnet } from './start-devnet.js';
