// Generated from proto/message.proto by scripts/proto.mjs (buf + ts-proto 1.146.0). Do not edit.
/* eslint-disable */
import Long from "long";
import _m0 from "protobufjs/minimal.js";
import { UserNameProof } from "./username_proof.js";

/**
 * Signed user messages: the envelope, its data and every body type.
 *
 * ts-proto writes fields in declaration order, so the order below is part of the
 * wire format (hashes are taken over the encoded MessageData). Keep it as it is.
 */

export enum HashScheme {
  NONE = 0,
  BLAKE3 = 1,
}

export function hashSchemeFromJSON(object: any): HashScheme {
  switch (object) {
    case 0:
    case "HASH_SCHEME_NONE":
      return HashScheme.NONE;
    case 1:
    case "HASH_SCHEME_BLAKE3":
      return HashScheme.BLAKE3;
    default:
      throw new tsProtoGlobalThis.Error("Unrecognized enum value " + object + " for enum HashScheme");
  }
}

export function hashSchemeToJSON(object: HashScheme): string {
  switch (object) {
    case HashScheme.NONE:
      return "HASH_SCHEME_NONE";
    case HashScheme.BLAKE3:
      return "HASH_SCHEME_BLAKE3";
    default:
      throw new tsProtoGlobalThis.Error("Unrecognized enum value " + object + " for enum HashScheme");
  }
}

export enum SignatureScheme {
  NONE = 0,
  ED25519 = 1,
  EIP712 = 2,
}

export function signatureSchemeFromJSON(object: any): SignatureScheme {
  switch (object) {
    case 0:
    case "SIGNATURE_SCHEME_NONE":
      return SignatureScheme.NONE;
    case 1:
    case "SIGNATURE_SCHEME_ED25519":
      return SignatureScheme.ED25519;
    case 2:
    case "SIGNATURE_SCHEME_EIP712":
      return SignatureScheme.EIP712;
    default:
      throw new tsProtoGlobalThis.Error("Unrecognized enum value " + object + " for enum SignatureScheme");
  }
}

export function signatureSchemeToJSON(object: SignatureScheme): string {
  switch (object) {
    case SignatureScheme.NONE:
      return "SIGNATURE_SCHEME_NONE";
    case SignatureScheme.ED25519:
      return "SIGNATURE_SCHEME_ED25519";
    case SignatureScheme.EIP712:
      return "SIGNATURE_SCHEME_EIP712";
    default:
      throw new tsProtoGlobalThis.Error("Unrecognized enum value " + object + " for enum SignatureScheme");
  }
}

export enum MessageType {
  NONE = 0,
  CAST_ADD = 1,
  CAST_REMOVE = 2,
  REACTION_ADD = 3,
  REACTION_REMOVE = 4,
  LINK_ADD = 5,
  LINK_REMOVE = 6,
  VERIFICATION_ADD_ETH_ADDRESS = 7,
  VERIFICATION_REMOVE = 8,
  /** USER_DATA_ADD - 9 and 10 were the retired signer add/remove types. */
  USER_DATA_ADD = 11,
  USERNAME_PROOF = 12,
  FRAME_ACTION = 13,
  LINK_COMPACT_STATE = 14,
  LEND_STORAGE = 15,
  KEY_ADD = 16,
  KEY_REMOVE = 17,
}

export function messageTypeFromJSON(object: any): MessageType {
  switch (object) {
    case 0:
    case "MESSAGE_TYPE_NONE":
      return MessageType.NONE;
    case 1:
    case "MESSAGE_TYPE_CAST_ADD":
      return MessageType.CAST_ADD;
    case 2:
    case "MESSAGE_TYPE_CAST_REMOVE":
      return MessageType.CAST_REMOVE;
    case 3:
    case "MESSAGE_TYPE_REACTION_ADD":
      return MessageType.REACTION_ADD;
    case 4:
    case "MESSAGE_TYPE_REACTION_REMOVE":
      return MessageType.REACTION_REMOVE;
    case 5:
    case "MESSAGE_TYPE_LINK_ADD":
      return MessageType.LINK_ADD;
    case 6:
    case "MESSAGE_TYPE_LINK_REMOVE":
      return MessageType.LINK_REMOVE;
    case 7:
    case "MESSAGE_TYPE_VERIFICATION_ADD_ETH_ADDRESS":
      return MessageType.VERIFICATION_ADD_ETH_ADDRESS;
    case 8:
    case "MESSAGE_TYPE_VERIFICATION_REMOVE":
      return MessageType.VERIFICATION_REMOVE;
    case 11:
    case "MESSAGE_TYPE_USER_DATA_ADD":
      return MessageType.USER_DATA_ADD;
    case 12:
    case "MESSAGE_TYPE_USERNAME_PROOF":
      return MessageType.USERNAME_PROOF;
    case 13:
    case "MESSAGE_TYPE_FRAME_ACTION":
      return MessageType.FRAME_ACTION;
    case 14:
    case "MESSAGE_TYPE_LINK_COMPACT_STATE":
      return MessageType.LINK_COMPACT_STATE;
    case 15:
    case "MESSAGE_TYPE_LEND_STORAGE":
      return MessageType.LEND_STORAGE;
    case 16:
    case "MESSAGE_TYPE_KEY_ADD":
      return MessageType.KEY_ADD;
    case 17:
    case "MESSAGE_TYPE_KEY_REMOVE":
      return MessageType.KEY_REMOVE;
    default:
      throw new tsProtoGlobalThis.Error("Unrecognized enum value " + object + " for enum MessageType");
  }
}

export function messageTypeToJSON(object: MessageType): string {
  switch (object) {
    case MessageType.NONE:
      return "MESSAGE_TYPE_NONE";
    case MessageType.CAST_ADD:
      return "MESSAGE_TYPE_CAST_ADD";
    case MessageType.CAST_REMOVE:
      return "MESSAGE_TYPE_CAST_REMOVE";
    case MessageType.REACTION_ADD:
      return "MESSAGE_TYPE_REACTION_ADD";
    case MessageType.REACTION_REMOVE:
      return "MESSAGE_TYPE_REACTION_REMOVE";
    case MessageType.LINK_ADD:
      return "MESSAGE_TYPE_LINK_ADD";
    case MessageType.LINK_REMOVE:
      return "MESSAGE_TYPE_LINK_REMOVE";
    case MessageType.VERIFICATION_ADD_ETH_ADDRESS:
      return "MESSAGE_TYPE_VERIFICATION_ADD_ETH_ADDRESS";
    case MessageType.VERIFICATION_REMOVE:
      return "MESSAGE_TYPE_VERIFICATION_REMOVE";
    case MessageType.USER_DATA_ADD:
      return "MESSAGE_TYPE_USER_DATA_ADD";
    case MessageType.USERNAME_PROOF:
      return "MESSAGE_TYPE_USERNAME_PROOF";
    case MessageType.FRAME_ACTION:
      return "MESSAGE_TYPE_FRAME_ACTION";
    case MessageType.LINK_COMPACT_STATE:
      return "MESSAGE_TYPE_LINK_COMPACT_STATE";
    case MessageType.LEND_STORAGE:
      return "MESSAGE_TYPE_LEND_STORAGE";
    case MessageType.KEY_ADD:
      return "MESSAGE_TYPE_KEY_ADD";
    case MessageType.KEY_REMOVE:
      return "MESSAGE_TYPE_KEY_REMOVE";
    default:
      throw new tsProtoGlobalThis.Error("Unrecognized enum value " + object + " for enum MessageType");
  }
}

export enum FarcasterNetwork {
  NONE = 0,
  MAINNET = 1,
  TESTNET = 2,
  DEVNET = 3,
}

export function farcasterNetworkFromJSON(object: any): FarcasterNetwork {
  switch (object) {
    case 0:
    case "FARCASTER_NETWORK_NONE":
      return FarcasterNetwork.NONE;
    case 1:
    case "FARCASTER_NETWORK_MAINNET":
      return FarcasterNetwork.MAINNET;
    case 2:
    case "FARCASTER_NETWORK_TESTNET":
      return FarcasterNetwork.TESTNET;
    case 3:
    case "FARCASTER_NETWORK_DEVNET":
      return FarcasterNetwork.DEVNET;
    default:
      throw new tsProtoGlobalThis.Error("Unrecognized enum value " + object + " for enum FarcasterNetwork");
  }
}

export function farcasterNetworkToJSON(object: FarcasterNetwork): string {
  switch (object) {
    case FarcasterNetwork.NONE:
      return "FARCASTER_NETWORK_NONE";
    case FarcasterNetwork.MAINNET:
      return "FARCASTER_NETWORK_MAINNET";
    case FarcasterNetwork.TESTNET:
      return "FARCASTER_NETWORK_TESTNET";
    case FarcasterNetwork.DEVNET:
      return "FARCASTER_NETWORK_DEVNET";
    default:
      throw new tsProtoGlobalThis.Error("Unrecognized enum value " + object + " for enum FarcasterNetwork");
  }
}

export enum UserDataType {
  NONE = 0,
  PFP = 1,
  DISPLAY = 2,
  BIO = 3,
  URL = 5,
  USERNAME = 6,
  LOCATION = 7,
  TWITTER = 8,
  GITHUB = 9,
  BANNER = 10,
  /** USER_DATA_PRIMARY_ADDRESS_ETHEREUM - These two lack "TYPE_" upstream, so their TypeScript names keep the full string. */
  USER_DATA_PRIMARY_ADDRESS_ETHEREUM = 11,
  USER_DATA_PRIMARY_ADDRESS_SOLANA = 12,
  PROFILE_TOKEN = 13,
  LIVE_AT = 14,
}

export function userDataTypeFromJSON(object: any): UserDataType {
  switch (object) {
    case 0:
    case "USER_DATA_TYPE_NONE":
      return UserDataType.NONE;
    case 1:
    case "USER_DATA_TYPE_PFP":
      return UserDataType.PFP;
    case 2:
    case "USER_DATA_TYPE_DISPLAY":
      return UserDataType.DISPLAY;
    case 3:
    case "USER_DATA_TYPE_BIO":
      return UserDataType.BIO;
    case 5:
    case "USER_DATA_TYPE_URL":
      return UserDataType.URL;
    case 6:
    case "USER_DATA_TYPE_USERNAME":
      return UserDataType.USERNAME;
    case 7:
    case "USER_DATA_TYPE_LOCATION":
      return UserDataType.LOCATION;
    case 8:
    case "USER_DATA_TYPE_TWITTER":
      return UserDataType.TWITTER;
    case 9:
    case "USER_DATA_TYPE_GITHUB":
      return UserDataType.GITHUB;
    case 10:
    case "USER_DATA_TYPE_BANNER":
      return UserDataType.BANNER;
    case 11:
    case "USER_DATA_PRIMARY_ADDRESS_ETHEREUM":
      return UserDataType.USER_DATA_PRIMARY_ADDRESS_ETHEREUM;
    case 12:
    case "USER_DATA_PRIMARY_ADDRESS_SOLANA":
      return UserDataType.USER_DATA_PRIMARY_ADDRESS_SOLANA;
    case 13:
    case "USER_DATA_TYPE_PROFILE_TOKEN":
      return UserDataType.PROFILE_TOKEN;
    case 14:
    case "USER_DATA_TYPE_LIVE_AT":
      return UserDataType.LIVE_AT;
    default:
      throw new tsProtoGlobalThis.Error("Unrecognized enum value " + object + " for enum UserDataType");
  }
}

