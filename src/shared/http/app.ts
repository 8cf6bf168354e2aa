import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import ajvCompiler from '@fastify/ajv-compiler';
import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { Logger } from 'pino';
import { registerApiDocs } from './api-docs.js';
import { createServiceMetrics, registerMetrics, type ServiceMetrics } from '../metrics/index.js';
import { capConnections, fastifyConnectionOptions } from './connections.js';
import type { ConnectionSettings } from './connections.js';
import { registerStatusRoutes } from './status-routes.js';
import type { StatusSources } from './status-routes.js';
import { classifyFailure, RouteNotFoundError, sendFailure } from './errors.js';
import { unacceptableInput, UnacceptableInputError } from './input-guard.js';
import { pathOf, RequestLog } from './request-log.js';
import type { ErrorRenderer } from './errors.js';

export type ServiceName = 'node' | 'names' | 'social';

export interface HttpAppOptions {
  service: ServiceName;
  /** OpenAPI info. */
  title: string;
  version: string;
  /** A pino logger made by the caller, or false to log nothing (tests). */
  logger: Logger | false;
  /** '*' allows any origin; a comma-separated list allows exactly those origins. */
  corsOrigin: string;
  /** Largest accepted request body in bytes; Fastify's default (1 MiB) when absent. */
  bodyLimit?: number;
  /** Timeouts, connection cap and trusted proxies; Node's defaults (no proxy trusted) when absent. */
  connections?: ConnectionSettings | undefined;
  /** Refuse NUL characters in query and JSON body values (a service whose PostgreSQL text columns get them). */
  rejectNul?: boolean;
  errors: ErrorRenderer;
  /** Reports the service as unavailable on /_health by throwing (e.g. a database ping). */
  healthCheck?: () => Promise<void>;
  /** The service's loops and other dependencies, for /_status and /_ready (status-routes.ts). */
  components?: StatusSources['components'];
  /** Runs when the app closes, after in-flight requests have finished (e.g. close the database). */
  onClose?: () => Promise<void>;
  /** The service's metrics, with its own counters registered; a fresh registry served on the API when absent. */
  metrics?: ServiceMetrics | undefined;
}

export type HttpApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export const OPENAPI_PATH = '/docs/openapi.json';
export const HEALTH_PATH = '/_health';

/** A caller-supplied id is kept so one request can be followed across services and proxies. */
const REQUEST_ID_HEADER = 'x-request-id';
const ACCEPTED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

