import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLogger, type LogFormat } from './logger.js';

const ESC = '\u001b';

function captured(format: LogFormat, isTTY = false) {
  const lines: string[] = [];
  const output = {
    write: (text: string) => lines.push(...text.split('\n').filter((line) => line !== '')),
    isTTY,
  };
  return { logger: createLogger({ level: 'debug', format, service: 'node', output }), lines };
}

describe('log formats', () => {
  it('json: pino lines, with the service, pid and hostname', () => {
    const { logger, lines } = captured('json');
    logger.child({ component: 'chain' }).info({ block: 12 }, 'chain block applied');
    const event = JSON.parse(lines[0] ?? '') as Record<string, unknown>;
    assert.deepEqual(
      [event.level, event.msg, event.service, event.component, event.block],
      [30, 'chain block applied', 'node', 'chain', 12],
    );
    assert.equal(typeof event.time, 'number');
    assert.equal(event.pid, process.pid);
    assert.equal(typeof event.hostname, 'string');
  });

  it('pretty: one short line of time, place, event and its plain fields', () => {
    const { logger, lines } = captured('pretty');
    logger.child({ component: 'chain' }).info({ block: 12, detail: { nested: true } }, 'chain block applied');
    assert.equal(lines.length, 1);
    assert.match(lines[0] ?? '', /^\d\d:\d\d:\d\d\.\d{3} node\/chain chain block applied block=12$/);
  });

  it('pretty: an error keeps its level, request id and cause, its stack indented below', () => {
    const { logger, lines } = captured('pretty');
    logger.child({ reqId: 'r-1' }).error({ err: new Error('disk full') }, 'request failed');
    assert.match(lines[0] ?? '', /^\S+ ERROR node request failed: disk full reqId=r-1$/);
    assert.match(lines[1] ?? '', /^ {4}at /);
  });

  it('pretty: colours only on a terminal', () => {
    const plain = captured('pretty');
    plain.logger.warn('careful');
    assert.ok(!(plain.lines[0] ?? '').includes(ESC));
    const tty = captured('pretty', true);
    tty.logger.warn('careful');
    assert.ok((tty.lines[0] ?? '').includes(`${ESC}[33mWARN${ESC}[0m`));
  });
});
