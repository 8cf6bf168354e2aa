/**
 * What every load module shares: the deployment's addresses, the accounts, the seeded random choices, the
 * write budgets, and the one way to make a request, which records its outcome. Every request is meant to
 * succeed, so any answer the caller did not name as expected is an unexpected answer: a finding.
 */
import { getInsecureHubRpcClient, type HubRpcClient } from '@farcaster/hub-nodejs';
import type { Break } from './breaks.js';
import { Budgets, type Limit } from './budgets.js';
import type { Answer, Client, RequestOptions } from './http.js';
import { Tokens, type SoakAccount } from './setup.js';
import type { Service } from './stats.js';

/** Where the load's requests go: the deployment's addresses. */
export interface Urls {
  /** Every node process's HTTP API; the load spreads over them as a load balancer would. */
  nodes: string[];
  /** Every node process's gRPC API (`host:port`). */
  grpc: string[];
  names: string;
  social: string;
}

/** Where each request's outcome goes. */
export type Recorder = (service: Service, operation: string, ok: boolean, answer: Answer) => void;

/** What hub-nodejs calls answer: a neverthrow Result whose error is a HubError. */
interface GrpcResult {
  isErr(): boolean;
  error?: { errCode?: string; message?: string };
}

export interface WorldOptions {
  client: Client;
  urls: Urls;
  accounts: readonly SoakAccount[];
  record: Recorder;
  random: () => number;
  /** How long the load runs, for the budgets' pace. */
  runMs: number;
  breaks: ReadonlySet<Break>;
  /** The clock (ms), for tests; Date.now by default. */
  now?: () => number;
}

export class World {
  readonly tokens = new Tokens();
  readonly budgets: Budgets;
  readonly client: Client;
  readonly urls: Urls;
  readonly accounts: readonly SoakAccount[];
  readonly random: () => number;
  readonly breaks: ReadonlySet<Break>;
  readonly now: () => number;
  /** Channels anyone may follow and cast into, made before the load starts. */
  readonly topicChannels: string[] = [];
  /** Every channel the load made, for reads. */
  readonly channels: string[] = [];
  private readonly record: Recorder;
  private readonly grpcClients: HubRpcClient[];
  /** Accounts no worker is submitting node messages for. */
  private readonly idle: SoakAccount[];

  constructor(options: WorldOptions) {
    this.client = options.client;
    this.urls = options.urls;
    this.accounts = options.accounts;
    this.random = options.random;
    this.record = options.record;
    this.breaks = options.breaks;
    this.now = options.now ?? Date.now;
    this.budgets = new Budgets(options.runMs, this.now);
    this.idle = [...options.accounts];
    this.grpcClients = options.urls.grpc.map((address) => getInsecureHubRpcClient(address));
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.random() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** An account other than `account`. */
  other(account: SoakAccount): SoakAccount {
    for (;;) {
      const candidate = this.pick(this.accounts);
      if (candidate.fid !== account.fid) return candidate;
    }
  }

  /** A node process's HTTP API, as a load balancer would pick one. */
  node(): string {
    return this.pick(this.urls.nodes);
  }

  grpc(): HubRpcClient {
    return this.pick(this.grpcClients);
  }

  /** Sends one request and records it; `expected` lists non-2xx statuses that are correct answers here. */
  async call(
    service: Service,
    operation: string,
    method: string,
    url: string,
    options: RequestOptions = {},
    expected: readonly number[] = [],
  ): Promise<Answer> {
    const answer = await this.client.request(method, url, options);
    const ok = (answer.status >= 200 && answer.status < 300) || expected.includes(answer.status);
    this.record(service, operation, ok, answer);
    return answer;
  }

  /** One gRPC call to the node, recorded like an HTTP one (a HubError's code and message as the body). */
  async callGrpc<R extends GrpcResult>(operation: string, send: () => Promise<R>): Promise<R> {
    const started = performance.now();
    const result = await send();
    const { errCode = '', message = '' } = result.error ?? {};
    this.record('node', operation, !result.isErr(), {
      status: result.isErr() ? -1 : 200,
      body: result.isErr() ? JSON.stringify({ errCode, message }) : '',
      ms: performance.now() - started,
    });
    return result;
  }

  /**
   * Runs `task` with an account no other worker is submitting node messages for, so each account's
   * timestamps only move forward; `busy` instead when every account is taken.
   */
  async withIdleAccount(task: (account: SoakAccount) => Promise<void>, busy: () => Promise<void>) {
    const [account] = this.idle.splice(Math.floor(this.random() * this.idle.length), 1);
    if (account === undefined) return busy();
    try {
      await task(account);
    } finally {
      this.idle.push(account);
    }
  }

  /** Runs `task` as a call counted in `buckets` if the budgets allow it (budgets.ts), `otherwise` if not. */
  async withBudget(
    buckets: [limit: Limit, bucket: string, reserve?: number][],
    task: () => Promise<unknown>,
    otherwise: () => Promise<unknown>,
  ): Promise<void> {
    const ticket = this.budgets.take(...buckets);
    if (ticket === undefined) {
      await otherwise();
      return;
    }
    try {
      await task();
    } finally {
      ticket();
    }
  }

  close(): void {
    for (const client of this.grpcClients) client.close();
  }
}
