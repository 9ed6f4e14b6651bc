import pino, { type DestinationStream, type Logger } from 'pino';

import { env } from './env.server';
import { currentRequestId } from './http/request-context.server';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

function threshold(): LogLevel | 'silent' {
  try {
    return env().LOG_LEVEL;
  } catch {
    return 'info'; // env not valid yet: log at info
  }
}

/**
 * Paths pino blanks in any line, in case a caller passes more than it should: the request log and
 * every call site pass only safe fields (never passwords, tokens, cookies, query strings, national
 * ids or member numbers), this is the second line of defence.
 */
export const REDACTED_PATHS = [
  'password',
  'token',
  'cookie',
  'authorization',
  'query',
  'membershipNo',
  'nationalId',
  '*.password',
  '*.token',
  '*.cookie',
  '*.authorization',
  'req.headers.cookie',
  'req.headers.authorization',
  'req.url',
  'req.query',
];

/**
 * A pino logger as the app writes: one JSON line per event (`time`, `level` as a word, `msg`,
 * fields), redacted; inside a request the line carries its `requestId`. `destination` is where lines
 * go (tests); by default info and debug to stdout, warn and error to stderr (ADR 016).
 */
export function createAppLogger(destination?: DestinationStream, level: string = threshold()): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // The request log's lines name their request themselves; others take it from the context.
      mixin: (fields, _level, instance) => {
        if ('requestId' in fields || 'requestId' in instance.bindings()) return {};
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    destination ??
      pino.multistream(
        [
          { level: 'debug', stream: process.stdout },
          { level: 'warn', stream: process.stderr },
        ],
        { dedupe: true },
      ),
  );
}

let logger: Logger | undefined;

/** The app's logger, at LOG_LEVEL's level. */
export function appLogger(): Logger {
  logger ??= createAppLogger();
  return logger;
}

/** Applies LOG_LEVEL once the settings are known to be valid (server start). */
export function applyLogLevel(): void {
  appLogger().level = threshold();
}

/** Whether a line at `level` would be written (skip building costly fields otherwise). */
export function logEnabled(level: LogLevel): boolean {
  return appLogger().isLevelEnabled(level);
}

/** Structured logs as `log.info(message, fields)`. */
export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => appLogger().debug(fields ?? {}, msg),
  info: (msg: string, fields?: Record<string, unknown>) => appLogger().info(fields ?? {}, msg),
  warn: (msg: string, fields?: Record<string, unknown>) => appLogger().warn(fields ?? {}, msg),
  error: (msg: string, fields?: Record<string, unknown>) => appLogger().error(fields ?? {}, msg),
};
