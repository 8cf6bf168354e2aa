import { Server, ServerCredentials } from '@grpc/grpc-js';
import type { sendUnaryData, ServerUnaryCall, ServerWritableStream } from '@grpc/grpc-js';
import { EncodedResponse, HUB_SERVICE } from '../../src/node/grpc/hub-service.js';
import { contactBody, SYNC_PROTOCOL_VERSION } from '../../src/node/sync/contact-info.js';
import { COMPLETE_LISTING } from '../../src/node/sync/diff-walk.js';
import { MerkleTrie } from '../../src/node/sync/merkle-trie.js';
import type { TrieNodeSummary } from '../../src/node/sync/merkle-trie.js';
import { messageSyncId, TIMESTAMP_LENGTH } from '../../src/node/sync/sync-id.js';
import { hexOf } from '../../src/node/sync/trie-nodes.js';
import { FarcasterNetwork } from '../../src/protocol/gen/message.js';
import type { Message } from '../../src/protocol/gen/message.js';
import type { MessagesResponse, TrieNodePrefix, SyncIds } from '../../src/protocol/gen/request_response.js';
import type { ReceivedMessage } from '../../src/protocol/message.js';

/**
 * A test double of a peer node: it speaks the five calls a node syncs through (GetCurrentPeers, the three
 * diff-sync reads and Subscribe) from an in-memory trie of the messages it holds, honestly until `fault`
 * names what it gets wrong. The faults misuse one valid message, the bait, which no node may take from it:
 *
 * - `forged`: lists the bait and sends it with its signature altered.
 * - `outside-prefix`: describes every timestamp level as more than one listing, so a node lists second by
 *   second, and lists the bait's id under a second it is not under.
 * - `not-asked`: sends the bait with the messages asked for.
 * - `duplicate-id`: lists the bait, and its id twice.
 * - `cannot-back-up`: counts the bait in its trie's nodes but never lists it.
 * - `oversized`: answers GetAllMessagesBySyncIds with more than the 16 MiB a node takes.
 * - `silent`: never answers GetAllMessagesBySyncIds.
 * - `bad-events`: its event stream sends bytes that are no event.
 * - `other-network`, `other-version`: it says it runs another network or sync version.
 */

export type FakePeerFault =
  | 'forged'
  | 'outside-prefix'
  | 'not-asked'
  | 'duplicate-id'
  | 'cannot-back-up'
  | 'oversized'
  | 'silent'
  | 'bad-events'
  | 'other-network'
  | 'other-version';

export type FakePeerMethod =
  | 'GetCurrentPeers'
  | 'GetSyncMetadataByPrefix'
  | 'GetAllSyncIdsByPrefix'
  | 'GetAllMessagesBySyncIds'
  | 'Subscribe';

export interface FakePeerOptions {
  /** Valid messages it holds and serves. */
  messages: readonly ReceivedMessage[];
  /** A valid message the faults misuse; with no fault it is neither listed nor sent. */
  bait: ReceivedMessage;
  fault?: FakePeerFault | undefined;
  /** The network it says it runs (unless `other-network`); MAINNET by default. */
  network?: FarcasterNetwork;
}

export interface FakePeer {
  /** `host:port` of its gRPC API. */
  readonly address: string;
  /** What it gets wrong from the next call on; undefined: nothing. */
  fault: FakePeerFault | undefined;
  /** Calls received, by method. */
  readonly calls: Record<FakePeerMethod, number>;
  close(): void;
}

/** Over the largest answer a node takes (peer-client.ts). */
const OVERSIZED_BYTES = 16 * 1024 * 1024 + 1;
/** A field of wire type 7, which does not exist: no HubEvent decodes from it. */
const NOT_AN_EVENT = Uint8Array.of(0x0f);

const idOf = (received: ReceivedMessage): Uint8Array =>
  messageSyncId({ ...received.data, hash: received.message.hash })!;

function trieOf(messages: readonly ReceivedMessage[]): MerkleTrie {
  const trie = new MerkleTrie();
  for (const message of messages) trie.insert(idOf(message));
  return trie;
}

const nodeResponse = (node: TrieNodeSummary) => ({
  prefix: node.prefix,
  numMessages: node.items,
  hash: node.hash,
  children: [],
});

/** The faults whose trie holds the bait's id. */
const HOLDS_BAIT: ReadonlySet<FakePeerFault | undefined> = new Set([
  'forged',
  'duplicate-id',
  'cannot-back-up',
]);