export function userDataTypeToJSON(object: UserDataType): string {
  switch (object) {
    case UserDataType.NONE:
      return "USER_DATA_TYPE_NONE";
    case UserDataType.PFP:
      return "USER_DATA_TYPE_PFP";
    case UserDataType.DISPLAY:
      return "USER_DATA_TYPE_DISPLAY";
    case UserDataType.BIO:
      return "USER_DATA_TYPE_BIO";
    case UserDataType.URL:
      return "USER_DATA_TYPE_URL";
    case UserDataType.USERNAME:
      return "USER_DATA_TYPE_USERNAME";
    case UserDataType.LOCATION:
      return "USER_DATA_TYPE_LOCATION";
    case UserDataType.TWITTER:
      return "USER_DATA_TYPE_TWITTER";
    case UserDataType.GITHUB:
      return "USER_DATA_TYPE_GITHUB";
    case UserDataType.BANNER:
      return "USER_DATA_TYPE_BANNER";
    case UserDataType.USER_DATA_PRIMARY_ADDRESS_ETHEREUM:
      return "USER_DATA_PRIMARY_ADDRESS_ETHEREUM";
    case UserDataType.USER_DATA_PRIMARY_ADDRESS_SOLANA:
      return "USER_DATA_PRIMARY_ADDRESS_SOLANA";
    case UserDataType.PROFILE_TOKEN:
      return "USER_DATA_TYPE_PROFILE_TOKEN";
    case UserDataType.LIVE_AT:
      return "USER_DATA_TYPE_LIVE_AT";
    default:
      throw new tsProtoGlobalThis.Error("Unrecognized enum value " + object + " for enum UserDataType");
  }
}

export enum CastType {
  CAST = 0,
  LONG_CAST = 1,
  TEN_K_CAST = 2,
}

export function castTypeFromJSON(object: any): CastType {
  switch (object) {
    case 0:
    case "CAST":
      return CastType.CAST;
    case 1:
    case "LONG_CAST":
      return CastType.LONG_CAST;
    case 2:
    case "TEN_K_CAST":
      return CastType.TEN_K_CAST;
    default:
      throw new tsProtoGlobalThis.Error("Unrecognized enum value " + object + " for enum CastType");
  }
}

export function castTypeToJSON(object: CastType): string {
  switch (object) {
    case CastType.CAST:
      return "CAST";
    case CastType.LONG_CAST:
      return "LONG_CAST";
    case CastType.TEN_K_CAST:
      return "TEN_K_CAST";
    default:
      throw new tsProtoGlobalThis.Error("Unrecognized enum value " + object + " for enum CastType");
  }
}

export enum ReactionType {
  NONE = 0,
  LIKE = 1,
  RECAST = 2,
}

export function reactionTypeFromJSON(object: any): ReactionType {
  switch (object) {
    case 0:
    case "REACTION_TYPE_NONE":
      return ReactionType.NONE;
    case 1:
    case "REACTION_TYPE_LIKE":
      return ReactionType.LIKE;
    case 2:
    case "REACTION_TYPE_RECAST":
      return ReactionType.RECAST;
    default:
      throw new tsProtoGlobalThis.Error("Unrecognized enum value " + object + " for enum ReactionType");
  }
}

export function reactionTypeToJSON(object: ReactionType): string {
  switch (object) {
    case ReactionType.NONE:
      return "REACTION_TYPE_NONE";
    case ReactionType.LIKE:
      return "REACTION_TYPE_LIKE";
    case ReactionType.RECAST:
      return "REACTION_TYPE_RECAST";
    default:
      throw new tsProtoGlobalThis.Error("Unrecognized enum value " + object + " for enum ReactionType");
  }
}

export enum Protocol {
  ETHEREUM = 0,
  SOLANA = 1,
}

export function protocolFromJSON(object: any): Protocol {
  switch (object) {
    case 0:
    case "PROTOCOL_ETHEREUM":
      return Protocol.ETHEREUM;
    case 1:
    case "PROTOCOL_SOLANA":
      return Protocol.SOLANA;
    default:
      throw new tsProtoGlobalThis.Error("Unrecognized enum value " + object + " for enum Protocol");
  }
}

export function protocolToJSON(object: Protocol): string {
  switch (object) {
    case Protocol.ETHEREUM:
      return "PROTOCOL_ETHEREUM";
    case Protocol.SOLANA:
      return "PROTOCOL_SOLANA";
    default:
      throw new tsProtoGlobalThis.Error("Unrecognized enum value " + object + " for enum Protocol");
  }
}

export enum StorageUnitType {
  UNIT_TYPE_LEGACY = 0,
  UNIT_TYPE_2024 = 1,
  UNIT_TYPE_2025 = 2,
}

export function storageUnitTypeFromJSON(object: any): StorageUnitType {
  switch (object) {
    case 0:
    case "UNIT_TYPE_LEGACY":
      return StorageUnitType.UNIT_TYPE_LEGACY;
    case 1:
    case "UNIT_TYPE_2024":
      return StorageUnitType.UNIT_TYPE_2024;
    case 2:
    case "UNIT_TYPE_2025":
      return StorageUnitType.UNIT_TYPE_2025;
    default:
      throw new tsProtoGlobalThis.Error("Unrecognized enum value " + object + " for enum StorageUnitType");
  }
}

export function storageUnitTypeToJSON(object: StorageUnitType): string {
  switch (object) {
    case StorageUnitType.UNIT_TYPE_LEGACY:
      return "UNIT_TYPE_LEGACY";
    case StorageUnitType.UNIT_TYPE_2024:
      return "UNIT_TYPE_2024";
    case StorageUnitType.UNIT_TYPE_2025:
      return "UNIT_TYPE_2025";
    default:
      throw new tsProtoGlobalThis.Error("Unrecognized enum value " + object + " for enum StorageUnitType");
  }
}

export interface Message {
  data:
    | MessageData
    | undefined;
  /** first 20 bytes of BLAKE3 over the MessageData bytes */
  hash: Uint8Array;
  hashScheme: HashScheme;
  signature: Uint8Array;
  signatureScheme: SignatureScheme;
  /** Ed25519 public key, or an address for EIP-712 */
  signer: Uint8Array;
  /** the exact MessageData bytes that were hashed */
  dataBytes?: Uint8Array | undefined;
}

export interface MessageData {
  type: MessageType;
  fid: number;
  /** seconds since the Farcaster epoch */
  timestamp: number;
  network: FarcasterNetwork;
  castAddBody?: CastAddBody | undefined;
  castRemoveBody?: CastRemoveBody | undefined;
  reactionBody?: ReactionBody | undefined;
  verificationAddAddressBody?: VerificationAddAddressBody | undefined;
  verificationRemoveBody?:
    | VerificationRemoveBody
    | undefined;
  /** 11 and 13 held the retired signer add/remove bodies. */
  userDataBody?: UserDataBody | undefined;
  linkBody?: LinkBody | undefined;
  usernameProofBody?: UserNameProof | undefined;
  frameActionBody?: FrameActionBody | undefined;
  linkCompactStateBody?: LinkCompactStateBody | undefined;
  lendStorageBody?: LendStorageBody | undefined;
  keyAddBody?: KeyAddBody | undefined;
  keyRemoveBody?: KeyRemoveBody | undefined;
}

export interface UserDataBody {
  type: UserDataType;
  value: string;
}

export interface Embed {
  url?: string | undefined;
  castId?: CastId | undefined;
}

export interface CastAddBody {
  embedsDeprecated: string[];
  mentions: number[];
  parentCastId?: CastId | undefined;
  parentUrl?: string | undefined;
  text: string;
  mentionsPositions: number[];
  embeds: Embed[];
  type: CastType;
}

export interface CastRemoveBody {
  targetHash: Uint8Array;
}

export interface CastId {
  fid: number;
  hash: Uint8Array;
}

export interface ReactionBody {
  type: ReactionType;
  targetCastId?: CastId | undefined;
  targetUrl?: string | undefined;
}

export interface VerificationAddAddressBody {
  address: Uint8Array;
  claimSignature: Uint8Array;
  blockHash: Uint8Array;
  /** 0 = EOA, 1 = contract */
  verificationType: number;
  /** 0 for EOA; 1 or 10 for contract wallets */
  chainId: number;
  protocol: Protocol;
}

export interface VerificationRemoveBody {
  address: Uint8Array;
  protocol: Protocol;
}

export interface LinkBody {
  /** at most 8 bytes, e.g. "follow" */
  type: string;
  /** The camelCase field name is upstream's; it is also the JSON key. */
  displayTimestamp?: number | undefined;
  targetFid?: number | undefined;
}

export interface LinkCompactStateBody {
  type: string;
  targetFids: number[];
}

export interface FrameActionBody {
  url: Uint8Array;
  buttonIndex: number;
  castId: CastId | undefined;
  inputText: Uint8Array;
  state: Uint8Array;
  transactionId: Uint8Array;
  address: Uint8Array;
}

export interface LendStorageBody {
  toFid: number;
  numUnits: number;
  unitType: StorageUnitType;
}

/** Gasless key add (FIP-272): the custody address authorizes an Ed25519 key off-chain. */
export interface KeyAddBody {
  /** 32-byte Ed25519 public key */
  key: Uint8Array;
  /** 1 = Ed25519 */
  keyType: number;
  /** EIP-712 */
  custodySignature: Uint8Array;
  /** Farcaster seconds */
  deadline: number;
  nonce: number;
  /** ABI-encoded SignedKeyRequestMetadata */
  metadata: Uint8Array;
  /** 1 = SignedKeyRequest */
  metadataType: number;
  registrationTxHash: Uint8Array;
  /** MessageType numbers the key may sign */
  scopes: number[];
  /** seconds */
  ttl: number;
}

export interface KeyRemoveBody {
  key: Uint8Array;
  signature: Uint8Array;
  /** 1 = custody EIP-712, 2 = self Ed25519 */
  signatureType: number;
  deadline: number;
  nonce: number;
}

function createBaseMessage(): Message {
  return {
    data: undefined,
    hash: new Uint8Array(),
    hashScheme: 0,
    signature: new Uint8Array(),
    signatureScheme: 0,
    signer: new Uint8Array(),
    dataBytes: undefined,
  };
}

