import { Type, type Static, type TObject } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { answerCacheOptions } from './answer-cache-options.js';
import { connectionOptions } from './connection-options.js';
import { metricsOptions } from './metrics-options.js';
import { namesLimitOptions } from './names-limits.js';
import {
  flag,
  hexKey,
  httpUrl,
  integer,
  list,
  logFormat,
  logLevel,
  oneOf,
  port,
  postgresUrl,
  text,
} from './option.js';
import { socialLimitOptions } from './social-limits.js';

const DAY = 86_400;

const storageOptions = {
  dataDir: text({
    description: 'Directory for SQLite files and local state',
    default: '.agora',
    placeholder: '<dir>',
  }),
  databaseUrl: Type.Optional(
    postgresUrl({
      description: 'PostgreSQL URL; SQLite files under --data-dir when absent',
      env: ['DATABASE_URL', 'AGORA_DATABASE_URL'],
    }),
  ),
  sqliteSynchronous: oneOf(['full', 'normal'] as const, {
    description:
      'SQLite only: full answers a write once it is synced to disk (off the event loop, one sync for the writes waiting together), so it survives a power loss; normal does not wait, and an OS crash or power loss can lose the last writes',
    default: 'full',
  }),
};

/** Which network's messages a node accepts (FarcasterNetwork in every message it checks). */
const network = (byDefault: 'mainnet' | 'devnet') =>
  oneOf(['mainnet', 'testnet', 'devnet'] as const, {
    description: 'Network whose messages the node accepts',
    default: byDefault,
  });

function serviceOptions(service: 'node' | 'names' | 'social', defaultPort: number) {
  const prefix = `AGORA_${service.toUpperCase()}`;
  return {
    ...storageOptions,
    // No default: a production service refuses to open SQLite files wherever it happens to be started.
    dataDir: Type.Optional(
      text({
        description: "Directory of the service's SQLite file; required without --database-url",
        placeholder: '<dir>',
      }),
    ),
    host: text({ description: 'Interface to listen on', default: '0.0.0.0', placeholder: '<host>' }),
    port: port({ description: 'HTTP port', default: defaultPort, env: [`${prefix}_PORT`] }),
    corsOrigin: text({
      description: "Allowed CORS origin: '*' for any, or a comma-separated list",
      default: '*',
      placeholder: '<origin>',
    }),
    logLevel: logLevel(),
    logFormat: logFormat('pretty on a terminal, json otherwise'),
    chainRpcUrl: Type.Optional(
      httpUrl({ description: 'JSON-RPC URL of the chain (OP mainnet or devnet)', printOriginOnly: true }),
    ),
    ...connectionOptions,
    ...metricsOptions(prefix),
    ...answerCacheOptions(service, prefix),
  };
}

