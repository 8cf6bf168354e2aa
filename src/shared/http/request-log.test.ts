import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pino } from 'pino';
import { AGORA_USER_AGENT } from '../fetch/user-agent.js';
import { pathOf, RequestLog } from './request-log.js';

type Line = Record<string, unknown>;

/** What Fastify hands its log controller at the end of a response, with a logger that records. */
function ended(
  url: string,
  userAgent?: string,
): { request: FastifyRequest; reply: FastifyReply; lines: Line[] } {
  const lines: Line[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line) as Line) });
  const request = {
    url,
    method: 'GET',
    headers: { 'user-agent': userAgent },
    log,
  } as unknown as FastifyRequest;
  const reply = { statusCode: 200, elapsedTime: 1.234 } as unknown as FastifyReply;
  return { request, reply, lines };
}

describe('RequestLog', () => {
  it('logs one line without the query, at debug for Agora’s own services', () => {
    const stranger = ended('/v1/castById?fid=1&token=secret');
    new RequestLog().requestCompleted(undefined, stranger.request, stranger.reply);
    assert.deepEqual(
      stranger.lines.map(({ level, msg, path, status, ms }) => ({ level, msg, path, status, ms })),
      [{ level: 30, msg: 'GET /v1/castById 200 1.2 ms', path: '/v1/castById', status: 200, ms: 1.2 }],
    );
    const service = ended('/v1/events', AGORA_USER_AGENT);
    new RequestLog().requestCompleted(undefined, service.request, service.reply);
    assert.equal(service.lines[0]?.level, 20);
  });

  it('says when the response did not reach the client', () => {
    const { request, reply, lines } = ended('/v1/info');
    new RequestLog().requestCompleted(new Error('socket hang up'), request, reply);
    assert.equal(lines[0]?.error, 'socket hang up');
  });

  it('pathOf drops the query', () => {
    assert.equal(pathOf('/a/b?c=d?e'), '/a/b');
    assert.equal(pathOf('/a/b'), '/a/b');
  });
});
