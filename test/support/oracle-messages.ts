import assert from 'node:assert/strict';
import {
  ADMISSIBLE_KEY_ADD_SCOPES,
  bytesToBase58,
  CastType,
  encodeGaslessSignedKeyRequestMetadata,
  Factories,
  FarcasterNetwork,
  makeCastAdd,
  makeCastRemove,
  makeFrameAction,
  makeKeyAdd,
  makeKeyRemove,
  makeLendStorage,
  makeLinkAdd,
  makeLinkCompactState,
  makeLinkRemove,
  makeReactionAdd,
  makeReactionRemove,
  makeUserDataAdd,
  makeUsernameProof,
  makeVerificationAddEthAddress,
  makeVerificationAddressClaim,
  makeVerificationRemove,
  type Message as CoreMessage,
  MessageData as CoreMessageData,
  MessageType,
  NobleEd25519Signer,
  Protocol,
  ReactionType,
  recreateSolanaClaimMessage,
  StorageUnitType,
  UserDataType,
  UserNameType,
  ViemLocalEip712Signer,
  type HubAsyncResult,
  type Signer,
} from '@farcaster/core';
import { coreEthVerificationBody } from './core-verification.js';
import { bytesToHex, getAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  createEd25519Signer,
  ed25519PublicKeyFromSeed,
  signEd25519,
  type Ed25519Signer,
} from '../../src/protocol/ed25519.js';
import { seededRandom } from '../../src/shared/seeded-random.js';

/**
 * Seeded inputs for the differential test against @farcaster/core (src/protocol/validation/oracle.test.ts):
 * random message data of every kind, signed with core's `make*` builders or its `Factories`.
 */

/** Share of messages built with core's `make*` builders; the rest come from `Factories`. */
const BUILDER_SHARE = 0.7;
export const EPOCH_SECONDS = 1_609_459_200;
const EMBEDS_V1_CUTOFF = 73_612_800;
/** Message timestamps are drawn up to here (2025-06-01), always in the past of the real clock. */
const LATEST_TIMESTAMP = Date.UTC(2025, 5, 1) / 1000 - EPOCH_SECONDS;
/** Gasless key messages are accepted on mainnet from 2026-05-07 17:00 UTC (Farcaster seconds). */
const GASLESS_KEYS_FROM = 1_778_173_200 - EPOCH_SECONDS;
/** Farcaster time now, as core reads it: lends are checked against the real clock. */
const farcasterNow = () => Math.round(Date.now() / 1000) - EPOCH_SECONDS;

