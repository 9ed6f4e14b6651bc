// `npm run impersonate -- <membershipNo> --staff "<staff name or id>"`: print a signed, single-use
// link that signs its opener in as that member for staff support (ADR 010). Valid for 60 seconds.
import { parseArgs } from 'node:util';

import { migrate, openDb } from '../app/server/db/index.server';
import { cliEnv, isEntryPoint, STDIO, type CliIo } from '../app/server/ops/cli.server';
import { issueImpersonationLink, LINK_TTL_MS } from '../app/server/auth/impersonation.server';
import { membershipNoField } from '../app/lib/forms/fields';

const USAGE = 'Usage: npm run impersonate -- <membershipNo> --staff "<staff name or id>"';

/** The CLI without the process around it: returns the exit code. */
export async function main(
  argv: string[],
  source: Record<string, string | undefined> = process.env,
  io: CliIo = STDIO,
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

  const env = cliEnv(source, io);
  if (!env) return 1;
  if (!env.IMPERSONATION_SECRET) {
    io.err('IMPERSONATION_SECRET is not set: staff impersonation is off (see README, Configuration).');
    return 1;
  }
  if (env.COOP_BACKEND === 'http') {
    // The members and the grants are the core's (ADR 025).
    io.err(
      'This site reads its members from the core system (COOP_BACKEND=http): run this on the core, with ' +
        "PUBLIC_URL set to this site's address (docs/http-mode.md).",
    );
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

if (isEntryPoint(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
