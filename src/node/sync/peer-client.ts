import { Client, credentials, Metadata } from '@grpc/grpc-js';
import type { ServiceError } from '@grpc/grpc-js';
import type { ContactInfoContentBody } from '../../protocol/gen/gossip.js';
import {
  ContactInfoResponse,
  TrieNodeMetadataResponse,
  TrieNodePrefix,
  SyncIds,
} from '../../protocol/gen/request_response.js';
import { splitMessageList } from '../../protocol/message.js';
import { MAX_SYNC_IDS_PER_CALL } from './sync-api.js';
import type { TrieNodeMetadata } from './merkle-trie.js';
import type { TrieReader } from './diff-walk.js';

/** A peer node as diff sync reads it: its trie, and the bytes of messages by their SyncIds. */
export interface SyncPeer extends TrieReader {
  /** `host:port` of its gRPC API. */
  readonly address: string;
  /** Each message's own bytes, as the peer sent them (at most MAX_SYNC_IDS_PER_CALL ids a call). */
  messages(ids: readonly Uint8Array[]): Promise<Uint8Array[]>;
  /** The peer's GetCurrentPeers: an Agora node lists itself first, then the peers it syncs with. */
  contacts(): Promise<ContactInfoContentBody[]>;
  close(): void;
}

export interface SyncPeerOptions {
  tls?: boolean;
  /** Each call's deadline; the reference's 15 s by default. */
  deadlineMs?: number;
  /** The largest answer taken; a peer sending more is cut off by the transport. */
  maxAnswerBytes?: number;
  /** This node's own gRPC address, sent with GetCurrentPeers so the peer can sync from it too. */
  announce?: string | undefined;
}

/** The metadata key carrying the caller's own gRPC address on GetCurrentPeers. */
export const ANNOUNCE_HEADER = 'x-agora-announce';

const DEADLINE_MS = 15_000;
/** 1,024 messages of up to a few KiB each, with room. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** A gRPC client of a peer's sync calls (the reference hub's, reference/sync.md §2.8). */
export function connectSyncPeer(address: string, options: SyncPeerOptions = {}): SyncPeer {
  const client = new Client(
    address,
    options.tls === true ? credentials.createSsl() : credentials.createInsecure(),
    {
      'grpc.max_receive_message_length': options.maxAnswerBytes ?? MAX_ANSWER_BYTES,
    },
  );
  const call = <Req, Res>(
    method: string,
    request: Req,
    encode: (value: Req) => Uint8Array,
    decode: (bytes: Buffer) => Res,
    metadata = new Metadata(),
  ): Promise<Res> =>
    new Promise((resolve, reject) => {
      client.makeUnaryRequest(
        `/HubService/${method}`,
        (value: Req) => Buffer.from(encode(value)),
        decode,
        request,
        metadata,
        { deadline: Date.now() + (options.deadlineMs ?? DEADLINE_MS) },
        (error: ServiceError | null, response?: Res) => {
          if (error !== null || response === undefined) reject(error ?? new Error(`${method}: no answer`));
          else resolve(response);
        },
      );
    });
  const prefixRequest = (prefix: Uint8Array) => TrieNodePrefix.encode({ prefix }).finish();

  return {
    address,
    async metadata(prefix) {
      const node = await call('GetSyncMetadataByPrefix', prefix, prefixRequest, (bytes) =>
        TrieNodeMetadataResponse.decode(bytes),
      );
      return metadataOf(prefix, node);
    },
    async syncIds(prefix) {
      const { syncIds } = await call('GetAllSyncIdsByPrefix', prefix, prefixRequest, (bytes) =>
        SyncIds.decode(bytes),
      );
      return syncIds;
    },
    async messages(ids) {
      const bytes = await call(
        'GetAllMessagesBySyncIds',
        ids,
        (syncIds) => SyncIds.encode({ syncIds: [...syncIds] }).finish(),
        (answer) => new Uint8Array(answer),
      );
      // One more entry than messages asked for: the page token.
      const split = splitMessageList(bytes, MAX_SYNC_IDS_PER_CALL + 1);
      if (!split.ok) throw new Error(`GetAllMessagesBySyncIds: ${split.error.message}`);
      return split.value;
    },
    async contacts() {
      const metadata = new Metadata();
      if (options.announce !== undefined) metadata.set(ANNOUNCE_HEADER, options.announce);
      const answer = await call(
        'GetCurrentPeers',
        undefined,
        () => new Uint8Array(0),
        (bytes) => ContactInfoResponse.decode(bytes),
        metadata,
      );
      return answer.contacts;
    },
    close: () => client.close(),
  };
}

/** The reference answers a prefix with no node with every field at its default. */
function metadataOf(asked: Uint8Array, node: TrieNodeMetadataResponse): TrieNodeMetadata | undefined {
  if (asked.length > 0 && node.prefix.length === 0) return undefined;
  const summary = (of: TrieNodeMetadataResponse) => ({
    prefix: of.prefix,
    items: of.numMessages,
    hash: of.hash,
  });
  return { ...summary(node), children: node.children.map(summary) };
}
