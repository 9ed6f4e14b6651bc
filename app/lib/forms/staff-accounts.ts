import * as z from 'zod';

import type { StaffRole } from '~/server/staff/guard.server';

import { STAFF_ROLES } from '../staff';

/**
 * The forms of `/staff/accounts` (ADR 059, ADR 119, ADR 128): a new account, a colleague's role, and
 * the buttons that disable, enable, reset or unlock one. One rule source: the page checks its forms
 * with `StaffAccountFormSchema` in the browser (conform's `onValidate`) and the action parses every
 * post with it (`parseWithZod`). The store checks a new account's names again (the CLI uses it too).
 */

/** Usernames: lower-case letters, digits, dot, dash and underscore; 3–32 characters. */
export const USERNAME_PATTERN = /^[a-z][a-z0-9._-]{2,31}$/;
export const DISPLAY_NAME_MAX = 100;
/** The most of a name field that is read at all. */
const RAW_MAX = 200;

export const STAFF_ACCOUNT_MESSAGES = {
  badUsername: 'ชื่อผู้ใช้ต้องขึ้นต้นด้วยอักษรภาษาอังกฤษตัวเล็ก ยาว 3–32 ตัวอักษร ใช้ได้เฉพาะ a–z 0–9 . _ -',
  badName: `กรุณากรอกชื่อที่แสดง (ไม่เกิน ${DISPLAY_NAME_MAX} ตัวอักษร)`,
  badRole: 'กรุณาเลือกสิทธิ์',
  notFound: 'ไม่พบบัญชีเจ้าหน้าที่นี้',
} as const;

export function normaliseUsername(raw: string): string | null {
  const name = raw.trim().toLowerCase();
  return USERNAME_PATTERN.test(name) ? name : null;
}

export function normaliseDisplayName(raw: string): string | null {
  const name = raw.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return name.length >= 1 && name.length <= DISPLAY_NAME_MAX ? name : null;
}

/** A text field read through `normalise`, refused with `message` when it gives nothing. */
function normalised(normalise: (raw: string) => string | null, message: string) {
  return z
    .string({ error: message })
    .max(RAW_MAX, message)
    .transform((raw, ctx) => {
      const value = normalise(raw);
      if (value === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return value;
    });
}

const role = z.enum(STAFF_ROLES as [StaffRole, ...StaffRole[]], { error: STAFF_ACCOUNT_MESSAGES.badRole });

/** The account a button acts on (a hidden field). */
const id = z
  .string({ error: STAFF_ACCOUNT_MESSAGES.notFound })
  .regex(/^[1-9]\d{0,14}$/, STAFF_ACCOUNT_MESSAGES.notFound)
  .transform(Number);

/** A confirmation's button posts `confirmed=1` (ADR 119). */
const confirmed = z
  .string()
  .optional()
  .transform((value) => value === '1');

/** Every form of the page, told apart by its `intent`. */
export const StaffAccountFormSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('create'),
    username: normalised(normaliseUsername, STAFF_ACCOUNT_MESSAGES.badUsername),
    displayName: normalised(normaliseDisplayName, STAFF_ACCOUNT_MESSAGES.badName),
    role,
  }),
  z.object({ intent: z.literal('role'), id, role }),
  z.object({ intent: z.enum(['disable', 'reset']), id, confirmed }),
  z.object({ intent: z.enum(['enable', 'unlock', 'unlock-confirm']), id }),
]);

export type StaffAccountForm = z.output<typeof StaffAccountFormSchema>;
