import type { MethodDefinition } from '@grpc/grpc-js';
import { Empty } from '../../protocol/gen/admin_rpc.js';
import { Block } from '../../protocol/gen/blocks.js';
import { HubEvent } from '../../protocol/gen/hub_event.js';
import { HubInfoResponse } from '../../protocol/gen/hub_info.js';
import { CastId, Message } from '../../protocol/gen/message.js';
import { OnChainEvent } from '../../protocol/gen/onchain_event.js';
import * as rr from '../../protocol/gen/request_response.js';
import { UserNameProof } from '../../protocol/gen/username_proof.js';

/** A generated ts-proto codec. */
interface Codec<T> {
  encode(value: T): { finish(): Uint8Array };
  decode(bytes: Uint8Array): T;
}

/**
 * A request whose bytes did not decode (truncated, or a uint64 past 2^53). A gRPC server answers a throwing
 * decoder with INTERNAL and no errCode; the handlers answer this with `bad_request.parse_failure` instead.
 */
export class MalformedRequest {
  constructor(readonly reason: string) {}
}

export type Request<T> = T | MalformedRequest;

/** Hubble's cap on one SubmitBulkMessages call. */
export const MAX_BULK_MESSAGES = 256;
/** One submitted message, bounded as the HTTP API bounds a submit's body (a real one is under 2.5 KiB). */
export const MAX_MESSAGE_BYTES = 64 * 1024;
/** A bulk call: its messages, each behind a field tag (1 byte) and a length (at most 3 bytes at this size). */
const MAX_BULK_REQUEST_BYTES = MAX_BULK_MESSAGES * (MAX_MESSAGE_BYTES + 4);
/** Any other request: ids, flags, a page token, a URL or a name, a few hundred bytes at most. */
const MAX_READ_REQUEST_BYTES = 4 * 1024;
/**
 * GetAllMessagesBySyncIds: the 1024 ids a call may ask for take about 39 KiB (36 bytes each, behind a tag
 * and a length); the room above that lets a call of too many ids reach the handler, which refuses it by
 * its count as the reference does.
 */
const MAX_SYNC_IDS_REQUEST_BYTES = 64 * 1024;
/** The largest method's bound: no request of any method is read past it. */
export const MAX_REQUEST_BYTES = MAX_BULK_REQUEST_BYTES;

/**
 * A response already encoded: sent as its bytes. Every method may answer with one; the message reads
 * always do, their responses made of the stored bytes (engine/message-rows.ts `encodedMessage`), as do
 * kept answers (grpc/kept-reads.ts) and streamed events (their bytes in the log).
 */
export class EncodedResponse {
  readonly bytes: Buffer;
  constructor(bytes: Uint8Array) {
    this.bytes = asBuffer(bytes);
  }
}

/**
 * A submit's request as its bytes: the handlers (grpc/submit.ts) decode them only once the caller is
 * admitted, so a caller the per-IP limit or the credentials refuse costs no decoding.
 */
const undecoded: Codec<Uint8Array> = {
  encode: (bytes) => ({ finish: () => bytes }),
  decode: (bytes) => bytes,
};

