import { normaliseDisplayName, normaliseUsername } from '~/lib/forms/staff-accounts';
import { PostgresAdapter, type Selectable } from 'kysely';

import { randomToken, sha256 } from '../crypto.server';
import type { Db } from '../db/index.server';
import type { StaffAccountsTable } from '../db/schema';
import type { StaffRole, StaffUser } from './guard.server';

/**
 * Staff accounts (ADR 059): not members; their own table, argon2id password hashes (crypto.server.ts),
 * a TOTP factor required for every account (subject `staff:<id>` in the shared TOTP store), and a
 * one-time enrolment link to set both. Every function takes the database, so the CLI uses them too.
 */

/** How long an enrolment link works. */
export const ENROL_TTL_MS = 72 * 3600_000;
export const ENROL_PATH = '/staff/enrol';
// The names' rules live with the page's form schema (ADR 128); the store checks them again (the CLI uses it).
export {
  DISPLAY_NAME_MAX,
  normaliseDisplayName,
  normaliseUsername,
  USERNAME_PATTERN,
} from '~/lib/forms/staff-accounts';

export function staffSubject(id: number): string {
  return `staff:${id}`;
}

export interface StaffAccount extends StaffUser {
  passwordHash: string | null;
  enrolledAt: number | null;
  disabledAt: number | null;
  enrolPending: boolean;
  createdAt: number;
}

/** A stored account, as the queries here select it (all but `updated_at`). */
type Row = Omit<Selectable<StaffAccountsTable>, 'updated_at'>;

function account(row: Row, now = Date.now()): StaffAccount {
  return {
    id: Number(row.id),
    username: row.username,
    displayName: row.display_name,
    role: row.role as StaffRole,
    passwordHash: row.password_hash,
    enrolledAt: row.enrolled_at,
    disabledAt: row.disabled_at,
    enrolPending: row.enrol_token_hash !== null && (row.enrol_expires_at ?? 0) > now,
    createdAt: row.created_at,
  };
}

const COLUMNS = [
  'id',
  'username',
  'display_name',
  'role',
  'password_hash',
  'enrol_token_hash',
  'enrol_expires_at',
  'enrolled_at',
  'disabled_at',
  'created_at',
] as const;

export function enrolUrl(baseUrl: string, token: string): string {
  return `${new URL(ENROL_PATH, baseUrl).href}?${new URLSearchParams({ t: token })}`;
}

export type CreateResult =
  | { ok: true; account: StaffAccount; token: string; expiresAt: number }
  | { ok: false; reason: 'bad_username' | 'bad_name' | 'taken' };

