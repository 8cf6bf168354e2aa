// Generated from proto/gossip.proto by scripts/proto.mjs (buf + ts-proto 1.146.0). Do not edit.
/* eslint-disable */
import Long from "long";
import _m0 from "protobufjs/minimal.js";
import { FarcasterNetwork, farcasterNetworkFromJSON, farcasterNetworkToJSON } from "./message.js";

/** The reference hub's (Hubble's) gossip contact info, as its sync RPCs return it (GetCurrentPeers). */

export interface GossipAddressInfo {
  address: string;
  family: number;
  port: number;
  dnsName: string;
}

export interface ContactInfoContentBody {
  gossipAddress: GossipAddressInfo | undefined;
  rpcAddress:
    | GossipAddressInfo
    | undefined;
  /** sent empty */
  excludedHashes: string[];
  count: number;
  hubVersion: string;
  network: FarcasterNetwork;
  appVersion: string;
  /** unix ms */
  timestamp: number;
}

function createBaseGossipAddressInfo(): GossipAddressInfo {
  return { address: "", family: 0, port: 0, dnsName: "" };
}

export const GossipAddressInfo = {
  encode(message: GossipAddressInfo, writer: _m0.Writer = _m0.Writer.create()): _m0.Writer {
    if (message.address !== "") {
      writer.uint32(10).string(message.address);
    }
    if (message.family !== 0) {
      writer.uint32(16).uint32(message.family);
    }
    if (message.port !== 0) {
      writer.uint32(24).uint32(message.port);
    }
    if (message.dnsName !== "") {
      writer.uint32(34).string(message.dnsName);
    }
    return writer;
  },

  decode(input: _m0.Reader | Uint8Array, length?: number): GossipAddressInfo {
    const reader = input instanceof _m0.Reader ? input : _m0.Reader.create(input);
    let end = length === undefined ? reader.len : reader.pos + length;
    const message = createBaseGossipAddressInfo();
    while (reader.pos < end) {
      const tag = reader.uint32();
      switch (tag >>> 3) {
        case 1:
          if (tag != 10) {
            break;
          }

          message.address = reader.string();
          continue;
        case 2:
          if (tag != 16) {
            break;
          }

          message.family = reader.uint32();
          continue;
        case 3:
          if (tag != 24) {
            break;
          }

          message.port = reader.uint32();
          continue;
        case 4:
          if (tag != 34) {
            break;
          }

          message.dnsName = reader.string();
          continue;
      }
      if ((tag & 7) == 4 || tag == 0) {
        break;
      }
      reader.skipType(tag & 7);
    }
    return message;
  },

  fromJSON(object: any): GossipAddressInfo {
    return {
      address: isSet(object.address) ? String(object.address) : "",
      family: isSet(object.family) ? Number(object.family) : 0,
      port: isSet(object.port) ? Number(object.port) : 0,
      dnsName: isSet(object.dnsName) ? String(object.dnsName) : "",
    };
  },

  toJSON(message: GossipAddressInfo): unknown {
    const obj: any = {};
    message.address !== undefined && (obj.address = message.address);
    message.family !== undefined && (obj.family = Math.round(message.family));
    message.port !== undefined && (obj.port = Math.round(message.port));
    message.dnsName !== undefined && (obj.dnsName = message.dnsName);
    return obj;
  },

  create<I extends Exact<DeepPartial<GossipAddressInfo>, I>>(base?: I): GossipAddressInfo {
    return GossipAddressInfo.fromPartial(base ?? {});
  },

  fromPartial<I extends Exact<DeepPartial<GossipAddressInfo>, I>>(object: I): GossipAddressInfo {
    const message = createBaseGossipAddressInfo();
    message.address = object.address ?? "";
    message.family = object.family ?? 0;
    message.port = object.port ?? 0;
    message.dnsName = object.dnsName ?? "";
    return message;
  },
};

function createBaseContactInfoContentBody(): ContactInfoContentBody {
  return {
    gossipAddress: undefined,
    rpcAddress: undefined,
    excludedHashes: [],
    count: 0,
    hubVersion: "",
    network: 0,
    appVersion: "",
    timestamp: 0,
  };
}

