// `npm run staff -- add <username> --name "<display name>" --role <editor|moderator|support|admin>`:
// create a staff account for the back office at /staff and print its one-time enrolment link, where
// the new account sets its password and its authenticator (ADR 059). The first admin is made so.
// `npm run staff -- audit-verify [--retired N]`: walk the audit table's hash chain and check its keyed
// MACs (ADR 100, 134); prints "ok N rows" or the id of the first broken row, and exits 1 then, or when
// the rows under a key no longer configured are not the N the operator expects (0 unless told).
import { auditKeys, recordAudit, verifyAuditChain } from '../app/server/audit.server';
import { cliArgs, cliEnv, isEntryPoint, STDIO, type CliIo, withStore } from '../app/server/ops/cli.server';
import { createStaffAccount, enrolUrl, USERNAME_PATTERN } from '../app/server/staff/accounts.server';
import { isStaffRole, STAFF_ROLES } from '../app/lib/staff';

const USAGE = `Usage: npm run staff -- add <username> --name "<display name>" --role <${STAFF_ROLES.join('|')}>
       npm run staff -- audit-verify [--retired <rows under a dropped secret's key>]`;

/** The CLI without the process around it: returns the exit code. */
export async function main(
  argv: string[],
  source: Record<string, string | undefined> = process.env,
  io: CliIo = STDIO,
): Promise<number> {
  const parsed = cliArgs(
    argv,
    { name: { type: 'string' }, role: { type: 'string' }, retired: { type: 'string' } },
    USAGE,
    io,
  );
  if (!parsed) return 2;
  const [command, username, ...extra] = parsed.positionals;
  const { name, role, retired } = parsed.values;
  if (command === 'audit-verify') {
    const expectRetired = retired === undefined ? 0 : /^\d{1,9}$/.test(retired) ? Number(retired) : null;
    if (username || name !== undefined || role !== undefined || expectRetired === null) {
      io.err(USAGE);
      return 2;
    }
    return auditVerify(source, io, expectRetired);
  }
  if (command !== 'add' || !username || extra.length || !name || !isStaffRole(role) || retired !== undefined) {
    io.err(role !== undefined && !isStaffRole(role) ? `Unknown role: ${role}\n${USAGE}` : USAGE);
    return 2;
  }

  const env = cliEnv(source, io);
  if (!env) return 1;
  return withStore(env, async (db) => {
    const created = await createStaffAccount(db, { username, displayName: name, role });
    if (!created.ok) {
      io.err(
        created.reason === 'bad_username'
          ? `The username must match ${USERNAME_PATTERN.source} (lower-case letters, digits, . _ -; 3–32 characters).`
          : created.reason === 'bad_name'
            ? '--name must be 1–100 characters.'
            : `A staff account named ${username.toLowerCase()} exists already.`,
      );
      return 1;
    }
    await recordAudit(
      db,
      'staff_account_created',
      { detail: `target=${created.account.username}; role=${role}; via=cli` },
      auditKeys(env.sessionSecrets),
    );
    io.out(enrolUrl(env.publicUrl, created.token));
    io.err(
      `Staff account ${created.account.username} (${role}) created. The link above works once, until ` +
        `${new Date(created.expiresAt).toISOString()}: open it to set the password and the authenticator. Do not share it.`,
    );
    return 0;
  });
}

/**
 * Checks the audit chain of the configured store: 0 when whole, 1 when a row is broken or when the rows
 * signed under a key no longer configured are not the `expectRetired` the operator noted when they
 * dropped its secret (a table re-signed under an invented key shows there, ADR 134).
 */
async function auditVerify(
  source: Record<string, string | undefined>,
  io: CliIo,
  expectRetired: number,
): Promise<number> {
  const env = cliEnv(source, io);
  if (!env) return 1;
  return withStore(env, async (db) => {
    const check = await verifyAuditChain(db, auditKeys(env.sessionSecrets));
    if (!check.ok) {
      io.out(`broken at row ${check.id} (after ${check.rows} good rows)`);
      io.err(
        `Audit row ${check.id} does not match the chain: it, or the row before it, was changed or removed after it was written.`,
      );
      return 1;
    }
    if (check.retired !== expectRetired) {
      io.out(`${check.retired} rows under a key no longer configured (expected ${expectRetired})`);
      io.err(
        `${check.retired} audit rows are signed with a key that none of SESSION_SECRET and SESSION_SECRET_PREVIOUS ` +
          `gives. After a previous secret was dropped, pass the count noted then (--retired N); otherwise the ` +
          `rows were rewritten by someone without the key.`,
      );
      return 1;
    }
    io.out(`ok ${check.rows} rows`);
    if (check.unkeyed || check.retired) {
      io.err(
        `${check.unkeyed} rows written before the audit key (checked by hash only), ` +
          `${check.retired} under a dropped secret's key (checked by hash only).`,
      );
    }
    io.err(
      check.lastId === null
        ? `No chained rows yet (${check.unchained} rows written before the chain started).`
        : `Last row ${check.lastId}, hash ${check.lastHash}` +
            (check.unchained ? `; ${check.unchained} rows written before the chain started are not covered.` : '.'),
    );
    return 0;
  });
}

if (isEntryPoint(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
