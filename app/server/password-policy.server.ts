import { parseWithZod } from '@conform-to/zod/v4';

import { ChangePasswordSchema, PASSWORD_MESSAGES } from '~/lib/forms/password';

/** How many of the most common passwords are refused (ASVS 2.1.7). */
export const COMMON_PASSWORDS_REFUSED = 1000;

let common: Promise<Set<string>> | undefined;

/** The most common passwords, most frequent first, from zxcvbn-ts's list (loaded on first use). */
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_REFUSED)),
  );
  return common;
}

/**
 * Server-side password rules beyond length (which the form schema checks in the browser too): not one
 * of the 1,000 most common passwords, and not containing the membership number. Returns the Thai
 * message of the first rule broken, or null.
 */
export async function passwordPolicyError(password: string, membershipNo: string): Promise<string | null> {
  if ((await commonPasswords()).has(password.toLowerCase())) return PASSWORD_MESSAGES.common;
  const digits = membershipNo.replace(/^0+/, '');
  if (password.includes(membershipNo) || (digits.length >= 4 && password.includes(digits))) {
    return PASSWORD_MESSAGES.containsMembershipNo;
  }
  return null;
}

/** The change-password form, parsed on the server (the page validates there only, see its route). */
export function parsePasswordChange(formData: FormData) {
  return parseWithZod(formData, { schema: ChangePasswordSchema });
}
