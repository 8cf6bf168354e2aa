import { hubError } from '../errors.js';
import type { Ed25519Verifier } from '../ed25519.js';
import {
  makeEthAddressClaim,
  makeSolanaAddressClaim,
  verifyEthAddressClaim,
  verifySolanaAddressClaim,
  type ClaimSignatureOutcome,
  type ContractSignatureChecker,
} from '../eip712/index.js';
import {
  Protocol,
  type MessageData,
  type VerificationAddAddressBody,
  type VerificationRemoveBody,
} from '../gen/message.js';
import { checkByteLength, invalid, invalidParam, type Problem } from './checks.js';
import {
  ETH_ADDRESS_BYTES,
  ETH_BLOCK_HASH_BYTES,
  MAX_ETH_CLAIM_SIGNATURE_BYTES,
  SOLANA_ADDRESS_BYTES,
  SOLANA_BLOCK_HASH_BYTES,
  SOLANA_CLAIM_SIGNATURE_BYTES,
} from './limits.js';

/**
 * VerificationAdd is checked in two steps: the synchronous structure here, then the claim signature
 * ({@link verifyVerificationClaim}), which may need an on-chain ERC-1271 call for contract wallets.
 */
export function checkVerificationAddBody(body: VerificationAddAddressBody): Problem {
  switch (body.protocol) {
    case Protocol.ETHEREUM:
      return (
        checkByteLength(body.address, ETH_ADDRESS_BYTES, 'Ethereum address') ??
        checkByteLength(body.blockHash, ETH_BLOCK_HASH_BYTES, 'blockHash') ??
        (body.claimSignature.length > MAX_ETH_CLAIM_SIGNATURE_BYTES
          ? invalid(`claimSignature > ${MAX_ETH_CLAIM_SIGNATURE_BYTES} bytes`)
          : undefined)
      );
    case Protocol.SOLANA:
      if (body.address.length !== SOLANA_ADDRESS_BYTES) {
        return invalid(`solana address must be ${SOLANA_ADDRESS_BYTES} bytes`);
      }
      if (body.blockHash.length !== SOLANA_BLOCK_HASH_BYTES) {
        return invalid(`blockHash must be ${SOLANA_BLOCK_HASH_BYTES} bytes`);
      }
      if (body.claimSignature.length !== SOLANA_CLAIM_SIGNATURE_BYTES) {
        return invalid(`claimSignature != ${SOLANA_CLAIM_SIGNATURE_BYTES} bytes`);
      }
      return undefined;
    default:
      return invalid('invalid verification protocol');
  }
}

export interface ClaimContext {
  readonly verifier: Ed25519Verifier;
  readonly contractSignatureChecker?: ContractSignatureChecker | undefined;
}

/** Check the claim signature of a structurally valid VerificationAdd body, signed for this fid and network. */
export async function verifyVerificationClaim(
  body: VerificationAddAddressBody,
  data: MessageData,
  context: ClaimContext,
): Promise<Problem> {
  if (body.protocol === Protocol.SOLANA) {
    const claim = makeSolanaAddressClaim(data.fid, body.address, data.network, body.blockHash);
    if (!claim.ok) return invalid(claim.message);
    const outcome = verifySolanaAddressClaim(claim.value, body.claimSignature, context.verifier);
    return outcome.ok ? undefined : invalid('invalid claimSignature');
  }
  const claim = makeEthAddressClaim(data.fid, body.address, data.network, body.blockHash);
  if (!claim.ok) return invalid(claim.message);
  const { verificationType, chainId } = body;
  const outcome = await verifyEthAddressClaim(
    claim.value,
    body.claimSignature,
    { verificationType, chainId },
    context.contractSignatureChecker,
  );
  return ethClaimProblem(outcome, chainId);
}

/**
 * core's texts and codes, except that a signature viem cannot even parse is `invalid claimSignature`
 * (core reports viem's exception as `unknown`, which would be a server fault for a client's bad input).
 */
function ethClaimProblem(outcome: ClaimSignatureOutcome, chainId: number): Problem {
  if (outcome.ok) return undefined;
  switch (outcome.reason) {
    case 'bad_chain_id':
      return invalidParam('Invalid chain ID');
    case 'bad_verification_type':
      return invalidParam('Invalid verification type');
    case 'no_contract_checker':
      return invalidParam(`RPC client not provided for chainId ${chainId}`);
    case 'contract_check_error':
      return hubError('unavailable.network_failure', outcome.message);
    default:
      return invalid('invalid claimSignature');
  }
}

export function checkVerificationRemoveBody(body: VerificationRemoveBody): Problem {
  switch (body.protocol) {
    case Protocol.ETHEREUM:
      return checkByteLength(body.address, ETH_ADDRESS_BYTES, 'Ethereum address');
    case Protocol.SOLANA:
      return checkByteLength(body.address, SOLANA_ADDRESS_BYTES, 'solana address');
    default:
      return invalid('invalid verification protocol');
  }
}
