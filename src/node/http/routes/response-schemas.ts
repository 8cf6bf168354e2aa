import { Type } from '@sinclair/typebox';
import type { TSchema } from '@sinclair/typebox';

/**
 * The node's 200 bodies for the OpenAPI document. They describe the reference's JSON (render.ts) and list
 * the fields every body has; bodies also carry the type's own fields (a message's body, an event's body),
 * so no object here is closed. They document only: `documented()` in route-schema.ts keeps serialisation
 * with JSON.stringify, as a response schema given to Fastify would drop every field it does not list.
 */

const HEX = (description: string) => Type.String({ pattern: '^0x[0-9a-fA-F]*$', description });
const BASE64 = (description: string) => Type.String({ description });
const PAGE_TOKEN = BASE64('Base64 token of the next page; absent or empty on the last page');

export const HubMessage = Type.Object(
  {
    data: Type.Object(
      {
        type: Type.String({ description: 'MessageType name, e.g. MESSAGE_TYPE_CAST_ADD' }),
        fid: Type.Integer(),
        timestamp: Type.Integer({ description: 'Farcaster time: seconds since 2021-01-01 UTC' }),
        network: Type.String({ description: 'FarcasterNetwork name, e.g. FARCASTER_NETWORK_MAINNET' }),
      },
      { description: 'MessageData with the one body its type calls for, e.g. castAddBody' },
    ),
    hash: HEX('BLAKE3 hash of dataBytes, 20 bytes'),
    hashScheme: Type.String(),
    signature: BASE64('Ed25519 signature of the hash, base64'),
    signatureScheme: Type.String(),
    signer: HEX('Ed25519 public key of the signer'),
    dataBytes: Type.Optional(BASE64('The signed MessageData bytes, base64')),
  },
  { description: 'A signed Message in the hub JSON of the reference' },
);

export const MessagesPage = Type.Object({
  messages: Type.Array(HubMessage),
  nextPageToken: PAGE_TOKEN,
});

export const OnChainEvent = Type.Object(
  {
    type: Type.String({ description: 'OnChainEventType name, e.g. EVENT_TYPE_SIGNER' }),
    chainId: Type.Integer(),
    blockNumber: Type.Integer(),
    blockHash: HEX('Block hash'),
    blockTimestamp: Type.Integer({ description: 'Unix seconds' }),
    transactionHash: HEX('Transaction hash'),
    logIndex: Type.Integer(),
    fid: Type.Integer(),
    txIndex: Type.Integer(),
    version: Type.Integer(),
  },
  { description: 'A contract event with the body of its type, e.g. signerEventBody' },
);

export const OnChainEventsPage = Type.Object({
  events: Type.Array(OnChainEvent),
  nextPageToken: Type.Optional(PAGE_TOKEN),
});

/** One event answered both ways (render.ts `oneOnChainEventJson`). */
const OneOnChainEvent = Type.Intersect([OnChainEvent, Type.Object({ events: Type.Array(OnChainEvent) })], {
  description: "The event's fields, and the same event as the one item of `events`",
});

export const HubEvent = Type.Object(
  {
    type: Type.String({ description: 'HubEventType name, e.g. HUB_EVENT_TYPE_MERGE_MESSAGE' }),
    id: Type.Integer(),
  },
  { description: 'An event of the log with the body of its type, e.g. mergeMessageBody' },
);

export const EventsPage = Type.Object({
  nextPageEventId: Type.Integer({ description: 'from_event_id of the next page' }),
  events: Type.Array(HubEvent),
});

export const UserNameProof = Type.Object({
  timestamp: Type.Integer({ description: 'Unix seconds' }),
  name: Type.String(),
  owner: HEX('The address the name belongs to'),
  signature: BASE64('Signature of the name registry or ENS owner, base64'),
  fid: Type.Integer(),
  type: Type.String({ description: 'USERNAME_TYPE_FNAME or USERNAME_TYPE_ENS_L1' }),
});

export const UserNameProofs = Type.Object({ proofs: Type.Array(UserNameProof) });

export const StorageLimits = Type.Object({
  limits: Type.Array(
    Type.Object({
      storeType: Type.String(),
      name: Type.String(),
      limit: Type.Integer(),
      used: Type.Integer(),
      earliestTimestamp: Type.Integer(),
      earliestHash: BASE64('Hash of the oldest message in the store, base64'),
    }),
  ),
  units: Type.Integer({ description: 'Net storage units: purchased − lent + borrowed' }),
  unitDetails: Type.Array(Type.Object({ unitType: Type.String(), unitSize: Type.Integer() })),
});

export const Fids = Type.Object({
  fids: Type.Array(Type.Integer()),
  nextPageToken: Type.Optional(PAGE_TOKEN),
});

export const Signer = Type.Object(
  {
    source: Type.String({ description: 'SIGNER_SOURCE_ONCHAIN or SIGNER_SOURCE_GASLESS' }),
    key: HEX('Ed25519 public key'),
    keyType: Type.Integer(),
    fid: Type.Integer(),
  },
  { description: 'An active key; times, scopes and the adding onChainEvent where the key has them' },
);

export const OneSigner = Type.Object({ signer: Signer });

export const Signers = Type.Object({
  signers: Type.Array(Signer),
  nextPageToken: Type.Optional(PAGE_TOKEN),
  gaslessSignerCount: Type.Integer(),
  gaslessSignerLimit: Type.Integer(),
  currentUserNonce: Type.Integer({ description: "The fid's next KEY_ADD nonce as a user" }),
  requesterFidNonces: Type.Optional(
    Type.Record(Type.String(), Type.Integer(), { description: 'By requester fid, when asked for' }),
  ),
});

export const FidAddressType = Type.Object({
  is_custody: Type.Boolean(),
  is_auth: Type.Boolean(),
  is_verified: Type.Boolean(),
});

export const Info = Type.Object({
  version: Type.String(),
  isSyncing: Type.Boolean(),
  nickname: Type.String(),
  rootHash: Type.String(),
  dbStats: Type.Optional(
    Type.Object({
      numMessages: Type.Integer(),
      numFidEvents: Type.Integer(),
      numFnameEvents: Type.Integer(),
      approxSize: Type.Integer({ description: 'Bytes' }),
    }),
  ),
  peerId: Type.String(),
  hubOperatorFid: Type.Integer(),
});

export const Validation = Type.Object({ valid: Type.Boolean(), message: HubMessage });

/** Routes that answer one item when given its key and a page of them otherwise. */
const oneOrPage = (one: TSchema, page: TSchema) => Type.Union([one, page]);

export const ONE_ON_CHAIN_EVENT_OR_PAGE = oneOrPage(OneOnChainEvent, OnChainEventsPage);
export const MESSAGE_OR_PAGE = oneOrPage(HubMessage, MessagesPage);

/** `/v1/events/stream`: Server-Sent Events, each `id: <event id>` and `data: <a HubEvent's JSON>`. */
export const EVENT_STREAM = {
  content: {
    'text/event-stream': {
      schema: Type.String({ description: 'Frames of `id: <event id>` and `data: <HubEvent JSON>`' }),
    },
  },
};