export const Message = {
  encode(message: Message, writer: _m0.Writer = _m0.Writer.create()): _m0.Writer {
    if (message.data !== undefined) {
      MessageData.encode(message.data, writer.uint32(10).fork()).ldelim();
    }
    if (message.hash.length !== 0) {
      writer.uint32(18).bytes(message.hash);
    }
    if (message.hashScheme !== 0) {
      writer.uint32(24).int32(message.hashScheme);
    }
    if (message.signature.length !== 0) {
      writer.uint32(34).bytes(message.signature);
    }
    if (message.signatureScheme !== 0) {
      writer.uint32(40).int32(message.signatureScheme);
    }
    if (message.signer.length !== 0) {
      writer.uint32(50).bytes(message.signer);
    }
    if (message.dataBytes !== undefined) {
      writer.uint32(58).bytes(message.dataBytes);
    }
    return writer;
  },

  decode(input: _m0.Reader | Uint8Array, length?: number): Message {
    const reader = input instanceof _m0.Reader ? input : _m0.Reader.create(input);
    let end = length === undefined ? reader.len : reader.pos + length;
    const message = createBaseMessage();
    while (reader.pos < end) {
      const tag = reader.uint32();
      switch (tag >>> 3) {
        case 1:
          if (tag != 10) {
            break;
          }

          message.data = MessageData.decode(reader, reader.uint32());
          continue;
        case 2:
          if (tag != 18) {
            break;
          }

          message.hash = reader.bytes();
          continue;
        case 3:
          if (tag != 24) {
            break;
          }

          message.hashScheme = reader.int32() as any;
          continue;
        case 4:
          if (tag != 34) {
            break;
          }

          message.signature = reader.bytes();
          continue;
        case 5:
          if (tag != 40) {
            break;
          }

          message.signatureScheme = reader.int32() as any;
          continue;
        case 6:
          if (tag != 50) {
            break;
          }

          message.signer = reader.bytes();
          continue;
        case 7:
          if (tag != 58) {
            break;
          }

          message.dataBytes = reader.bytes();
          continue;
      }
      if ((tag & 7) == 4 || tag == 0) {
        break;
      }
      reader.skipType(tag & 7);
    }
    return message;
  },

  fromJSON(object: any): Message {
    return {
      data: isSet(object.data) ? MessageData.fromJSON(object.data) : undefined,
      hash: isSet(object.hash) ? bytesFromBase64(object.hash) : new Uint8Array(),
      hashScheme: isSet(object.hashScheme) ? hashSchemeFromJSON(object.hashScheme) : 0,
      signature: isSet(object.signature) ? bytesFromBase64(object.signature) : new Uint8Array(),
      signatureScheme: isSet(object.signatureScheme) ? signatureSchemeFromJSON(object.signatureScheme) : 0,
      signer: isSet(object.signer) ? bytesFromBase64(object.signer) : new Uint8Array(),
      dataBytes: isSet(object.dataBytes) ? bytesFromBase64(object.dataBytes) : undefined,
    };
  },

  toJSON(message: Message): unknown {
    const obj: any = {};
    message.data !== undefined && (obj.data = message.data ? MessageData.toJSON(message.data) : undefined);
    message.hash !== undefined &&
      (obj.hash = base64FromBytes(message.hash !== undefined ? message.hash : new Uint8Array()));
    message.hashScheme !== undefined && (obj.hashScheme = hashSchemeToJSON(message.hashScheme));
    message.signature !== undefined &&
      (obj.signature = base64FromBytes(message.signature !== undefined ? message.signature : new Uint8Array()));
    message.signatureScheme !== undefined && (obj.signatureScheme = signatureSchemeToJSON(message.signatureScheme));
    message.signer !== undefined &&
      (obj.signer = base64FromBytes(message.signer !== undefined ? message.signer : new Uint8Array()));
    message.dataBytes !== undefined &&
      (obj.dataBytes = message.dataBytes !== undefined ? base64FromBytes(message.dataBytes) : undefined);
    return obj;
  },

  create<I extends Exact<DeepPartial<Message>, I>>(base?: I): Message {
    return Message.fromPartial(base ?? {});
  },

  fromPartial<I extends Exact<DeepPartial<Message>, I>>(object: I): Message {
    const message = createBaseMessage();
    message.data = (object.data !== undefined && object.data !== null)
      ? MessageData.fromPartial(object.data)
      : undefined;
    message.hash = object.hash ?? new Uint8Array();
    message.hashScheme = object.hashScheme ?? 0;
    message.signature = object.signature ?? new Uint8Array();
    message.signatureScheme = object.signatureScheme ?? 0;
    message.signer = object.signer ?? new Uint8Array();
    message.dataBytes = object.dataBytes ?? undefined;
    return message;
  },
};

function createBaseMessageData(): MessageData {
  return {
    type: 0,
    fid: 0,
    timestamp: 0,
    network: 0,
    castAddBody: undefined,
    castRemoveBody: undefined,
    reactionBody: undefined,
    verificationAddAddressBody: undefined,
    verificationRemoveBody: undefined,
    userDataBody: undefined,
    linkBody: undefined,
    usernameProofBody: undefined,
    frameActionBody: undefined,
    linkCompactStateBody: undefined,
    lendStorageBody: undefined,
    keyAddBody: undefined,
    keyRemoveBody: undefined,
  };
}

export const MessageData = {
  encode(message: MessageData, writer: _m0.Writer = _m0.Writer.create()): _m0.Writer {
    if (message.type !== 0) {
      writer.uint32(8).int32(message.type);
    }
    if (message.fid !== 0) {
      writer.uint32(16).uint64(message.fid);
    }
    if (message.timestamp !== 0) {
      writer.uint32(24).uint32(message.timestamp);
    }
    if (message.network !== 0) {
      writer.uint32(32).int32(message.network);
    }
    if (message.castAddBody !== undefined) {
      CastAddBody.encode(message.castAddBody, writer.uint32(42).fork()).ldelim();
    }
    if (message.castRemoveBody !== undefined) {
      CastRemoveBody.encode(message.castRemoveBody, writer.uint32(50).fork()).ldelim();
    }
    if (message.reactionBody !== undefined) {
      ReactionBody.encode(message.reactionBody, writer.uint32(58).fork()).ldelim();
    }
    if (message.verificationAddAddressBody !== undefined) {
      VerificationAddAddressBody.encode(message.verificationAddAddressBody, writer.uint32(74).fork()).ldelim();
    }
    if (message.verificationRemoveBody !== undefined) {
      VerificationRemoveBody.encode(message.verificationRemoveBody, writer.uint32(82).fork()).ldelim();
    }
    if (message.userDataBody !== undefined) {
      UserDataBody.encode(message.userDataBody, writer.uint32(98).fork()).ldelim();
    }
    if (message.linkBody !== undefined) {
      LinkBody.encode(message.linkBody, writer.uint32(114).fork()).ldelim();
    }
    if (message.usernameProofBody !== undefined) {
      UserNameProof.encode(message.usernameProofBody, writer.uint32(122).fork()).ldelim();
    }
    if (message.frameActionBody !== undefined) {
      FrameActionBody.encode(message.frameActionBody, writer.uint32(130).fork()).ldelim();
    }
    if (message.linkCompactStateBody !== undefined) {
      LinkCompactStateBody.encode(message.linkCompactStateBody, writer.uint32(138).fork()).ldelim();
    }
    if (message.lendStorageBody !== undefined) {
      LendStorageBody.encode(message.lendStorageBody, writer.uint32(146).fork()).ldelim();
    }
    if (message.keyAddBody !== undefined) {
      KeyAddBody.encode(message.keyAddBody, writer.uint32(154).fork()).ldelim();
    }
    if (message.keyRemoveBody !== undefined) {
      KeyRemoveBody.encode(message.keyRemoveBody, writer.uint32(162).fork()).ldelim();
    }
    return writer;
  },

  decode(input: _m0.Reader | Uint8Array, length?: number): MessageData {
    const reader = input instanceof _m0.Reader ? input : _m0.Reader.create(input);
    let end = length === undefined ? reader.len : reader.pos + length;
    const message = createBaseMessageData();
    while (reader.pos < end) {
      const tag = reader.uint32();
      switch (tag >>> 3) {
        case 1:
          if (tag != 8) {
            break;
          }

          message.type = reader.int32() as any;
          continue;
        case 2:
          if (tag != 16) {
            break;
          }

          message.fid = longToNumber(reader.uint64() as Long);
          continue;
        case 3:
          if (tag != 24) {
            break;
          }

          message.timestamp = reader.uint32();
          continue;
        case 4:
          if (tag != 32) {
            break;
          }

          message.network = reader.int32() as any;
          continue;
        case 5:
          if (tag != 42) {
            break;
          }

          message.castAddBody = CastAddBody.decode(reader, reader.uint32());
          continue;
        case 6:
          if (tag != 50) {
            break;
          }

          message.castRemoveBody = CastRemoveBody.decode(reader, reader.uint32());
          continue;
        case 7:
          if (tag != 58) {
            break;
          }

          message.reactionBody = ReactionBody.decode(reader, reader.uint32());
          continue;
        case 9:
          if (tag != 74) {
            break;
          }

          message.verificationAddAddressBody = VerificationAddAddressBody.decode(reader, reader.uint32());
          continue;
        case 10:
          if (tag != 82) {
            break;
          }

          message.verificationRemoveBody = VerificationRemoveBody.decode(reader, reader.uint32());
          continue;
        case 12:
          if (tag != 98) {
            break;
          }

          message.userDataBody = UserDataBody.decode(reader, reader.uint32());
          continue;
        case 14:
          if (tag != 114) {
            break;
          }

          message.linkBody = LinkBody.decode(reader, reader.uint32());
          continue;
        case 15:
          if (tag != 122) {
            break;
          }

          message.usernameProofBody = UserNameProof.decode(reader, reader.uint32());
          continue;
        case 16:
          if (tag != 130) {
            break;
          }

          message.frameActionBody = FrameActionBody.decode(reader, reader.uint32());
          continue;
        case 17:
          if (tag != 138) {
            break;
          }

          message.linkCompactStateBody = LinkCompactStateBody.decode(reader, reader.uint32());
          continue;
        case 18:
          if (tag != 146) {
            break;
          }

          message.lendStorageBody = LendStorageBody.decode(reader, reader.uint32());
          continue;
        case 19:
          if (tag != 154) {
            break;
          }

          message.keyAddBody = KeyAddBody.decode(reader, reader.uint32());
          continue;
        case 20:
          if (tag != 162) {
            break;
          }

          message.keyRemoveBody = KeyRemoveBody.decode(reader, reader.uint32());
          continue;
      }
      if ((tag & 7) == 4 || tag == 0) {
        break;
      }
      reader.skipType(tag & 7);
    }
    return message;
  },

  fromJSON(object: any): MessageData {
    return {
      type: isSet(object.type) ? messageTypeFromJSON(object.type) : 0,
      fid: isSet(object.fid) ? Number(object.fid) : 0,
      timestamp: isSet(object.timestamp) ? Number(object.timestamp) : 0,
      network: isSet(object.network) ? farcasterNetworkFromJSON(object.network) : 0,
      castAddBody: isSet(object.castAddBody) ? CastAddBody.fromJSON(object.castAddBody) : undefined,
      castRemoveBody: isSet(object.castRemoveBody) ? CastRemoveBody.fromJSON(object.castRemoveBody) : undefined,
      reactionBody: isSet(object.reactionBody) ? ReactionBody.fromJSON(object.reactionBody) : undefined,
      verificationAddAddressBody: isSet(object.verificationAddAddressBody)
        ? VerificationAddAddressBody.fromJSON(object.verificationAddAddressBody)
        : undefined,
      verificationRemoveBody: isSet(object.verificationRemoveBody)
        ? VerificationRemoveBody.fromJSON(object.verificationRemoveBody)
        : undefined,
      userDataBody: isSet(object.userDataBody) ? UserDataBody.fromJSON(object.userDataBody) : undefined,
      linkBody: isSet(object.linkBody) ? LinkBody.fromJSON(object.linkBody) : undefined,
      usernameProofBody: isSet(object.usernameProofBody) ? UserNameProof.fromJSON(object.usernameProofBody) : undefined,
      frameActionBody: isSet(object.frameActionBody) ? FrameActionBody.fromJSON(object.frameActionBody) : undefined,
      linkCompactStateBody: isSet(object.linkCompactStateBody)
        ? LinkCompactStateBody.fromJSON(object.linkCompactStateBody)
        : undefined,
      lendStorageBody: isSet(object.lendStorageBody) ? LendStorageBody.fromJSON(object.lendStorageBody) : undefined,
      keyAddBody: isSet(object.keyAddBody) ? KeyAddBody.fromJSON(object.keyAddBody) : undefined,
      keyRemoveBody: isSet(object.keyRemoveBody) ? KeyRemoveBody.fromJSON(object.keyRemoveBody) : undefined,
    };
  },

  toJSON(message: MessageData): unknown {
    const obj: any = {};
    message.type !== undefined && (obj.type = messageTypeToJSON(message.type));
    message.fid !== undefined && (obj.fid = Math.round(message.fid));
    message.timestamp !== undefined && (obj.timestamp = Math.round(message.timestamp));
    message.network !== undefined && (obj.network = farcasterNetworkToJSON(message.network));
    message.castAddBody !== undefined &&
      (obj.castAddBody = message.castAddBody ? CastAddBody.toJSON(message.castAddBody) : undefined);
    message.castRemoveBody !== undefined &&
      (obj.castRemoveBody = message.castRemoveBody ? CastRemoveBody.toJSON(message.castRemoveBody) : undefined);
    message.reactionBody !== undefined &&
      (obj.reactionBody = message.reactionBody ? ReactionBody.toJSON(message.reactionBody) : undefined);
    message.verificationAddAddressBody !== undefined &&
      (obj.verificationAddAddressBody = message.verificationAddAddressBody
        ? VerificationAddAddressBody.toJSON(message.verificationAddAddressBody)
        : undefined);
    message.verificationRemoveBody !== undefined && (obj.verificationRemoveBody = message.verificationRemoveBody
      ? VerificationRemoveBody.toJSON(message.verificationRemoveBody)
      : undefined);
    message.userDataBody !== undefined &&
      (obj.userDataBody = message.userDataBody ? UserDataBody.toJSON(message.userDataBody) : undefined);
    message.linkBody !== undefined && (obj.linkBody = message.linkBody ? LinkBody.toJSON(message.linkBody) : undefined);
    message.usernameProofBody !== undefined &&
      (obj.usernameProofBody = message.usernameProofBody ? UserNameProof.toJSON(message.usernameProofBody) : undefined);
    message.frameActionBody !== undefined &&
      (obj.frameActionBody = message.frameActionBody ? FrameActionBody.toJSON(message.frameActionBody) : undefined);
    message.linkCompactStateBody !== undefined && (obj.linkCompactStateBody = message.linkCompactStateBody
      ? LinkCompactStateBody.toJSON(message.linkCompactStateBody)
      : undefined);
    message.lendStorageBody !== undefined &&
      (obj.lendStorageBody = message.lendStorageBody ? LendStorageBody.toJSON(message.lendStorageBody) : undefined);
    message.keyAddBody !== undefined &&
      (obj.keyAddBody = message.keyAddBody ? KeyAddBody.toJSON(message.keyAddBody) : undefined);
    message.keyRemoveBody !== undefined &&
      (obj.keyRemoveBody = message.keyRemoveBody ? KeyRemoveBody.toJSON(message.keyRemoveBody) : undefined);
    return obj;
  },

  create<I extends Exact<DeepPartial<MessageData>, I>>(base?: I): MessageData {
    return MessageData.fromPartial(base ?? {});
  },

  fromPartial<I extends Exact<DeepPartial<MessageData>, I>>(object: I): MessageData {
    const message = createBaseMessageData();
    message.type = object.type ?? 0;
    message.fid = object.fid ?? 0;
    message.timestamp = object.timestamp ?? 0;
    message.network = object.network ?? 0;
    message.castAddBody = (object.castAddBody !== undefined && object.castAddBody !== null)
      ? CastAddBody.fromPartial(object.castAddBody)
      : undefined;
    message.castRemoveBody = (object.castRemoveBody !== undefined && object.castRemoveBody !== null)
      ? CastRemoveBody.fromPartial(object.castRemoveBody)
      : undefined;
    message.reactionBody = (object.reactionBody !== undefined && object.reactionBody !== null)
      ? ReactionBody.fromPartial(object.reactionBody)
      : undefined;
    message.verificationAddAddressBody =
      (object.verificationAddAddressBody !== undefined && object.verificationAddAddressBody !== null)
        ? VerificationAddAddressBody.fromPartial(object.verificationAddAddressBody)
        : undefined;
    message.verificationRemoveBody =
      (object.verificationRemoveBody !== undefined && object.verificationRemoveBody !== null)
        ? VerificationRemoveBody.fromPartial(object.verificationRemoveBody)
        : undefined;
    message.userDataBody = (object.userDataBody !== undefined && object.userDataBody !== null)
      ? UserDataBody.fromPartial(object.userDataBody)
      : undefined;
    message.linkBody = (object.linkBody !== undefined && object.linkBody !== null)
      ? LinkBody.fromPartial(object.linkBody)
      : undefined;
    message.usernameProofBody = (object.usernameProofBody !== undefined && object.usernameProofBody !== null)
      ? UserNameProof.fromPartial(object.usernameProofBody)
      : undefined;
    message.frameActionBody = (object.frameActionBody !== undefined && object.frameActionBody !== null)
      ? FrameActionBody.fromPartial(object.frameActionBody)
      : undefined;
    message.linkCompactStateBody = (object.linkCompactStateBody !== undefined && object.linkCompactStateBody !== null)
      ? LinkCompactStateBody.fromPartial(object.linkCompactStateBody)
      : undefined;
    message.lendStorageBody = (object.lendStorageBody !== undefined && object.lendStorageBody !== null)
      ? LendStorageBody.fromPartial(object.lendStorageBody)
      : undefined;
    message.keyAddBody = (object.keyAddBody !== undefined && object.keyAddBody !== null)
      ? KeyAddBody.fromPartial(object.keyAddBody)
      : undefined;
    message.keyRemoveBody = (object.keyRemoveBody !== undefined && object.keyRemoveBody !== null)
      ? KeyRemoveBody.fromPartial(object.keyRemoveBody)
      : undefined;
    return message;
  },
};

