import { fail, ok } from '../../../protocol/errors.js';
import type { HubResult } from '../../../protocol/errors.js';
import type { MessageType } from '../../../protocol/gen/message.js';
import { expiresAt, keyAddBodyOf } from './gasless-store.js';
import type { GaslessKey } from './gasless-store.js';

/**
 * The rules of a message signed by a gasless key (snapchain-messages.md §2.6-2.7): its type must be one of
 * the key's scopes, exactly, and the key must not have expired. Expiry slides: each accepted message moves
 * the key's last use to its own timestamp, at most once per 300 s (Snapchain's write throttle).
 */

const LAST_USE_THROTTLE_SECONDS = 300;

export function checkScope(record: GaslessKey, type: MessageType): HubResult<void> {
  return keyAddBodyOf(record).scopes.includes(type)
    ? ok(undefined)
    : fail(
        'bad_request.validation_failure',
        `message type ${type} is not in the scope of the gasless signer`,
      );
}

/** `now` is Farcaster seconds; the key still signs at the very second it expires. */
export function checkExpiry(record: GaslessKey, now: number): HubResult<void> {
  if (expiresAt(record) >= now) return ok(undefined);
  const { ttl } = keyAddBodyOf(record);
  return fail(
    'bad_request.validation_failure',
    `gasless-key last_used_at expired: stored=${record.lastUsedAt} + ttl=${ttl} < current_block_timestamp=${now}`,
  );
}

/** The key's record once a message of `timestamp` merged, or undefined when its last use stays. */
export function afterUse(record: GaslessKey, timestamp: number): GaslessKey | undefined {
  return timestamp > record.lastUsedAt + LAST_USE_THROTTLE_SECONDS
    ? { ...record, lastUsedAt: timestamp }
    : undefined;
}