function requestIdOf(raw: IncomingMessage): string {
  const incoming = raw.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && ACCEPTED_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Turns the configured origin setting into @fastify/cors's `origin` option. */
export function parseCorsOrigin(setting: string): string | string[] {
  const origins = setting
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  if (origins.length === 0) {
    throw new TypeError(`CORS origin must be '*' or a comma-separated list of origins, got '${setting}'`);
  }
  if (origins.includes('*')) return '*';
  return origins.length === 1 ? (origins[0] as string) : origins;
}

const ajvCompilers = ajvCompiler();
/** What the pool's compilers really take (its typings name the argument a schema). */
type RouteCompiler = (route: ajvCompiler.RouteDefinition) => unknown;

/**
 * Query strings and path params arrive as text, so their schemas need ajv's type coercion; a JSON body
 * has its own types and must keep them (coerced, `true` would pass as the integer 1 and `null` as false).
 */
const buildStrictBodyValidator: ajvCompiler.BuildCompilerFromPool = (externalSchemas, ajvOptions) => {
  const coercing = ajvCompilers(externalSchemas, ajvOptions) as unknown as RouteCompiler;
  const strict = ajvCompilers(externalSchemas, {
    customOptions: { ...(ajvOptions?.mode === 'JTD' ? {} : ajvOptions?.customOptions), coerceTypes: false },
    plugins: ajvOptions?.plugins,
  }) as unknown as RouteCompiler;
  const compile: RouteCompiler = (route) => (route.httpPart === 'body' ? strict(route) : coercing(route));
  return compile as unknown as ReturnType<ajvCompiler.BuildCompilerFromPool>;
};

const HealthOk = Type.Object({ status: Type.Literal('ok'), service: Type.String() });
const HealthUnavailable = Type.Object({
  status: Type.Literal('unavailable'),
  service: Type.String(),
  error: Type.String(),
});

/**
 * The Fastify app every service starts from: logging with request ids, CORS, OpenAPI built from route
 * schemas, a health route, and one error path that sends every failure through the service's renderer.
 * Register routes on the returned app.
 */
export async function createHttpApp(options: HttpAppOptions): Promise<HttpApp> {
  const { service, errors } = options;
  const origin = parseCorsOrigin(options.corsOrigin);
  const app = Fastify<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger>({
    ...(options.logger === false ? { logger: false } : { loggerInstance: options.logger }),
    ...(options.bodyLimit !== undefined && { bodyLimit: options.bodyLimit }),
    ...(options.connections !== undefined && fastifyConnectionOptions(options.connections)),
    genReqId: requestIdOf,
    logController: new RequestLog(),
    // Idle keep-alive sockets end at close; in-flight requests finish first (see the onSend hook below).
    forceCloseConnections: 'idle',
    ajv: {
      customOptions: {
        // Fastify's default strips properties a schema does not list, which would silently drop a
        // client's misspelt field. Off: routes that must reject unknown fields say additionalProperties
        // false and get a validation error.
        removeAdditional: false,
      },
    },
    schemaController: { compilersFactory: { buildValidator: buildStrictBodyValidator } },
    // URL faults found before routing (bad percent-encoding, overlong params) skip the error handler.
    frameworkErrors: (error, request, reply) => {
      sendFailure(errors, error, classifyFailure(error), request, reply);
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  if (options.connections !== undefined) capConnections(app.server, options.connections);

  // Every body is JSON or (on the node) protobuf bytes. Without this, a client that forgets the
  // Content-Type (fetch sends text/plain) got "body must be object" instead of the 415 it needs to see.
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler((error, request, reply) =>
    sendFailure(errors, error, classifyFailure(error), request, reply),
  );
  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request.url);
    return sendFailure(errors, new RouteNotFoundError(request.method, path), 'not_found', request, reply);
  });
  // After validation and coercion, before any handler: see input-guard.ts.
  app.addHook('preHandler', (request, _reply, done) => {
    const problem =
      unacceptableInput(request.query, options.rejectNul === true, 'querystring') ??
      unacceptableInput(request.body, options.rejectNul === true, 'body');
    done(problem === undefined ? undefined : new UnacceptableInputError(problem));
  });
  // Node's server.close() only ends keep-alive connections that are idle at that moment; one still serving
  // a request would linger until its keep-alive timeout. Closing it after that last response lets
  // close() finish as soon as the in-flight requests are done.
  let closing = false;
  // Nor does it end a connection that has not sent a request yet (a client's pooled socket opened just
  // before it stopped): Node counts it neither idle nor active, so close() would wait for the headers
  // timeout. Such sockets carry nothing to finish and are ended at close.
  const silent = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    silent.add(socket);
    socket.once('close', () => silent.delete(socket));
  });
  // One hook for both, as every hook costs each request a step of Fastify's hook runner.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    silent.delete(request.raw.socket);
    done();
  });
  app.addHook('preClose', (done) => {
    closing = true;
    for (const socket of silent) socket.destroy();
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  if (options.onClose !== undefined) {
    const onClose = options.onClose;
    app.addHook('onClose', async () => onClose());
  }

  await app.register(cors, {
    origin,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // Browsers hide response headers unless listed; the social API's rate-limit headers matter to clients.
    // Joined once here: the plugin would join a list again for every response.
    exposedHeaders: [
      REQUEST_ID_HEADER,
      'retry-after',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
    ].join(', '),
  });
  await app.register(swagger, { openapi: { info: { title: options.title, version: options.version } } });
  await registerApiDocs(app, options.title);

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  app.get(
    HEALTH_PATH,
    { schema: { summary: 'Liveness and readiness', response: { 200: HealthOk, 503: HealthUnavailable } } },
    async (request, reply) => {
      try {
        await options.healthCheck?.();
      } catch (error) {
        // The log has the cause; a client is not told what failed inside (hosts, paths, driver texts).
        request.log.warn({ err: error }, 'health check failed');
        return reply.code(503).send({ status: 'unavailable', service, error: 'a dependency is unavailable' });
      }
      return reply.code(200).send({ status: 'ok', service });
    },
  );
  registerMetrics(app, options.metrics ?? createServiceMetrics(service), {
    healthCheck: options.healthCheck,
    components: options.components,
  });
  registerStatusRoutes(app, {
    service,
    version: options.version,
    healthCheck: options.healthCheck,
    components: options.components,
  });
  return app;
}
