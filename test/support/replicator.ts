/**
 * A replicator written only with @farcaster/hub-nodejs, as Shuttle-style tools are: it subscribes to a hub
 * from event 0 with Shuttle's event types, reconciles every fid with the GetAll*MessagesByFid reads (small
 * pages, to walk the page tokens), GetLinkCompactStateMessageByFid, GetOnChainEvents and
 * GetUserNameProofsByFid, and keeps the result in its own SQLite database. Test-only.
 */
import BetterSqlite3 from 'better-sqlite3';
import { getInsecureHubRpcClient, HubEventType, OnChainEventType } from '@farcaster/hub-nodejs';
import type {
  ClientReadableStream,
  FidTimestampRequest,
  HubEvent,
  HubResult,
  HubRpcClient,
  Message,
  MessagesResponse,
  OnChainEvent,
  UserNameProof,
} from '@farcaster/hub-nodejs';

const hexOf = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
/** Shuttle 0.3.3's subscription: on-chain events, merges, username proofs, prunes and revokes. */
const EVENT_TYPES = [
  HubEventType.MERGE_ON_CHAIN_EVENT,
  HubEventType.MERGE_MESSAGE,
  HubEventType.MERGE_USERNAME_PROOF,
  HubEventType.PRUNE_MESSAGE,
  HubEventType.REVOKE_MESSAGE,
];
const PAGE_SIZE = 3;

export interface Replica {
  /** Hashes (hex) of the messages the replica holds as live. */
  liveMessages(): string[];
  /** On-chain events as `type:txHash:logIndex`. */
  onChainEvents(): string[];
  /** Username proofs as `name:fid`. */
  usernameProofs(): string[];
  /** Every message the hub sent, from reads and events, for checks such as validateMessage. */
  readonly received: readonly Message[];
  /** The id of the last event applied from the stream. */
  readonly lastEventId: number;
  close(): void;
}

function unwrap<T>(what: string, result: HubResult<T>): T {
  if (result.isErr()) throw new Error(`${what} failed: ${result.error.message}`);
  return result.value;
}

async function allPages(
  what: string,
  read: (pageToken: Uint8Array | undefined) => Promise<HubResult<MessagesResponse>>,
): Promise<Message[]> {
  const messages: Message[] = [];
  let token: Uint8Array | undefined;
  do {
    const page = unwrap(what, await read(token));
    messages.push(...page.messages);
    token = page.nextPageToken;
  } while (token !== undefined && token.length > 0);
  return messages;
}

