import { env } from './env.server';
import { currentRequestId } from './request-context.server';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

function threshold(): LogLevel | 'silent' {
  try {
    return env().LOG_LEVEL;
  } catch {
    return 'info'; // env not valid yet: log at info
  }
}

/** Whether a line at `level` would be written (skip building costly fields otherwise). */
export function logEnabled(level: LogLevel): boolean {
  return ORDER[level] >= ORDER[threshold()];
}

/**
 * Structured one-line JSON logs (ADR 016). Inside a request the line carries its `requestId`.
 * Callers pass only what is safe to keep: never passwords, tokens, cookies, query strings, national
 * ids or member numbers.
 */
function write(level: LogLevel, msg: string, fields?: Record<string, unknown>) {
  if (!logEnabled(level)) return;
  const requestId = currentRequestId();
  const line = JSON.stringify({
    time: new Date().toISOString(),
    level,
    msg,
    ...(requestId && { requestId }),
    ...fields,
  });
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(line + '\n');
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write('debug', msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write('info', msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write('warn', msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write('error', msg, fields),
};
