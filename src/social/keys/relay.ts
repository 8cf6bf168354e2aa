import { setTimeout as delay } from 'node:timers/promises';
import {
  BaseError,
  ContractFunctionRevertedError,
  createWalletClient,
  http,
  InsufficientFundsError,
  NonceTooLowError,
  type Address,
  type Hash,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { keyGatewayAbi, keyRegistryAbi } from '../../chain/contracts.js';
import { SocialError } from '../errors.js';

/**
 * Sends `KeyGateway.addFor` from the service's relayer account. Each call is simulated first, so a call
 * the chain would refuse costs no gas and fails with the contract's own error name; sends from this
 * process go one at a time, so they never pick the same account nonce.
 */

export interface AddForCall {
  fidOwner: Address;
  keyType: number;
  key: Hex;
  metadataType: number;
  metadata: Hex;
  deadline: bigint;
  signature: Hex;
}

export interface Relayer {
  address: Address;
  /** The hash of the sent transaction; throws RELAY_REVERTED, RELAYER_UNAVAILABLE or CHAIN_UNAVAILABLE. */
  sendAddFor(call: AddForCall): Promise<Hash>;
}

/** addFor reverts with KeyRegistry's errors too (the gateway calls the registry). */
const RELAY_ABI = [...keyGatewayAbi, ...keyRegistryAbi.filter((item) => item.type === 'error')];

/** What each revert means for the person approving. */
const REVERT_REASONS: Record<string, string> = {
  InvalidSignature: "fidOwner's Add signature is not valid on chain (its nonce may have been used)",
  SignatureExpired: 'the approval deadline has passed on chain',
  InvalidMetadata:
    "the app's signed key request is not valid on chain (its deadline passed or its custody address changed)",
  InvalidState: 'the key is already registered to, or was removed from, this fid',
  ExceedsMaximum: 'the fid already has the maximum number of keys',
};

/** Another process may have taken the nonce a send picked: pick again a few times. */
const MAX_SEND_ATTEMPTS = 5;

export function createRelayer(options: {
  client: PublicClient;
  rpcUrl: string;
  keyGateway: Address;
  privateKey: Hex;
}): Relayer {
  const account = privateKeyToAccount(options.privateKey);
  const wallet = createWalletClient({ account, transport: http(options.rpcUrl, { retryCount: 1 }) });
  let queue: Promise<unknown> = Promise.resolve();

  const send = async (call: AddForCall): Promise<Hash> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const { request } = await options.client.simulateContract({
          account,
          address: options.keyGateway,
          abi: RELAY_ABI,
          functionName: 'addFor',
          args: [
            call.fidOwner,
            call.keyType,
            call.key,
            call.metadataType,
            call.metadata,
            call.deadline,
            call.signature,
          ],
        });
        return await wallet.writeContract({ ...request, chain: null });
      } catch (error) {
        if (attempt < MAX_SEND_ATTEMPTS && isNonceCollision(error)) {
          await delay(50 * attempt);
          continue;
        }
        throw relayError(error);
      }
    }
  };

  return {
    address: account.address,
    sendAddFor(call) {
      const sent = queue.then(() => send(call));
      queue = sent.catch(() => undefined);
      return sent;
    },
  };
}

function isNonceCollision(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  return (
    error.walk((e) => e instanceof NonceTooLowError) !== null ||
    /replacement transaction underpriced|already known/i.test(error.message)
  );
}

/** A failed send as the SocialError its caller answers with. */
function relayError(error: unknown): SocialError {
  if (error instanceof BaseError) {
    const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError) {
      const name = reverted.data?.errorName ?? reverted.reason ?? 'an unknown error';
      const reason = REVERT_REASONS[name];
      return new SocialError('RELAY_REVERTED', {
        message: `The KeyGateway.addFor transaction would revert with ${name}${reason === undefined ? '' : `: ${reason}`}`,
        cause: error,
      });
    }
    if (error.walk((e) => e instanceof InsufficientFundsError) !== null) {
      return new SocialError('RELAYER_UNAVAILABLE', {
        message: 'The relayer account cannot pay for gas; the operator must fund it',
        cause: error,
      });
    }
  }
  return new SocialError('CHAIN_UNAVAILABLE', { cause: error });
}
