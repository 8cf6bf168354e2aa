import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  CastType,
  FarcasterNetwork,
  Message as CoreMessage,
  MessageData as CoreMessageData,
  MessageType,
  UserDataType,
  validations,
  ed25519 as coreEd25519,
} from '@farcaster/core';
import { blake3 } from '@noble/hashes/blake3';
import {
  build,
  EPOCH_SECONDS,
  KINDS,
  Random,
  required,
  resign,
  resignByAnotherKey,
  type Body,
  type Data,
} from '../../../test/support/oracle-messages.js';
import { createEd25519Verifier } from '../ed25519.js';
import type { HubErrorCode, HubResult } from '../errors.js';
import { decodeMessage, messageHash } from '../message.js';
import { incorrectNetwork } from '../networks.js';
import { ACCEPTED_MESSAGE_TYPES } from './limits.js';
import { validateMessage } from './validate.js';

/**
 * Differential test against @farcaster/core 0.20.0: thousands of seeded random messages, built with core's
 * `make*` builders (with dataBytes) and `Factories` (without), must get the same verdict from our
 * `validateMessage` as from core's, and mutated messages must be refused by both with the code
 * reference/node-api.md §4 names. Inputs come from a seeded PRNG, so every run sees the same messages.
 */

const SEED = 0x5eed_2025;
const PER_KIND = 500;
const MUTATIONS_PER_KIND = 45;
/**
 * core checks Ed25519 signatures with noble, ~10x slower than node:crypto. Every fourth generated message
 * (and every mutated one) has its signature checked by both; the others give core our result.
 */
const CORE_CRYPTO_EVERY = 4;

interface Spec {
  kind: string;
  data: Data;
}

interface Verdicts {
  ours: HubResult<unknown>;
  core: { ok: true } | { ok: false; errCode?: string; message: string };
  hashes: [ours: boolean, core: boolean];
  /** Our Ed25519 check and core's (ours again when core's was skipped). */
  signatures: [ours: boolean, core: boolean];
}

const verifier = createEd25519Verifier();
const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.compare(a, b) === 0;

