import type { Hex } from '../hex.js';
import { contractDomain, NAME_PROOF_DOMAIN, type Eip712Domain } from './domains.js';
import {
  buildTypedData,
  tryBuildTypedData,
  type MessageInput,
  type PrimaryType,
  type TypedData,
} from './typed-data.js';
import {
  signTypedDataWithKey,
  verifyTypedDataSignature,
  type HashSignatureOptions,
  type SignatureOutcome,
} from './verify.js';

/** Typed-data builders, signers and verifiers for each Farcaster primary type with a fixed signer rule. */

export interface TypedMessageOptions {
  /** Defaults to the canonical domain of the primary type; pass {@link contractDomain} for another deployment. */
  domain?: Eip712Domain;
}

export type VerifyTypedMessageOptions = TypedMessageOptions & Omit<HashSignatureOptions, 'chainId'>;

export interface TypedMessageKind<P extends PrimaryType> {
  /** The `{domain, types, primaryType, message}` to sign; throws a TypeError on a malformed field. */
  typedData(input: MessageInput<P>, options?: TypedMessageOptions): TypedData<P>;
  /** Sign with a raw secp256k1 private key; throws on a malformed field or key. */
  sign(input: MessageInput<P>, privateKey: Hex, options?: TypedMessageOptions): Promise<Hex>;
  /**
   * Check `signature`; never throws. The expected signer is `options.expectedSigner`, else the message's own
   * signer field where the type has one (e.g. `owner`), else whoever recovers.
   */
  verify(
    input: MessageInput<P>,
    signature: unknown,
    options?: VerifyTypedMessageOptions,
  ): Promise<SignatureOutcome>;
}

function defineTypedMessage<P extends PrimaryType>(
  primaryType: P,
  defaultDomain: Eip712Domain,
  signerField?: keyof MessageInput<P> & string,
): TypedMessageKind<P> {
  const typedData = (input: MessageInput<P>, options: TypedMessageOptions = {}) =>
    buildTypedData(primaryType, options.domain ?? defaultDomain, input);
  return {
    typedData,
    sign: (input, privateKey, options) => signTypedDataWithKey(typedData(input, options), privateKey),
    async verify(input, signature, options = {}) {
      const built = tryBuildTypedData(primaryType, options.domain ?? defaultDomain, input);
      if (!built.ok) return built;
      const message = built.value.message as Record<string, unknown>;
      const ownSigner = signerField === undefined ? undefined : (message[signerField] as string);
      return verifyTypedDataSignature(built.value, signature, {
        ...options,
        expectedSigner: options.expectedSigner ?? ownSigner,
      });
    },
  };
}

/** fname claim `{name, timestamp, owner}`: signed by `owner`, or by the name registry's key for its proofs. */
export type UserNameProofClaim = MessageInput<'UserNameProof'>;
const userNameProof = defineTypedMessage('UserNameProof', NAME_PROOF_DOMAIN, 'owner');
export const typedDataForUserNameProof = userNameProof.typedData;
export const signUserNameProofClaim = userNameProof.sign;
export const verifyUserNameProofClaim = userNameProof.verify;

/** `{requestFid, key, deadline}`, signed by the custody address of `requestFid` (looked up by the caller). */
export type SignedKeyRequest = MessageInput<'SignedKeyRequest'>;
const signedKeyRequest = defineTypedMessage('SignedKeyRequest', contractDomain('signedKeyRequestValidator'));
export const typedDataForSignedKeyRequest = signedKeyRequest.typedData;
export const signSignedKeyRequest = signedKeyRequest.sign;
export const verifySignedKeyRequest = signedKeyRequest.verify;

/** KeyGateway `addFor`: signed by `owner`, the custody address of the fid gaining the key. */
export type KeyGatewayAdd = MessageInput<'Add'>;
const keyGatewayAdd = defineTypedMessage('Add', contractDomain('keyGateway'), 'owner');
export const typedDataForKeyGatewayAdd = keyGatewayAdd.typedData;
export const signKeyGatewayAdd = keyGatewayAdd.sign;
export const verifyKeyGatewayAdd = keyGatewayAdd.verify;

