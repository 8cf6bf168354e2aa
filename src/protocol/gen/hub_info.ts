// Generated from proto/hub_info.proto by scripts/proto.mjs (buf + ts-proto 1.146.0). Do not edit.
/* eslint-disable */
import Long from "long";
import _m0 from "protobufjs/minimal.js";
import { ShardInfo } from "./request_response.js";

/**
 * What Agora's GetInfo sends on the wire: Snapchain's GetInfoResponse (request_response.proto) with
 * Hubble's HubInfoResponse fields beside it, so hub-nodejs 0.17 (GetInfoResponse) and 0.11
 * (HubInfoResponse, numFidEvents) both read a full answer. The two schemas give field numbers 1, 5 and 6
 * the same meaning, and each client skips the fields it does not know.
 */

export interface HubInfoDbStats {
  numMessages: number;
  /** Snapchain's num_fid_registrations; hub-nodejs 0.11 reads it as num_fid_events. */
  numFidRegistrations: number;
  /** Hubble only */
  numFnameEvents: number;
  approxSize: number;
}

export interface HubInfoResponse {
  version: string;
  /** Hubble only */
  isSyncing: boolean;
  /** Hubble only */
  nickname: string;
  /** Hubble only */
  rootHash: string;
  dbStats: HubInfoDbStats | undefined;
  peerId: string;
  /** Hubble only */
  hubOperatorFid: number;
  numShards: number;
  shardInfos: ShardInfo[];
  nextEngineVersionTimestamp: number;
}

function createBaseHubInfoDbStats(): HubInfoDbStats {
  return { numMessages: 0, numFidRegistrations: 0, numFnameEvents: 0, approxSize: 0 };
}

export const HubInfoDbStats = {
  encode(message: HubInfoDbStats, writer: _m0.Writer = _m0.Writer.create()): _m0.Writer {
    if (message.numMessages !== 0) {
      writer.uint32(8).uint64(message.numMessages);
    }
    if (message.numFidRegistrations !== 0) {
      writer.uint32(16).uint64(message.numFidRegistrations);
    }
    if (message.numFnameEvents !== 0) {
      writer.uint32(24).uint64(message.numFnameEvents);
    }
    if (message.approxSize !== 0) {
      writer.uint32(32).uint64(message.approxSize);
    }
    return writer;
  },

  decode(input: _m0.Reader | Uint8Array, length?: number): HubInfoDbStats {
    const reader = input instanceof _m0.Reader ? input : _m0.Reader.create(input);
    let end = length === undefined ? reader.len : reader.pos + length;
    const message = createBaseHubInfoDbStats();
    while (reader.pos < end) {
      const tag = reader.uint32();
      switch (tag >>> 3) {
        case 1:
          if (tag != 8) {
            break;
          }

          message.numMessages = longToNumber(reader.uint64() as Long);
          continue;
        case 2:
          if (tag != 16) {
            break;
          }

          message.numFidRegistrations = longToNumber(reader.uint64() as Long);
          continue;
        case 3:
          if (tag != 24) {
            break;
          }

          message.numFnameEvents = longToNumber(reader.uint64() as Long);
          continue;
        case 4:
          if (tag != 32) {
            break;
          }

          message.approxSize = longToNumber(reader.uint64() as Long);
          continue;
      }
      if ((tag & 7) == 4 || tag == 0) {
        break;
      }
      reader.skipType(tag & 7);
    }
    return message;
  },

  fromJSON(object: any): HubInfoDbStats {
    return {
      numMessages: isSet(object.numMessages) ? Number(object.numMessages) : 0,
      numFidRegistrations: isSet(object.numFidRegistrations) ? Number(object.numFidRegistrations) : 0,
      numFnameEvents: isSet(object.numFnameEvents) ? Number(object.numFnameEvents) : 0,
      approxSize: isSet(object.approxSize) ? Number(object.approxSize) : 0,
    };
  },

  toJSON(message: HubInfoDbStats): unknown {
    const obj: any = {};
    message.numMessages !== undefined && (obj.numMessages = Math.round(message.numMessages));
    message.numFidRegistrations !== undefined && (obj.numFidRegistrations = Math.round(message.numFidRegistrations));
    message.numFnameEvents !== undefined && (obj.numFnameEvents = Math.round(message.numFnameEvents));
    message.approxSize !== undefined && (obj.approxSize = Math.round(message.approxSize));
    return obj;
  },

  create<I extends Exact<DeepPartial<HubInfoDbStats>, I>>(base?: I): HubInfoDbStats {
    return HubInfoDbStats.fromPartial(base ?? {});
  },

  fromPartial<I extends Exact<DeepPartial<HubInfoDbStats>, I>>(object: I): HubInfoDbStats {
    const message = createBaseHubInfoDbStats();
    message.numMessages = object.numMessages ?? 0;
    message.numFidRegistrations = object.numFidRegistrations ?? 0;
    message.numFnameEvents = object.numFnameEvents ?? 0;
    message.approxSize = object.approxSize ?? 0;
    return message;
  },
};

