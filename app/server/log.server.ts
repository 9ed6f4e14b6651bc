import { env } from './env.server';

type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/**
 * Structured one-line JSON logs. Callers pass only what is safe to keep: never passwords, tokens,
 * cookies, national ids or member numbers.
 */
function write(level: Level, msg: string, fields?: Record<string, unknown>) {
  let threshold: Level | 'silent' = 'info';
  try {
    threshold = env().LOG_LEVEL;
  } catch {
    // env not valid yet: log at info
  }
  if (ORDER[level] < ORDER[threshold]) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(line + '\n');
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write('debug', msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write('info', msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write('warn', msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write('error', msg, fields),
};
