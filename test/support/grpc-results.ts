import assert from 'node:assert/strict';
import type { HubResult } from '@farcaster/hub-nodejs';
import type { Json } from '../../src/node/http/testing.js';
import { toHubJson } from '../../src/protocol/hub-json.js';

/** Reading what the hub-nodejs client hands back (neverthrow results of @farcaster/core types). */

interface Codec<T> {
  encode(value: T): { finish(): Uint8Array };
  decode(bytes: Uint8Array): T;
}

/** A value the client decoded, re-read as our type and rendered as the HTTP API renders it. */
export function hubJson<C, O>(
  client: Codec<C>,
  ours: Codec<O> & { toJSON(value: O): unknown },
  value: C,
): Json {
  return toHubJson(ours, ours.decode(client.encode(value).finish()));
}

export function ok<T>(result: HubResult<T>): T {
  assert.ok(result.isOk(), result.isErr() ? `${result.error.errCode}: ${result.error.message}` : '');
  return result.value;
}

/** The HubError's errCode and message of a failed call. */
export function errorOf<T>(result: HubResult<T>): { errCode: string | undefined; message: string } {
  assert.ok(result.isErr(), 'expected a refusal');
  return { errCode: result.error.errCode, message: result.error.message };
}