/** Seeded choices of test inputs (mulberry32, src/shared/seeded-random.ts). */
export class Random {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = seededRandom(seed);
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    const item = items[this.int(0, items.length - 1)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
  bytes(length: number): Uint8Array {
    return Uint8Array.from({ length }, () => this.int(0, 255));
  }
  fid(): number {
    return this.chance(0.8) ? this.int(1, 2_000_000) : this.int(1, 2 ** 50);
  }
  /** Mixed-script text of at most `maxBytes` UTF-8 bytes (and at least `maxBytes - 3`). */
  text(maxBytes: number): string {
    let text = '';
    let bytes = 0;
    for (;;) {
      const char = this.pick(TEXT_CHARS);
      const size = Buffer.byteLength(char);
      if (bytes + size > maxBytes) {
        if (maxBytes - bytes < 4) return text;
        continue;
      }
      text += char;
      bytes += size;
    }
  }
  /** Exactly `bytes` UTF-8 bytes: multi-byte characters, then ASCII to fill. */
  exactText(bytes: number): string {
    const text = this.text(Math.max(0, bytes - 3));
    return text + 'x'.repeat(bytes - Buffer.byteLength(text));
  }
  /** A length up to `max`; for edge cases one just under, at or over the limit. */
  size(max: number, edge: boolean): number {
    return edge ? Math.max(0, max + this.int(-1, 2)) : this.int(0, max);
  }
  ascii(length: number, alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'): string {
    return Array.from({ length }, () => alphabet.charAt(this.int(0, alphabet.length - 1))).join('');
  }
  url(maxBytes = 256): string {
    const base = `https://${this.ascii(this.int(1, 12))}.${this.pick(['com', 'xyz', 'co'])}/`;
    return (base + this.text(Math.max(0, this.int(0, maxBytes) - base.length))).slice(0, maxBytes);
  }
}

const TEXT_CHARS = [
  ...'abcdefghijklmnopqrstuvwxyz     ,.!?',
  'é',
  'ß',
  'ñ',
  '字',
  '漢',
  'ー',
  '한',
  '😀',
  '🚀',
  '👍',
  '🏽',
  '\u200d',
];

/**
 * A core Signer whose key math is node:crypto with a parsed key (noble is ~10x slower); every builder step
 * is still core's. Results are core's own Result type, re-wrapped by `map`.
 */
class FastSigner extends NobleEd25519Signer {
  private readonly signer: Ed25519Signer;
  constructor(seed: Uint8Array) {
    super(seed);
    this.signer = createEd25519Signer(seed);
  }
  override async getSignerKey() {
    return (await RESULT_TEMPLATE).map(() => this.signer.publicKey);
  }
  override async signMessageHash(hash: Uint8Array) {
    return (await RESULT_TEMPLATE).map(() => this.signer.sign(hash));
  }
}
const RESULT_TEMPLATE = new NobleEd25519Signer(new Uint8Array(32)).getSignerKey();

const signerSeeds = Array.from({ length: 6 }, (_, i) => new Uint8Array(32).fill(i + 1));
const signers = signerSeeds.map((seed) => new FastSigner(seed));
const signerKeys = signerSeeds.map(ed25519PublicKeyFromSeed);
const ethAccounts = Array.from({ length: 3 }, (_, i) =>
  privateKeyToAccount(`0x${(i + 1).toString(16).padStart(64, '0')}` as const),
);
const ethSigners = ethAccounts.map((account) => new ViemLocalEip712Signer(account));
const solanaSeeds = Array.from({ length: 3 }, (_, i) => new Uint8Array(32).fill(0x40 + i));

export type Data = CoreMessageData;
export type Body = Partial<Omit<Data, 'type' | 'fid' | 'timestamp' | 'network'>>;

function baseData(rng: Random, type: MessageType, body: Body, timestamp?: number): Data {
  return CoreMessageData.fromPartial({
    type,
    fid: rng.fid(),
    timestamp: timestamp ?? rng.int(EMBEDS_V1_CUTOFF, LATEST_TIMESTAMP),
    network: rng.pick([FarcasterNetwork.MAINNET, FarcasterNetwork.TESTNET, FarcasterNetwork.DEVNET]),
    ...body,
  });
}

const castId = (rng: Random, edge = false) => ({
  fid: edge && rng.chance(0.3) ? 0 : rng.fid(),
  hash: rng.bytes(edge ? rng.int(19, 21) : 20),
});

/**
 * Edge cases (a share of each kind) sit at the limits, just inside or just outside, so that the verdicts
 * compared include refusals of every body rule and not only acceptances.
 */
const EDGE_SHARE = 0.15;

const TEXT_LIMITS: Record<CastType, [number, number]> = {
  [CastType.CAST]: [0, 320],
  [CastType.LONG_CAST]: [321, 1024],
  [CastType.TEN_K_CAST]: [1025, 10_000],
};

function castAdd(rng: Random): Data {
  const edge = rng.chance(EDGE_SHARE);
  const old = rng.chance(0.05);
  const type = rng.chance(0.85) ? CastType.CAST : rng.chance(0.7) ? CastType.LONG_CAST : CastType.TEN_K_CAST;
  const [min, max] = TEXT_LIMITS[type];
  const text = edge
    ? rng.exactText(rng.pick([min - 1, min, max, max + 1].filter((n) => n >= 0)))
    : rng.chance(0.05)
      ? ''
      : rng.text(rng.int(min + 3, max));
  const textBytes = Buffer.byteLength(text);
  const mentionCount = edge ? rng.int(9, 11) : rng.chance(0.6) ? 0 : rng.int(1, 10);
  const mentionsPositions = Array.from({ length: mentionCount }, () =>
    rng.int(0, textBytes + (edge ? 1 : 0)),
  );
  mentionsPositions.sort((a, b) => a - b);
  const url = () => (edge ? 'u'.repeat(rng.size(256, true)) : rng.url());
  const embedCount = old ? 0 : edge ? rng.int(3, 5) : rng.int(0, 4);
  const embeds = Array.from({ length: embedCount }, () =>
    rng.chance(0.6) ? { url: url() } : { castId: castId(rng) },
  );
  const parent = rng.int(0, 2);
  return baseData(
    rng,
    MessageType.CAST_ADD,
    {
      castAddBody: {
        text,
        type,
        mentions: mentionsPositions.map(() => rng.fid()),
        mentionsPositions,
        embeds,
        embedsDeprecated: old ? Array.from({ length: rng.int(0, edge ? 3 : 2) }, url) : [],
        parentUrl: parent === 1 ? url() : undefined,
        parentCastId: parent === 2 ? castId(rng, edge) : undefined,
      },
    },
    old ? rng.int(1, EMBEDS_V1_CUTOFF - 1) : undefined,
  );
}

function reaction(rng: Random, type: MessageType): Data {
  const edge = rng.chance(EDGE_SHARE);
  const target = rng.chance(0.7)
    ? { targetCastId: castId(rng, edge) }
    : { targetUrl: edge ? 'u'.repeat(rng.pick([0, 256, 257])) : rng.url() };
  return baseData(rng, type, {
    reactionBody: { type: rng.pick([ReactionType.LIKE, ReactionType.RECAST]), ...target },
  });
}

function linkType(rng: Random, edge: boolean): string {
  if (edge) return rng.pick(['', 'ß'.repeat(4), 'ß'.repeat(4) + 'x', 'x'.repeat(9)]);
  return rng.chance(0.7) ? 'follow' : rng.ascii(rng.int(1, 8));
}

function link(rng: Random, type: MessageType): Data {
  const edge = rng.chance(EDGE_SHARE);
  const displayTimestamp = rng.chance(0.3) ? rng.int(0, LATEST_TIMESTAMP) : undefined;
  const targetFid = edge && rng.chance(0.5) ? 0 : rng.fid();
  return baseData(rng, type, {
    linkBody: { type: linkType(rng, edge && targetFid !== 0), targetFid, displayTimestamp },
  });
}

function linkCompactState(rng: Random): Data {
  const edge = rng.chance(EDGE_SHARE);
  const targetFids = Array.from({ length: rng.int(0, 150) }, () => rng.fid());
  if (edge && rng.chance(0.5)) targetFids.push(0);
  return baseData(rng, MessageType.LINK_COMPACT_STATE, {
    linkCompactStateBody: { type: linkType(rng, edge), targetFids },
  });
}

/**
 * Values per user data type; edge values are at or just over the limits. Where this node is stricter than
 * core (primary addresses, live_at) edge values are ones both refuse.
 */
const USER_DATA_VALUES: Record<number, (rng: Random, edge: boolean) => string> = {
  [UserDataType.PFP]: (rng, edge) => (edge ? rng.exactText(rng.size(256, true)) : rng.url()),
  [UserDataType.DISPLAY]: (rng, edge) => rng.exactText(rng.size(32, edge)),
  [UserDataType.BIO]: (rng, edge) => rng.exactText(rng.size(256, edge)),
  [UserDataType.URL]: (rng, edge) => (edge ? rng.exactText(rng.size(256, true)) : rng.url()),
  [UserDataType.BANNER]: (rng, edge) => (edge ? rng.exactText(rng.size(256, true)) : rng.url()),
  [UserDataType.USERNAME]: (rng, edge) => {
    const label =
      rng.ascii(1) + rng.ascii(rng.int(0, 15), 'abcdefghijklmnopqrstuvwxyz0123456789-').replace(/--+/g, '-');
    if (edge)
      return rng.pick([
        label.toUpperCase(),
        `${label}x`.repeat(2),
        `a.${label}.eth`,
        `${label}.com`,
        `_${label}`,
      ]);
    return rng.pick([label, `${label}.eth`, `${label}.base.eth`, '']);
  },
  [UserDataType.LOCATION]: (rng, edge) => {
    const coordinate = (limit: number) => (rng.int(-limit * 100, limit * 100) / 100).toFixed(2);
    if (edge)
      return rng.pick(['geo:90.01,0.00', 'geo:0.00,-180.01', 'geo:1.5,2.25', `geo:${coordinate(90)}`]);
    return rng.chance(0.9) ? `geo:${coordinate(90)},${coordinate(180)}` : '';
  },
  [UserDataType.TWITTER]: (rng, edge) =>
    edge
      ? rng.pick(['a'.repeat(16), 'a-b', 'Ab'])
      : rng.ascii(rng.int(0, 15), 'abcdefghijklmnopqrstuvwxyz0123456789_'),
  [UserDataType.GITHUB]: (rng, edge) =>
    edge ? rng.pick(['a'.repeat(39), 'a--b', '-ab']) : rng.ascii(1) + rng.ascii(rng.int(0, 30)),
  [UserDataType.USER_DATA_PRIMARY_ADDRESS_ETHEREUM]: (rng, edge) => {
    const address = `0x${Buffer.from(rng.bytes(20)).toString('hex')}` as const;
    return edge ? `${address}0` : rng.pick([address, getAddress(address), '']);
  },
  [UserDataType.USER_DATA_PRIMARY_ADDRESS_SOLANA]: (rng, edge) =>
    edge ? '1'.repeat(45) : bytesToBase58(rng.bytes(32))._unsafeUnwrap(),
  [UserDataType.PROFILE_TOKEN]: (rng, edge) => {
    if (edge) return rng.pick(['erc20:0x1234', `eip155:1/erc20:${'a'.repeat(242)}`]);
    return rng.chance(0.9)
      ? `eip155:${rng.int(1, 99_999)}/erc20:0x${Buffer.from(rng.bytes(20)).toString('hex')}`
      : '';
  },
  [UserDataType.LIVE_AT]: (rng, edge) => {
    if (edge) return `https://${'a'.repeat(249)}`;
    return rng.chance(0.9) ? `https://${rng.ascii(rng.int(1, 20))}.tv/${rng.ascii(8)}` : '';
  },
};
const USER_DATA_TYPES = Object.keys(USER_DATA_VALUES).map(Number) as UserDataType[];

function userData(rng: Random): Data {
  const type = rng.pick(USER_DATA_TYPES);
  const value = USER_DATA_VALUES[type]?.(rng, rng.chance(EDGE_SHARE)) ?? '';
  return baseData(rng, MessageType.USER_DATA_ADD, { userDataBody: { type, value } });
}

async function verificationAdd(rng: Random): Promise<Data> {
  const edge = rng.chance(EDGE_SHARE);
  const data = baseData(rng, MessageType.VERIFICATION_ADD_ETH_ADDRESS, {});
  const blockHash = rng.bytes(32);
  // Edge cases: a claim signed for another fid, which both must refuse.
  const claimFid = edge ? data.fid + 1 : data.fid;
  if (rng.chance(0.8)) {
    const body = await coreEthVerificationBody(rng.pick(ethSigners), claimFid, data.network, blockHash);
    return { ...data, verificationAddAddressBody: body };
  }
  const seed = rng.pick(solanaSeeds);
  const address = ed25519PublicKeyFromSeed(seed);
  const claim = makeVerificationAddressClaim(claimFid, address, data.network, blockHash, Protocol.SOLANA);
  const text = recreateSolanaClaimMessage(
    claim._unsafeUnwrap() as Parameters<typeof recreateSolanaClaimMessage>[0],
    address,
  );
  const body = {
    address,
    blockHash,
    claimSignature: signEd25519(seed, text),
    verificationType: 0,
    chainId: 0,
    protocol: Protocol.SOLANA,
  };
  return { ...data, verificationAddAddressBody: body };
}

function verificationRemove(rng: Random): Data {
  const edge = rng.chance(EDGE_SHARE);
  const protocol = edge && rng.chance(0.2) ? (2 as Protocol) : rng.pick([Protocol.ETHEREUM, Protocol.SOLANA]);
  const length = protocol === Protocol.ETHEREUM ? 20 : 32;
  const address = rng.bytes(edge ? length + rng.int(-1, 1) : length);
  return baseData(rng, MessageType.VERIFICATION_REMOVE, { verificationRemoveBody: { address, protocol } });
}

function frameAction(rng: Random): Data {
  const edge = rng.chance(EDGE_SHARE);
  // In an edge case one field sits at or just over its limit.
  const field = edge ? rng.int(0, 5) : -1;
  const size = (index: number, max: number, usual: number) =>
    field === index ? rng.size(max, true) : rng.int(0, usual);
  return baseData(rng, MessageType.FRAME_ACTION, {
    frameActionBody: {
      url: Buffer.from(field === 0 ? 'u'.repeat(rng.pick([0, 1024, 1025])) : rng.url(rng.int(20, 1024))),
      buttonIndex: field === 1 ? rng.int(5, 6) : rng.int(0, 5),
      castId: rng.chance(0.7) ? castId(rng) : undefined,
      inputText: Buffer.from(rng.exactText(size(2, 256, 256))),
      state: rng.bytes(size(3, 4096, 4096)),
      transactionId: rng.bytes(size(4, 256, 64)),
      address: rng.bytes(size(5, 64, 42)),
    },
  });
}

function usernameProof(rng: Random): Data {
  const edge = rng.chance(EDGE_SHARE);
  const data = baseData(rng, MessageType.USERNAME_PROOF, {});
  const base = rng.chance(0.3);
  const label = rng.ascii(rng.int(1, 16));
  const name = edge
    ? rng.pick([label, `${label}.${label}.eth`, `${label.toUpperCase()}.eth`])
    : `${label}${base ? '.base.eth' : '.eth'}`;
  const usernameProofBody = {
    timestamp: data.timestamp + EPOCH_SECONDS,
    name: Buffer.from(name),
    owner: rng.bytes(20),
    signature: rng.bytes(65),
    fid: edge && rng.chance(0.3) ? data.fid + 1 : data.fid,
    type: base ? UserNameType.USERNAME_TYPE_BASENAME : UserNameType.USERNAME_TYPE_ENS_L1,
  };
  return { ...data, usernameProofBody };
}

/** A distinct pick of admissible scopes, or (in an edge case) a list the rules refuse. */
function scopes(rng: Random, edge: boolean): number[] {
  const picked = ADMISSIBLE_KEY_ADD_SCOPES.filter(() => rng.chance(0.3));
  const admissible = picked.length > 0 ? picked : [MessageType.CAST_ADD];
  if (!edge) return admissible;
  return rng.pick([
    [],
    Array.from({ length: 17 }, () => rng.pick(ADMISSIBLE_KEY_ADD_SCOPES)),
    [...admissible, rng.pick([0, 9, 10, 16, 17, 18, 21, -1, 99])],
  ]);
}

/** A gasless KEY_ADD for one of `signers`' keys, as core's makeKeyAddBody lays it out (signatures random). */
function keyAdd(rng: Random): Data {
  const field = rng.chance(EDGE_SHARE) ? rng.int(0, 9) : -1;
  const timestamp = rng.int(GASLESS_KEYS_FROM, farcasterNow() - 60);
  const requestSigner = bytesToHex(rng.bytes(20));
  const metadata = encodeGaslessSignedKeyRequestMetadata({
    requestFid: BigInt(rng.fid()),
    requestSigner,
    signature: rng.bytes(65),
    deadline: BigInt(field === 8 ? timestamp - rng.int(1, 1000) : timestamp + rng.int(0, 86_400)),
  })._unsafeUnwrap();
  return baseData(
    rng,
    MessageType.KEY_ADD,
    {
      keyAddBody: {
        key: field === 0 ? rng.bytes(rng.pick([0, 31, 33])) : rng.pick(signerKeys),
        keyType: field === 1 ? 2 : 1,
        custodySignature: rng.bytes(65),
        deadline: field === 2 ? 0 : timestamp + rng.int(1, 86_400),
        nonce: rng.int(0, 2 ** 32 - 1),
        metadata: field === 5 ? new Uint8Array() : field === 9 ? rng.bytes(rng.int(1, 200)) : metadata,
        metadataType: field === 4 ? 2 : 1,
        registrationTxHash: rng.chance(0.2) ? rng.bytes(32) : new Uint8Array(),
        scopes: scopes(rng, field === 6),
        ttl: field === 3 ? rng.pick([0, 7_776_001]) : rng.int(1, 7_776_000),
      },
    },
    timestamp,
  );
}

function keyRemove(rng: Random): Data {
  const field = rng.chance(EDGE_SHARE) ? rng.int(0, 2) : -1;
  const signatureType = field === 1 ? rng.pick([0, 3]) : rng.int(1, 2);
  return baseData(
    rng,
    MessageType.KEY_REMOVE,
    {
      keyRemoveBody: {
        key: field === 0 ? rng.bytes(rng.pick([31, 33])) : rng.pick(signerKeys),
        signature: signatureType === 1 ? rng.bytes(65) : new Uint8Array(),
        signatureType,
        deadline: field === 2 ? 0 : rng.int(1, 2 ** 32 - 1),
        nonce: rng.int(0, 2 ** 32 - 1),
      },
    },
    rng.int(GASLESS_KEYS_FROM, farcasterNow() - 60),
  );
}

/** Lends are dated near the real clock: core refuses one over 10 minutes old (edge cases are). */
function lendStorage(rng: Random): Data {
  const field = rng.chance(EDGE_SHARE) ? rng.int(0, 1) : -1;
  const now = farcasterNow();
  return baseData(
    rng,
    MessageType.LEND_STORAGE,
    {
      lendStorageBody: {
        toFid: rng.fid(),
        numUnits: field === 1 ? rng.pick([5000, 5001, 100_000]) : rng.int(0, 5000),
        unitType: rng.pick([
          StorageUnitType.UNIT_TYPE_LEGACY,
          StorageUnitType.UNIT_TYPE_2024,
          StorageUnitType.UNIT_TYPE_2025,
        ]),
      },
    },
    field === 0 ? rng.int(now - 5000, now - 700) : rng.int(now - 500, now),
  );
}

export const KINDS: Record<string, (rng: Random) => Data | Promise<Data>> = {
  CastAdd: castAdd,
  CastRemove: (rng) =>
    baseData(rng, MessageType.CAST_REMOVE, {
      castRemoveBody: { targetHash: rng.bytes(rng.chance(EDGE_SHARE) ? rng.pick([0, 19, 21]) : 20) },
    }),
  ReactionAdd: (rng) => reaction(rng, MessageType.REACTION_ADD),
  ReactionRemove: (rng) => reaction(rng, MessageType.REACTION_REMOVE),
  LinkAdd: (rng) => link(rng, MessageType.LINK_ADD),
  LinkRemove: (rng) => link(rng, MessageType.LINK_REMOVE),
  LinkCompactState: linkCompactState,
  UserDataAdd: userData,
  VerificationAdd: verificationAdd,
  VerificationRemove: verificationRemove,
  FrameAction: frameAction,
  UsernameProof: usernameProof,
  LendStorage: lendStorage,
  KeyAdd: keyAdd,
  KeyRemove: keyRemove,
};

export function required<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('the body for this type is missing');
  return value;
}

