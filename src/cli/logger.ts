import type { Logger } from 'pino';
import { createLogger, defaultLogFormat, type LogFormat } from '../shared/logging/logger.js';

/** A command's logger from its --log-level and --log-format; `fallback` decides when no format is given. */
export function commandLogger(
  config: { logLevel: string; logFormat?: LogFormat | undefined },
  service?: string,
  fallback: LogFormat = defaultLogFormat(),
): Logger {
  return createLogger({ level: config.logLevel, format: config.logFormat ?? fallback, service });
}