function createBaseUserDataBody(): UserDataBody {
  return { type: 0, value: "" };
}

export const UserDataBody = {
  encode(message: UserDataBody, writer: _m0.Writer = _m0.Writer.create()): _m0.Writer {
    if (message.type !== 0) {
      writer.uint32(8).int32(message.type);
    }
    if (message.value !== "") {
      writer.uint32(18).string(message.value);
    }
    return writer;
  },

  decode(input: _m0.Reader | Uint8Array, length?: number): UserDataBody {
    const reader = input instanceof _m0.Reader ? input : _m0.Reader.create(input);
    let end = length === undefined ? reader.len : reader.pos + length;
    const message = createBaseUserDataBody();
    while (reader.pos < end) {
      const tag = reader.uint32();
      switch (tag >>> 3) {
        case 1:
          if (tag != 8) {
            break;
          }

          message.type = reader.int32() as any;
          continue;
        case 2:
          if (tag != 18) {
            break;
          }

          message.value = reader.string();
          continue;
      }
      if ((tag & 7) == 4 || tag == 0) {
        break;
      }
      reader.skipType(tag & 7);
    }
    return message;
  },

  fromJSON(object: any): UserDataBody {
    return {
      type: isSet(object.type) ? userDataTypeFromJSON(object.type) : 0,
      value: isSet(object.value) ? String(object.value) : "",
    };
  },

  toJSON(message: UserDataBody): unknown {
    const obj: any = {};
    message.type !== undefined && (obj.type = userDataTypeToJSON(message.type));
    message.value !== undefined && (obj.value = message.value);
    return obj;
  },

  create<I extends Exact<DeepPartial<UserDataBody>, I>>(base?: I): UserDataBody {
    return UserDataBody.fromPartial(base ?? {});
  },

  fromPartial<I extends Exact<DeepPartial<UserDataBody>, I>>(object: I): UserDataBody {
    const message = createBaseUserDataBody();
    message.type = object.type ?? 0;
    message.value = object.value ?? "";
    return message;
  },
};

function createBaseEmbed(): Embed {
  return { url: undefined, castId: undefined };
}

export const Embed = {
  encode(message: Embed, writer: _m0.Writer = _m0.Writer.create()): _m0.Writer {
    if (message.url !== undefined) {
      writer.uint32(10).string(message.url);
    }
    if (message.castId !== undefined) {
      CastId.encode(message.castId, writer.uint32(18).fork()).ldelim();
    }
    return writer;
  },

  decode(input: _m0.Reader | Uint8Array, length?: number): Embed {
    const reader = input instanceof _m0.Reader ? input : _m0.Reader.create(input);
    let end = length === undefined ? reader.len : reader.pos + length;
    const message = createBaseEmbed();
    while (reader.pos < end) {
      const tag = reader.uint32();
      switch (tag >>> 3) {
        case 1:
          if (tag != 10) {
            break;
          }

          message.url = reader.string();
          continue;
        case 2:
          if (tag != 18) {
            break;
          }

          message.castId = CastId.decode(reader, reader.uint32());
          continue;
      }
      if ((tag & 7) == 4 || tag == 0) {
        break;
      }
      reader.skipType(tag & 7);
    }
    return message;
  },

  fromJSON(object: any): Embed {
    return {
      url: isSet(object.url) ? String(object.url) : undefined,
      castId: isSet(object.castId) ? CastId.fromJSON(object.castId) : undefined,
    };
  },

  toJSON(message: Embed): unknown {
    const obj: any = {};
    message.url !== undefined && (obj.url = message.url);
    message.castId !== undefined && (obj.castId = message.castId ? CastId.toJSON(message.castId) : undefined);
    return obj;
  },

  create<I extends Exact<DeepPartial<Embed>, I>>(base?: I): Embed {
    return Embed.fromPartial(base ?? {});
  },

  fromPartial<I extends Exact<DeepPartial<Embed>, I>>(object: I): Embed {
    const message = createBaseEmbed();
    message.url = object.url ?? undefined;
    message.castId = (object.castId !== undefined && object.castId !== null)
      ? CastId.fromPartial(object.castId)
      : undefined;
    return message;
  },
};

function createBaseCastAddBody(): CastAddBody {
  return {
    embedsDeprecated: [],
    mentions: [],
    parentCastId: undefined,
    parentUrl: undefined,
    text: "",
    mentionsPositions: [],
    embeds: [],
    type: 0,
  };
}

