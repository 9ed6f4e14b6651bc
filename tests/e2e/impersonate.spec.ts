import type { Page } from '@playwright/test';

import { E2E_DATA_DIR, E2E_HTTP_MODE, E2E_IMPERSONATION_SECRET } from '../../playwright.config';
import { actingAsText, IMPERSONATION_MESSAGES } from '../../app/lib/impersonation';
import { database, expect, frontDatabase, test } from './fixtures';

// The link maker below is the CLI's (`npm run impersonate`); its audit line must not land in ./data.
process.env.DATA_DIR ??= E2E_DATA_DIR;
process.env.LOG_LEVEL ??= 'silent';
const { issueImpersonationLink, LINK_TTL_MS } = await import('../../app/server/auth/impersonation.server');

const STAFF = 'สมศรี ฝ่ายบริการสมาชิก';

/**
 * A link as the CLI prints it, for this server. The CLI runs where the grants are kept: with the data,
 * which in http mode is the core, a Sahakorn that redeems the links the front passes on (ADR 025).
 */
async function link(membershipNo: string, baseUrl: string, now?: number): Promise<string> {
  const issued = await issueImpersonationLink(database(), {
    membershipNo,
    staff: STAFF,
    secret: E2E_IMPERSONATION_SECRET,
    baseUrl,
    now,
  });
  if (!issued.ok) throw new Error(`link not issued: ${issued.reason}`);
  return issued.url;
}

async function auditTypes(membershipNo: string, since: number, db = frontDatabase()): Promise<string[]> {
  const rows = await db
    .selectFrom('audit_events')
    .select('type')
    .where('membership_no', '=', membershipNo)
    .where('at', '>=', since)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.type);
}

async function expectRefused(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1, name: IMPERSONATION_MESSAGES.linkRefusedTitle })).toBeVisible();
}

function banner(page: Page) {
  return page.getByRole('region', { name: IMPERSONATION_MESSAGES.bannerLabel });
}

/** Opens a staff link: it lands on the member's status page, under the banner. */
async function openLink(page: Page, url: string) {
  await page.goto(url);
  await expect(page).toHaveURL(/\/member\/status$/);
  await expect(banner(page)).toBeVisible();
}

test('a staff link signs in as the member with a banner, once; the password stays the member’s', async ({
  page,
  axe,
  baseURL,
  createMember,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 403/);
  const since = Date.now();
  const member = await createMember();
  const url = await link(member.membershipNo, baseURL ?? '');
  expect(url).not.toContain(member.membershipNo);

  await openLink(page, url);
  await expect(banner(page)).toContainText(actingAsText(member.name, member.membershipNo, STAFF));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await axe();

  // The password page says why there is no form, and the server refuses a change anyway.
  await page.goto('/member/password');
  await expect(page.getByText(IMPERSONATION_MESSAGES.passwordBlocked)).toBeVisible();
  await expect(page.getByLabel('รหัสผ่านปัจจุบัน')).toHaveCount(0);
  await expect(banner(page)).toBeVisible();
  await axe();
  const before = await database()
    .selectFrom('member_credentials')
    .select('password_hash')
    .where('membership_no', '=', member.membershipNo)
    .executeTakeFirstOrThrow();
  const refused = await page.request.post('/member/password', {
    form: {
      currentPassword: member.password,
      newPassword: 'ม้าลายกินหญ้าที่ทุ่งกว้าง',
      confirmPassword: 'ม้าลายกินหญ้าที่ทุ่งกว้าง',
    },
    headers: { Origin: baseURL ?? '' },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(403);
  const after = await database()
    .selectFrom('member_credentials')
    .select('password_hash')
    .where('membership_no', '=', member.membershipNo)
    .executeTakeFirstOrThrow();
  expect(after.password_hash).toBe(before.password_hash);

  // The same link again: refused, and the session already open is left alone.
  await expectRefused(page, url);
  await axe();

  // Ending it is a logout: back to the login page, and member pages ask for a login again.
  await page.goto('/member/status');
  await axe();
  await banner(page).getByRole('button', { name: IMPERSONATION_MESSAGES.endButton }).click();
  await expect(page).toHaveURL(/\/member\/logon$/);
  await axe();
  await page.goto('/member/status');
  await expect(page).toHaveURL(/\/member\/logon\?redirectTo=%2Fmember%2Fstatus$/);
  await axe();

  if (E2E_HTTP_MODE) {
    // The core audits the link: issued, used, refused the second time; the front the session.
    expect(await auditTypes(member.membershipNo, since, database())).toEqual([
      'impersonation_issued',
      'impersonation_started',
      'impersonation_refused',
    ]);
    expect(await auditTypes(member.membershipNo, since)).toEqual([
      'impersonation_started',
      'impersonation_blocked',
      'impersonation_ended',
    ]);
  } else {
    expect(await auditTypes(member.membershipNo, since)).toEqual([
      'impersonation_issued',
      'impersonation_started',
      'impersonation_blocked',
      'impersonation_refused',
      'impersonation_ended',
    ]);
  }
});

test('expired and tampered links get the same refusal; a tampered copy does not burn the real link', async ({
  page,
  axe,
  baseURL,
  createMember,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 403/);
  const since = Date.now();
  const member = await createMember();

  await expectRefused(page, await link(member.membershipNo, baseURL ?? '', Date.now() - 2 * LINK_TTL_MS));
  await axe();

  const url = await link(member.membershipNo, baseURL ?? '');
  const tampered = url.endsWith('A') ? `${url.slice(0, -1)}B` : `${url.slice(0, -1)}A`;
  await expectRefused(page, tampered);
  await axe();
  // Stretching the expiry is tampering too.
  const stretched = url.replace(/\.(\d{13})\./, (_, expiry: string) => `.${Number(expiry) + 3600_000}.`);
  await expectRefused(page, stretched);
  await axe();

  await openLink(page, url);
  await axe();

  // Why a link was refused is known where its grant is kept (in http mode, the core).
  const refusals = await database()
    .selectFrom('audit_events')
    .select(['membership_no', 'detail'])
    .where('type', '=', 'impersonation_refused')
    .where('at', '>=', since)
    .orderBy('id')
    .execute();
  const mine = refusals.filter((r) => r.membership_no === member.membershipNo).map((r) => r.detail?.split(';')[0]);
  expect(mine).toEqual(['expired']);
  // A bad signature names nobody: the grant is not even looked up.
  expect(
    refusals.filter((r) => r.membership_no === null && r.detail === 'bad_signature').length,
  ).toBeGreaterThanOrEqual(2);
  expect(await auditTypes(member.membershipNo, since)).toContain('impersonation_started');
});

test('staff see the pages of a member who has not accepted the terms, but cannot accept for them', async ({
  page,
  axe,
  baseURL,
  createMember,
}) => {
  const member = await createMember({ termsAccepted: false });
  await openLink(page, await link(member.membershipNo, baseURL ?? ''));
  await axe();

  await page.goto('/member/termofconditional');
  await expect(page.getByText(IMPERSONATION_MESSAGES.termsBlocked)).toBeVisible();
  await expect(page.getByRole('button', { name: 'ยอมรับข้อกำหนดและเงื่อนไข' })).toHaveCount(0);
  await axe();
  const accepted = await database()
    .selectFrom('terms_acceptances')
    .select('terms_no')
    .where('membership_no', '=', member.membershipNo)
    .execute();
  expect(accepted).toEqual([]);
});
