import path from 'node:path';

import type { Page } from '@playwright/test';

import { E2E_DATA_DIR } from '../../playwright.config';
import { isValidThaiNationalId } from '../../app/lib/forms/identity';
import { outboxDir, readOutbox } from '../../app/server/auth/recovery/delivery.server';
import { database, expect, randomNationalId, type TestMember } from './fixtures';

/**
 * The steps of the register and forgotten-password pages (`/member/register`, `/member/forget`) as a
 * member takes them, shared by the specs that walk them.
 */

/** What the code step says whatever the identity (no user enumeration). */
export const SENT = 'หากข้อมูลตรงกับทะเบียนสมาชิก ระบบได้ส่งรหัสยืนยัน 6 หลัก';
export const ACCEPT_LABEL = 'ข้าพเจ้ายอมรับข้อกำหนดและเงื่อนไขการใช้บริการ';

/** The five identity fields as a member types them (birth date in the Buddhist era). */
export interface Identity {
  membershipNo: string;
  nationalId: string;
  firstName: string;
  lastName: string;
  birthDate: string;
}

/** `1985-03-14` → `14/03/2528`. */
export function toBe(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${Number(y) + 543}`;
}

/**
 * A member made by `createMember` made able to take the identity step: a real national id (createMember's
 * is random digits, without a valid check digit) and `email` on file for the codes. Returns the
 * identity as the member types it, read from the store.
 */
export async function identityWithEmail(member: TestMember, email: string): Promise<Identity> {
  const row = await database()
    .selectFrom('members')
    .select(['id_card', 'first_name', 'last_name', 'birth_date'])
    .where('membership_no', '=', member.membershipNo)
    .executeTakeFirstOrThrow();
  let nationalId = row.id_card;
  while (!isValidThaiNationalId(nationalId)) {
    nationalId = randomNationalId();
    try {
      await database()
        .updateTable('members')
        .set({ id_card: nationalId })
        .where('membership_no', '=', member.membershipNo)
        .execute();
    } catch (error) {
      if (!/unique|duplicate/i.test(String(error))) throw error;
      nationalId = row.id_card;
    }
  }
  await database().updateTable('members').set({ email }).where('membership_no', '=', member.membershipNo).execute();
  return {
    membershipNo: member.membershipNo,
    nationalId,
    firstName: row.first_name,
    lastName: row.last_name,
    birthDate: toBe(row.birth_date),
  };
}

export async function fillIdentity(page: Page, identity: Identity): Promise<void> {
  await page.getByLabel('หมายเลขสมาชิก').fill(identity.membershipNo);
  await page.getByLabel('เลขประจำตัวประชาชน').fill(identity.nationalId);
  await page.getByLabel('ชื่อ', { exact: true }).fill(identity.firstName);
  await page.getByLabel('นามสกุล', { exact: true }).fill(identity.lastName);
  await page.getByLabel('วันเดือนปีเกิด (พ.ศ.)').fill(identity.birthDate);
}

/** Step 1 on the page as it is: the identity; answers with the code step whatever the identity. */
export async function requestCode(page: Page, identity: Identity): Promise<void> {
  await fillIdentity(page, identity);
  await page.getByRole('button', { name: 'ขอรหัสยืนยัน', exact: true }).click();
  await expect(page.getByText(SENT)).toBeVisible();
}

/** The code in the newest outbox message to this address sent after `since`. */
export async function codeFor(address: string, since: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const entries = await readOutbox(outboxDir(path.resolve(E2E_DATA_DIR)), 200);
      const entry = entries.find((e) => e.at >= since && e.to.kind === 'email' && e.to.address === address);
      code = entry ? /\b(\d{6})\b/.exec(entry.text)?.[1] : undefined;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code ?? '';
}

/** Step 2, filled but not sent: the code, the new password twice, and the terms when `accept`. */
export async function fillCodeStep(
  page: Page,
  code: string,
  password: string,
  options: { accept?: boolean } = {},
): Promise<void> {
  await page.getByLabel('รหัสยืนยัน', { exact: true }).fill(code);
  await page.getByLabel('รหัสผ่านใหม่', { exact: true }).fill(password);
  await page.getByLabel('ยืนยันรหัสผ่านใหม่').fill(password);
  if (options.accept) await page.getByLabel(ACCEPT_LABEL).check();
}