export const NodeOptions = Type.Object({
  ...serviceOptions('node', 2281),
  network: network('mainnet'),
  chainConfirmations: integer(0, 64, {
    description: 'Blocks an on-chain event must wait before it is applied',
    default: 2,
  }),
  namesUrl: Type.Optional(
    httpUrl({
      description: 'Name registry to follow for fname proofs (user:password@ is sent as basic auth)',
    }),
  ),
  rpcAuth: Type.Optional(
    list(Type.String({ pattern: '^[^:,]+:[^,]+$' }), {
      description:
        'Basic auth credentials required on submitMessage, and by StopSync/ForceSync (refused without them)',
      env: ['AGORA_RPC_AUTH', 'RPC_AUTH'],
      placeholder: '<user:pass,...>',
      expected: 'a comma-separated list of user:password pairs',
      secret: true,
    }),
  ),
  submitRateLimit: integer(0, 1_000_000_000, {
    description: 'Submits and validations (HTTP and gRPC) per IP per minute (0 disables the limit)',
    default: 20_000,
  }),
  keyAddsPerHour: integer(0, 1_000_000, {
    description: 'Gasless keys (KEY_ADD messages) one fid may add or update per rolling hour (0: no limit)',
    default: 60,
  }),
  grpcPort: port({ description: 'gRPC (HubService) port; 0 turns the gRPC API off', default: 2283 }),
  grpcTlsCert: Type.Optional(
    text({
      description: 'PEM certificate chain for gRPC over TLS (with --grpc-tls-key)',
      placeholder: '<file>',
    }),
  ),
  grpcTlsKey: Type.Optional(
    text({ description: 'PEM private key for gRPC over TLS (with --grpc-tls-cert)', placeholder: '<file>' }),
  ),
  grpcMaxConnections: integer(1, 1_000_000, {
    description: 'Open gRPC connections the node accepts at once; further ones are closed at once',
    default: 4096,
  }),
  grpcHandshakeTimeout: integer(1, 3600, {
    description:
      'Seconds a gRPC client has to finish the TLS handshake (with TLS) and send the HTTP/2 preface before it is cut off',
    default: 10,
  }),
  grpcIdleTimeout: integer(1, 86_400, {
    description:
      'Seconds a gRPC connection may stay open with no call in progress (an open Subscribe stream is a call)',
    default: 120,
  }),
  grpcMaxStreams: integer(1, 10_000, {
    description: 'Concurrent gRPC calls (HTTP/2 streams) on one connection, advertised to the client',
    default: 100,
  }),
  subscribePerIpLimit: integer(0, 100_000, {
    description: 'Concurrent event streams (gRPC Subscribe and HTTP) per IP (0 disables the limit)',
    default: 4,
  }),
  eventRetentionHours: integer(1, 24 * 365, {
    description: 'How long the event log keeps events',
    default: 72,
  }),
  peer: Type.Optional(
    list(Type.String({ pattern: '^[^\\s,/]+:[0-9]{1,5}$' }), {
      description: "Other nodes' gRPC addresses to diff-sync from, each every --sync-interval",
      env: ['AGORA_PEERS'],
      placeholder: '<host:port,...>',
      expected: 'a comma-separated list of host:port',
    }),
  ),
  peerTls: flag({ description: 'Reach the peers over TLS' }),
  syncInterval: integer(1, 86_400, {
    description:
      'Seconds between diff syncs from each peer (their event streams carry new messages in between)',
    default: 60,
  }),
  maxPeers: integer(1, 1000, {
    description: 'Peers the node syncs from at most: configured ones, then those learned from peers',
    default: 16,
  }),
  peerAllow: Type.Optional(
    list(Type.String({ pattern: '^[^\\s,/]+$' }), {
      description: 'Sync only with these hosts or host:port addresses (default: any not denied)',
      placeholder: '<host[:port],...>',
      expected: 'a comma-separated list of host or host:port',
    }),
  ),
  peerDeny: Type.Optional(
    list(Type.String({ pattern: '^[^\\s,/]+$' }), {
      description: 'Never sync with these hosts or host:port addresses, configured or learned',
      placeholder: '<host[:port],...>',
      expected: 'a comma-separated list of host or host:port',
    }),
  ),
  announceAddress: Type.Optional(
    text({
      pattern: '^[^\\s,/]+:[0-9]{1,5}$',
      placeholder: '<host:port>',
      expected: 'host:port',
      description:
        "host:port at which other nodes reach this one's gRPC API, told to peers so they sync from it too (default: --host and --grpc-port, unless --host is a wildcard)",
    }),
  ),
});

export const NamesOptions = Type.Object({
  ...serviceOptions('names', 3001),
  chainRpcUrl: Type.Optional(
    httpUrl({
      description: 'JSON-RPC URL of the chain whose IdRegistry holds the custody addresses; required',
      printOriginOnly: true,
    }),
  ),
  signerKey: Type.Optional(
    hexKey({
      description: 'Private key that signs accepted transfers; required',
      env: ['AGORA_NAMES_SIGNER_KEY'],
    }),
  ),
  previousSignerAddress: Type.Optional(
    text({
      description: "During a key rotation: the old signer key's address, announced on /signer for nodes",
      pattern: '^0x[0-9a-fA-F]{40}$',
      expected: 'a 0x-prefixed 20-byte hex address',
      placeholder: '<0x...>',
      env: ['AGORA_NAMES_PREVIOUS_SIGNER_ADDRESS'],
    }),
  ),
  previousSignerUntil: Type.Optional(
    integer(0, Number.MAX_SAFE_INTEGER, {
      description: 'Unix seconds after which /signer stops announcing --previous-signer-address',
      env: ['AGORA_NAMES_PREVIOUS_SIGNER_UNTIL'],
    }),
  ),
  cooldownSeconds: integer(0, 365 * DAY, {
    description: 'Time a name must wait between transfers',
    default: 28 * DAY,
    env: ['AGORA_NAMES_COOLDOWN_SECONDS'],
  }),
  reservedNames: list(Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,15}$' }), {
    description: 'Names only admin fids may register',
    default: [],
    env: ['AGORA_NAMES_RESERVED'],
    expected: 'a comma-separated list of names',
  }),
  adminFids: list(Type.Integer({ minimum: 1 }), {
    description: 'Fids allowed to register reserved names and move any name',
    default: [],
    env: ['AGORA_NAMES_ADMIN_FIDS'],
    expected: 'a comma-separated list of positive integers',
  }),
  ...namesLimitOptions,
});