/** The same bytes as a Buffer (what a gRPC server writes), without a copy. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function method<Req, Res>(
  name: string,
  request: Codec<Req>,
  response: Codec<Res>,
  { stream = false, maxBytes = MAX_READ_REQUEST_BYTES } = {},
): MethodDefinition<Request<Req>, Res | EncodedResponse> & { maxRequestBytes: number } {
  return {
    path: `/HubService/${name}`,
    // The server refuses a request over it from its length prefix, unread (rpc-server.ts).
    maxRequestBytes: maxBytes,
    requestStream: false,
    responseStream: stream,
    requestSerialize: (value) => {
      if (value instanceof MalformedRequest) throw new TypeError('cannot send a malformed request');
      return Buffer.from(request.encode(value).finish());
    },
    requestDeserialize(bytes) {
      try {
        return request.decode(bytes);
      } catch (error) {
        return new MalformedRequest(error instanceof Error ? error.message : String(error));
      }
    },
    responseSerialize: (value) =>
      value instanceof EncodedResponse ? value.bytes : asBuffer(response.encode(value).finish()),
    responseDeserialize: (bytes) => response.decode(bytes),
  };
}

/**
 * HubService as proto/rpc.proto declares it: the 45 methods of @farcaster/hub-nodejs 0.17, then the
 * reference hub's (Hubble's) 8 sync methods that hub-nodejs 0.11 calls, at `/HubService/<Method>` (the
 * protos have no package line). GetInfo answers with HubInfoResponse (proto/hub_info.proto), a superset
 * of GetInfoResponse that hub-nodejs 0.11 reads too.
 */