/** Build with the type's core builder, which validates first and always sets dataBytes. */
function buildWithCore(data: Data, signer: Signer): HubAsyncResult<CoreMessage> {
  const options = { fid: data.fid, network: data.network, timestamp: data.timestamp };
  switch (data.type) {
    case MessageType.CAST_ADD:
      return makeCastAdd(required(data.castAddBody), options, signer);
    case MessageType.CAST_REMOVE:
      return makeCastRemove(required(data.castRemoveBody), options, signer);
    case MessageType.REACTION_ADD:
      return makeReactionAdd(required(data.reactionBody), options, signer);
    case MessageType.REACTION_REMOVE:
      return makeReactionRemove(required(data.reactionBody), options, signer);
    case MessageType.LINK_ADD:
      return makeLinkAdd(required(data.linkBody), options, signer);
    case MessageType.LINK_REMOVE:
      return makeLinkRemove(required(data.linkBody), options, signer);
    case MessageType.LINK_COMPACT_STATE:
      return makeLinkCompactState(required(data.linkCompactStateBody), options, signer);
    case MessageType.USER_DATA_ADD:
      return makeUserDataAdd(required(data.userDataBody), options, signer);
    case MessageType.VERIFICATION_ADD_ETH_ADDRESS:
      return makeVerificationAddEthAddress(required(data.verificationAddAddressBody), options, signer);
    case MessageType.VERIFICATION_REMOVE:
      return makeVerificationRemove(required(data.verificationRemoveBody), options, signer);
    case MessageType.FRAME_ACTION:
      return makeFrameAction(required(data.frameActionBody), options, signer);
    case MessageType.USERNAME_PROOF:
      return makeUsernameProof(required(data.usernameProofBody), options, signer);
    case MessageType.LEND_STORAGE:
      return makeLendStorage(required(data.lendStorageBody), options, signer);
    case MessageType.KEY_ADD:
      return makeKeyAdd(required(data.keyAddBody), options, signer);
    case MessageType.KEY_REMOVE:
      return makeKeyRemove(required(data.keyRemoveBody), options, signer);
    default:
      throw new Error(`no builder for type ${data.type}`);
  }
}