export const CastAddBody = {
  encode(message: CastAddBody, writer: _m0.Writer = _m0.Writer.create()): _m0.Writer {
    for (const v of message.embedsDeprecated) {
      writer.uint32(10).string(v!);
    }
    writer.uint32(18).fork();
    for (const v of message.mentions) {
      writer.uint64(v);
    }
    writer.ldelim();
    if (message.parentCastId !== undefined) {
      CastId.encode(message.parentCastId, writer.uint32(26).fork()).ldelim();
    }
    if (message.parentUrl !== undefined) {
      writer.uint32(58).string(message.parentUrl);
    }
    if (message.text !== "") {
      writer.uint32(34).string(message.text);
    }
    writer.uint32(42).fork();
    for (const v of message.mentionsPositions) {
      writer.uint32(v);
    }
    writer.ldelim();
    for (const v of message.embeds) {
      Embed.encode(v!, writer.uint32(50).fork()).ldelim();
    }
    if (message.type !== 0) {
      writer.uint32(64).int32(message.type);
    }
    return writer;
  },

  decode(input: _m0.Reader | Uint8Array, length?: number): CastAddBody {
    const reader = input instanceof _m0.Reader ? input : _m0.Reader.create(input);
    let end = length === undefined ? reader.len : reader.pos + length;
    const message = createBaseCastAddBody();
    while (reader.pos < end) {
      const tag = reader.uint32();
      switch (tag >>> 3) {
        case 1:
          if (tag != 10) {
            break;
          }

          message.embedsDeprecated.push(reader.string());
          continue;
        case 2:
          if (tag == 16) {
            message.mentions.push(longToNumber(reader.uint64() as Long));
            continue;
          }

          if (tag == 18) {
            const end2 = reader.uint32() + reader.pos;
            while (reader.pos < end2) {
              message.mentions.push(longToNumber(reader.uint64() as Long));
            }

            continue;
          }

          break;
        case 3:
          if (tag != 26) {
            break;
          }

          message.parentCastId = CastId.decode(reader, reader.uint32());
          continue;
        case 7:
          if (tag != 58) {
            break;
          }

          message.parentUrl = reader.string();
          continue;
        case 4:
          if (tag != 34) {
            break;
          }

          message.text = reader.string();
          continue;
        case 5:
          if (tag == 40) {
            message.mentionsPositions.push(reader.uint32());
            continue;
          }

          if (tag == 42) {
            const end2 = reader.uint32() + reader.pos;
            while (reader.pos < end2) {
              message.mentionsPositions.push(reader.uint32());
            }

            continue;
          }

          break;
        case 6:
          if (tag != 50) {
            break;
          }

          message.embeds.push(Embed.decode(reader, reader.uint32()));
          continue;
        case 8:
          if (tag != 64) {
            break;
          }

          message.type = reader.int32() as any;
          continue;
      }
      if ((tag & 7) == 4 || tag == 0) {
        break;
      }
      reader.skipType(tag & 7);
    }
    return message;
  },

  fromJSON(object: any): CastAddBody {
    return {
      embedsDeprecated: Array.isArray(object?.embedsDeprecated)
        ? object.embedsDeprecated.map((e: any) => String(e))
        : [],
      mentions: Array.isArray(object?.mentions) ? object.mentions.map((e: any) => Number(e)) : [],
      parentCastId: isSet(object.parentCastId) ? CastId.fromJSON(object.parentCastId) : undefined,
      parentUrl: isSet(object.parentUrl) ? String(object.parentUrl) : undefined,
      text: isSet(object.text) ? String(object.text) : "",
      mentionsPositions: Array.isArray(object?.mentionsPositions)
        ? object.mentionsPositions.map((e: any) => Number(e))
        : [],
      embeds: Array.isArray(object?.embeds) ? object.embeds.map((e: any) => Embed.fromJSON(e)) : [],
      type: isSet(object.type) ? castTypeFromJSON(object.type) : 0,
    };
  },

  toJSON(message: CastAddBody): unknown {
    const obj: any = {};
    if (message.embedsDeprecated) {
      obj.embedsDeprecated = message.embedsDeprecated.map((e) => e);
    } else {
      obj.embedsDeprecated = [];
    }
    if (message.mentions) {
      obj.mentions = message.mentions.map((e) => Math.round(e));
    } else {
      obj.mentions = [];
    }
    message.parentCastId !== undefined &&
      (obj.parentCastId = message.parentCastId ? CastId.toJSON(message.parentCastId) : undefined);
    message.parentUrl !== undefined && (obj.parentUrl = message.parentUrl);
    message.text !== undefined && (obj.text = message.text);
    if (message.mentionsPositions) {
      obj.mentionsPositions = message.mentionsPositions.map((e) => Math.round(e));
    } else {
      obj.mentionsPositions = [];
    }
    if (message.embeds) {
      obj.embeds = message.embeds.map((e) => e ? Embed.toJSON(e) : undefined);
    } else {
      obj.embeds = [];
    }
    message.type !== undefined && (obj.type = castTypeToJSON(message.type));
    return obj;
  },

  create<I extends Exact<DeepPartial<CastAddBody>, I>>(base?: I): CastAddBody {
    return CastAddBody.fromPartial(base ?? {});
  },

  fromPartial<I extends Exact<DeepPartial<CastAddBody>, I>>(object: I): CastAddBody {
    const message = createBaseCastAddBody();
    message.embedsDeprecated = object.embedsDeprecated?.map((e) => e) || [];
    message.mentions = object.mentions?.map((e) => e) || [];
    message.parentCastId = (object.parentCastId !== undefined && object.parentCastId !== null)
      ? CastId.fromPartial(object.parentCastId)
      : undefined;
    message.parentUrl = object.parentUrl ?? undefined;
    message.text = object.text ?? "";
    message.mentionsPositions = object.mentionsPositions?.map((e) => e) || [];
    message.embeds = object.embeds?.map((e) => Embed.fromPartial(e)) || [];
    message.type = object.type ?? 0;
    return message;
  },
};

function createBaseCastRemoveBody(): CastRemoveBody {
  return { targetHash: new Uint8Array() };
}

export const CastRemoveBody = {
  encode(message: CastRemoveBody, writer: _m0.Writer = _m0.Writer.create()): _m0.Writer {
    if (message.targetHash.length !== 0) {
      writer.uint32(10).bytes(message.targetHash);
    }
    return writer;
  },

  decode(input: _m0.Reader | Uint8Array, length?: number): CastRemoveBody {
    const reader = input instanceof _m0.Reader ? input : _m0.Reader.create(input);
    let end = length === undefined ? reader.len : reader.pos + length;
    const message = createBaseCastRemoveBody();
    while (reader.pos < end) {
      const tag = reader.uint32();
      switch (tag >>> 3) {
        case 1:
          if (tag != 10) {
            break;
          }

          message.targetHash = reader.bytes();
          continue;
      }
      if ((tag & 7) == 4 || tag == 0) {
        break;
      }
      reader.skipType(tag & 7);
    }
    return message;
  },

  fromJSON(object: any): CastRemoveBody {
    return { targetHash: isSet(object.targetHash) ? bytesFromBase64(object.targetHash) : new Uint8Array() };
  },

  toJSON(message: CastRemoveBody): unknown {
    const obj: any = {};
    message.targetHash !== undefined &&
      (obj.targetHash = base64FromBytes(message.targetHash !== undefined ? message.targetHash : new Uint8Array()));
    return obj;
  },

  create<I extends Exact<DeepPartial<CastRemoveBody>, I>>(base?: I): CastRemoveBody {
    return CastRemoveBody.fromPartial(base ?? {});
  },

  fromPartial<I extends Exact<DeepPartial<CastRemoveBody>, I>>(object: I): CastRemoveBody {
    const message = createBaseCastRemoveBody();
    message.targetHash = object.targetHash ?? new Uint8Array();
    return message;
  },
};

function createBaseCastId(): CastId {
  return { fid: 0, hash: new Uint8Array() };
}

export const CastId = {
  encode(message: CastId, writer: _m0.Writer = _m0.Writer.create()): _m0.Writer {
    if (message.fid !== 0) {
      writer.uint32(8).uint64(message.fid);
    }
    if (message.hash.length !== 0) {
      writer.uint32(18).bytes(message.hash);
    }
    return writer;
  },

  decode(input: _m0.Reader | Uint8Array, length?: number): CastId {
    const reader = input instanceof _m0.Reader ? input : _m0.Reader.create(input);
    let end = length === undefined ? reader.len : reader.pos + length;
    const message = createBaseCastId();
    while (reader.pos < end) {
      const tag = reader.uint32();
      switch (tag >>> 3) {
        case 1:
          if (tag != 8) {
            break;
          }

          message.fid = longToNumber(reader.uint64() as Long);
          continue;
        case 2:
          if (tag != 18) {
            break;
          }

          message.hash = reader.bytes();
          continue;
      }
      if ((tag & 7) == 4 || tag == 0) {
        break;
      }
      reader.skipType(tag & 7);
    }
    return message;
  },

  fromJSON(object: any): CastId {
    return {
      fid: isSet(object.fid) ? Number(object.fid) : 0,
      hash: isSet(object.hash) ? bytesFromBase64(object.hash) : new Uint8Array(),
    };
  },

  toJSON(message: CastId): unknown {
    const obj: any = {};
    message.fid !== undefined && (obj.fid = Math.round(message.fid));
    message.hash !== undefined &&
      (obj.hash = base64FromBytes(message.hash !== undefined ? message.hash : new Uint8Array()));
    return obj;
  },

  create<I extends Exact<DeepPartial<CastId>, I>>(base?: I): CastId {
    return CastId.fromPartial(base ?? {});
  },

  fromPartial<I extends Exact<DeepPartial<CastId>, I>>(object: I): CastId {
    const message = createBaseCastId();
    message.fid = object.fid ?? 0;
    message.hash = object.hash ?? new Uint8Array();
    return message;
  },
};

function createBaseReactionBody(): ReactionBody {
  return { type: 0, targetCastId: undefined, targetUrl: undefined };
}

export const ReactionBody = {
  encode(message: ReactionBody, writer: _m0.Writer = _m0.Writer.create()): _m0.Writer {
    if (message.type !== 0) {
      writer.uint32(8).int32(message.type);
    }
    if (message.targetCastId !== undefined) {
      CastId.encode(message.targetCastId, writer.uint32(18).fork()).ldelim();
    }
    if (message.targetUrl !== undefined) {
      writer.uint32(26).string(message.targetUrl);
    }
    return writer;
  },

  decode(input: _m0.Reader | Uint8Array, length?: number): ReactionBody {
    const reader = input instanceof _m0.Reader ? input : _m0.Reader.create(input);
    let end = length === undefined ? reader.len : reader.pos + length;
    const message = createBaseReactionBody();
    while (reader.pos < end) {
      const tag = reader.uint32();
      switch (tag >>> 3) {
        case 1:
          if (tag != 8) {
            break;
          }

          message.type = reader.int32() as any;
          continue;
        case 2:
          if (tag != 18) {
            break;
          }

          message.targetCastId = CastId.decode(reader, reader.uint32());
          continue;
        case 3:
          if (tag != 26) {
            break;
          }

          message.targetUrl = reader.string();
          continue;
      }
      if ((tag & 7) == 4 || tag == 0) {
        break;
      }
      reader.skipType(tag & 7);
    }
    return message;
  },

  fromJSON(object: any): ReactionBody {
    return {
      type: isSet(object.type) ? reactionTypeFromJSON(object.type) : 0,
      targetCastId: isSet(object.targetCastId) ? CastId.fromJSON(object.targetCastId) : undefined,
      targetUrl: isSet(object.targetUrl) ? String(object.targetUrl) : undefined,
    };
  },

  toJSON(message: ReactionBody): unknown {
    const obj: any = {};
    message.type !== undefined && (obj.type = reactionTypeToJSON(message.type));
    message.targetCastId !== undefined &&
      (obj.targetCastId = message.targetCastId ? CastId.toJSON(message.targetCastId) : undefined);
    message.targetUrl !== undefined && (obj.targetUrl = message.targetUrl);
    return obj;
  },

  create<I extends Exact<DeepPartial<ReactionBody>, I>>(base?: I): ReactionBody {
    return ReactionBody.fromPartial(base ?? {});
  },

  fromPartial<I extends Exact<DeepPartial<ReactionBody>, I>>(object: I): ReactionBody {
    const message = createBaseReactionBody();
    message.type = object.type ?? 0;
    message.targetCastId = (object.targetCastId !== undefined && object.targetCastId !== null)
      ? CastId.fromPartial(object.targetCastId)
      : undefined;
    message.targetUrl = object.targetUrl ?? undefined;
    return message;
  },
};

