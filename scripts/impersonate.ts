// `npm run impersonate -- <membershipNo> --staff "<staff name or id>"`: print a signed, single-use
// link that signs its opener in as that member for staff support (ADR 010). Valid for 60 seconds.
import { cliArgs, cliEnv, isEntryPoint, STDIO, type CliIo, withStore } from '../app/server/ops/cli.server';
import { issueImpersonationLink, LINK_TTL_MS } from '../app/server/auth/impersonation.server';
import { membershipNoField } from '../app/lib/forms/fields';

const USAGE = 'Usage: npm run impersonate -- <membershipNo> --staff "<staff name or id>"';

/** The CLI without the process around it: returns the exit code. */
export async function main(
  argv: string[],
  source: Record<string, string | undefined> = process.env,
  io: CliIo = STDIO,
): Promise<number> {
  const parsed = cliArgs(argv, { staff: { type: 'string' } }, USAGE, io);
  if (!parsed) return 2;
  const [rawNo, ...extra] = parsed.positionals;
  const number = membershipNoField.safeParse(rawNo ?? '');
  const { staff } = parsed.values;
  if (!number.success || extra.length || !staff) {
    io.err(!number.success && rawNo !== undefined ? `Not a membership number: ${rawNo}\n${USAGE}` : USAGE);
    return 2;
  }

  const env = cliEnv(source, io);
  if (!env) return 1;
  const secret = env.IMPERSONATION_SECRET;
  if (!secret) {
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

  return withStore(env, async (db) => {
    const issued = await issueImpersonationLink(db, {
      membershipNo: number.data,
      staff,
      secret,
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
  });
}

if (isEntryPoint(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
