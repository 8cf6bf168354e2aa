import { createEd25519Verifier } from '../src/protocol/ed25519.js';
import { decodeMessage, messageHash } from '../src/protocol/message.js';

/**
 * The floor the message benches compare with, in messages per second: BLAKE3 of each message's signed
 * bytes and Ed25519 verification of its signature (the cheapest correct check), public keys cached, on
 * the calling thread; the best of three rounds of `seconds`. Decoding is done beforehand, not timed.
 */
export function verificationFloor(wire: readonly Uint8Array[], seconds: number): number {
  const verifier = createEd25519Verifier();
  const messages = wire.map((bytes) => {
    const received = decodeMessage(bytes);
    if (!received.ok) throw new Error(received.error.message);
    return received.value;
  });
  let best = 0;
  for (let round = 0; round < 3; round++) {
    let done = 0;
    const start = performance.now();
    while (performance.now() - start < seconds * 1000) {
      for (const { signedBytes, message } of messages) {
        if (!verifier.verify(message.signer, messageHash(signedBytes), message.signature)) {
          throw new Error('a bench message has a bad signature');
        }
      }
      done += messages.length;
    }
    best = Math.max(best, done / ((performance.now() - start) / 1000));
  }
  return best;
}
