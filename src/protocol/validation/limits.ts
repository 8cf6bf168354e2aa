import { MessageType } from '../gen/message.js';
import { UserNameType } from '../gen/username_proof.js';

/**
 * The limits of the structural rules (user data values have theirs in user-data.ts, beside their texts).
 * Where @farcaster/core 0.20.0 and the Hubble / Snapchain reference disagree, the choice and its reason are
 * in docs/decisions/0002-validation-rules.md.
 */

/** A message timestamp may be at most this far ahead of the node's clock (there is no lower bound). */
export const ALLOWED_CLOCK_SKEW_SECONDS = 600;

/**
 * Size of the hashed MessageData bytes. Snapchain's limits, with every user treated as Pro for casts (the
 * cast rules are core's, which are Snapchain's Pro rules); FrameAction (validate-only) fits its largest body.
 */
export const DEFAULT_MAX_DATA_BYTES = 2048;
export const MAX_DATA_BYTES_BY_TYPE: ReadonlyMap<MessageType, number> = new Map([
  [MessageType.CAST_ADD, 16_384],
  [MessageType.LINK_COMPACT_STATE, 65_536],
  [MessageType.USERNAME_PROOF, 16_384],
  [MessageType.FRAME_ACTION, 16_384],
]);

/** Message types this node validates; NONE and unknown types are refused as `invalid message type`. */
export const ACCEPTED_MESSAGE_TYPES: ReadonlySet<MessageType> = new Set([
  MessageType.CAST_ADD,
  MessageType.CAST_REMOVE,
  MessageType.REACTION_ADD,
  MessageType.REACTION_REMOVE,
  MessageType.LINK_ADD,
  MessageType.LINK_REMOVE,
  MessageType.VERIFICATION_ADD_ETH_ADDRESS,
  MessageType.VERIFICATION_REMOVE,
  MessageType.USER_DATA_ADD,
  MessageType.USERNAME_PROOF,
  MessageType.FRAME_ACTION,
  MessageType.LINK_COMPACT_STATE,
  MessageType.LEND_STORAGE,
  MessageType.KEY_ADD,
  MessageType.KEY_REMOVE,
]);

export const MESSAGE_HASH_BYTES = 20;
export const MAX_URL_BYTES = 256;

/** Cast text in UTF-8 bytes: CAST up to 320, LONG_CAST 321..1024, TEN_K_CAST 1025..10 000 (core's rules). */
export const MAX_CAST_TEXT_BYTES = 320;
export const MAX_LONG_CAST_TEXT_BYTES = 1024;
export const MAX_TEN_K_CAST_TEXT_BYTES = 10_000;
/** core 0.20.0's limit (Hubble: 2); Snapchain allows 4 after its upgrade. */
export const MAX_EMBEDS = 4;
export const MAX_DEPRECATED_EMBEDS = 2;
/** String embeds (`embedsDeprecated`) are accepted only on casts older than this Farcaster time. */
export const EMBEDS_V1_CUTOFF = 73_612_800;
export const MAX_MENTIONS = 10;

export const MAX_LINK_TYPE_BYTES = 8;
/** Hubble's bound on one LinkCompactState: 100 storage units × 2 500 links. */
export const MAX_LINK_COMPACT_STATE_TARGETS = 250_000;

export const ETH_ADDRESS_BYTES = 20;
export const ETH_BLOCK_HASH_BYTES = 32;
export const SOLANA_ADDRESS_BYTES = 32;
export const SOLANA_BLOCK_HASH_BYTES = 32;
export const MAX_ETH_CLAIM_SIGNATURE_BYTES = 2048;
export const SOLANA_CLAIM_SIGNATURE_BYTES = 64;

/** Username proofs accepted inside messages (fnames come from the name registry, not from messages). */
export const MESSAGE_USERNAME_TYPES: ReadonlySet<UserNameType> = new Set([
  UserNameType.USERNAME_TYPE_ENS_L1,
  UserNameType.USERNAME_TYPE_BASENAME,
]);
export const MAX_FNAME_CHARS = 16;
/** core's USERNAME_MAX_LENGTH (Hubble: 20); long enough for `<16 chars>.base.eth`. */
export const MAX_ENS_NAME_CHARS = 25;

export const FRAME_ACTION_LIMITS = {
  maxButtonIndex: 5,
  urlBytes: 1024,
  inputTextBytes: 256,
  stateBytes: 4096,
  transactionIdBytes: 256,
  addressBytes: 64,
} as const;

/** Gasless keys (snapchain-messages.md §1, core 0.20.0's GASLESS_* constants). */
export const GASLESS_KEY_TYPE_ED25519 = 1;
export const GASLESS_METADATA_TYPE_SIGNED_KEY_REQUEST = 1;
export const KEY_REMOVE_BY_CUSTODY = 1;
export const KEY_REMOVE_BY_SELF = 2;
/** Longest sliding TTL of a gasless key: 90 days. */
export const MAX_KEY_TTL_SECONDS = 7_776_000;
/** A pinned consensus value, not the size of the MessageType enum. */
export const MAX_KEY_ADD_SCOPES = 16;
/** Active gasless keys per fid (on-chain keys are not counted; expired keys are, until removed). */
export const MAX_GASLESS_KEYS_PER_FID = 1000;
/** The message types a gasless key may be allowed to sign: every accepted type but the key messages. */
export const ADMISSIBLE_KEY_SCOPES: ReadonlySet<MessageType> = new Set(
  [...ACCEPTED_MESSAGE_TYPES].filter(
    (type) => type !== MessageType.KEY_ADD && type !== MessageType.KEY_REMOVE,
  ),
);

/** Storage lending: units per LEND_STORAGE, and how far back its timestamp may be (it is pruned eagerly). */
export const MAX_LEND_UNITS = 5000;
export const MAX_LEND_AGE_SECONDS = 600;
