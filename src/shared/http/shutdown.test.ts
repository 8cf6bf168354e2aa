import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { waitFor } from '../../../test/support/wait.js';
import { createHttpApp } from './app.js';
import type { HttpApp } from './app.js';
import { installShutdown } from './shutdown.js';
import type { ShutdownOutcome } from './shutdown.js';

function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const silent = { info: () => {}, warn: () => {}, error: () => {} };

/** A shutdown timeout no step of a test comes near, where the test expects a shutdown that is not forced. */
const UNHURRIED_MS = 600_000;

interface Harness {
  app: HttpApp;
  port: number;
  events: string[];
  /** Resolves once the slow route's handler is running. */
  started: Promise<void>;
  /** Lets the slow route's handler finish. */
  release: () => void;
}

async function startSlowServer(onClose: () => Promise<void> = async () => {}): Promise<Harness> {
  const events: string[] = [];
  const started = deferred();
  const released = deferred();
  const app = await createHttpApp({
    service: 'node',
    title: 'test',
    version: '0',
    logger: false,
    corsOrigin: '*',
    errors: { render: (_error, kind) => ({ status: kind === 'internal' ? 500 : 400, body: { kind } }) },
    onClose: async () => {
      events.push('onClose');
      await onClose();
    },
  });
  app.get('/slow', async () => {
    started.resolve();
    await released.promise;
    events.push('handler done');
    return { done: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, port, events, started: started.promise, release: () => released.resolve() };
}

function get(port: number, agent: http.Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/slow', agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

function connect(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve();
    });
    socket.on('error', reject);
  });
}

describe('installShutdown', () => {
  it('lets an in-flight request finish, refuses new connections, then runs onClose', async () => {
    const { app, port, events, started, release } = await startSlowServer();
    const signals = new EventEmitter();
    const finished = deferred<ShutdownOutcome>();
    const dispose = installShutdown(app, {
      logger: silent,
      timeoutMs: UNHURRIED_MS,
      signalSource: signals,
      onShutdown: (outcome) => finished.resolve(outcome),
    });
    const agent = new http.Agent({ keepAlive: true });
    try {
      const inFlight = get(port, agent);
      await started;

      signals.emit('SIGTERM');
      await waitFor('the server to stop listening', () => !app.server.listening);
      await assert.rejects(connect(port), { code: 'ECONNREFUSED' });
      assert.deepEqual(events, []);

      release();
      const response = await inFlight;
      assert.equal(response.status, 200);
      assert.deepEqual(JSON.parse(response.body), { done: true });

      assert.deepEqual(await finished.promise, { signal: 'SIGTERM', forced: false });
      assert.deepEqual(events, ['handler done', 'onClose']);
    } finally {
      agent.destroy();
      dispose();
    }
    assert.equal(signals.listenerCount('SIGTERM'), 0);
    assert.equal(signals.listenerCount('SIGINT'), 0);
  });

  it('cuts connections after the timeout so shutdown still completes', async () => {
    const { app, port, events, started } = await startSlowServer();
    const signals = new EventEmitter();
    const finished = deferred<ShutdownOutcome>();
    const dispose = installShutdown(app, {
      logger: silent,
      timeoutMs: 50,
      signalSource: signals,
      onShutdown: (outcome) => finished.resolve(outcome),
    });
    const inFlight = get(port, new http.Agent());
    await started;
    signals.emit('SIGINT');
    await assert.rejects(inFlight);
    assert.deepEqual(await finished.promise, { signal: 'SIGINT', forced: true });
    assert.deepEqual(events, ['onClose']);
    dispose();
  });

  it('cuts connections at once on a second signal', async () => {
    const { app, port, started } = await startSlowServer();
    const signals = new EventEmitter();
    const finished = deferred<ShutdownOutcome>();
    const dispose = installShutdown(app, {
      logger: silent,
      timeoutMs: 60_000,
      signalSource: signals,
      onShutdown: (outcome) => finished.resolve(outcome),
    });
    const inFlight = get(port, new http.Agent());
    await started;
    signals.emit('SIGTERM');
    signals.emit('SIGTERM');
    await assert.rejects(inFlight);
    assert.deepEqual(await finished.promise, { signal: 'SIGTERM', forced: true });
    dispose();
  });

  it('reports a failing onClose instead of throwing', async () => {
    const { app } = await startSlowServer(async () => {
      throw new Error('database close failed');
    });
    const signals = new EventEmitter();
    const finished = deferred<ShutdownOutcome>();
    const dispose = installShutdown(app, {
      logger: silent,
      timeoutMs: UNHURRIED_MS,
      signalSource: signals,
      onShutdown: (outcome) => finished.resolve(outcome),
    });
    signals.emit('SIGTERM');
    const outcome = await finished.promise;
    assert.equal(outcome.forced, false);
    assert.match(String((outcome.error as Error | undefined)?.message), /database close failed/);
    dispose();
  });

  it('listens on process by default and removes its handlers when disposed', async () => {
    const before = { int: process.listenerCount('SIGINT'), term: process.listenerCount('SIGTERM') };
    const app = { close: async () => {}, server: { closeAllConnections: () => {} } };
    const dispose = installShutdown(app, { logger: silent, timeoutMs: 10, signals: ['SIGTERM'] });
    assert.equal(process.listenerCount('SIGTERM'), before.term + 1);
    assert.equal(process.listenerCount('SIGINT'), before.int);
    dispose();
    assert.equal(process.listenerCount('SIGTERM'), before.term);
  });
});
