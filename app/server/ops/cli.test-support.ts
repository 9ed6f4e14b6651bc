/** For tests of a command-line tool's `main` (the CLI without the process around it). */
import type { CliIo } from './cli.server';

/** A CLI's `main`: the arguments, the environment and where its lines go; resolves to the exit code. */
export type CliMain = (argv: string[], source: Record<string, string | undefined>, io: CliIo) => Promise<number>;

/**
 * A `run(argv, env)` for a test file: runs `main` with `env` (`defaultEnv` unless given) and resolves to
 * the exit code, the lines it printed and what it said on stderr as one text.
 */
export function cliRunner(main: CliMain, defaultEnv: Record<string, string>) {
  return async (argv: string[], env: Record<string, string> = defaultEnv) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(argv, env, { out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out, err: err.join('\n') };
  };
}