export async function startReplicator(address: string): Promise<Replica> {
  const client: HubRpcClient = getInsecureHubRpcClient(address);
  const db = new BetterSqlite3(':memory:');
  db.exec(`
    create table messages (hash text primary key, fid integer not null, live integer not null);
    create table onchain_events (key text primary key);
    create table username_proofs (name text primary key, fid integer not null);
  `);
  const upsert = db.prepare(
    'insert into messages (hash, fid, live) values (?, ?, ?) on conflict (hash) do update set live = excluded.live',
  );
  const received: Message[] = [];
  const keepMessage = (message: Message) => {
    received.push(message);
    upsert.run(hexOf(message.hash), message.data?.fid ?? 0, 1);
  };
  const dropMessage = (message: Message) => upsert.run(hexOf(message.hash), message.data?.fid ?? 0, 0);
  const keepEvent = (event: OnChainEvent) =>
    db
      .prepare('insert or ignore into onchain_events (key) values (?)')
      .run(`${event.type}:${hexOf(event.transactionHash)}:${event.logIndex}`);
  const keepProof = (proof: UserNameProof) =>
    db
      .prepare(
        'insert into username_proofs (name, fid) values (?, ?) on conflict (name) do update set fid = excluded.fid',
      )
      .run(Buffer.from(proof.name).toString('utf8'), proof.fid);
  const dropProof = (proof: UserNameProof) =>
    db.prepare('delete from username_proofs where name = ?').run(Buffer.from(proof.name).toString('utf8'));

  let lastEventId = -1;
  const apply = (event: HubEvent) => {
    lastEventId = event.id;
    switch (event.type) {
      case HubEventType.MERGE_MESSAGE:
        for (const deleted of event.mergeMessageBody?.deletedMessages ?? []) dropMessage(deleted);
        if (event.mergeMessageBody?.message) keepMessage(event.mergeMessageBody.message);
        break;
      case HubEventType.PRUNE_MESSAGE:
        if (event.pruneMessageBody?.message) dropMessage(event.pruneMessageBody.message);
        break;
      case HubEventType.REVOKE_MESSAGE:
        if (event.revokeMessageBody?.message) dropMessage(event.revokeMessageBody.message);
        break;
      case HubEventType.MERGE_ON_CHAIN_EVENT:
        if (event.mergeOnChainEventBody?.onChainEvent) keepEvent(event.mergeOnChainEventBody.onChainEvent);
        break;
      case HubEventType.MERGE_USERNAME_PROOF: {
        const body = event.mergeUsernameProofBody;
        if (body?.deletedUsernameProof) dropProof(body.deletedUsernameProof);
        if (body?.usernameProof) keepProof(body.usernameProof);
        break;
      }
    }
  };

  // Subscribe first, then reconcile: what changes meanwhile arrives on the stream, applied in order after.
  const stream: ClientReadableStream<HubEvent> = unwrap(
    'Subscribe',
    await client.subscribe({ eventTypes: EVENT_TYPES, fromId: 0 }),
  );
  const backlog: HubEvent[] = [];
  let reconciled = false;
  stream.on('data', (event: HubEvent) => (reconciled ? apply(event) : backlog.push(event)));
  stream.on('error', () => undefined);

  const fids: number[] = [];
  let token: Uint8Array | undefined;
  do {
    const page = unwrap(
      'GetFids',
      await client.getFids({ pageSize: PAGE_SIZE, pageToken: token, shardId: 0 }),
    );
    fids.push(...page.fids);
    token = page.nextPageToken;
  } while (token !== undefined && token.length > 0);

  for (const fid of fids) {
    const request = (pageToken: Uint8Array | undefined): FidTimestampRequest => ({
      fid,
      pageSize: PAGE_SIZE,
      pageToken,
    });
    const reads = [
      allPages('GetAllCastMessagesByFid', (t) => client.getAllCastMessagesByFid(request(t))),
      allPages('GetAllReactionMessagesByFid', (t) => client.getAllReactionMessagesByFid(request(t))),
      allPages('GetAllLinkMessagesByFid', (t) => client.getAllLinkMessagesByFid(request(t))),
      allPages('GetAllVerificationMessagesByFid', (t) => client.getAllVerificationMessagesByFid(request(t))),
      allPages('GetAllUserDataMessagesByFid', (t) => client.getAllUserDataMessagesByFid(request(t))),
      allPages('GetLinkCompactStateMessageByFid', (t) =>
        client.getLinkCompactStateMessageByFid({ fid, pageSize: PAGE_SIZE, pageToken: t }),
      ),
    ];
    for (const message of (await Promise.all(reads)).flat()) keepMessage(message);
    for (const eventType of [
      OnChainEventType.EVENT_TYPE_ID_REGISTER,
      OnChainEventType.EVENT_TYPE_SIGNER,
      OnChainEventType.EVENT_TYPE_STORAGE_RENT,
    ]) {
      for (const event of unwrap('GetOnChainEvents', await client.getOnChainEvents({ fid, eventType }))
        .events) {
        keepEvent(event);
      }
    }
    for (const proof of unwrap('GetUserNameProofsByFid', await client.getUserNameProofsByFid({ fid }))
      .proofs) {
      keepProof(proof);
    }
  }
  for (const event of backlog.splice(0)) apply(event);
  reconciled = true;

  const column = (sql: string) => (db.prepare(sql).pluck().all() as string[]).sort();
  return {
    liveMessages: () => column('select hash from messages where live = 1'),
    onChainEvents: () => column('select key from onchain_events'),
    usernameProofs: () => column(`select name || ':' || fid from username_proofs`),
    received,
    get lastEventId() {
      return lastEventId;
    },
    close() {
      stream.cancel();
      client.$.close();
      db.close();
    },
  };
}
