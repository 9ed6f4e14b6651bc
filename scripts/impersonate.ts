// `npm run impersonate -- <membershipNo> --staff "<staff name or id>"`: print a signed, single-use
// link that signs its opener in as that member for staff support (ADR 010). Valid for 60 seconds.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import { migrate, openDb } from '../app/server/db/index.server';
import { EnvError, parseEnv } from '../app/server/env.server';
import { issueImpersonationLink, LINK_TTL_MS } from '../app/server/impersonation.server';
import { membershipNoField } from '../app/lib/forms/fields';

const USAGE = 'Usage: npm run impersonate -- <membershipNo> --staff "<staff name or id>"';

export interface CliIo {
  /** The link (standard output, so it can be piped). */
  out: (line: string) => void;
  /** Everything else (standard error). */
  err: (line: string) => void;
}

/** The CLI without the process around it: returns the exit code. */
export async function main(
  argv: string[],
  source: Record<string, string | undefined> = process.env,
  io: CliIo = { out: (l) => process.stdout.write(`${l}\n`), err: (l) => process.stderr.write(`${l}\n`) },
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { staff: { type: 'string' } }, allowPositionals: true, strict: true });
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const [rawNo, ...extra] = parsed.positionals;
  const number = membershipNoField.safeParse(rawNo ?? '');
  if (!number.success || extra.length || !parsed.values.staff) {
    io.err(!number.success && rawNo !== undefined ? `Not a membership number: ${rawNo}\n${USAGE}` : USAGE);
    return 2;
  }

  let env;
  try {
    env = parseEnv(source);
  } catch (error) {
    io.err(error instanceof EnvError ? error.message : String(error));
    return 1;
  }
  if (!env.IMPERSONATION_SECRET) {
    io.err('IMPERSONATION_SECRET is not set: staff impersonation is off (see README, Configuration).');
    return 1;
  }

  const db = openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  try {
    await migrate(db);
    const issued = await issueImpersonationLink(db, {
      membershipNo: number.data,
      staff: parsed.values.staff,
      secret: env.IMPERSONATION_SECRET,
      baseUrl: env.publicUrl,
    });
    if (!issued.ok) {
      io.err(
        issued.reason === 'bad_staff'
          ? '--staff must be 1–100 characters without control characters.'
          : `No active member with number ${number.data}.`,
      );
      return 1;
    }
    io.out(issued.url);
    io.err(
      `Single use, valid for ${LINK_TTL_MS / 1000} seconds (until ${new Date(issued.expiresAt).toISOString()}). ` +
        `Audited as grant ${issued.grant}. Do not share it.`,
    );
    return 0;
  } finally {
    await db.destroy();
  }
}

const invoked = process.argv[1] ? pathToFileURL(path.resolve(process.argv[1])).href : '';
if (import.meta.url === invoked) {
  process.exitCode = await main(process.argv.slice(2));
}
