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

/** The one place a command's logger is made: pino, as JSON lines or as pretty ones (pretty.ts). */
export function createLogger(options: LoggerOptions): Logger {
  const output = options.output ?? process.stdout;
  const color = output.isTTY === true;
  const logger =
    options.format === 'json'
      ? pino({ level: options.level }, output)
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