export async function startFakePeer(options: FakePeerOptions): Promise<FakePeer> {
  const { bait } = options;
  const baitId = idOf(bait);
  const honest = trieOf(options.messages);
  const withBait = trieOf([...options.messages, bait]);
  const held = new Map([...options.messages, bait].map((received) => [hexOf(idOf(received)), received]));
  const forgedBait: Message = {
    ...bait.message,
    signature: bait.message.signature.map((byte, index) => (index === 0 ? byte ^ 0xff : byte)),
  };
  const network = options.network ?? FarcasterNetwork.MAINNET;
  const calls: Record<FakePeerMethod, number> = {
    GetCurrentPeers: 0,
    GetSyncMetadataByPrefix: 0,
    GetAllSyncIdsByPrefix: 0,
    GetAllMessagesBySyncIds: 0,
    Subscribe: 0,
  };

  const described = () => (HOLDS_BAIT.has(peer.fault) ? withBait : honest);
  const listed = () => (peer.fault === 'cannot-back-up' ? honest : described());

  const metadata = (prefix: Uint8Array) => {
    const node = described().metadata(prefix);
    if (node === undefined) return { prefix: new Uint8Array(0), numMessages: 0, hash: '', children: [] };
    const inflated = peer.fault === 'outside-prefix' && prefix.length < TIMESTAMP_LENGTH;
    return {
      ...nodeResponse(node),
      numMessages: inflated ? COMPLETE_LISTING + 1 : node.items,
      children: node.children.map(nodeResponse),
    };
  };

  const syncIds = (prefix: Uint8Array): Uint8Array[] => {
    const ids = listed().syncIds(prefix);
    if (peer.fault === 'duplicate-id') return [...ids, baitId];
    const outside = !hexOf(baitId).startsWith(hexOf(prefix));
    if (peer.fault === 'outside-prefix' && outside) return [...ids, baitId];
    return ids;
  };

  const messages = (asked: readonly Uint8Array[]): MessagesResponse => {
    const sent = asked.flatMap((id) => {
      const received = held.get(hexOf(id));
      if (received === undefined) return [];
      return received === bait && peer.fault === 'forged' ? [forgedBait] : [received.message];
    });
    if (peer.fault === 'not-asked') sent.push(bait.message);
    const nextPageToken = peer.fault === 'oversized' ? new Uint8Array(OVERSIZED_BYTES) : undefined;
    return { messages: sent, nextPageToken };
  };

  /** A unary call answered by `answer`, counted. */
  const unary =
    <Req, Res>(method: FakePeerMethod, answer: (request: Req) => Res) =>
    (call: ServerUnaryCall<Req, Res>, callback: sendUnaryData<Res>) => {
      calls[method] += 1;
      if (method === 'GetAllMessagesBySyncIds' && peer.fault === 'silent') return;
      callback(null, answer(call.request));
    };

  const server = new Server();
  server.addService(
    {
      GetCurrentPeers: HUB_SERVICE.GetCurrentPeers,
      GetSyncMetadataByPrefix: HUB_SERVICE.GetSyncMetadataByPrefix,
      GetAllSyncIdsByPrefix: HUB_SERVICE.GetAllSyncIdsByPrefix,
      GetAllMessagesBySyncIds: HUB_SERVICE.GetAllMessagesBySyncIds,
      Subscribe: HUB_SERVICE.Subscribe,
    },
    {
      GetCurrentPeers: unary('GetCurrentPeers', () => ({
        contacts: [
          contactBody({
            address: peer.address,
            network:
              peer.fault !== 'other-network'
                ? network
                : network === FarcasterNetwork.TESTNET
                  ? FarcasterNetwork.MAINNET
                  : FarcasterNetwork.TESTNET,
            hubVersion: peer.fault === 'other-version' ? 'agora-sync/2.0' : SYNC_PROTOCOL_VERSION,
            appVersion: 'fake-peer',
            items: described().items,
            at: Date.now(),
          }),
        ],
      })),
      GetSyncMetadataByPrefix: unary('GetSyncMetadataByPrefix', ({ prefix }: TrieNodePrefix) =>
        metadata(prefix),
      ),
      GetAllSyncIdsByPrefix: unary('GetAllSyncIdsByPrefix', ({ prefix }: TrieNodePrefix) => ({
        syncIds: syncIds(prefix),
      })),
      GetAllMessagesBySyncIds: unary('GetAllMessagesBySyncIds', ({ syncIds: asked }: SyncIds) =>
        messages(asked),
      ),
      // Honest, the stream stays open and quiet: the peer takes no new messages.
      Subscribe: (call: ServerWritableStream<unknown, EncodedResponse>) => {
        calls.Subscribe += 1;
        if (peer.fault === 'bad-events') call.write(new EncodedResponse(NOT_AN_EVENT));
      },
    },
  );
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, bound) =>
      error === null ? resolve(bound) : reject(error),
    ),
  );
  const peer: FakePeer = {
    address: `127.0.0.1:${port}`,
    fault: options.fault,
    calls,
    close: () => server.forceShutdown(),
  };
  return peer;
}
