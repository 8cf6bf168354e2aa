// An Ethereum address verification body as @farcaster/core builds and signs it, for tests that compare
// Agora with the reference or submit what a real client would.
import { Protocol, makeVerificationAddressClaim } from '@farcaster/core';
import type { FarcasterNetwork, ViemLocalEip712Signer } from '@farcaster/core';

/** The VerificationAddEthAddress body of `signer`'s address, its EIP-712 claim made for `fid`. */
export async function coreEthVerificationBody(
  signer: ViemLocalEip712Signer,
  fid: number,
  network: FarcasterNetwork,
  blockHash: Uint8Array,
) {
  const address = (await signer.getSignerKey())._unsafeUnwrap();
  const claim = makeVerificationAddressClaim(fid, address, network, blockHash, Protocol.ETHEREUM);
  const claimSignature = (
    await signer.signVerificationEthAddressClaim(claim._unsafeUnwrap())
  )._unsafeUnwrap();
  return { address, blockHash, claimSignature, verificationType: 0, chainId: 0, protocol: Protocol.ETHEREUM };
}