/** A new account waiting for enrolment; the token (for the link) exists only in the answer. */
export async function createStaffAccount(
  db: Db,
  input: { username: string; displayName: string; role: StaffRole },
  now = Date.now(),
): Promise<CreateResult> {
  const username = normaliseUsername(input.username);
  if (!username) return { ok: false, reason: 'bad_username' };
  const displayName = normaliseDisplayName(input.displayName);
  if (!displayName) return { ok: false, reason: 'bad_name' };
  const token = randomToken();
  const expiresAt = now + ENROL_TTL_MS;
  const row = await db
    .insertInto('staff_accounts')
    .values({
      username,
      display_name: displayName,
      role: input.role,
      password_hash: null,
      enrol_token_hash: sha256(token),
      enrol_expires_at: expiresAt,
      enrolled_at: null,
      disabled_at: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('username').doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  if (!row) return { ok: false, reason: 'taken' };
  return { ok: true, account: account(row, now), token, expiresAt };
}

export async function findStaffById(db: Db, id: number): Promise<StaffAccount | null> {
  const row = await db.selectFrom('staff_accounts').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? account(row) : null;
}

export async function findStaffByUsername(db: Db, username: string): Promise<StaffAccount | null> {
  const name = normaliseUsername(username);
  if (!name) return null;
  const row = await db.selectFrom('staff_accounts').select(COLUMNS).where('username', '=', name).executeTakeFirst();
  return row ? account(row) : null;
}

/** The account an enrolment link names, while the link works (unused, not expired, account enabled). */
export async function findByEnrolToken(db: Db, token: string, now = Date.now()): Promise<StaffAccount | null> {
  if (token.length < 32 || token.length > 100) return null;
  const row = await db
    .selectFrom('staff_accounts')
    .select(COLUMNS)
    .where('enrol_token_hash', '=', sha256(token))
    .where('enrol_expires_at', '>', now)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return row ? account(row, now) : null;
}

/**
 * Use an enrolment link: set the password hash and spend the token, in one conditional UPDATE (two
 * requests with one link: one wins). Answers the account, or null when the link no longer works.
 */
export async function claimEnrolToken(
  db: Db,
  token: string,
  passwordHash: string,
  now = Date.now(),
): Promise<StaffAccount | null> {
  const row = await db
    .updateTable('staff_accounts')
    .set({ password_hash: passwordHash, enrol_token_hash: null, enrol_expires_at: null, updated_at: now })
    .where('enrol_token_hash', '=', sha256(token))
    .where('enrol_expires_at', '>', now)
    .where('disabled_at', 'is', null)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row ? account(row, now) : null;
}

export async function markEnrolled(db: Db, id: number, now = Date.now()): Promise<void> {
  await db.updateTable('staff_accounts').set({ enrolled_at: now, updated_at: now }).where('id', '=', id).execute();
}

export async function listStaffAccounts(db: Db): Promise<StaffAccount[]> {
  const rows = await db.selectFrom('staff_accounts').select(COLUMNS).orderBy('username').execute();
  return rows.map((row) => account(row));
}

/**
 * What a change of a colleague's account came to: made, the account not there, or refused because it
 * would leave no enabled, enrolled admin.
 */
export type StaffChange = 'changed' | 'missing' | 'last_admin';

/**
 * Inside a transaction: would `id` ceasing to be a working admin leave none? The working admins'
 * rows are locked on PostgreSQL (`FOR UPDATE`), so a second such change waits for the first and then
 * counts without it; SQLite's transactions begin IMMEDIATE (one writer at a time) and need no lock.
 */
async function leavesNoAdmin(trx: Db, id: number): Promise<boolean> {
  const query = trx
    .selectFrom('staff_accounts')
    .select('id')
    .where('role', '=', 'admin')
    .where('disabled_at', 'is', null)
    .where('enrolled_at', 'is not', null);
  const locked = trx.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query;
  const admins = (await locked.execute()).map((row) => Number(row.id));
  return admins.length <= 1 && admins.includes(id);
}

/**
 * Change an account's role; a working admin's only if another working admin remains, checked and
 * changed in one transaction (two admins demoting each other at once: one is refused).
 */
export async function setStaffRole(db: Db, id: number, role: StaffRole, now = Date.now()): Promise<StaffChange> {
  return db.transaction().execute(async (trx) => {
    if (role !== 'admin' && (await leavesNoAdmin(trx, id))) return 'last_admin';
    const result = await trx
      .updateTable('staff_accounts')
      .set({ role, updated_at: now })
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n ? 'changed' : 'missing';
  });
}

/**
 * Disable (or enable again) an account; a disabled account's sessions end (the caller ends them). A
 * working admin is disabled only if another working admin remains (one transaction, as for a role).
 */
export async function setStaffDisabled(db: Db, id: number, disabled: boolean, now = Date.now()): Promise<StaffChange> {
  return db.transaction().execute(async (trx) => {
    if (disabled && (await leavesNoAdmin(trx, id))) return 'last_admin';
    const result = await trx
      .updateTable('staff_accounts')
      .set({ disabled_at: disabled ? now : null, updated_at: now })
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n ? 'changed' : 'missing';
  });
}

/**
 * Start the account's enrolment again: the password and the TOTP factor go (the caller removes the
 * factor and ends the sessions) and a new one-time link is made. A working admin's only if another
 * working admin remains (one transaction, as for a role).
 */
export async function resetEnrolment(
  db: Db,
  id: number,
  now = Date.now(),
): Promise<{ token: string; expiresAt: number } | 'missing' | 'last_admin'> {
  const token = randomToken();
  const expiresAt = now + ENROL_TTL_MS;
  return db.transaction().execute(async (trx) => {
    if (await leavesNoAdmin(trx, id)) return 'last_admin';
    const result = await trx
      .updateTable('staff_accounts')
      .set({
        password_hash: null,
        enrolled_at: null,
        enrol_token_hash: sha256(token),
        enrol_expires_at: expiresAt,
        updated_at: now,
      })
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n ? { token, expiresAt } : 'missing';
  });
}

/** How many enabled, enrolled admins there are (the last one cannot be demoted or disabled). */
export async function activeAdminCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('staff_accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .where('disabled_at', 'is', null)
    .where('enrolled_at', 'is not', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