/** IdGateway `registerFor`: signed by `to`, the future custody address. */
export type IdGatewayRegister = MessageInput<'Register'>;
const idGatewayRegister = defineTypedMessage('Register', contractDomain('idGateway'), 'to');
export const typedDataForIdGatewayRegister = idGatewayRegister.typedData;
export const signIdGatewayRegister = idGatewayRegister.sign;
export const verifyIdGatewayRegister = idGatewayRegister.verify;

/** KeyRegistry `removeFor`: signed by `owner`. */
export type KeyRegistryRemove = MessageInput<'Remove'>;
const keyRegistryRemove = defineTypedMessage('Remove', contractDomain('keyRegistry'), 'owner');
export const typedDataForKeyRegistryRemove = keyRegistryRemove.typedData;
export const signKeyRegistryRemove = keyRegistryRemove.sign;
export const verifyKeyRegistryRemove = keyRegistryRemove.verify;

/** IdRegistry `transferFor`: signed by both the current custody address and `to`. */
export type IdRegistryTransfer = MessageInput<'Transfer'>;
const idRegistryTransfer = defineTypedMessage('Transfer', contractDomain('idRegistry'));
export const typedDataForIdRegistryTransfer = idRegistryTransfer.typedData;
export const signIdRegistryTransfer = idRegistryTransfer.sign;
export const verifyIdRegistryTransfer = idRegistryTransfer.verify;

/** IdRegistry `transferAndChangeRecoveryFor`: signed by both the current custody address and `to`. */
export type IdRegistryTransferAndChangeRecovery = MessageInput<'TransferAndChangeRecovery'>;
const transferAndChangeRecovery = defineTypedMessage(
  'TransferAndChangeRecovery',
  contractDomain('idRegistry'),
);
export const typedDataForIdRegistryTransferAndChangeRecovery = transferAndChangeRecovery.typedData;
export const signIdRegistryTransferAndChangeRecovery = transferAndChangeRecovery.sign;
export const verifyIdRegistryTransferAndChangeRecovery = transferAndChangeRecovery.verify;

/** IdRegistry `changeRecoveryAddressFor`: signed by the custody address of `fid`. */
export type IdRegistryChangeRecoveryAddress = MessageInput<'ChangeRecoveryAddress'>;
const changeRecoveryAddress = defineTypedMessage('ChangeRecoveryAddress', contractDomain('idRegistry'));
export const typedDataForIdRegistryChangeRecoveryAddress = changeRecoveryAddress.typedData;
export const signIdRegistryChangeRecoveryAddress = changeRecoveryAddress.sign;
export const verifyIdRegistryChangeRecoveryAddress = changeRecoveryAddress.verify;

/**
 * Gasless keys (snapchain-messages.md §2.2): one domain for the custody's `KeyAdd` and `KeyRemove` and the
 * app's `SignedKeyRequest`, with no verifyingContract (nothing on chain checks these signatures).
 */
export const GASLESS_KEY_DOMAIN: Eip712Domain = { name: 'Farcaster KeyAdd', version: '1', chainId: 1 };

/** `{fid, key, keyType, scopes, ttl, nonce, deadline}`, signed by the custody address of `fid`. */
export type GaslessKeyAdd = MessageInput<'KeyAdd'>;
const gaslessKeyAdd = defineTypedMessage('KeyAdd', GASLESS_KEY_DOMAIN);
export const typedDataForGaslessKeyAdd = gaslessKeyAdd.typedData;
export const signGaslessKeyAdd = gaslessKeyAdd.sign;
export const verifyGaslessKeyAdd = gaslessKeyAdd.verify;

/** `{fid, key, nonce, deadline}`, signed by the custody address of `fid`. */
export type GaslessKeyRemove = MessageInput<'KeyRemove'>;
const gaslessKeyRemove = defineTypedMessage('KeyRemove', GASLESS_KEY_DOMAIN);
export const typedDataForGaslessKeyRemove = gaslessKeyRemove.typedData;
export const signGaslessKeyRemove = gaslessKeyRemove.sign;
export const verifyGaslessKeyRemove = gaslessKeyRemove.verify;

/** The on-chain `SignedKeyRequest` struct on the gasless domain, signed by the requesting app's custody. */
const gaslessKeyRequest = defineTypedMessage('SignedKeyRequest', GASLESS_KEY_DOMAIN);
export const signGaslessKeyRequest = gaslessKeyRequest.sign;
export const verifyGaslessKeyRequest = gaslessKeyRequest.verify;