export const SocialOptions = Type.Object({
  ...serviceOptions('social', 3000),
  nodeUrl: httpUrl({
    description: 'Node (hub) HTTP API to index (user:password@ is sent as basic auth)',
    default: 'http://127.0.0.1:2281',
  }),
  adminToken: Type.Optional(
    text({
      description: 'Bearer token for the /admin/ API',
      minLength: 16,
      expected: 'a token of at least 16 characters',
      placeholder: '<token>',
      secret: true,
    }),
  ),
  tokenMaxLifetime: integer(1, 30 * DAY, {
    description: 'Longest app-key token lifetime accepted, in seconds',
    default: 3600,
    env: ['AGORA_SOCIAL_TOKEN_MAX_LIFETIME'],
  }),
  relayerKey: Type.Optional(
    hexKey({
      description:
        'Private key of the funded account that relays approved signed key requests (KeyGateway.addFor)',
      env: ['AGORA_SOCIAL_RELAYER_KEY'],
    }),
  ),
  ...socialLimitOptions,
});

export const DevOptions = Type.Object({
  dataDir: storageOptions.dataDir,
  fresh: flag({ description: 'Delete the data directory before starting' }),
  seed: flag({ description: 'Fill a new devnet with a small world of accounts, channels and casts (once)' }),
  host: text({
    description: 'Interface every service listens on',
    default: '127.0.0.1',
    placeholder: '<host>',
  }),
  chainPort: port({ description: 'Devnet chain (anvil) JSON-RPC port', default: 8545 }),
  nodePort: port({ description: 'Node HTTP port', default: 2281 }),
  nodeGrpcPort: port({ description: 'Node gRPC port', default: 2283 }),
  namesPort: port({ description: 'Name registry HTTP port', default: 3001 }),
  socialPort: port({ description: 'Social API HTTP port', default: 3000 }),
  nodes: integer(1, 16, {
    description:
      'Nodes to run, each on its own SQLite file and each a peer of the others; node k listens on --node-port and --node-grpc-port plus 10*(k-1)',
    default: 1,
  }),
  network: network('devnet'),
  logLevel: logLevel(),
  logFormat: logFormat('pretty'),
});

export const ChainOptions = Type.Object({
  dataDir: storageOptions.dataDir,
  fresh: flag({ description: 'Delete the data directory (the chain state) before starting' }),
  host: text({ description: 'Interface anvil listens on', default: '127.0.0.1', placeholder: '<host>' }),
  port: port({ description: 'JSON-RPC port', default: 8545 }),
  logLevel: logLevel(),
  logFormat: logFormat('pretty'),
});

export const MigrateOptions = Type.Object({
  ...storageOptions,
  service: oneOf(['node', 'names', 'social', 'all'] as const, {
    description: 'Which service to migrate',
    default: 'all',
  }),
  status: flag({ description: 'List the pending migrations without applying them' }),
  logLevel: logLevel(),
});

export const ResyncFnamesOptions = Type.Object({
  ...storageOptions,
  namesUrl: httpUrl({
    description: "Name registry to take the node's fname proofs from (the node's --names-url)",
  }),
  dryRun: flag({ description: 'Print what would change without changing anything' }),
});

export const SyncTrieOptions = Type.Object({ ...storageOptions });

export const SmokeOptions = Type.Object({
  devnet: text({
    description:
      "devnet.json of the dev chain the deployment runs on (agora chain's or agora dev's): its funded accounts pay for the test account",
    placeholder: '<file>',
  }),
  network: network('devnet'),
  nodeUrl: httpUrl({
    description: 'A node process to submit to and read from',
    default: 'http://127.0.0.1:2281',
  }),
  namesUrl: httpUrl({ description: 'The name registry', default: 'http://127.0.0.1:3001' }),
  socialUrl: httpUrl({ description: 'The social API', default: 'http://127.0.0.1:3000' }),
  timeoutSeconds: integer(1, 3600, {
    description: 'How long each step may wait for the services to follow each other',
    default: 60,
  }),
});

/** The flags of one `agora admin` call read AGORA_ADMIN_<FLAG> when absent. */
const adminEnv = (flag: string) => [`AGORA_ADMIN_${flag}`];