/** Our verdict on the wire bytes and core's on the message object, plus each side's hash and signature check. */
async function judge(message: CoreMessage, nodeNetwork: number, withCoreCrypto: boolean): Promise<Verdicts> {
  const decoded = decodeMessage(CoreMessage.encode(message).finish());
  const coreHashed = message.dataBytes?.length
    ? message.dataBytes
    : CoreMessageData.encode(message.data as Data).finish();
  const hashes: Verdicts['hashes'] = [
    decoded.ok && sameBytes(messageHash(decoded.value.signedBytes), message.hash),
    sameBytes(blake3(coreHashed, { dkLen: 20 }), message.hash),
  ];
  const ourSignature = verifier.verify(message.signer, message.hash, message.signature);
  const coreSignature = withCoreCrypto
    ? (
        await coreEd25519.verifyMessageHashSignature(message.signature, message.hash, message.signer)
      ).unwrapOr(false)
    : undefined;
  const signatures: Verdicts['signatures'] = [ourSignature, coreSignature ?? ourSignature];
  const ours = decoded.ok
    ? await validateMessage(decoded.value, { network: nodeNetwork, nowMs: Date.now(), verifier })
    : decoded;
  let core: Verdicts['core'];
  try {
    // The Ed25519 result computed above is handed to core's validateMessage, which would otherwise verify again.
    const result = await validations.validateMessage(message, {
      ed25519_verify: async () => signatures[1],
      ed25519_signMessageHash: async () => new Uint8Array(),
      blake3_20: (bytes: Uint8Array) => blake3(bytes, { dkLen: 20 }),
    });
    core = result.isOk()
      ? { ok: true }
      : { ok: false, errCode: result.error.errCode, message: result.error.message };
  } catch (error) {
    // core throws (instead of returning an error) when dataBytes do not decode.
    core = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  return { ours, core, hashes, signatures };
}

/** Both accept, or both refuse at the same check: the same code and text. */
function sameVerdict({ ours, core }: Verdicts): boolean {
  if (ours.ok || core.ok) return ours.ok === core.ok;
  return ours.error.errCode === core.errCode && ours.error.message === core.message;
}

const describeVerdicts = (label: string, v: Verdicts) =>
  `${label}: ours=${v.ours.ok ? 'ok' : `${v.ours.error.errCode} ${v.ours.error.message}`} ` +
  `core=${v.core.ok ? 'ok' : `${v.core.errCode ?? 'throw'} ${v.core.message}`}`;

function flipBit(rng: Random, bytes: Uint8Array): Uint8Array {
  const copy = Uint8Array.from(bytes);
  const index = rng.int(0, copy.length - 1);
  copy[index] = (copy[index] ?? 0) ^ (1 << rng.int(0, 7));
  return copy;
}

interface Mutation {
  name: string;
  /** Only for messages it applies to. */
  applies?: (data: Data) => boolean;
  make: (rng: Random, message: CoreMessage, data: Data) => Promise<CoreMessage>;
  /**
   * The code (and text, when fixed) our node must answer, per node-api.md §4, given the data as mutated
   * (undefined when it no longer decodes) and as it was.
   */
  expect: (
    data: Data | undefined,
    original: Data,
  ) => { errCode: HubErrorCode; message?: string | RegExp } | 'as core';
  /** Core does not check the node's network, so its verdict says nothing here. */
  coreIgnores?: boolean;
}

const failure = (message: string | RegExp, errCode: HubErrorCode = 'bad_request.validation_failure') => ({
  errCode,
  message,
});
/** Valid bodies of other types, for messages that must end up with a body their type does not call for. */
const OTHER_BODIES: { type: MessageType; key: keyof Body; body: Body }[] = [
  {
    type: MessageType.CAST_REMOVE,
    key: 'castRemoveBody',
    body: { castRemoveBody: { targetHash: new Uint8Array(20) } },
  },
  { type: MessageType.LINK_ADD, key: 'linkBody', body: { linkBody: { type: 'follow', targetFid: 1 } } },
  {
    type: MessageType.USER_DATA_ADD,
    key: 'userDataBody',
    body: { userDataBody: { type: UserDataType.BIO, value: 'x' } },
  },
];
const otherBody = (rng: Random, data: Data) =>
  rng.pick(OTHER_BODIES.filter(({ key }) => data[key] === undefined));

const MUTATIONS: Mutation[] = [
  {
    name: 'a flipped bit in the hash',
    make: async (rng, message) => ({ ...message, hash: flipBit(rng, message.hash) }),
    expect: () => failure(/^invalid hash\. Expected=0x[0-9a-f]{40}, computed=0x[0-9a-f]{40}$/),
  },
  {
    name: 'a flipped bit in the signature',
    make: async (rng, message) => ({ ...message, signature: flipBit(rng, message.signature) }),
    expect: () => failure('invalid signature'),
  },
  {
    name: 'a flipped bit in the data bytes',
    make: async (rng, message) => {
      const dataBytes = message.dataBytes?.length
        ? message.dataBytes
        : CoreMessageData.encode(message.data as Data).finish();
      return { ...message, data: undefined, dataBytes: flipBit(rng, dataBytes) };
    },
    // Data that no longer decodes is a parse failure (core throws). Data that decodes to something else
    // fails the same check on both sides, as both run them in the same order, except that this node refuses
    // message types it does not accept (after network, fid and timestamp) before it looks at bodies.
    expect: (data) => {
      if (data === undefined) return { errCode: 'bad_request.parse_failure' };
      return ACCEPTED_MESSAGE_TYPES.has(data.type as number)
        ? 'as core'
        : { errCode: 'bad_request.validation_failure' };
    },
  },
  {
    name: 'another network',
    coreIgnores: true,
    make: (rng, _message, data) =>
      resign(rng, {
        ...data,
        network:
          data.network === FarcasterNetwork.MAINNET ? FarcasterNetwork.TESTNET : FarcasterNetwork.MAINNET,
      }),
    expect: (data, original) => failure(incorrectNetwork(data?.network ?? 0, original.network)),
  },
  {
    name: 'a timestamp more than 10 minutes ahead',
    make: (rng, _message, data) => {
      const now = Math.round(Date.now() / 1000) - EPOCH_SECONDS;
      const timestamp = now + rng.int(605, 86_400);
      const proof = data.usernameProofBody && {
        ...data.usernameProofBody,
        timestamp: timestamp + EPOCH_SECONDS,
      };
      return resign(rng, { ...data, timestamp, usernameProofBody: proof });
    },
    expect: () => failure('timestamp more than 10 mins in the future'),
  },
  {
    name: 'a second body',
    make: (rng, _message, data) => resign(rng, { ...data, ...otherBody(rng, data).body }),
    expect: () => failure('only one body can be set'),
  },
  {
    name: 'the body of another type',
    make: (rng, _message, data) => resign(rng, { ...data, type: otherBody(rng, data).type }),
    expect: () => failure('bodyType is invalid', 'bad_request.invalid_param'),
  },
  {
    name: 'a KEY_ADD signed by another key than the one it adds',
    applies: (data) => data.type === MessageType.KEY_ADD,
    // Core builds KEY_ADDs signed by their key but does not check it; this node does (decision 0002).
    coreIgnores: true,
    make: (rng, _message, data) => resignByAnotherKey(rng, data),
    expect: () => failure('a KEY_ADD must be signed by the key it adds'),
  },
  {
    name: 'cast text over 320 bytes',
    applies: (data) => data.type === MessageType.CAST_ADD,
    make: (rng, _message, data) =>
      resign(rng, {
        ...data,
        castAddBody: {
          ...required(data.castAddBody),
          type: CastType.CAST,
          text: `${rng.text(330)}${'x'.repeat(rng.int(0, 40))}`,
        },
      }),
    expect: () => failure('text > 320 bytes'),
  },
  {
    name: 'a mention past the end of the text',
    applies: (data) =>
      data.type === MessageType.CAST_ADD && Buffer.byteLength(data.castAddBody?.text ?? '') < 300,
    make: (rng, _message, data) => {
      const body = required(data.castAddBody);
      const end = Buffer.byteLength(body.text);
      return resign(rng, {
        ...data,
        castAddBody: {
          ...body,
          mentions: [...body.mentions, rng.fid()],
          mentionsPositions: [...body.mentionsPositions, end + rng.int(1, 5)],
        },
      });
    },
    expect: (data) =>
      (data?.castAddBody?.mentions.length ?? 0) > 10
        ? failure('mentions > 10')
        : failure('mentionsPositions must be a position in text'),
  },
  {
    name: 'decreasing mention positions',
    applies: (data) =>
      data.type === MessageType.CAST_ADD && Buffer.byteLength(data.castAddBody?.text ?? '') > 4,
    make: (rng, _message, data) => {
      const body = required(data.castAddBody);
      const end = Buffer.byteLength(body.text);
      return resign(rng, {
        ...data,
        castAddBody: {
          ...body,
          mentions: [rng.fid(), rng.fid()],
          mentionsPositions: [end, rng.int(0, end - 1)],
        },
      });
    },
    expect: () => failure('mentionsPositions must be sorted in ascending order'),
  },
];

describe('validateMessage against @farcaster/core 0.20.0', () => {
  const rng = new Random(SEED);
  const corpus: Spec[] = [];

  it(`agrees with core on ${PER_KIND} random messages of every kind`, async () => {
    const disagreements: string[] = [];
    const tallies: Record<string, { valid: number; withDataBytes: number }> = {};
    for (const [kind, generate] of Object.entries(KINDS)) {
      const tally = { valid: 0, withDataBytes: 0 };
      for (let i = 0; i < PER_KIND; i++) {
        const data = await generate(rng);
        const message = await build(rng, data);
        const verdicts = await judge(message, data.network, i % CORE_CRYPTO_EVERY === 0);
        const label = `${kind} #${i}`;
        if (verdicts.hashes[0] !== verdicts.hashes[1])
          disagreements.push(`${label}: hash check ${verdicts.hashes}`);
        if (verdicts.signatures[0] !== verdicts.signatures[1]) {
          disagreements.push(`${label}: signature check ${verdicts.signatures}`);
        }
        if (!sameVerdict(verdicts)) disagreements.push(describeVerdicts(label, verdicts));
        if (message.dataBytes !== undefined) tally.withDataBytes += 1;
        if (verdicts.ours.ok) {
          tally.valid += 1;
          corpus.push({ kind, data });
        }
      }
      tallies[kind] = tally;
    }
    assert.deepEqual(disagreements.slice(0, 10), []);
    // Most messages are valid, the edge cases mostly not, and both build paths are well represented.
    for (const [kind, { valid, withDataBytes }] of Object.entries(tallies)) {
      assert.ok(
        valid >= PER_KIND * 0.75 && valid <= PER_KIND * 0.97,
        `${kind}: ${valid} of ${PER_KIND} valid`,
      );
      assert.ok(
        withDataBytes >= PER_KIND * 0.4 && withDataBytes <= PER_KIND * 0.8,
        `${kind}: ${withDataBytes} with dataBytes`,
      );
    }
  });

  it(`refuses mutated messages with the code node-api.md names (${MUTATIONS_PER_KIND} per mutation)`, async () => {
    assert.ok(corpus.length > 0, 'the agreement test above builds the corpus this one mutates');
    const problems: string[] = [];
    let checked = 0;
    for (const mutation of MUTATIONS) {
      const candidates = corpus.filter((spec) => mutation.applies?.(spec.data) ?? true);
      for (let i = 0; i < MUTATIONS_PER_KIND; i++) {
        const { kind, data } = rng.pick(candidates);
        const original = await build(rng, data);
        const mutated = await mutation.make(rng, original, data);
        const verdicts = await judge(mutated, data.network, true);
        const mutatedData = mutated.data ?? decodeData(mutated.dataBytes ?? new Uint8Array());
        const label = `${mutation.name} on ${kind}`;
        checked += 1;
        if (verdicts.ours.ok || (verdicts.core.ok && mutation.coreIgnores !== true)) {
          problems.push(describeVerdicts(label, verdicts));
          continue;
        }
        const expected = mutation.expect(mutatedData, data);
        const actual = verdicts.ours.error;
        if (expected === 'as core') {
          // Core throws on a string that is not UTF-8; this node decodes it and refuses what is unencodable.
          const coreCode = verdicts.core.ok
            ? undefined
            : (verdicts.core.errCode ?? 'bad_request.invalid_param');
          if (actual.errCode !== coreCode) problems.push(describeVerdicts(label, verdicts));
        } else if (
          actual.errCode !== expected.errCode ||
          (typeof expected.message === 'string' && actual.message !== expected.message) ||
          (expected.message instanceof RegExp && !expected.message.test(actual.message))
        ) {
          problems.push(
            `${describeVerdicts(label, verdicts)} (expected ${expected.errCode} ${expected.message})`,
          );
        }
      }
    }
    assert.ok(checked >= 300);
    assert.deepEqual(problems.slice(0, 10), []);
  });
});

function decodeData(bytes: Uint8Array): Data | undefined {
  try {
    return CoreMessageData.decode(bytes);
  } catch {
    return undefined;
  }
}
