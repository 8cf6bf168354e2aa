import assert from 'node:assert/strict';
import { makeMessage } from '../builder.js';
import { createEd25519Signer, createEd25519Verifier } from '../ed25519.js';
import type { HubErrorCode, HubResult } from '../errors.js';
import { FarcasterNetwork, Message, type MessageData } from '../gen/message.js';
import { decodeMessage, type ReceivedMessage } from '../message.js';
import { toFarcasterTime } from '../time.js';
import type { ValidationContext } from './validate.js';

/** Fixtures for the validation tests: a fixed clock, network and signing key. */

export const NOW_MS = Date.UTC(2025, 0, 1);
export const NOW = toFarcasterTime(NOW_MS) ?? 0;
export const NETWORK = FarcasterNetwork.MAINNET;
export const SEED = new Uint8Array(32).fill(7);

export function testContext(overrides: Partial<ValidationContext> = {}): ValidationContext {
  return { network: NETWORK, nowMs: NOW_MS, verifier: createEd25519Verifier(), ...overrides };
}

/** MessageData with a valid fid, timestamp and network around the given type and body. */
export function makeData(fields: Partial<MessageData> & Pick<MessageData, 'type'>): MessageData {
  return { fid: 1, timestamp: NOW - 60, network: NETWORK, ...fields };
}

/** Sign `data` as current clients do (with dataBytes), then let `tamper` change the envelope. */
export function signMessage(data: MessageData, tamper: (message: Message) => void = () => {}): Message {
  const message = makeMessage(data, createEd25519Signer(SEED));
  tamper(message);
  return message;
}

/** The message as the node receives it: encoded, then decoded by our codec. */
export function receive(message: Message): ReceivedMessage {
  const decoded = decodeMessage(Message.encode(message).finish());
  assert.ok(decoded.ok, decoded.ok ? '' : decoded.error.message);
  return decoded.value;
}

export function assertProblem(result: HubResult<unknown>, errCode: HubErrorCode, message: string): void {
  assert.deepEqual(result.ok ? 'ok' : result.error, { errCode, message });
}

export function assertValid(result: HubResult<unknown>): void {
  assert.equal(result.ok ? 'ok' : `${result.error.errCode}: ${result.error.message}`, 'ok');
}
