import type { Kysely } from 'kysely';
import type { Address } from 'viem';
import type { GaslessKeyRequest, KeyAddSigners } from '../../../protocol/eip712/index.js';
import { fail, ok } from '../../../protocol/errors.js';
import type { HubResult } from '../../../protocol/errors.js';
import { MessageType } from '../../../protocol/gen/message.js';
import type { KeyAddBody, KeyRemoveBody, Message } from '../../../protocol/gen/message.js';
import { bytesToHex } from '../../../protocol/hex.js';
import type { ReceivedMessage } from '../../../protocol/message.js';
import { KEY_REMOVE_BY_CUSTODY, MAX_GASLESS_KEYS_PER_FID } from '../../../protocol/validation/index.js';
import type { NewHubEvent } from '../../events/event-log.js';
import { fidRegistration } from '../../onchain/queries.js';
import { messageChange } from '../../store/changes.js';
import type { NodeTables } from '../../store/schema.js';
import { recordChange } from '../../store/write-transaction.js';
import { registrationOf } from '../account-checks.js';
import type { AccountState } from '../account-state.js';
import { DUPLICATE_MESSAGE } from '../conflict.js';
import { mergeMessageEvent } from '../events.js';
import { withSignedBytes } from '../message-rows.js';
import type { FidRateLimiter } from '../rate-limit.js';
import {
  countGaslessKeys,
  deleteGaslessKey,
  gaslessKey,
  nonceOf,
  saveGaslessKey,
  saveNonce,
} from './gasless-store.js';
import type { GaslessKey, NonceKind } from './gasless-store.js';
import type { KeyAuthority } from './key-authority.js';

/**
 * KEY_ADD and KEY_REMOVE (snapchain-messages.md §3.2, §4): a fid's custody adds a gasless key by an EIP-712
 * `KeyAdd` and the app's signed key request; the custody (`KeyRemove`) or the key itself removes it. Unlike
 * Snapchain, which reports success and then drops a key message that fails a check at merge, every refusal
 * here is the submitter's answer. Merges are serialised by the event-log lock, so the nonce checks and the
 * cap are exact.
 */

/** What merging a key message writes: the key's new record or its removal, a nonce, and one event. */
export interface KeyPlan {
  readonly key: Uint8Array;
  /** The record written (an add, or an upsert); undefined when the key is removed. */
  readonly record: GaslessKey | undefined;
  /** The key's stored KEY_ADD, which the plan replaces or removes. */
  readonly previous: Message | undefined;
  readonly nonce: { fid: number; kind: NonceKind; value: number };
  readonly event: NewHubEvent;
}

const refuse = (message: string) => fail('bad_request.validation_failure', message);

/** Snapchain's text for metadata whose request does not verify, or whose requestFid is not registered. */
const BAD_KEY_REQUEST = 'SignedKeyRequest metadata is malformed or signature does not verify';
const sameAddress = (custody: Uint8Array, signer: Address | undefined) => bytesToHex(custody) === signer;

/**
 * A KEY_ADD's EIP-712 signers against the custody addresses of its fid and of its app (undefined when the
 * app's fid is not registered), in Snapchain's order; the verified request when both signed.
 */
export function checkKeyAddSigners(
  signers: KeyAddSigners,
  custody: Uint8Array,
  appCustody: Uint8Array | undefined,
): HubResult<GaslessKeyRequest> {
  const { request } = signers;
  if (request === undefined || appCustody === undefined) return refuse(BAD_KEY_REQUEST);
  if (!sameAddress(appCustody, request.requestSigner)) {
    return refuse('requestSigner does not match custody address of requestFid');
  }
  return sameAddress(custody, signers.custody) ? ok(request) : refuse('invalid signature');
}

/** A KEY_REMOVE is the custody's (its `KeyRemove` recovers to `custodySigner`) or the key's own. */
export function checkKeyRemoveSigner(
  message: Message,
  body: KeyRemoveBody,
  custody: Uint8Array,
  custodySigner: Address | undefined,
): HubResult<void> {
  const authorized =
    body.signatureType === KEY_REMOVE_BY_CUSTODY
      ? sameAddress(custody, custodySigner)
      : Buffer.compare(message.signer, body.key) === 0;
  return authorized ? ok(undefined) : refuse('invalid signature');
}

/** Every check of a key message against the state, reading only; the plan's writes follow with `applyKeyPlan`. */
export async function planKeyMessage(
  db: Kysely<NodeTables>,
  accounts: AccountState,
  received: ReceivedMessage,
  authority: KeyAuthority | undefined,
): Promise<HubResult<KeyPlan>> {
  const { data } = received;
  const registration = registrationOf(accounts, data.fid);
  if (!registration.ok) return registration;
  const custody = registration.value.custodyAddress;
  if (authority?.type === MessageType.KEY_ADD && data.keyAddBody !== undefined) {
    return planKeyAdd(db, accounts, received, data.keyAddBody, custody, authority.signers);
  }
  if (authority?.type === MessageType.KEY_REMOVE && data.keyRemoveBody !== undefined) {
    return planKeyRemove(db, received, data.keyRemoveBody, custody, authority.custody);
  }
  throw new Error('a key message reached the merge without its body or authority');
}

