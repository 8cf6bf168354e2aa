import { pino, type Logger } from 'pino';
import { prettyLine } from './pretty.js';

export type LogFormat = 'pretty' | 'json';

/** Where log lines go: stdout unless a test captures them. */
export interface LogOutput {
  write(text: string): void;
  /** Colours in pretty lines. */
  isTTY?: boolean | undefined;
}

export interface LoggerOptions {
  level: string;
  format: LogFormat;
  /** Names the process's lines (`node`, `names`, `social`); absent for `agora dev`, whose services say it. */
  service?: string;
  output?: LogOutput;
}

let stdoutLines: LogOutput | undefined;

/**
 * JSON lines to stdout, written in the background: process.stdout writes each line with its own system
 * call, about a tenth of a cached read's CPU at info. Lines logged while a write is under way go out
 * together in the next; pino writes what is left synchronously when the process exits. One per process,
 * so the services of `agora dev` never interleave parts of lines.
 */
function backgroundStdout(): LogOutput {
  stdoutLines ??= pino.destination({ dest: 1, sync: false });
  return stdoutLines;
}

/** The one place a command's logger is made: pino, as JSON lines or as pretty ones (pretty.ts). */
export function createLogger(options: LoggerOptions): Logger {
  const output = options.output ?? process.stdout;
  const color = output.isTTY === true;
  const logger =
    options.format === 'json'
      ? pino({ level: options.level }, options.output ?? backgroundStdout())
      : // pid and hostname say nothing to a person at their own terminal.
        pino(
          { level: options.level, base: null },
          { write: (line: string) => output.write(`${prettyLine(line, color)}\n`) },
        );
  return options.service === undefined ? logger : logger.child({ service: options.service });
}

/** `pretty` for a person at a terminal, `json` for a log collector (issue 22). */
export function defaultLogFormat(output: LogOutput = process.stdout): LogFormat {
  return output.isTTY === true ? 'pretty' : 'json';
}
