import type { Kysely } from 'kysely';
import type { Address } from 'viem';
import { keyAddSigners, keyRemoveSigner } from '../../../protocol/eip712/index.js';
import type { KeyAddSigners } from '../../../protocol/eip712/index.js';
import { fail, ok } from '../../../protocol/errors.js';
import type { HubResult } from '../../../protocol/errors.js';
import { MessageType } from '../../../protocol/gen/message.js';
import type { KeyAddBody, KeyRemoveBody, MessageData } from '../../../protocol/gen/message.js';
import { bytesToHex } from '../../../protocol/hex.js';
import type { ReceivedMessage } from '../../../protocol/message.js';
import { KEY_REMOVE_BY_CUSTODY, MAX_GASLESS_KEYS_PER_FID } from '../../../protocol/validation/index.js';
import type { NewHubEvent } from '../../events/event-log.js';
import { fidRegistration } from '../../onchain/queries.js';
import type { NodeTables } from '../../store/schema.js';
import { registrationOf } from '../account-checks.js';
import type { AccountState } from '../account-state.js';
import { DUPLICATE_MESSAGE } from '../conflict.js';
import { mergeMessageEvent } from '../events.js';
import { withSignedBytes } from '../message-rows.js';
import {
  countGaslessKeys,
  deleteGaslessKey,
  gaslessKey,
  nonceOf,
  saveGaslessKey,
  saveNonce,
} from './gasless-store.js';
import type { GaslessKey, NonceKind } from './gasless-store.js';

/**
 * KEY_ADD and KEY_REMOVE (snapchain-messages.md §3.2, §4): a fid's custody adds a gasless key by an EIP-712
 * `KeyAdd` and the app's signed key request; the custody (`KeyRemove`) or the key itself removes it. Unlike
 * Snapchain, which reports success and then drops a key message that fails a check at merge, every refusal
 * here is the submitter's answer. Merges are serialised by the event-log lock, so the nonce checks and the
 * cap are exact.
 */

export function isKeyMessage(type: MessageType): boolean {
  return type === MessageType.KEY_ADD || type === MessageType.KEY_REMOVE;
}

/** Who signed a key message's EIP-712 parts: recovered before the merge transaction, as it needs no state. */
export type KeyAuthority =
  | { type: MessageType.KEY_ADD; signers: KeyAddSigners }
  | { type: MessageType.KEY_REMOVE; custody: Address | undefined };

export async function keyAuthority(data: MessageData): Promise<KeyAuthority | undefined> {
  if (data.keyAddBody !== undefined) {
    return { type: MessageType.KEY_ADD, signers: await keyAddSigners(data.fid, data.keyAddBody) };
  }
  const body = data.keyRemoveBody;
  if (body === undefined || body.signatureType !== KEY_REMOVE_BY_CUSTODY) {
    return body === undefined ? undefined : { type: MessageType.KEY_REMOVE, custody: undefined };
  }
  return { type: MessageType.KEY_REMOVE, custody: await keyRemoveSigner(data.fid, body) };
}

/** What merging a key message writes: the key's new record or its removal, a nonce, and one event. */
export interface KeyPlan {
  readonly key: Uint8Array;
  /** The record written (an add, or an upsert); undefined when the key is removed. */
  readonly record: GaslessKey | undefined;
  readonly nonce: { fid: number; kind: NonceKind; value: number };
  readonly event: NewHubEvent;
}

const refuse = (message: string) => fail<KeyPlan>('bad_request.validation_failure', message);
const sameAddress = (custody: Uint8Array, signer: Address | undefined) => bytesToHex(custody) === signer;

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
  const { request } = signers;
  const app = request === undefined ? undefined : await fidRegistration(db, request.requestFid);
  if (request === undefined || app === undefined) {
    return refuse('SignedKeyRequest metadata is malformed or signature does not verify');
  }
  if (!sameAddress(app.custodyAddress, request.requestSigner)) {
    return refuse('requestSigner does not match custody address of requestFid');
  }
  if (!sameAddress(custody, signers.custody)) return refuse('invalid signature');
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
  const replaced = existing === undefined ? [] : [existing.message];
  return ok({ key: body.key, record, nonce: nonce.value, event: mergeMessageEvent(message, replaced) });
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
  const byCustody = body.signatureType === KEY_REMOVE_BY_CUSTODY;
  const authorized = byCustody
    ? sameAddress(custody, custodySigner)
    : Buffer.compare(message.signer, body.key) === 0;
  if (!authorized) return refuse('invalid signature');
  // A self-revocation spends its app's nonce, shared by every fid holding keys of that app.
  const nonce = byCustody
    ? await checkNonce(db, data.fid, 'user_nonce', body.nonce)
    : await checkNonce(db, existing.requestFid, 'app_nonce', body.nonce);
  if (!nonce.ok) return nonce;
  const event = mergeMessageEvent(withSignedBytes(received), [existing.message]);
  return ok({ key: body.key, record: undefined, nonce: nonce.value, event });
}

/** A nonce must exceed the last one accepted (0 when none was); gaps are fine. */
async function checkNonce(
  db: Kysely<NodeTables>,
  fid: number,
  kind: NonceKind,
  value: number,
): Promise<HubResult<KeyPlan['nonce']>> {
  const stored = await nonceOf(db, fid, kind);
  return value > stored
    ? ok({ fid, kind, value })
    : fail('bad_request.conflict', `gasless-key nonce ${value} is not greater than stored nonce ${stored}`);
}

/** The plan's writes, in the merge's transaction; the batch's state learns of the key's change. */
export async function applyKeyPlan(
  trx: Kysely<NodeTables>,
  accounts: AccountState,
  plan: KeyPlan,
): Promise<NewHubEvent[]> {
  if (plan.record === undefined) await deleteGaslessKey(trx, plan.key);
  else await saveGaslessKey(trx, plan.record);
  await saveNonce(trx, plan.nonce.fid, plan.nonce.kind, plan.nonce.value);
  accounts.gaslessKeyChanged(plan.key, plan.record);
  return [plan.event];
}
