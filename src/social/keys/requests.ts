import { randomBytes } from 'node:crypto';
import type { Address, Hash } from 'viem';
import { verifySignedKeyRequest, verifySponsorship } from '../../protocol/eip712/index.js';
import { bytesToHex, hexToBytes, type Hex } from '../../protocol/hex.js';
import { unixSeconds } from '../../shared/clock.js';
import type { SocialContext } from '../context.js';
import { SocialError } from '../errors.js';
import { countCall } from '../limits.js';
import type { RateLimitState } from '../rate-limit.js';
import type { KeyChain } from './chain.js';
import {
  insertSignedKeyRequest,
  markApproved,
  markCompleted,
  releaseRelayClaim,
  signedKeyRequestByToken,
  warpsOf,
  type SignedKeyRequestRow,
} from './store.js';
import type { SignedKeyRequestState } from './tables.js';

/** Creating and reading signed key requests (spec §2.16, §3.1, §4.7, §5.3, §5.4). */

const DEEPLINK_PREFIX = 'farcaster://signed-key-request?token=';
/** Spec §8: an app must hold at least this many warps to sponsor a request. */
export const MIN_SPONSOR_WARPS = 100;
/** Schemes a redirect may not use: they run code or embed content instead of opening an app. */
const UNSAFE_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:']);

export interface CreateSignedKeyRequest {
  /** 0x + 64 hex characters (checked by the route schema). */
  key: string;
  requestFid: number;
  deadline: number;
  signature: string;
  redirectUrl?: string;
  sponsorship?: { sponsorFid: number; signature: string };
}

export interface SignedKeyRequestView {
  token: string;
  deeplinkUrl: string;
  key: Hex;
  state: SignedKeyRequestState;
  requestFid: number;
  isSponsored: boolean;
  /** Present once approved. */
  userFid?: number;
}

export function requireChain(context: SocialContext): KeyChain {
  if (context.chain === undefined) {
    throw new SocialError('CHAIN_UNAVAILABLE', {
      message: 'The service has no chain configured (--chain-rpc-url); signed key requests are unavailable',
    });
  }
  return context.chain;
}

/**
 * A new pending request. Once its signature shows it comes from `requestFid`, it is counted against that
 * app's limit, and `onCounted` gets the count before anything else can refuse it.
 */
export async function createSignedKeyRequest(
  context: SocialContext,
  input: CreateSignedKeyRequest,
  onCounted: (state: RateLimitState) => void,
): Promise<SignedKeyRequestView> {
  const chain = requireChain(context);
  const now = unixSeconds(context.clock);
  if (input.deadline <= now) {
    throw new SocialError('KEY_REQUEST_EXPIRED', {
      message: `deadline ${input.deadline} is not in the future (now ${now})`,
    });
  }
  if (input.redirectUrl !== undefined) checkRedirectUrl(input.redirectUrl);
  const requestSigner = await custodyOrThrow(chain, input.requestFid, 'requestFid');
  const verified = await verifySignedKeyRequest(
    { requestFid: input.requestFid, key: input.key, deadline: input.deadline },
    input.signature,
    { domain: await chain.domainOf('signedKeyRequestValidator'), expectedSigner: requestSigner },
  );
  if (!verified.ok) {
    throw new SocialError('INVALID_KEY_REQUEST_SIGNATURE', {
      message: `The signature is not a SignedKeyRequest signature by the custody address of requestFid: ${verified.message}`,
    });
  }
  onCounted(await countCall(context, 'signedKeyRequests', input.requestFid));
  if (input.sponsorship !== undefined)
    await checkSponsorship(context, chain, input.signature, input.sponsorship);

  const row: SignedKeyRequestRow = {
    token: `0x${randomBytes(16).toString('hex')}`,
    key: hexToBytes(input.key, 32) as Uint8Array,
    request_fid: input.requestFid,
    request_signer: requestSigner,
    signature: hexToBytes(input.signature) as Uint8Array,
    deadline: input.deadline,
    redirect_url: input.redirectUrl ?? null,
    sponsor_fid: input.sponsorship?.sponsorFid ?? null,
    state: 'pending',
    user_fid: null,
    relaying_since: null,
    tx_hash: null,
    created_at: now,
    approved_at: null,
    completed_at: null,
  };
  await insertSignedKeyRequest(context.database.db, row);
  return viewOf(row);
}