async function planKeyAdd(
  db: Kysely<NodeTables>,
  accounts: AccountState,
  received: ReceivedMessage,
  body: KeyAddBody,
  custody: Uint8Array,
  signers: KeyAddSigners,
): Promise<HubResult<KeyPlan>> {
  const { data } = received;
  const existing = await gaslessKey(db, body.key);
  if (existing !== undefined && Buffer.compare(existing.message.hash, received.message.hash) === 0) {
    return fail('bad_request.duplicate', DUPLICATE_MESSAGE);
  }
  const requested = signers.request?.requestFid;
  const app = requested === undefined ? undefined : await fidRegistration(db, requested);
  const signed = checkKeyAddSigners(signers, custody, app?.custodyAddress);
  if (!signed.ok) return signed;
  const request = signed.value;
  if (accounts.signer(data.fid, body.key)?.source === 'onchain') {
    return refuse('key is already registered onchain for this fid');
  }
  if (existing !== undefined && existing.fid !== data.fid) {
    return refuse('key is already claimed by a different fid');
  }
  if (existing !== undefined && existing.requestFid !== request.requestFid) {
    return refuse('key is already registered for this fid by a different requesting fid');
  }
  if (existing === undefined && (await countGaslessKeys(db, data.fid)) >= MAX_GASLESS_KEYS_PER_FID) {
    return refuse(`active-key cap exceeded: ${MAX_GASLESS_KEYS_PER_FID} keys per FID`);
  }
  const nonce = await checkNonce(db, data.fid, 'user_nonce', body.nonce);
  if (!nonce.ok) return nonce;
  // The sliding TTL starts at the KEY_ADD's own time; an upsert restarts it with new scopes and ttl.
  const message = withSignedBytes(received);
  const record = {
    fid: data.fid,
    key: body.key,
    requestFid: request.requestFid,
    lastUsedAt: data.timestamp,
    message,
  };
  const previous = existing?.message;
  const event = mergeMessageEvent(message, previous === undefined ? [] : [previous]);
  return ok({ key: body.key, record, previous, nonce: nonce.value, event });
}

async function planKeyRemove(
  db: Kysely<NodeTables>,
  received: ReceivedMessage,
  body: KeyRemoveBody,
  custody: Uint8Array,
  custodySigner: Address | undefined,
): Promise<HubResult<KeyPlan>> {
  const { message, data } = received;
  // Looked up before any signature, so nobody can spend a nonce with keys that do not exist.
  const existing = await gaslessKey(db, body.key);
  if (existing === undefined || existing.fid !== data.fid)
    return refuse('key is not registered for this fid');
  const authorized = checkKeyRemoveSigner(message, body, custody, custodySigner);
  if (!authorized.ok) return authorized;
  const byCustody = body.signatureType === KEY_REMOVE_BY_CUSTODY;
  // A self-revocation spends its app's nonce, shared by every fid holding keys of that app.
  const nonce = byCustody
    ? await checkNonce(db, data.fid, 'user_nonce', body.nonce)
    : await checkNonce(db, existing.requestFid, 'app_nonce', body.nonce);
  if (!nonce.ok) return nonce;
  const event = mergeMessageEvent(withSignedBytes(received), [existing.message]);
  return ok({ key: body.key, record: undefined, previous: existing.message, nonce: nonce.value, event });
}

/**
 * A nonce must exceed the last one accepted (0 when none was). Gaps are fine, however large: Snapchain
 * accepts any greater nonce, so bounding the jump would refuse messages it merges (docs/node.md).
 */
export function checkNonceAbove(value: number, stored: number): HubResult<void> {
  return value > stored
    ? ok(undefined)
    : fail('bad_request.conflict', `gasless-key nonce ${value} is not greater than stored nonce ${stored}`);
}

async function checkNonce(
  db: Kysely<NodeTables>,
  fid: number,
  kind: NonceKind,
  value: number,
): Promise<HubResult<KeyPlan['nonce']>> {
  const checked = checkNonceAbove(value, await nonceOf(db, fid, kind));
  return checked.ok ? ok({ fid, kind, value }) : checked;
}

/**
 * A key message's merge in the merge's transaction: every rule above, then, for a KEY_ADD sure to merge,
 * the fid's KEY_ADD budget (rate-limit.ts `createKeyAddBudget`), which it then counts against; a refused
 * or duplicate KEY_ADD never counts.
 */
export async function mergeKeyMessage(
  trx: Kysely<NodeTables>,
  accounts: AccountState,
  received: ReceivedMessage,
  authority: KeyAuthority | undefined,
  keyAddBudget: FidRateLimiter,
  nowMs: number,
): Promise<HubResult<NewHubEvent[]>> {
  const plan = await planKeyMessage(trx, accounts, received, authority);
  if (!plan.ok) return plan;
  const { fid } = received.data;
  const counted = plan.value.record !== undefined;
  if (counted && !keyAddBudget.allows(fid, 1, nowMs)) {
    return fail('unavailable', `rate limit exceeded for FID ${fid}: too many KEY_ADD messages this hour`);
  }
  const events = await applyKeyPlan(trx, accounts, plan.value);
  if (counted) keyAddBudget.consume(fid, nowMs);
  return ok(events);
}

/**
 * The plan's writes, in the merge's transaction: the stored KEY_ADD replaced or removed, then the new one;
 * the batch's state learns of the key's change.
 */
async function applyKeyPlan(
  trx: Kysely<NodeTables>,
  accounts: AccountState,
  plan: KeyPlan,
): Promise<NewHubEvent[]> {
  if (plan.previous !== undefined) recordChange(trx, messageChange('remove', plan.previous));
  if (plan.record === undefined) {
    await deleteGaslessKey(trx, plan.key);
  } else {
    recordChange(trx, messageChange('add', plan.record.message));
    await saveGaslessKey(trx, plan.record);
  }
  await saveNonce(trx, plan.nonce.fid, plan.nonce.kind, plan.nonce.value);
  accounts.gaslessKeyChanged(plan.key, plan.record);
  return [plan.event];
}