function createBaseVerificationAddAddressBody(): VerificationAddAddressBody {
  return {
    address: new Uint8Array(),
    claimSignature: new Uint8Array(),
    blockHash: new Uint8Array(),
    verificationType: 0,
    chainId: 0,
    protocol: 0,
  };
}

export const VerificationAddAddressBody = {
  encode(message: VerificationAddAddressBody, writer: _m0.Writer = _m0.Writer.create()): _m0.Writer {
    if (message.address.length !== 0) {
      writer.uint32(10).bytes(message.address);
    }
    if (message.claimSignature.length !== 0) {
      writer.uint32(18).bytes(message.claimSignature);
    }
    if (message.blockHash.length !== 0) {
      writer.uint32(26).bytes(message.blockHash);
    }
    if (message.verificationType !== 0) {
      writer.uint32(32).uint32(message.verificationType);
    }
    if (message.chainId !== 0) {
      writer.uint32(40).uint32(message.chainId);
    }
    if (message.protocol !== 0) {
      writer.uint32(56).int32(message.protocol);
    }
    return writer;
  },

  decode(input: _m0.Reader | Uint8Array, length?: number): VerificationAddAddressBody {
    const reader = input instanceof _m0.Reader ? input : _m0.Reader.create(input);
    let end = length === undefined ? reader.len : reader.pos + length;
    const message = createBaseVerificationAddAddressBody();
    while (reader.pos < end) {
      const tag = reader.uint32();
      switch (tag >>> 3) {
        case 1:
          if (tag != 10) {
            break;
          }

          message.address = reader.bytes();
          continue;
        case 2:
          if (tag != 18) {
            break;
          }

          message.claimSignature = reader.bytes();
          continue;
        case 3:
          if (tag != 26) {
            break;
          }

          message.blockHash = reader.bytes();
          continue;
        case 4:
          if (tag != 32) {
            break;
          }

          message.verificationType = reader.uint32();
          continue;
        case 5:
          if (tag != 40) {
            break;
          }

          message.chainId = reader.uint32();
          continue;
        case 7:
          if (tag != 56) {
            break;
          }

          message.protocol = reader.int32() as any;
          continue;
      }
      if ((tag & 7) == 4 || tag == 0) {
        break;
      }
      reader.skipType(tag & 7);
    }
    return message;
  },

  fromJSON(object: any): VerificationAddAddressBody {
    return {
      address: isSet(object.address) ? bytesFromBase64(object.address) : new Uint8Array(),
      claimSignature: isSet(object.claimSignature) ? bytesFromBase64(object.claimSignature) : new Uint8Array(),
      blockHash: isSet(object.blockHash) ? bytesFromBase64(object.blockHash) : new Uint8Array(),
      verificationType: isSet(object.verificationType) ? Number(object.verificationType) : 0,
      chainId: isSet(object.chainId) ? Number(object.chainId) : 0,
      protocol: isSet(object.protocol) ? protocolFromJSON(object.protocol) : 0,
    };
  },

  toJSON(message: VerificationAddAddressBody): unknown {
    const obj: any = {};
    message.address !== undefined &&
      (obj.address = base64FromBytes(message.address !== undefined ? message.address : new Uint8Array()));
    message.claimSignature !== undefined &&
      (obj.claimSignature = base64FromBytes(
        message.claimSignature !== undefined ? message.claimSignature : new Uint8Array(),
      ));
    message.blockHash !== undefined &&
      (obj.blockHash = base64FromBytes(message.blockHash !== undefined ? message.blockHash : new Uint8Array()));
    message.verificationType !== undefined && (obj.verificationType = Math.round(message.verificationType));
    message.chainId !== undefined && (obj.chainId = Math.round(message.chainId));
    message.protocol !== undefined && (obj.protocol = protocolToJSON(message.protocol));
    return obj;
  },

  create<I extends Exact<DeepPartial<VerificationAddAddressBody>, I>>(base?: I): VerificationAddAddressBody {
    return VerificationAddAddressBody.fromPartial(base ?? {});
  },

  fromPartial<I extends Exact<DeepPartial<VerificationAddAddressBody>, I>>(object: I): VerificationAddAddressBody {
    const message = createBaseVerificationAddAddressBody();
    message.address = object.address ?? new Uint8Array();
    message.claimSignature = object.claimSignature ?? new Uint8Array();
    message.blockHash = object.blockHash ?? new Uint8Array();
    message.verificationType = object.verificationType ?? 0;
    message.chainId = object.chainId ?? 0;
    message.protocol = object.protocol ?? 0;
    return message;
  },
};

function createBaseVerificationRemoveBody(): VerificationRemoveBody {
  return { address: new Uint8Array(), protocol: 0 };
}

export const VerificationRemoveBody = {
  encode(message: VerificationRemoveBody, writer: _m0.Writer = _m0.Writer.create()): _m0.Writer {
    if (message.address.length !== 0) {
      writer.uint32(10).bytes(message.address);
    }
    if (message.protocol !== 0) {
      writer.uint32(16).int32(message.protocol);
    }
    return writer;
  },

  decode(input: _m0.Reader | Uint8Array, length?: number): VerificationRemoveBody {
    const reader = input instanceof _m0.Reader ? input : _m0.Reader.create(input);
    let end = length === undefined ? reader.len : reader.pos + length;
    const message = createBaseVerificationRemoveBody();
    while (reader.pos < end) {
      const tag = reader.uint32();
      switch (tag >>> 3) {
        case 1:
          if (tag != 10) {
            break;
          }

          message.address = reader.bytes();
          continue;
        case 2:
          if (tag != 16) {
            break;
          }

          message.protocol = reader.int32() as any;
          continue;
      }
      if ((tag & 7) == 4 || tag == 0) {
        break;
      }
      reader.skipType(tag & 7);
    }
    return message;
  },

  fromJSON(object: any): VerificationRemoveBody {
    return {
      address: isSet(object.address) ? bytesFromBase64(object.address) : new Uint8Array(),
      protocol: isSet(object.protocol) ? protocolFromJSON(object.protocol) : 0,
    };
  },

  toJSON(message: VerificationRemoveBody): unknown {
    const obj: any = {};
    message.address !== undefined &&
      (obj.address = base64FromBytes(message.address !== undefined ? message.address : new Uint8Array()));
    message.protocol !== undefined && (obj.protocol = protocolToJSON(message.protocol));
    return obj;
  },

  create<I extends Exact<DeepPartial<VerificationRemoveBody>, I>>(base?: I): VerificationRemoveBody {
    return VerificationRemoveBody.fromPartial(base ?? {});
  },

  fromPartial<I extends Exact<DeepPartial<VerificationRemoveBody>, I>>(object: I): VerificationRemoveBody {
    const message = createBaseVerificationRemoveBody();
    message.address = object.address ?? new Uint8Array();
    message.protocol = object.protocol ?? 0;
    return message;
  },
};

function createBaseLinkBody(): LinkBody {
  return { type: "", displayTimestamp: undefined, targetFid: undefined };
}

export const LinkBody = {
  encode(message: LinkBody, writer: _m0.Writer = _m0.Writer.create()): _m0.Writer {
    if (message.type !== "") {
      writer.uint32(10).string(message.type);
    }
    if (message.displayTimestamp !== undefined) {
      writer.uint32(16).uint32(message.displayTimestamp);
    }
    if (message.targetFid !== undefined) {
      writer.uint32(24).uint64(message.targetFid);
    }
    return writer;
  },

  decode(input: _m0.Reader | Uint8Array, length?: number): LinkBody {
    const reader = input instanceof _m0.Reader ? input : _m0.Reader.create(input);
    let end = length === undefined ? reader.len : reader.pos + length;
    const message = createBaseLinkBody();
    while (reader.pos < end) {
      const tag = reader.uint32();
      switch (tag >>> 3) {
        case 1:
          if (tag != 10) {
            break;
          }

          message.type = reader.string();
          continue;
        case 2:
          if (tag != 16) {
            break;
          }

          message.displayTimestamp = reader.uint32();
          continue;
        case 3:
          if (tag != 24) {
            break;
          }

          message.targetFid = longToNumber(reader.uint64() as Long);
          continue;
      }
      if ((tag & 7) == 4 || tag == 0) {
        break;
      }
      reader.skipType(tag & 7);
    }
    return message;
  },

  fromJSON(object: any): LinkBody {
    return {
      type: isSet(object.type) ? String(object.type) : "",
      displayTimestamp: isSet(object.displayTimestamp) ? Number(object.displayTimestamp) : undefined,
      targetFid: isSet(object.targetFid) ? Number(object.targetFid) : undefined,
    };
  },

  toJSON(message: LinkBody): unknown {
    const obj: any = {};
    message.type !== undefined && (obj.type = message.type);
    message.displayTimestamp !== undefined && (obj.displayTimestamp = Math.round(message.displayTimestamp));
    message.targetFid !== undefined && (obj.targetFid = Math.round(message.targetFid));
    return obj;
  },

  create<I extends Exact<DeepPartial<LinkBody>, I>>(base?: I): LinkBody {
    return LinkBody.fromPartial(base ?? {});
  },

  fromPartial<I extends Exact<DeepPartial<LinkBody>, I>>(object: I): LinkBody {
    const message = createBaseLinkBody();
    message.type = object.type ?? "";
    message.displayTimestamp = object.displayTimestamp ?? undefined;
    message.targetFid = object.targetFid ?? undefined;
    return message;
  },
};

function createBaseLinkCompactStateBody(): LinkCompactStateBody {
  return { type: "", targetFids: [] };
}

