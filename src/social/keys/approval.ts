import type { Address, Hash } from 'viem';
import {
  encodeSignedKeyRequestMetadata,
  KEY_TYPE_ED25519,
  METADATA_TYPE_SIGNED_KEY_REQUEST,
  typedDataForKeyGatewayAdd,
  verifyKeyGatewayAdd,
  type KeyGatewayAdd,
  type TypedData,
} from '../../protocol/eip712/index.js';
import { bytesToHex, normalizeHex, type Hex } from '../../protocol/hex.js';
import { unixSeconds } from '../../shared/clock.js';
import type { SocialContext } from '../context.js';
import { SocialError } from '../errors.js';
import type { RateLimitState } from '../rate-limit.js';
import type { KeyChain } from './chain.js';
import { countRelay, requireRelayerFunds } from './relay-limits.js';
import {
  requireChain,
  reread,
  settleRelayedTransaction,
  viewOf,
  type SignedKeyRequestView,
} from './requests.js';
import {
  claimForRelay,
  markApproved,
  recordRelayTransaction,
  releaseRelayClaim,
  type SignedKeyRequestRow,
} from './store.js';

/**
 * Approving a signed key request (chain.md §4): the user's custody address (`fidOwner`) signs KeyGateway
 * `Add` typed data for the request's key and the app's metadata, and the service relays `addFor`.
 */

/** How long the `Add` signature asked for by approval-data stays valid (the spec is silent). */
const APPROVAL_WINDOW_SECONDS = 3600;
/** A relay claim older than this is taken to have died with its process and may be retried. */
const STALE_RELAY_SECONDS = 300;

/** Typed data as JSON: uint256 values as decimal strings, which viem and wallets take as they are. */
export interface JsonTypedData {
  domain: { name: string; version: string; chainId?: number; verifyingContract?: string };
  types: Record<string, { name: string; type: string }[]>;
  primaryType: string;
  message: Record<string, string | number>;
}

export interface Approval {
  token: string;
  fidOwner: string;
  deadline: number;
  signature: string;
}

/** The `Add` typed data `fidOwner` signs to approve the request, at its current KeyGateway nonce. */
export async function approvalData(
  context: SocialContext,
  token: string,
  fidOwnerInput: string,
): Promise<{ typedData: JsonTypedData; userFid: number }> {
  const chain = requireChain(context);
  const request = await pendingRequest(context, token);
  const fidOwner = addressOf(fidOwnerInput);
  const userFid = await fidOfOwner(chain, fidOwner);
  const deadline = unixSeconds(context.clock) + APPROVAL_WINDOW_SECONDS;
  const typedData = await addTypedData(chain, request, fidOwner, deadline);
  return { typedData: jsonTypedData(typedData), userFid };
}

/**
 * Checks the approval, claims the request so that only one approval relays, counts the relay against its
 * quotas, sends `addFor` and waits for it: `approved` once mined. A relay past a quota, a send the chain
 * refuses, or a transaction that reverts releases the claim and leaves the request pending. `onCounted`
 * gets the tightest quota once the relay is counted, so the answer carries it whatever follows.
 */