export const HUB_SERVICE = {
  SubmitMessage: method('SubmitMessage', undecoded, Message, { maxBytes: MAX_MESSAGE_BYTES }),
  SubmitBulkMessages: method('SubmitBulkMessages', undecoded, rr.SubmitBulkMessagesResponse, {
    maxBytes: MAX_BULK_REQUEST_BYTES,
  }),
  ValidateMessage: method('ValidateMessage', undecoded, rr.ValidationResponse, {
    maxBytes: MAX_MESSAGE_BYTES,
  }),

  GetBlocks: method('GetBlocks', rr.BlocksRequest, Block, { stream: true }),
  GetShardChunks: method('GetShardChunks', rr.ShardChunksRequest, rr.ShardChunksResponse),
  GetInfo: method('GetInfo', rr.GetInfoRequest, HubInfoResponse),
  GetFids: method('GetFids', rr.FidsRequest, rr.FidsResponse),
  GetConnectedPeers: method('GetConnectedPeers', rr.GetConnectedPeersRequest, rr.GetConnectedPeersResponse),

  Subscribe: method('Subscribe', rr.SubscribeRequest, HubEvent, { stream: true }),
  GetEvent: method('GetEvent', rr.EventRequest, HubEvent),
  GetEvents: method('GetEvents', rr.EventsRequest, rr.EventsResponse),

  GetCast: method('GetCast', CastId, Message),
  GetCastsByFid: method('GetCastsByFid', rr.FidRequest, rr.MessagesResponse),
  GetCastsByParent: method('GetCastsByParent', rr.CastsByParentRequest, rr.MessagesResponse),
  GetCastsByMention: method('GetCastsByMention', rr.FidRequest, rr.MessagesResponse),

  GetReaction: method('GetReaction', rr.ReactionRequest, Message),
  GetReactionsByFid: method('GetReactionsByFid', rr.ReactionsByFidRequest, rr.MessagesResponse),
  GetReactionsByCast: method('GetReactionsByCast', rr.ReactionsByTargetRequest, rr.MessagesResponse),
  GetReactionsByTarget: method('GetReactionsByTarget', rr.ReactionsByTargetRequest, rr.MessagesResponse),

  GetUserData: method('GetUserData', rr.UserDataRequest, Message),
  GetUserDataByFid: method('GetUserDataByFid', rr.FidRequest, rr.MessagesResponse),
  GetUsernameProof: method('GetUsernameProof', rr.UsernameProofRequest, UserNameProof),
  GetUserNameProofsByFid: method('GetUserNameProofsByFid', rr.FidRequest, rr.UsernameProofsResponse),

  GetVerification: method('GetVerification', rr.VerificationRequest, Message),
  GetVerificationsByFid: method('GetVerificationsByFid', rr.FidRequest, rr.MessagesResponse),

  GetOnChainSigner: method('GetOnChainSigner', rr.SignerRequest, OnChainEvent),
  GetOnChainSignersByFid: method('GetOnChainSignersByFid', rr.FidRequest, rr.OnChainEventResponse),
  GetSigner: method('GetSigner', rr.SignerRequest, rr.SignerResponse),
  GetSignersByFid: method('GetSignersByFid', rr.SignersByFidRequest, rr.SignersByFidResponse),
  GetOnChainEvents: method('GetOnChainEvents', rr.OnChainEventRequest, rr.OnChainEventResponse),
  GetIdRegistryOnChainEvent: method('GetIdRegistryOnChainEvent', rr.FidRequest, OnChainEvent),
  GetIdRegistryOnChainEventByAddress: method(
    'GetIdRegistryOnChainEventByAddress',
    rr.IdRegistryEventByAddressRequest,
    OnChainEvent,
  ),
  GetCurrentStorageLimitsByFid: method(
    'GetCurrentStorageLimitsByFid',
    rr.FidRequest,
    rr.StorageLimitsResponse,
  ),
  GetFidAddressType: method('GetFidAddressType', rr.FidAddressTypeRequest, rr.FidAddressTypeResponse),

  GetLink: method('GetLink', rr.LinkRequest, Message),
  GetLinksByFid: method('GetLinksByFid', rr.LinksByFidRequest, rr.MessagesResponse),
  GetLinksByTarget: method('GetLinksByTarget', rr.LinksByTargetRequest, rr.MessagesResponse),
  GetLinkCompactStateMessageByFid: method(
    'GetLinkCompactStateMessageByFid',
    rr.FidRequest,
    rr.MessagesResponse,
  ),

  GetAllCastMessagesByFid: method('GetAllCastMessagesByFid', rr.FidTimestampRequest, rr.MessagesResponse),
  GetAllReactionMessagesByFid: method(
    'GetAllReactionMessagesByFid',
    rr.FidTimestampRequest,
    rr.MessagesResponse,
  ),
  GetAllVerificationMessagesByFid: method(
    'GetAllVerificationMessagesByFid',
    rr.FidTimestampRequest,
    rr.MessagesResponse,
  ),
  GetAllUserDataMessagesByFid: method(
    'GetAllUserDataMessagesByFid',
    rr.FidTimestampRequest,
    rr.MessagesResponse,
  ),
  GetAllLinkMessagesByFid: method('GetAllLinkMessagesByFid', rr.FidTimestampRequest, rr.MessagesResponse),
  GetAllLendStorageMessagesByFid: method(
    'GetAllLendStorageMessagesByFid',
    rr.FidTimestampRequest,
    rr.MessagesResponse,
  ),

  GetTrieMetadataByPrefix: method(
    'GetTrieMetadataByPrefix',
    rr.TrieNodeMetadataRequest,
    rr.TrieNodeMetadataResponse,
  ),

  GetSyncStatus: method('GetSyncStatus', rr.SyncStatusRequest, rr.SyncStatusResponse),
  GetAllSyncIdsByPrefix: method('GetAllSyncIdsByPrefix', rr.TrieNodePrefix, rr.SyncIds),
  GetAllMessagesBySyncIds: method('GetAllMessagesBySyncIds', rr.SyncIds, rr.MessagesResponse, {
    maxBytes: MAX_SYNC_IDS_REQUEST_BYTES,
  }),
  GetSyncMetadataByPrefix: method('GetSyncMetadataByPrefix', rr.TrieNodePrefix, rr.TrieNodeMetadataResponse),
  GetSyncSnapshotByPrefix: method('GetSyncSnapshotByPrefix', rr.TrieNodePrefix, rr.TrieNodeSnapshotResponse),
  GetCurrentPeers: method('GetCurrentPeers', Empty, rr.ContactInfoResponse),
  StopSync: method('StopSync', Empty, rr.SyncStatusResponse),
  ForceSync: method('ForceSync', rr.SyncStatusRequest, rr.SyncStatusResponse),
};

export type HubServiceMethod = keyof typeof HUB_SERVICE;