export const LinkCompactStateBody = {
  encode(message: LinkCompactStateBody, writer: _m0.Writer = _m0.Writer.create()): _m0.Writer {
    if (message.type !== "") {
      writer.uint32(10).string(message.type);
    }
    writer.uint32(18).fork();
    for (const v of message.targetFids) {
      writer.uint64(v);
    }
    writer.ldelim();
    return writer;
  },

  decode(input: _m0.Reader | Uint8Array, length?: number): LinkCompactStateBody {
    const reader = input instanceof _m0.Reader ? input : _m0.Reader.create(input);
    let end = length === undefined ? reader.len : reader.pos + length;
    const message = createBaseLinkCompactStateBody();
    while (reader.pos < end) {
      const tag = reader.uint32();
      switch (tag >>> 3) {
        case 1:
          if (tag != 10) {
            break;
          }

          message.type = reader.string();
          continue;
        case 2:
          if (tag == 16) {
            message.targetFids.push(longToNumber(reader.uint64() as Long));
            continue;
          }

          if (tag == 18) {
            const end2 = reader.uint32() + reader.pos;
            while (reader.pos < end2) {
              message.targetFids.push(longToNumber(reader.uint64() as Long));
            }

            continue;
          }

          break;
      }
      if ((tag & 7) == 4 || tag == 0) {
        break;
      }
      reader.skipType(tag & 7);
    }
    return message;
  },

  fromJSON(object: any): LinkCompactStateBody {
    return {
      type: isSet(object.type) ? String(object.type) : "",
      targetFids: Array.isArray(object?.targetFids) ? object.targetFids.map((e: any) => Number(e)) : [],
    };
  },

  toJSON(message: LinkCompactStateBody): unknown {
    const obj: any = {};
    message.type !== undefined && (obj.type = message.type);
    if (message.targetFids) {
      obj.targetFids = message.targetFids.map((e) => Math.round(e));
    } else {
      obj.targetFids = [];
    }
    return obj;
  },

  create<I extends Exact<DeepPartial<LinkCompactStateBody>, I>>(base?: I): LinkCompactStateBody {
    return LinkCompactStateBody.fromPartial(base ?? {});
  },

  fromPartial<I extends Exact<DeepPartial<LinkCompactStateBody>, I>>(object: I): LinkCompactStateBody {
    const message = createBaseLinkCompactStateBody();
    message.type = object.type ?? "";
    message.targetFids = object.targetFids?.map((e) => e) || [];
    return message;
  },
};

function createBaseFrameActionBody(): FrameActionBody {
  return {
    url: new Uint8Array(),
    buttonIndex: 0,
    castId: undefined,
    inputText: new Uint8Array(),
    state: new Uint8Array(),
    transactionId: new Uint8Array(),
    address: new Uint8Array(),
  };
}

export const FrameActionBody = {
  encode(message: FrameActionBody, writer: _m0.Writer = _m0.Writer.create()): _m0.Writer {
    if (message.url.length !== 0) {
      writer.uint32(10).bytes(message.url);
    }
    if (message.buttonIndex !== 0) {
      writer.uint32(16).uint32(message.buttonIndex);
    }
    if (message.castId !== undefined) {
      CastId.encode(message.castId, writer.uint32(26).fork()).ldelim();
    }
    if (message.inputText.length !== 0) {
      writer.uint32(34).bytes(message.inputText);
    }
    if (message.state.length !== 0) {
      writer.uint32(42).bytes(message.state);
    }
    if (message.transactionId.length !== 0) {
      writer.uint32(50).bytes(message.transactionId);
    }
    if (message.address.length !== 0) {
      writer.uint32(58).bytes(message.address);
    }
    return writer;
  },

  decode(input: _m0.Reader | Uint8Array, length?: number): FrameActionBody {
    const reader = input instanceof _m0.Reader ? input : _m0.Reader.create(input);
    let end = length === undefined ? reader.len : reader.pos + length;
    const message = createBaseFrameActionBody();
    while (reader.pos < end) {
      const tag = reader.uint32();
      switch (tag >>> 3) {
        case 1:
          if (tag != 10) {
            break;
          }

          message.url = reader.bytes();
          continue;
        case 2:
          if (tag != 16) {
            break;
          }

          message.buttonIndex = reader.uint32();
          continue;
        case 3:
          if (tag != 26) {
            break;
          }

          message.castId = CastId.decode(reader, reader.uint32());
          continue;
        case 4:
          if (tag != 34) {
            break;
          }

          message.inputText = reader.bytes();
          continue;
        case 5:
          if (tag != 42) {
            break;
          }

          message.state = reader.bytes();
          continue;
        case 6:
          if (tag != 50) {
            break;
          }

          message.transactionId = reader.bytes();
          continue;
        case 7:
          if (tag != 58) {
            break;
          }

          message.address = reader.bytes();
          continue;
      }
      if ((tag & 7) == 4 || tag == 0) {
        break;
      }
      reader.skipType(tag & 7);
    }
    return message;
  },

  fromJSON(object: any): FrameActionBody {
    return {
      url: isSet(object.url) ? bytesFromBase64(object.url) : new Uint8Array(),
      buttonIndex: isSet(object.buttonIndex) ? Number(object.buttonIndex) : 0,
      castId: isSet(object.castId) ? CastId.fromJSON(object.castId) : undefined,
      inputText: isSet(object.inputText) ? bytesFromBase64(object.inputText) : new Uint8Array(),
      state: isSet(object.state) ? bytesFromBase64(object.state) : new Uint8Array(),
      transactionId: isSet(object.transactionId) ? bytesFromBase64(object.transactionId) : new Uint8Array(),
      address: isSet(object.address) ? bytesFromBase64(object.address) : new Uint8Array(),
    };
  },

  toJSON(message: FrameActionBody): unknown {
    const obj: any = {};
    message.url !== undefined &&
      (obj.url = base64FromBytes(message.url !== undefined ? message.url : new Uint8Array()));
    message.buttonIndex !== undefined && (obj.buttonIndex = Math.round(message.buttonIndex));
    message.castId !== undefined && (obj.castId = message.castId ? CastId.toJSON(message.castId) : undefined);
    message.inputText !== undefined &&
      (obj.inputText = base64FromBytes(message.inputText !== undefined ? message.inputText : new Uint8Array()));
    message.state !== undefined &&
      (obj.state = base64FromBytes(message.state !== undefined ? message.state : new Uint8Array()));
    message.transactionId !== undefined &&
      (obj.transactionId = base64FromBytes(
        message.transactionId !== undefined ? message.transactionId : new Uint8Array(),
      ));
    message.address !== undefined &&
      (obj.address = base64FromBytes(message.address !== undefined ? message.address : new Uint8Array()));
    return obj;
  },

  create<I extends Exact<DeepPartial<FrameActionBody>, I>>(base?: I): FrameActionBody {
    return FrameActionBody.fromPartial(base ?? {});
  },

  fromPartial<I extends Exact<DeepPartial<FrameActionBody>, I>>(object: I): FrameActionBody {
    const message = createBaseFrameActionBody();
    message.url = object.url ?? new Uint8Array();
    message.buttonIndex = object.buttonIndex ?? 0;
    message.castId = (object.castId !== undefined && object.castId !== null)
      ? CastId.fromPartial(object.castId)
      : undefined;
    message.inputText = object.inputText ?? new Uint8Array();
    message.state = object.state ?? new Uint8Array();
    message.transactionId = object.transactionId ?? new Uint8Array();
    message.address = object.address ?? new Uint8Array();
    return message;
  },
};

function createBaseLendStorageBody(): LendStorageBody {
  return { toFid: 0, numUnits: 0, unitType: 0 };
}

export const LendStorageBody = {
  encode(message: LendStorageBody, writer: _m0.Writer = _m0.Writer.create()): _m0.Writer {
    if (message.toFid !== 0) {
      writer.uint32(8).uint64(message.toFid);
    }
    if (message.numUnits !== 0) {
      writer.uint32(16).uint64(message.numUnits);
    }
    if (message.unitType !== 0) {
      writer.uint32(24).int32(message.unitType);
    }
    return writer;
  },

  decode(input: _m0.Reader | Uint8Array, length?: number): LendStorageBody {
    const reader = input instanceof _m0.Reader ? input : _m0.Reader.create(input);
    let end = length === undefined ? reader.len : reader.pos + length;
    const message = createBaseLendStorageBody();
    while (reader.pos < end) {
      const tag = reader.uint32();
      switch (tag >>> 3) {
        case 1:
          if (tag != 8) {
            break;
          }

          message.toFid = longToNumber(reader.uint64() as Long);
          continue;
        case 2:
          if (tag != 16) {
            break;
          }

          message.numUnits = longToNumber(reader.uint64() as Long);
          continue;
        case 3:
          if (tag != 24) {
            break;
          }

          message.unitType = reader.int32() as any;
          continue;
      }
      if ((tag & 7) == 4 || tag == 0) {
        break;
      }
      reader.skipType(tag & 7);
    }
    return message;
  },

  fromJSON(object: any): LendStorageBody {
    return {
      toFid: isSet(object.toFid) ? Number(object.toFid) : 0,
      numUnits: isSet(object.numUnits) ? Number(object.numUnits) : 0,
      unitType: isSet(object.unitType) ? storageUnitTypeFromJSON(object.unitType) : 0,
    };
  },

  toJSON(message: LendStorageBody): unknown {
    const obj: any = {};
    message.toFid !== undefined && (obj.toFid = Math.round(message.toFid));
    message.numUnits !== undefined && (obj.numUnits = Math.round(message.numUnits));
    message.unitType !== undefined && (obj.unitType = storageUnitTypeToJSON(message.unitType));
    return obj;
  },

  create<I extends Exact<DeepPartial<LendStorageBody>, I>>(base?: I): LendStorageBody {
    return LendStorageBody.fromPartial(base ?? {});
  },

  fromPartial<I extends Exact<DeepPartial<LendStorageBody>, I>>(object: I): LendStorageBody {
    const message = createBaseLendStorageBody();
    message.toFid = object.toFid ?? 0;
    message.numUnits = object.numUnits ?? 0;
    message.unitType = object.unitType ?? 0;
    return message;
  },
};

function createBaseKeyAddBody(): KeyAddBody {
  return {
    key: new Uint8Array(),
    keyType: 0,
    custodySignature: new Uint8Array(),
    deadline: 0,
    nonce: 0,
    metadata: new Uint8Array(),
    metadataType: 0,
    registrationTxHash: new Uint8Array(),
    scopes: [],
    ttl: 0,
  };
}