export async function approveSignedKeyRequest(
  context: SocialContext,
  approval: Approval,
  onCounted: (state: RateLimitState) => void,
): Promise<SignedKeyRequestView> {
  const chain = requireChain(context);
  const db = context.database.db;
  const request = await pendingRequest(context, approval.token);
  const now = unixSeconds(context.clock);
  if (approval.deadline < now) {
    throw new SocialError('APPROVAL_EXPIRED', {
      message: `The approval deadline ${approval.deadline} has passed (now ${now})`,
    });
  }
  const fidOwner = addressOf(approval.fidOwner);
  const userFid = await fidOfOwner(chain, fidOwner);
  const typedData = await addTypedData(chain, request, fidOwner, approval.deadline);
  const verified = await verifyKeyGatewayAdd(typedData.message, approval.signature, {
    domain: typedData.domain,
  });
  if (!verified.ok) {
    throw new SocialError('INVALID_APPROVAL_SIGNATURE', {
      message: `The signature is not fidOwner's KeyGateway Add signature for this request at its current nonce: ${verified.message}`,
    });
  }

  await requireRelayerFunds(context, chain);
  const claimed = await claimForRelay(db, approval.token, {
    userFid,
    now,
    staleBefore: now - STALE_RELAY_SECONDS,
  });
  if (!claimed) {
    const current = await reread(context, approval.token);
    throw new SocialError(current.state === 'pending' ? 'APPROVAL_IN_PROGRESS' : 'ALREADY_APPROVED');
  }

  let txHash: Hash;
  try {
    onCounted(await countRelay(context, request.request_fid, userFid));
    txHash = await chain.sendAddFor({
      fidOwner,
      keyType: KEY_TYPE_ED25519,
      key: typedData.message.key,
      metadataType: METADATA_TYPE_SIGNED_KEY_REQUEST,
      metadata: typedData.message.metadata,
      deadline: typedData.message.deadline,
      signature: approval.signature as Hex,
    });
  } catch (error) {
    await releaseRelayClaim(db, approval.token);
    throw error;
  }
  await recordRelayTransaction(db, approval.token, txHash);
  const outcome = await chain.waitForReceipt(txHash);
  if (outcome === 'success') {
    await markApproved(db, approval.token, txHash, unixSeconds(context.clock));
    return viewOf(await reread(context, approval.token));
  }
  if (outcome === 'reverted') {
    await releaseRelayClaim(db, approval.token, txHash);
    throw new SocialError('RELAY_REVERTED', {
      message: `The KeyGateway.addFor transaction ${txHash} reverted; the request is still pending`,
    });
  }
  // Left claimed with its hash: a later GET of the request finds the outcome.
  throw new SocialError('CHAIN_UNAVAILABLE', {
    message: `The approval transaction ${txHash} was sent but is not confirmed yet; poll GET /v2/signed-key-request`,
  });
}

/**
 * A request that can still be approved: known, pending, and before its deadline. A relay whose claim went
 * stale may have landed after all: its transaction is looked up first, so a takeover never relays a key
 * that is already added (that relay would revert and drop the only record of the one that landed).
 */
async function pendingRequest(context: SocialContext, token: string): Promise<SignedKeyRequestRow> {
  const request = await settleRelayedTransaction(context, await reread(context, token));
  if (request.state !== 'pending') throw new SocialError('ALREADY_APPROVED');
  const now = unixSeconds(context.clock);
  if (request.relaying_since !== null && request.relaying_since >= now - STALE_RELAY_SECONDS) {
    throw new SocialError('APPROVAL_IN_PROGRESS');
  }
  if (request.deadline < now) {
    throw new SocialError('KEY_REQUEST_EXPIRED', {
      message: `The signed key request expired at ${request.deadline} (now ${now})`,
    });
  }
  return request;
}

function addressOf(input: string): Address {
  const address = normalizeHex(input, 20);
  if (address === undefined) {
    throw new SocialError('INVALID_REQUEST', { message: 'fidOwner must be a 0x-prefixed 20-byte address' });
  }
  return address as Address;
}

async function fidOfOwner(chain: KeyChain, fidOwner: Address): Promise<number> {
  const fid = await chain.fidOf(fidOwner);
  if (fid === undefined) {
    throw new SocialError('NOT_FID_OWNER', {
      message: `fidOwner ${fidOwner} is not the custody address of an fid`,
    });
  }
  return fid;
}

async function addTypedData(
  chain: KeyChain,
  request: SignedKeyRequestRow,
  fidOwner: Address,
  deadline: number,
): Promise<TypedData<'Add'>> {
  const metadata = encodeSignedKeyRequestMetadata({
    requestFid: BigInt(request.request_fid),
    requestSigner: request.request_signer as Address,
    signature: bytesToHex(request.signature),
    deadline: BigInt(request.deadline),
  });
  const [domain, nonce] = await Promise.all([chain.domainOf('keyGateway'), chain.gatewayNonce(fidOwner)]);
  const add: KeyGatewayAdd = {
    owner: fidOwner,
    keyType: KEY_TYPE_ED25519,
    key: bytesToHex(request.key),
    metadataType: METADATA_TYPE_SIGNED_KEY_REQUEST,
    metadata,
    nonce,
    deadline,
  };
  return typedDataForKeyGatewayAdd(add, { domain });
}

function jsonTypedData(typedData: TypedData<'Add'>): JsonTypedData {
  const message = Object.fromEntries(
    Object.entries(typedData.message).map(([name, value]) => [
      name,
      typeof value === 'bigint' ? value.toString() : value,
    ]),
  );
  const types = Object.fromEntries(
    Object.entries(typedData.types).map(([name, fields]) => [name, [...fields]]),
  );
  return { ...typedData, types, message };
}
