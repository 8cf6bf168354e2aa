import { Type } from '@sinclair/typebox';
import { hexToBytes } from '../../protocol/hex.js';
import { SocialError } from '../errors.js';

/** Request pieces shared by the moderation, pin and block routes. */

/** A cast hash as the spec writes them: 0x and 20 bytes of hex (any case). */
export const CastHash = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$', description: '0x-prefixed cast hash' });

/** The bytes of a hash that matched `CastHash`. */
export function castHashBytes(hash: string): Uint8Array {
  const bytes = hexToBytes(hash, 20);
  if (bytes === undefined) throw new SocialError('INVALID_REQUEST', { message: `Invalid cast hash ${hash}` });
  return bytes;
}