export const KeyAddBody = {
  encode(message: KeyAddBody, writer: _m0.Writer = _m0.Writer.create()): _m0.Writer {
    if (message.key.length !== 0) {
      writer.uint32(10).bytes(message.key);
    }
    if (message.keyType !== 0) {
      writer.uint32(16).uint32(message.keyType);
    }
    if (message.custodySignature.length !== 0) {
      writer.uint32(26).bytes(message.custodySignature);
    }
    if (message.deadline !== 0) {
      writer.uint32(32).uint32(message.deadline);
    }
    if (message.nonce !== 0) {
      writer.uint32(40).uint32(message.nonce);
    }
    if (message.metadata.length !== 0) {
      writer.uint32(50).bytes(message.metadata);
    }
    if (message.metadataType !== 0) {
      writer.uint32(56).uint32(message.metadataType);
    }
    if (message.registrationTxHash.length !== 0) {
      writer.uint32(66).bytes(message.registrationTxHash);
    }
    writer.uint32(74).fork();
    for (const v of message.scopes) {
      writer.int32(v);
    }
    writer.ldelim();
    if (message.ttl !== 0) {
      writer.uint32(80).uint32(message.ttl);
    }
    return writer;
  },

  decode(input: _m0.Reader | Uint8Array, length?: number): KeyAddBody {
    const reader = input instanceof _m0.Reader ? input : _m0.Reader.create(input);
    let end = length === undefined ? reader.len : reader.pos + length;
    const message = createBaseKeyAddBody();
    while (reader.pos < end) {
      const tag = reader.uint32();
      switch (tag >>> 3) {
        case 1:
          if (tag != 10) {
            break;
          }

          message.key = reader.bytes();
          continue;
        case 2:
          if (tag != 16) {
            break;
          }

          message.keyType = reader.uint32();
          continue;
        case 3:
          if (tag != 26) {
            break;
          }

          message.custodySignature = reader.bytes();
          continue;
        case 4:
          if (tag != 32) {
            break;
          }

          message.deadline = reader.uint32();
          continue;
        case 5:
          if (tag != 40) {
            break;
          }

          message.nonce = reader.uint32();
          continue;
        case 6:
          if (tag != 50) {
            break;
          }

          message.metadata = reader.bytes();
          continue;
        case 7:
          if (tag != 56) {
            break;
          }

          message.metadataType = reader.uint32();
          continue;
        case 8:
          if (tag != 66) {
            break;
          }

          message.registrationTxHash = reader.bytes();
          continue;
        case 9:
          if (tag == 72) {
            message.scopes.push(reader.int32());
            continue;
          }

          if (tag == 74) {
            const end2 = reader.uint32() + reader.pos;
            while (reader.pos < end2) {
              message.scopes.push(reader.int32());
            }

            continue;
          }

          break;
        case 10:
          if (tag != 80) {
            break;
          }

          message.ttl = reader.uint32();
          continue;
      }
      if ((tag & 7) == 4 || tag == 0) {
        break;
      }
      reader.skipType(tag & 7);
    }
    return message;
  },

  fromJSON(object: any): KeyAddBody {
    return {
      key: isSet(object.key) ? bytesFromBase64(object.key) : new Uint8Array(),
      keyType: isSet(object.keyType) ? Number(object.keyType) : 0,
      custodySignature: isSet(object.custodySignature) ? bytesFromBase64(object.custodySignature) : new Uint8Array(),
      deadline: isSet(object.deadline) ? Number(object.deadline) : 0,
      nonce: isSet(object.nonce) ? Number(object.nonce) : 0,
      metadata: isSet(object.metadata) ? bytesFromBase64(object.metadata) : new Uint8Array(),
      metadataType: isSet(object.metadataType) ? Number(object.metadataType) : 0,
      registrationTxHash: isSet(object.registrationTxHash)
        ? bytesFromBase64(object.registrationTxHash)
        : new Uint8Array(),
      scopes: Array.isArray(object?.scopes) ? object.scopes.map((e: any) => Number(e)) : [],
      ttl: isSet(object.ttl) ? Number(object.ttl) : 0,
    };
  },

  toJSON(message: KeyAddBody): unknown {
    const obj: any = {};
    message.key !== undefined &&
      (obj.key = base64FromBytes(message.key !== undefined ? message.key : new Uint8Array()));
    message.keyType !== undefined && (obj.keyType = Math.round(message.keyType));
    message.custodySignature !== undefined &&
      (obj.custodySignature = base64FromBytes(
        message.custodySignature !== undefined ? message.custodySignature : new Uint8Array(),
      ));
    message.deadline !== undefined && (obj.deadline = Math.round(message.deadline));
    message.nonce !== undefined && (obj.nonce = Math.round(message.nonce));
    message.metadata !== undefined &&
      (obj.metadata = base64FromBytes(message.metadata !== undefined ? message.metadata : new Uint8Array()));
    message.metadataType !== undefined && (obj.metadataType = Math.round(message.metadataType));
    message.registrationTxHash !== undefined &&
      (obj.registrationTxHash = base64FromBytes(
        message.registrationTxHash !== undefined ? message.registrationTxHash : new Uint8Array(),
      ));
    if (message.scopes) {
      obj.scopes = message.scopes.map((e) => Math.round(e));
    } else {
      obj.scopes = [];
    }
    message.ttl !== undefined && (obj.ttl = Math.round(message.ttl));
    return obj;
  },

  create<I extends Exact<DeepPartial<KeyAddBody>, I>>(base?: I): KeyAddBody {
    return KeyAddBody.fromPartial(base ?? {});
  },

  fromPartial<I extends Exact<DeepPartial<KeyAddBody>, I>>(object: I): KeyAddBody {
    const message = createBaseKeyAddBody();
    message.key = object.key ?? new Uint8Array();
    message.keyType = object.keyType ?? 0;
    message.custodySignature = object.custodySignature ?? new Uint8Array();
    message.deadline = object.deadline ?? 0;
    message.nonce = object.nonce ?? 0;
    message.metadata = object.metadata ?? new Uint8Array();
    message.metadataType = object.metadataType ?? 0;
    message.registrationTxHash = object.registrationTxHash ?? new Uint8Array();
    message.scopes = object.scopes?.map((e) => e) || [];
    message.ttl = object.ttl ?? 0;
    return message;
  },
};

function createBaseKeyRemoveBody(): KeyRemoveBody {
  return { key: new Uint8Array(), signature: new Uint8Array(), signatureType: 0, deadline: 0, nonce: 0 };
}

export const KeyRemoveBody = {
  encode(message: KeyRemoveBody, writer: _m0.Writer = _m0.Writer.create()): _m0.Writer {
    if (message.key.length !== 0) {
      writer.uint32(10).bytes(message.key);
    }
    if (message.signature.length !== 0) {
      writer.uint32(18).bytes(message.signature);
    }
    if (message.signatureType !== 0) {
      writer.uint32(24).uint32(message.signatureType);
    }
    if (message.deadline !== 0) {
      writer.uint32(32).uint32(message.deadline);
    }
    if (message.nonce !== 0) {
      writer.uint32(40).uint32(message.nonce);
    }
    return writer;
  },

  decode(input: _m0.Reader | Uint8Array, length?: number): KeyRemoveBody {
    const reader = input instanceof _m0.Reader ? input : _m0.Reader.create(input);
    let end = length === undefined ? reader.len : reader.pos + length;
    const message = createBaseKeyRemoveBody();
    while (reader.pos < end) {
      const tag = reader.uint32();
      switch (tag >>> 3) {
        case 1:
          if (tag != 10) {
            break;
          }

          message.key = reader.bytes();
          continue;
        case 2:
          if (tag != 18) {
            break;
          }

          message.signature = reader.bytes();
          continue;
        case 3:
          if (tag != 24) {
            break;
          }

          message.signatureType = reader.uint32();
          continue;
        case 4:
          if (tag != 32) {
            break;
          }

          message.deadline = reader.uint32();
          continue;
        case 5:
          if (tag != 40) {
            break;
          }

          message.nonce = reader.uint32();
          continue;
      }
      if ((tag & 7) == 4 || tag == 0) {
        break;
      }
      reader.skipType(tag & 7);
    }
    return message;
  },

  fromJSON(object: any): KeyRemoveBody {
    return {
      key: isSet(object.key) ? bytesFromBase64(object.key) : new Uint8Array(),
      signature: isSet(object.signature) ? bytesFromBase64(object.signature) : new Uint8Array(),
      signatureType: isSet(object.signatureType) ? Number(object.signatureType) : 0,
      deadline: isSet(object.deadline) ? Number(object.deadline) : 0,
      nonce: isSet(object.nonce) ? Number(object.nonce) : 0,
    };
  },

  toJSON(message: KeyRemoveBody): unknown {
    const obj: any = {};
    message.key !== undefined &&
      (obj.key = base64FromBytes(message.key !== undefined ? message.key : new Uint8Array()));
    message.signature !== undefined &&
      (obj.signature = base64FromBytes(message.signature !== undefined ? message.signature : new Uint8Array()));
    message.signatureType !== undefined && (obj.signatureType = Math.round(message.signatureType));
    message.deadline !== undefined && (obj.deadline = Math.round(message.deadline));
    message.nonce !== undefined && (obj.nonce = Math.round(message.nonce));
    return obj;
  },

  create<I extends Exact<DeepPartial<KeyRemoveBody>, I>>(base?: I): KeyRemoveBody {
    return KeyRemoveBody.fromPartial(base ?? {});
  },

  fromPartial<I extends Exact<DeepPartial<KeyRemoveBody>, I>>(object: I): KeyRemoveBody {
    const message = createBaseKeyRemoveBody();
    message.key = object.key ?? new Uint8Array();
    message.signature = object.signature ?? new Uint8Array();
    message.signatureType = object.signatureType ?? 0;
    message.deadline = object.deadline ?? 0;
    message.nonce = object.nonce ?? 0;
    return message;
  },
};

declare var self: any | undefined;
declare var window: any | undefined;
declare var global: any | undefined;
var tsProtoGlobalThis: any = (() => {
  if (typeof globalThis !== "undefined") {
    return globalThis;
  }
  if (typeof self !== "undefined") {
    return self;
  }
  if (typeof window !== "undefined") {
    return window;
  }
  if (typeof global !== "undefined") {
    return global;
  }
  throw "Unable to locate global object";
})();

function bytesFromBase64(b64: string): Uint8Array {
  if (tsProtoGlobalThis.Buffer) {
    return Uint8Array.from(tsProtoGlobalThis.Buffer.from(b64, "base64"));
  } else {
    const bin = tsProtoGlobalThis.atob(b64);
    const arr = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; ++i) {
      arr[i] = bin.charCodeAt(i);
    }
    return arr;
  }
}

function base64FromBytes(arr: Uint8Array): string {
  if (tsProtoGlobalThis.Buffer) {
    return tsProtoGlobalThis.Buffer.from(arr).toString("base64");
  } else {
    const bin: string[] = [];
    arr.forEach((byte) => {
      bin.push(String.fromCharCode(byte));
    });
    return tsProtoGlobalThis.btoa(bin.join(""));
  }
}

type Builtin = Date | Function | Uint8Array | string | number | boolean | undefined;

type DeepPartial<T> = T extends Builtin ? T
  : T extends Array<infer U> ? Array<DeepPartial<U>> : T extends ReadonlyArray<infer U> ? ReadonlyArray<DeepPartial<U>>
  : T extends {} ? { [K in keyof T]?: DeepPartial<T[K]> }
  : Partial<T>;

type KeysOfUnion<T> = T extends T ? keyof T : never;
type Exact<P, I extends P> = P extends Builtin ? P
  : P & { [K in keyof P]: Exact<P[K], I[K]> } & { [K in Exclude<keyof I, KeysOfUnion<P>>]: never };

function longToNumber(long: Long): number {
  if (long.gt(Number.MAX_SAFE_INTEGER)) {
    throw new tsProtoGlobalThis.Error("Value is larger than Number.MAX_SAFE_INTEGER");
  }
  return long.toNumber();
}

if (_m0.util.Long !== Long) {
  _m0.util.Long = Long as any;
  _m0.configure();
}

function isSet(value: any): boolean {
  return value !== null && value !== undefined;
}
