// Messages validated per second, as a ratio to the floor of raw BLAKE3 + Ed25519 verification of the same
// messages in the same run. Usage: npx tsx bench/protocol.ts [--messages N] [--seconds S]
import { parseArgs } from 'node:util';
import { makeMessage } from '../src/protocol/builder.js';
import { createEd25519Signer, createEd25519Verifier } from '../src/protocol/ed25519.js';
import {
  FarcasterNetwork,
  MessageData,
  MessageType,
  ReactionType,
  UserDataType,
} from '../src/protocol/gen/message.js';
import { decodeMessage, encodeMessage, messageHash } from '../src/protocol/message.js';
import { toFarcasterTime } from '../src/protocol/time.js';
import { validateMessage } from '../src/protocol/validation/index.js';
import { verificationFloor } from './verification-floor.js';

const { values } = parseArgs({ options: { messages: { type: 'string' }, seconds: { type: 'string' } } });
const count = Number(values.messages ?? 5000);
const seconds = Number(values.seconds ?? 2);

const signers = Array.from({ length: 50 }, (_, i) => createEd25519Signer(new Uint8Array(32).fill(i + 1)));
const now = Date.now();
const timestamp = toFarcasterTime(now) ?? 0;
const hash = () => messageHash(new Uint8Array([Math.random() * 256]));

/** A realistic mix: 60% reactions, 25% casts, 15% links and user data. */
function body(i: number): Partial<MessageData> {
  const r = i % 20;
  if (r < 12) {
    return {
      type: MessageType.REACTION_ADD,
      reactionBody: { type: ReactionType.LIKE, targetCastId: { fid: 7, hash: hash() } },
    };
  }
  if (r < 17) {
    return {
      type: MessageType.CAST_ADD,
      castAddBody: {
        text: `gm ${i} — こんにちは 🌍 @ `,
        mentions: [3],
        mentionsPositions: [30],
        embeds: [{ url: 'https://agora.example/post' }],
        embedsDeprecated: [],
        type: 0,
      },
    };
  }
  if (r < 19) return { type: MessageType.LINK_ADD, linkBody: { type: 'follow', targetFid: 1000 + i } };
  return { type: MessageType.USER_DATA_ADD, userDataBody: { type: UserDataType.BIO, value: `bio ${i}` } };
}

const wire = Array.from({ length: count }, (_, i) => {
  const data = MessageData.fromPartial({
    fid: 1 + (i % 50),
    timestamp,
    network: FarcasterNetwork.MAINNET,
    ...body(i),
  });
  return encodeMessage(makeMessage(data, signers[i % signers.length]!));
});

/** Best of three timed rounds, in operations per second. */
async function measure(round: () => Promise<void> | void): Promise<number> {
  let best = 0;
  for (let attempt = 0; attempt < 3; attempt++) {
    let done = 0;
    const start = performance.now();
    while (performance.now() - start < seconds * 1000) {
      await round();
      done += count;
    }
    best = Math.max(best, done / ((performance.now() - start) / 1000));
  }
  return best;
}

const floor = verificationFloor(wire, seconds);

const context = { network: FarcasterNetwork.MAINNET, nowMs: now, verifier: createEd25519Verifier() };
const full = await measure(async () => {
  for (const bytes of wire) {
    const received = decodeMessage(bytes);
    if (!received.ok) throw new Error(received.error.message);
    const result = await validateMessage(received.value, context);
    if (!result.ok) throw new Error(result.error.message);
  }
});

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
console.log(
  `messages: ${count} (60% reactions, 25% casts, 15% links and user data), ${seconds}s rounds, best of 3; ` +
    `Node ${process.version}`,
);
console.log(`floor  BLAKE3 + Ed25519 verify:           ${fmt(floor)} msg/s`);
console.log(`agora  decode + validateMessage (all rules): ${fmt(full)} msg/s`);
console.log(`ratio: ${(full / floor).toFixed(2)} (target >= 0.8)`);
