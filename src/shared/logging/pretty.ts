/**
 * pino's JSON lines as one short line per event for a person at a terminal: time, level (when it is not
 * info), where it happened, what happened, then the event's other plain fields as `key=value`. An error
 * keeps its request id and cause; its stack follows, indented.
 */

const LEVELS: Record<number, { tag: string; color: string }> = {
  10: { tag: 'TRACE', color: '90' },
  20: { tag: 'DEBUG', color: '90' },
  30: { tag: '', color: '' },
  40: { tag: 'WARN', color: '33' },
  50: { tag: 'ERROR', color: '31' },
  60: { tag: 'FATAL', color: '31;1' },
};

/** Fields every line has, or that the line shows in its own place. */
const SHOWN = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'service', 'component', 'err', 'v']);

interface ErrorFields {
  message?: unknown;
  stack?: unknown;
}

export function prettyLine(json: string, color: boolean): string {
  let event: Record<string, unknown>;
  try {
    event = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.trimEnd();
  }
  const paint = (code: string, text: string) => (color && code !== '' ? `\x1b[${code}m${text}\x1b[0m` : text);
  const level = LEVELS[Number(event.level)] ?? { tag: String(event.level), color: '' };
  const time = new Date(Number(event.time)).toISOString().slice(11, 23);
  const where = [event.service, event.component].filter((part) => typeof part === 'string').join('/');
  const extra = Object.entries(event)
    .filter(([key, value]) => !SHOWN.has(key) && value !== null && typeof value !== 'object')
    .map(([key, value]) => `${key}=${String(value)}`);
  const err = event.err as ErrorFields | undefined;
  const cause = typeof err?.message === 'string' ? `: ${err.message}` : '';
  const head = [
    paint('90', time),
    level.tag === '' ? undefined : paint(level.color, level.tag),
    where === '' ? undefined : paint('36', where),
    `${String(event.msg ?? '')}${cause}`,
    extra.length === 0 ? undefined : paint('90', extra.join(' ')),
  ]
    .filter((part) => part !== undefined)
    .join(' ');
  const stack = typeof err?.stack === 'string' ? err.stack.split('\n').slice(1) : [];
  return [head, ...stack.map((line) => paint('90', `    ${line.trim()}`))].join('\n');
}