export const ContactInfoContentBody = {
  encode(message: ContactInfoContentBody, writer: _m0.Writer = _m0.Writer.create()): _m0.Writer {
    if (message.gossipAddress !== undefined) {
      GossipAddressInfo.encode(message.gossipAddress, writer.uint32(10).fork()).ldelim();
    }
    if (message.rpcAddress !== undefined) {
      GossipAddressInfo.encode(message.rpcAddress, writer.uint32(18).fork()).ldelim();
    }
    for (const v of message.excludedHashes) {
      writer.uint32(26).string(v!);
    }
    if (message.count !== 0) {
      writer.uint32(32).uint32(message.count);
    }
    if (message.hubVersion !== "") {
      writer.uint32(42).string(message.hubVersion);
    }
    if (message.network !== 0) {
      writer.uint32(48).int32(message.network);
    }
    if (message.appVersion !== "") {
      writer.uint32(58).string(message.appVersion);
    }
    if (message.timestamp !== 0) {
      writer.uint32(64).uint64(message.timestamp);
    }
    return writer;
  },

  decode(input: _m0.Reader | Uint8Array, length?: number): ContactInfoContentBody {
    const reader = input instanceof _m0.Reader ? input : _m0.Reader.create(input);
    let end = length === undefined ? reader.len : reader.pos + length;
    const message = createBaseContactInfoContentBody();
    while (reader.pos < end) {
      const tag = reader.uint32();
      switch (tag >>> 3) {
        case 1:
          if (tag != 10) {
            break;
          }

          message.gossipAddress = GossipAddressInfo.decode(reader, reader.uint32());
          continue;
        case 2:
          if (tag != 18) {
            break;
          }

          message.rpcAddress = GossipAddressInfo.decode(reader, reader.uint32());
          continue;
        case 3:
          if (tag != 26) {
            break;
          }

          message.excludedHashes.push(reader.string());
          continue;
        case 4:
          if (tag != 32) {
            break;
          }

          message.count = reader.uint32();
          continue;
        case 5:
          if (tag != 42) {
            break;
          }

          message.hubVersion = reader.string();
          continue;
        case 6:
          if (tag != 48) {
            break;
          }

          message.network = reader.int32() as any;
          continue;
        case 7:
          if (tag != 58) {
            break;
          }

          message.appVersion = reader.string();
          continue;
        case 8:
          if (tag != 64) {
            break;
          }

          message.timestamp = longToNumber(reader.uint64() as Long);
          continue;
      }
      if ((tag & 7) == 4 || tag == 0) {
        break;
      }
      reader.skipType(tag & 7);
    }
    return message;
  },

  fromJSON(object: any): ContactInfoContentBody {
    return {
      gossipAddress: isSet(object.gossipAddress) ? GossipAddressInfo.fromJSON(object.gossipAddress) : undefined,
      rpcAddress: isSet(object.rpcAddress) ? GossipAddressInfo.fromJSON(object.rpcAddress) : undefined,
      excludedHashes: Array.isArray(object?.excludedHashes) ? object.excludedHashes.map((e: any) => String(e)) : [],
      count: isSet(object.count) ? Number(object.count) : 0,
      hubVersion: isSet(object.hubVersion) ? String(object.hubVersion) : "",
      network: isSet(object.network) ? farcasterNetworkFromJSON(object.network) : 0,
      appVersion: isSet(object.appVersion) ? String(object.appVersion) : "",
      timestamp: isSet(object.timestamp) ? Number(object.timestamp) : 0,
    };
  },

  toJSON(message: ContactInfoContentBody): unknown {
    const obj: any = {};
    message.gossipAddress !== undefined &&
      (obj.gossipAddress = message.gossipAddress ? GossipAddressInfo.toJSON(message.gossipAddress) : undefined);
    message.rpcAddress !== undefined &&
      (obj.rpcAddress = message.rpcAddress ? GossipAddressInfo.toJSON(message.rpcAddress) : undefined);
    if (message.excludedHashes) {
      obj.excludedHashes = message.excludedHashes.map((e) => e);
    } else {
      obj.excludedHashes = [];
    }
    message.count !== undefined && (obj.count = Math.round(message.count));
    message.hubVersion !== undefined && (obj.hubVersion = message.hubVersion);
    message.network !== undefined && (obj.network = farcasterNetworkToJSON(message.network));
    message.appVersion !== undefined && (obj.appVersion = message.appVersion);
    message.timestamp !== undefined && (obj.timestamp = Math.round(message.timestamp));
    return obj;
  },

  create<I extends Exact<DeepPartial<ContactInfoContentBody>, I>>(base?: I): ContactInfoContentBody {
    return ContactInfoContentBody.fromPartial(base ?? {});
  },

  fromPartial<I extends Exact<DeepPartial<ContactInfoContentBody>, I>>(object: I): ContactInfoContentBody {
    const message = createBaseContactInfoContentBody();
    message.gossipAddress = (object.gossipAddress !== undefined && object.gossipAddress !== null)
      ? GossipAddressInfo.fromPartial(object.gossipAddress)
      : undefined;
    message.rpcAddress = (object.rpcAddress !== undefined && object.rpcAddress !== null)
      ? GossipAddressInfo.fromPartial(object.rpcAddress)
      : undefined;
    message.excludedHashes = object.excludedHashes?.map((e) => e) || [];
    message.count = object.count ?? 0;
    message.hubVersion = object.hubVersion ?? "";
    message.network = object.network ?? 0;
    message.appVersion = object.appVersion ?? "";
    message.timestamp = object.timestamp ?? 0;
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