/** Factories sign the ts-proto encoding of `data` without validating it and set no dataBytes. */
function buildWithFactory(data: Data, signer: Signer): Promise<CoreMessage> {
  return Factories.Message.create({ data: CoreMessageData.fromPartial(data) }, { transient: { signer } });
}

/**
 * A message from both paths (the builder refuses invalid data; the factory signs anything). A KEY_ADD is
 * signed by the key it adds, as core's builders are used (the node refuses any other signer).
 */
export async function build(rng: Random, data: Data): Promise<CoreMessage> {
  const picked = rng.pick(signers);
  const key = data.keyAddBody?.key;
  const signer =
    signers[signerKeys.findIndex((k) => key !== undefined && Buffer.compare(k, key) === 0)] ?? picked;
  if (rng.chance(BUILDER_SHARE)) {
    const built = await buildWithCore(data, signer);
    if (built.isOk()) {
      assert.ok(built.value.dataBytes !== undefined && built.value.dataBytes.length > 0);
      return built.value;
    }
  }
  return buildWithFactory(data, signer);
}

/** `data` signed as is (even when invalid), with a random signer. */
export const resign = (rng: Random, data: Data) => buildWithFactory(data, rng.pick(signers));

/** A KEY_ADD signed as is by a key other than the one it adds. */
export function resignByAnotherKey(rng: Random, data: Data): Promise<CoreMessage> {
  const key = required(data.keyAddBody).key;
  const others = signers.filter((_, i) => Buffer.compare(signerKeys[i] ?? new Uint8Array(), key) !== 0);
  return buildWithFactory(data, rng.pick(others));
}
