/**
 * For test files that run the app's own modules (actions, sessions, limits) on a store of their own:
 * a fresh SQLite folder with demo data, set up before any app module reads the environment, started
 * before the tests and removed after them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { AppLoadContext } from '@remix-run/node';
import { afterAll, beforeAll, expect } from 'vitest';

import type { Db } from './db/index.server';

/**
 * Points the environment at a new store named after the test file (demo data, 20 members, no log),
 * with `extra` variables on top, and registers the hooks that start the app before the file's tests
 * and shut it down and remove the folder after them. Call it before importing any app module.
 * Returns the folder, and `codeSentTo` reading the one-time codes the store's outbox holds.
 */
export function useOwnStore(
  name: string,
  extra: Record<string, string> = {},
  { startTimeoutMs }: { startTimeoutMs?: number } = {},
): { dataDir: string; codeSentTo: (address: string, after: number) => Promise<string> } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sahakorn-${name}-`));
  Object.assign(process.env, { DATA_DIR: dataDir, SEED_DEMO: '1', SEED_MEMBERS: '20', LOG_LEVEL: 'silent', ...extra });
  beforeAll(async () => {
    const { app } = await import('./app.server');
    await app();
  }, startTimeoutMs);
  afterAll(async () => {
    const { shutdown } = await import('./app.server');
    await shutdown();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { dataDir, codeSentTo: (address, after) => codeSentTo(dataDir, address, after) };
}

/** The load context of a request from `clientAddress`, as the server gives it to loaders and actions. */
export function contextFrom(clientAddress: string): AppLoadContext {
  return { cspNonce: 'n', clientAddress } as unknown as AppLoadContext;
}

/** A seeded member's row, and the identity fields as a member types them (birth date in the Buddhist era). */
export async function typedIdentity(db: Db, membershipNo: string) {
  const row = await db
    .selectFrom('members')
    .selectAll()
    .where('membership_no', '=', membershipNo)
    .executeTakeFirstOrThrow();
  const [y, m, d] = row.birth_date.split('-');
  return {
    row,
    fields: {
      membershipNo,
      nationalId: row.id_card,
      firstName: row.first_name,
      lastName: row.last_name,
      birthDate: `${d}/${m}/${Number(y) + 543}`,
    },
  };
}

/** The new password the tests type, twice, in the code step of the register and forgotten-password pages. */
export const NEW_PASSWORD = 'ม้าลายกินหญ้าทุกวัน';

/** A form of the register or forgotten-password page posted to its action from `clientAddress`. */
export async function postRegistration(
  mode: 'register' | 'forget',
  fields: Record<string, string>,
  clientAddress: string,
): Promise<Response> {
  const { registerAction } = await import('./auth/register.server');
  const request = new Request(`http://coop.test/member/${mode}`, { method: 'POST', body: new URLSearchParams(fields) });
  return registerAction(mode, { request, context: contextFrom(clientAddress), params: {} });
}

/**
 * The identity step of the page (which must lead to the code step), then a poster of the code step
 * with NEW_PASSWORD (and the terms accepted, to register) for the code it is given.
 */
export async function codeStep(
  mode: 'register' | 'forget',
  fields: Record<string, string>,
  clientAddress: string,
): Promise<(code: string) => Promise<Response>> {
  const identity = await postRegistration(mode, { intent: 'identity', ...fields }, clientAddress);
  const answer = (await identity.json()) as { step: 'identity' | 'code'; challenge: string | null };
  expect(answer.step).toBe('code');
  const step = {
    intent: 'code',
    challenge: answer.challenge ?? '',
    ...fields,
    password: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
    ...(mode === 'register' ? { acceptTerms: 'on' } : {}),
  };
  return (code: string) => postRegistration(mode, { ...step, code }, clientAddress);
}

/**
 * Turns the member's second factor on the way the security page enrols it, confirmed by `holder` (the
 * page's own path is tested with the page); checks the enrolment gave recovery codes and answers the
 * factor's secret.
 */
export async function enableMemberFactor(membershipNo: string, holder = 'holder'): Promise<string> {
  const { memberSubject, memberTotp } = await import('./auth/second-factor.server');
  const { totpCodeAt } = await import('./auth/totp/totp.server');
  const totp = await memberTotp();
  const subject = memberSubject(membershipNo);
  await totp.startEnrolment(subject);
  const pending = await totp.pendingEnrolment(subject, { issuer: 'x', account: membershipNo });
  if (!(await totp.confirmEnrolment(subject, totpCodeAt(pending!.secret, Date.now()), holder)).ok) {
    throw new Error('enrolment refused');
  }
  expect((await totp.status(subject)).recoveryCodesLeft).toBeGreaterThan(0);
  return pending!.secret;
}

/** The stored row of a session (by the hash `requireMember` reports as `session.idHash`). */
export async function sessionRow(db: Db, idHash: string) {
  return db.selectFrom('sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirstOrThrow();
}

/**
 * The one-time code in the newest outbox message to this email address or phone number sent at or after
 * `after` (ms), waiting up to a second for the background send; throws when none comes.
 */
async function codeSentTo(dataDir: string, address: string, after: number): Promise<string> {
  const { readOutbox, outboxDir } = await import('./auth/recovery/delivery.server');
  for (let i = 0; i < 50; i += 1) {
    const entries = await readOutbox(outboxDir(dataDir));
    const entry = entries.find(
      (e) => e.at >= after && (e.to.kind === 'email' ? e.to.address : e.to.number) === address,
    );
    const code = entry ? /\b(\d{6})\b/.exec(entry.text)?.[1] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('no code sent');
}

/**
 * The membership number of an active member registered for the online service, other than the demo
 * member 012345: the first the store finds, or with `newest` the highest number.
 */
export async function registeredMember(db: Db, { newest = false }: { newest?: boolean } = {}): Promise<string> {
  const row = await db
    .selectFrom('members')
    .innerJoin('member_credentials', 'member_credentials.membership_no', 'members.membership_no')
    .select('members.membership_no')
    .where('members.status_code', '=', '0')
    .where('members.membership_no', '!=', '012345')
    .$if(newest, (q) => q.orderBy('members.membership_no', 'desc'))
    .executeTakeFirstOrThrow();
  return row.membership_no;
}

/** The Response a loader, action or guard throws (a redirect, a 4xx); fails when it throws something else or nothing. */
export async function thrownResponse(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error('expected a thrown response');
}
