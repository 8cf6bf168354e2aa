import { pino, type Logger } from 'pino';
import { batchedOutput, type LogOutput } from './batched-output.js';
import { prettyLine } from './pretty.js';

export type LogFormat = 'pretty' | 'json';

export type { LogOutput };

export interface LoggerOptions {
  level: string;
  format: LogFormat;
  /** Names the process's lines (`node`, `names`, `social`); absent for `agora dev`, whose services say it. */
  service?: string;
  output?: LogOutput;
}

let stdoutLines: LogOutput | undefined;

/**
 * JSON lines to stdout, written in the background (batched-output.ts): process.stdout writes each line
 * with its own system call, about a tenth of a cached read's CPU at info. One per process, so the services
 * of `agora dev` never interleave parts of lines.
 */
function backgroundStdout(): LogOutput {
  stdoutLines ??= batchedOutput(1);
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

/** `pretty` for a person at a terminal, `json` for a log collector. */
export function defaultLogFormat(output: LogOutput = process.stdout): LogFormat {
  return output.isTTY === true ? 'pretty' : 'json';
}
