/** Chain steps with viem and the contract ABIs and addresses that @farcaster/core publishes. */
import { ID_GATEWAY_ADDRESS, ID_REGISTRY_ADDRESS, idGatewayABI, idRegistryABI } from '@farcaster/core';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  parseEther,
  type Hash,
  type Hex,
  type PrivateKeyAccount,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

export function devChain(chainId: number, rpcUrl: string) {
  const chain = defineChain({
    id: chainId,
    name: 'Agora devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const publicClient = createPublicClient({ chain, transport: http(rpcUrl) });
  const walletFor = (account: PrivateKeyAccount) =>
    createWalletClient({ account, chain, transport: http(rpcUrl) });
  return { chain, publicClient, walletFor };
}

export type DevChain = ReturnType<typeof devChain>;

/** A new wallet with some ETH from a funded dev account, so each run starts with fresh users. */
export async function fundedWallet(dev: DevChain, funderKey: Hex): Promise<PrivateKeyAccount> {
  const account = privateKeyToAccount(generatePrivateKey());
  const hash = await dev
    .walletFor(privateKeyToAccount(funderKey))
    .sendTransaction({ to: account.address, value: parseEther('1') });
  await mined(dev, hash);
  return account;
}

/** IdGateway.register: a new fid with one storage unit, paid by its custody address. */
export async function registerFid(dev: DevChain, account: PrivateKeyAccount): Promise<number> {
  const price = await dev.publicClient.readContract({
    address: ID_GATEWAY_ADDRESS,
    abi: idGatewayABI,
    functionName: 'price',
  });
  const hash = await dev.walletFor(account).writeContract({
    address: ID_GATEWAY_ADDRESS,
    abi: idGatewayABI,
    functionName: 'register',
    args: [account.address],
    value: price,
  });
  await mined(dev, hash);
  const fid = await dev.publicClient.readContract({
    address: ID_REGISTRY_ADDRESS,
    abi: idRegistryABI,
    functionName: 'idOf',
    args: [account.address],
  });
  return Number(fid);
}

/**
 * Waits for a transaction to be mined and succeed. (viem's waitForTransactionReceipt leaves its timeout
 * timer running, which keeps a short script alive for minutes after it is done.)
 */
async function mined(dev: DevChain, hash: Hash): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const receipt = await dev.publicClient.getTransactionReceipt({ hash }).catch(() => undefined);
    if (receipt !== undefined) {
      if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`transaction ${hash} was not mined within a minute`);
}
