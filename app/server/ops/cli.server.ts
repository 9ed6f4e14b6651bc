/**
 * What the staff command-line tools share (impersonate, publish, import): where they write, reading
 * the environment with a readable error, and running only when started as a program (their `main`
 * is imported by tests too).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

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

/** True when the module at `moduleUrl` (its `import.meta.url`) is the program Node was started with. */
export function isEntryPoint(moduleUrl: string): boolean {
  const started = process.argv[1];
  return Boolean(started) && moduleUrl === pathToFileURL(path.resolve(started ?? '')).href;
}