export const AdminOptions = Type.Object({
  socialUrl: httpUrl({
    description: 'Social API whose /admin/ endpoints to call',
    default: 'http://127.0.0.1:3000',
    env: ['AGORA_SOCIAL_URL'],
  }),
  adminToken: Type.Optional(
    text({
      description: "The social service's admin token (its --admin-token)",
      placeholder: '<token>',
      secret: true,
    }),
  ),
  fid: Type.Optional(integer(1, Number.MAX_SAFE_INTEGER, { description: 'Fid', env: adminEnv('FID') })),
  platform: Type.Optional(
    oneOf(['x', 'github', 'discord'] as const, {
      description: 'Platform of an account verification',
      env: adminEnv('PLATFORM'),
    }),
  ),
  platformId: Type.Optional(
    text({
      description: "The platform's id of the verified account",
      placeholder: '<id>',
      env: adminEnv('PLATFORM_ID'),
    }),
  ),
  platformUsername: Type.Optional(
    text({
      description: 'Username of the verified account',
      placeholder: '<name>',
      env: adminEnv('PLATFORM_USERNAME'),
    }),
  ),
  kind: Type.Optional(
    oneOf(['creator', 'developer'] as const, {
      description: 'Which rewards to publish',
      env: adminEnv('KIND'),
    }),
  ),
  file: Type.Optional(
    text({
      description: 'JSON file: the winners (rewards publish) or the action (action add, action edit)',
      placeholder: '<path>',
      env: adminEnv('FILE'),
    }),
  ),
  id: Type.Optional(
    text({ description: 'Starter pack or action id', placeholder: '<id>', env: adminEnv('ID') }),
  ),
  name: Type.Optional(
    text({ description: 'Starter pack name', placeholder: '<name>', env: adminEnv('NAME') }),
  ),
  description: Type.Optional(
    text({ description: 'Starter pack description', placeholder: '<text>', env: adminEnv('DESCRIPTION') }),
  ),
  totalUsers: Type.Optional(
    integer(0, Number.MAX_SAFE_INTEGER, {
      description: 'Total users of an action',
      env: adminEnv('TOTAL_USERS'),
    }),
  ),
  featuredRank: Type.Optional(
    integer(0, 1_000_000, {
      description: 'Featured rank of a composer action; 0 takes it off the list',
      env: adminEnv('FEATURED_RANK'),
    }),
  ),
});

export type NodeConfig = Static<typeof NodeOptions>;
export type NamesConfig = Static<typeof NamesOptions>;
export type SocialConfig = Static<typeof SocialOptions>;
export type DevConfig = Static<typeof DevOptions>;
export type MigrateConfig = Static<typeof MigrateOptions>;
export type ChainConfig = Static<typeof ChainOptions>;
export type AdminConfig = Static<typeof AdminOptions>;
export type ResyncFnamesConfig = Static<typeof ResyncFnamesOptions>;
export type SmokeConfig = Static<typeof SmokeOptions>;
export type SyncTrieConfig = Static<typeof SyncTrieOptions>;

export interface CommandSpec {
  readonly summary: string;
  readonly options: TObject;
}

export const COMMANDS = {
  dev: {
    summary: 'Run the whole system locally: devnet chain, node, name registry, social API',
    options: DevOptions,
  },
  node: {
    summary: 'Run the node (hub): message validation and storage, chain events, event log',
    options: NodeOptions,
  },
  names: { summary: 'Run the name registry (fnames)', options: NamesOptions },
  chain: {
    summary: 'Run the dev chain alone (anvil with the registry contracts), e.g. to stage a deployment',
    options: ChainOptions,
  },
  social: { summary: 'Run the social API', options: SocialOptions },
  migrate: { summary: 'Apply pending database migrations for one or all services', options: MigrateOptions },
  'resync-fnames': {
    summary: "Rebuild a stopped node's fname proofs from the name registry (after a registry restore)",
    options: ResyncFnamesOptions,
  },
  'sync-trie': {
    summary:
      "Check the node's sync trie against its stores, or rebuild it from them, also while the node runs: agora sync-trie <verify|rebuild>; verify exits 0 when they match, 3 when the item counts differ, 4 when only the root hashes do",
    options: SyncTrieOptions,
  },
  smoke: {
    summary:
      'Check a running deployment on a dev chain end to end: an account, a cast, a name, a reply indexed',
    options: SmokeOptions,
  },
  admin: {
    summary:
      'Change operator data through a running social API: agora admin <verification|rewards|starter-pack|action> <verb>',
    options: AdminOptions,
  },
} as const satisfies Record<string, CommandSpec>;

export type CommandName = keyof typeof COMMANDS;

/** A command's configuration as code builds it: the schema's defaults, then `values`; no flags or environment. */
export function configOf<S extends TObject>(schema: S, values: Partial<Static<S>>): Static<S> {
  return { ...(Value.Default(schema, {}) as Static<S>), ...values };
}
