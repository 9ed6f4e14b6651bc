/**
 * What the staff command-line tools share (impersonate, publish, import): where they write, reading
 * the environment with a readable error, and running only when started as a program (their `main`
 * is imported by tests too).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

import { migrate, openDb, type Db } from '../db/index.server';
import { EnvError, parseEnv, type Env } from '../env.server';

export interface CliIo {
  /** The result (standard output, so it can be piped). */
  out: (line: string) => void;
  /** Usage, setup errors and notes (standard error). */
  err: (line: string) => void;
}

export const STDIO: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** The environment, or null after printing what is wrong with it. */
export function cliEnv(source: Record<string, string | undefined>, io: CliIo): Env | null {
  try {
    return parseEnv(source);
  } catch (error) {
    io.err(error instanceof EnvError ? error.message : String(error));
    return null;
  }
}

/**
 * The command line parsed strictly (options as given, positionals allowed), or null after printing
 * the mistake and `usage` (the caller exits 2).
 */
export function cliArgs<T extends ParseArgsOptionsConfig>(argv: string[], options: T, usage: string, io: CliIo) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return null;
  }
}

/**
 * Runs `work` on the store `env` names, migrated first (`applied`: the migrations this run applied),
 * and closes the store after, whatever happens. A CLI is a batch job someone watches, not a request:
 * PostgreSQL's statement and answer limits (ADR 143) are off for it.
 */
export async function withStore<T>(env: Env, work: (db: Db, applied: string[]) => Promise<T>): Promise<T> {
  const db = openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir, statementTimeoutMs: 0, queryTimeoutMs: 0 });
  try {
    return await work(db, await migrate(db));
  } finally {
    await db.destroy();
  }
}

/** True when the module at `moduleUrl` (its `import.meta.url`) is the program Node was started with. */
export function isEntryPoint(moduleUrl: string): boolean {
  const started = process.argv[1];
  return Boolean(started) && moduleUrl === pathToFileURL(path.resolve(started ?? '')).href;
}