async function custodyOrThrow(chain: KeyChain, fid: number, field: string): Promise<Address> {
  const custody = await chain.custodyOf(fid);
  if (custody === undefined) {
    throw new SocialError('FID_NOT_REGISTERED', { message: `${field} ${fid} is not registered on chain` });
  }
  return custody;
}

async function checkSponsorship(
  context: SocialContext,
  chain: KeyChain,
  requestSignature: string,
  sponsorship: { sponsorFid: number; signature: string },
): Promise<void> {
  const sponsor = await custodyOrThrow(chain, sponsorship.sponsorFid, 'sponsorFid');
  const verified = await verifySponsorship(requestSignature, sponsorship.signature, {
    expectedSigner: sponsor,
  });
  if (!verified.ok) {
    throw new SocialError('INVALID_SPONSORSHIP', {
      message: `The sponsorship signature is not by the custody address of sponsorFid: ${verified.message}`,
    });
  }
  const warps = await warpsOf(context.database.db, sponsorship.sponsorFid);
  if (warps < MIN_SPONSOR_WARPS) {
    throw new SocialError('SPONSOR_NOT_ELIGIBLE', {
      message: `sponsorFid ${sponsorship.sponsorFid} has ${warps} warps; sponsoring needs at least ${MIN_SPONSOR_WARPS}`,
    });
  }
}

function checkRedirectUrl(redirectUrl: string): void {
  let url: URL;
  try {
    url = new URL(redirectUrl);
  } catch {
    throw new SocialError('INVALID_REQUEST', { message: 'redirectUrl must be an absolute URL' });
  }
  if (UNSAFE_SCHEMES.has(url.protocol)) {
    throw new SocialError('INVALID_REQUEST', {
      message: `redirectUrl may not use the ${url.protocol} scheme`,
    });
  }
}

/**
 * The request as it stands now. Moves it forward when the world has: a relayed transaction found mined
 * since (pending -> approved), or the signer merged by the node (approved -> completed). Neither check
 * failing makes the read fail: the stored state is still true.
 */
export async function readSignedKeyRequest(
  context: SocialContext,
  token: string,
): Promise<SignedKeyRequestView> {
  const db = context.database.db;
  let row = await signedKeyRequestByToken(db, token);
  if (row === undefined) throw new SocialError('SIGNED_KEY_REQUEST_NOT_FOUND');
  const now = unixSeconds(context.clock);
  row = await settleRelayedTransaction(context, row);
  if (row.state === 'approved' && row.user_fid !== null) {
    const merged = await context.node.isActiveSigner(row.user_fid, bytesToHex(row.key)).catch(() => false);
    if (merged) {
      await markCompleted(db, token, now);
      row = await reread(context, token);
    }
  }
  return viewOf(row);
}

/**
 * A pending request whose relayed transaction has been mined since moves on: approved if it succeeded, its
 * claim released if it reverted. Returns the row as it stands after; unchanged while the outcome is unknown.
 */
export async function settleRelayedTransaction(
  context: SocialContext,
  row: SignedKeyRequestRow,
): Promise<SignedKeyRequestRow> {
  if (row.state !== 'pending' || row.tx_hash === null || context.chain === undefined) return row;
  const db = context.database.db;
  const outcome = await context.chain.receiptOf(row.tx_hash as Hash);
  if (outcome === 'success') await markApproved(db, row.token, row.tx_hash, unixSeconds(context.clock));
  if (outcome === 'reverted') await releaseRelayClaim(db, row.token, row.tx_hash);
  return outcome === 'unknown' ? row : reread(context, row.token);
}

export async function reread(context: SocialContext, token: string): Promise<SignedKeyRequestRow> {
  const row = await signedKeyRequestByToken(context.database.db, token);
  if (row === undefined) throw new SocialError('SIGNED_KEY_REQUEST_NOT_FOUND');
  return row;
}

export function viewOf(row: SignedKeyRequestRow): SignedKeyRequestView {
  const shown = row.state !== 'pending' && row.user_fid !== null;
  return {
    token: row.token,
    deeplinkUrl: `${DEEPLINK_PREFIX}${row.token}`,
    key: bytesToHex(row.key),
    state: row.state,
    requestFid: row.request_fid,
    isSponsored: row.sponsor_fid !== null,
    ...(shown && { userFid: row.user_fid as number }),
  };
}