function createBaseHubInfoResponse(): HubInfoResponse {
  return {
    version: "",
    isSyncing: false,
    nickname: "",
    rootHash: "",
    dbStats: undefined,
    peerId: "",
    hubOperatorFid: 0,
    numShards: 0,
    shardInfos: [],
    nextEngineVersionTimestamp: 0,
  };
}

export const HubInfoResponse = {
  encode(message: HubInfoResponse, writer: _m0.Writer = _m0.Writer.create()): _m0.Writer {
    if (message.version !== "") {
      writer.uint32(10).string(message.version);
    }
    if (message.isSyncing === true) {
      writer.uint32(16).bool(message.isSyncing);
    }
    if (message.nickname !== "") {
      writer.uint32(26).string(message.nickname);
    }
    if (message.rootHash !== "") {
      writer.uint32(34).string(message.rootHash);
    }
    if (message.dbStats !== undefined) {
      HubInfoDbStats.encode(message.dbStats, writer.uint32(42).fork()).ldelim();
    }
    if (message.peerId !== "") {
      writer.uint32(50).string(message.peerId);
    }
    if (message.hubOperatorFid !== 0) {
      writer.uint32(56).uint64(message.hubOperatorFid);
    }
    if (message.numShards !== 0) {
      writer.uint32(64).uint32(message.numShards);
    }
    for (const v of message.shardInfos) {
      ShardInfo.encode(v!, writer.uint32(74).fork()).ldelim();
    }
    if (message.nextEngineVersionTimestamp !== 0) {
      writer.uint32(80).uint64(message.nextEngineVersionTimestamp);
    }
    return writer;
  },

  decode(input: _m0.Reader | Uint8Array, length?: number): HubInfoResponse {
    const reader = input instanceof _m0.Reader ? input : _m0.Reader.create(input);
    let end = length === undefined ? reader.len : reader.pos + length;
    const message = createBaseHubInfoResponse();
    while (reader.pos < end) {
      const tag = reader.uint32();
      switch (tag >>> 3) {
        case 1:
          if (tag != 10) {
            break;
          }

          message.version = reader.string();
          continue;
        case 2:
          if (tag != 16) {
            break;
          }

          message.isSyncing = reader.bool();
          continue;
        case 3:
          if (tag != 26) {
            break;
          }

          message.nickname = reader.string();
          continue;
        case 4:
          if (tag != 34) {
            break;
          }

          message.rootHash = reader.string();
          continue;
        case 5:
          if (tag != 42) {
            break;
          }

          message.dbStats = HubInfoDbStats.decode(reader, reader.uint32());
          continue;
        case 6:
          if (tag != 50) {
            break;
          }

          message.peerId = reader.string();
          continue;
        case 7:
          if (tag != 56) {
            break;
          }

          message.hubOperatorFid = longToNumber(reader.uint64() as Long);
          continue;
        case 8:
          if (tag != 64) {
            break;
          }

          message.numShards = reader.uint32();
          continue;
        case 9:
          if (tag != 74) {
            break;
          }

          message.shardInfos.push(ShardInfo.decode(reader, reader.uint32()));
          continue;
        case 10:
          if (tag != 80) {
            break;
          }

          message.nextEngineVersionTimestamp = longToNumber(reader.uint64() as Long);
          continue;
      }
      if ((tag & 7) == 4 || tag == 0) {
        break;
      }
      reader.skipType(tag & 7);
    }
    return message;
  },

  fromJSON(object: any): HubInfoResponse {
    return {
      version: isSet(object.version) ? String(object.version) : "",
      isSyncing: isSet(object.isSyncing) ? Boolean(object.isSyncing) : false,
      nickname: isSet(object.nickname) ? String(object.nickname) : "",
      rootHash: isSet(object.rootHash) ? String(object.rootHash) : "",
      dbStats: isSet(object.dbStats) ? HubInfoDbStats.fromJSON(object.dbStats) : undefined,
      peerId: isSet(object.peerId) ? String(object.peerId) : "",
      hubOperatorFid: isSet(object.hubOperatorFid) ? Number(object.hubOperatorFid) : 0,
      numShards: isSet(object.numShards) ? Number(object.numShards) : 0,
      shardInfos: Array.isArray(object?.shardInfos) ? object.shardInfos.map((e: any) => ShardInfo.fromJSON(e)) : [],
      nextEngineVersionTimestamp: isSet(object.nextEngineVersionTimestamp)
        ? Number(object.nextEngineVersionTimestamp)
        : 0,
    };
  },

  toJSON(message: HubInfoResponse): unknown {
    const obj: any = {};
    message.version !== undefined && (obj.version = message.version);
    message.isSyncing !== undefined && (obj.isSyncing = message.isSyncing);
    message.nickname !== undefined && (obj.nickname = message.nickname);
    message.rootHash !== undefined && (obj.rootHash = message.rootHash);
    message.dbStats !== undefined &&
      (obj.dbStats = message.dbStats ? HubInfoDbStats.toJSON(message.dbStats) : undefined);
    message.peerId !== undefined && (obj.peerId = message.peerId);
    message.hubOperatorFid !== undefined && (obj.hubOperatorFid = Math.round(message.hubOperatorFid));
    message.numShards !== undefined && (obj.numShards = Math.round(message.numShards));
    if (message.shardInfos) {
      obj.shardInfos = message.shardInfos.map((e) => e ? ShardInfo.toJSON(e) : undefined);
    } else {
      obj.shardInfos = [];
    }
    message.nextEngineVersionTimestamp !== undefined &&
      (obj.nextEngineVersionTimestamp = Math.round(message.nextEngineVersionTimestamp));
    return obj;
  },

  create<I extends Exact<DeepPartial<HubInfoResponse>, I>>(base?: I): HubInfoResponse {
    return HubInfoResponse.fromPartial(base ?? {});
  },

  fromPartial<I extends Exact<DeepPartial<HubInfoResponse>, I>>(object: I): HubInfoResponse {
    const message = createBaseHubInfoResponse();
    message.version = object.version ?? "";
    message.isSyncing = object.isSyncing ?? false;
    message.nickname = object.nickname ?? "";
    message.rootHash = object.rootHash ?? "";
    message.dbStats = (object.dbStats !== undefined && object.dbStats !== null)
      ? HubInfoDbStats.fromPartial(object.dbStats)
      : undefined;
    message.peerId = object.peerId ?? "";
    message.hubOperatorFid = object.hubOperatorFid ?? 0;
    message.numShards = object.numShards ?? 0;
    message.shardInfos = object.shardInfos?.map((e) => ShardInfo.fromPartial(e)) || [];
    message.nextEngineVersionTimestamp = object.nextEngineVersionTimestamp ?? 0;
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
