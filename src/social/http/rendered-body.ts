import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { JSON_BODY_TYPE } from '../../shared/http/kept-answers.js';

/**
 * A JSON body rendered once and sent many times: kept with its gzip and brotli compressions, each with a
 * strong ETag, so a read costs neither serialization nor compression, and a client whose copy is current
 * gets a 304 (If-None-Match).
 */

const CODINGS = ['br', 'gzip'] as const;
type Coding = (typeof CODINGS)[number];

export interface RenderedBody {
  identity: Buffer;
  coded: Record<Coding, Buffer>;
  /** The ETag of each representation: a strong tag names one byte sequence, so each coding has its own. */
  etags: Record<Coding | 'identity', string>;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** Brotli's default (11) takes seconds on a large list; 5 compresses nearly as well, far faster. */
const BROTLI_QUALITY = 5;

export async function renderBody(json: string): Promise<RenderedBody> {
  const identity = Buffer.from(json, 'utf8');
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipped(identity),
  ]);
  const tag = createHash('sha256').update(identity).digest('base64url').slice(0, 32);
  return {
    identity,
    coded: { br, gzip: gz },
    etags: { identity: `"${tag}"`, br: `"${tag}.br"`, gzip: `"${tag}.gz"` },
  };
}

/** Sends the representation the client prefers, or a 304 when it names any representation of `body`. */
export function sendRendered(request: FastifyRequest, reply: FastifyReply, body: RenderedBody): FastifyReply {
  const coding = preferredCoding(request.headers['accept-encoding']);
  const vary = reply.getHeader('vary');
  reply
    .header('vary', vary === undefined ? 'accept-encoding' : `${String(vary)}, accept-encoding`)
    .header('cache-control', 'no-cache')
    .header('etag', body.etags[coding ?? 'identity']);
  if (isCurrent(request.headers['if-none-match'], body)) return reply.code(304).send();
  if (coding === undefined) return reply.type(JSON_BODY_TYPE).send(body.identity);
  return reply.type(JSON_BODY_TYPE).header('content-encoding', coding).send(body.coded[coding]);
}

/** The accepted coding with the highest q (brotli on a tie), or none: identity. */
function preferredCoding(acceptEncoding: string | undefined): Coding | undefined {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const weight = (coding: Coding) => weights.get(coding) ?? weights.get('*') ?? 0;
  // A stable sort: brotli stays first on a tie.
  return CODINGS.filter((coding) => weight(coding) > 0).sort((a, b) => weight(b) - weight(a))[0];
}

/** If-None-Match compares weakly (RFC 9110 §13.1.2): `W/` is ignored, and `*` matches any body. */
function isCurrent(ifNoneMatch: string | undefined, body: RenderedBody): boolean {
  if (ifNoneMatch === undefined) return false;
  const current = new Set(Object.values(body.etags));
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || current.has(tag));
}
