import { parseWithZod } from '@conform-to/zod/v4';

import { site } from '~/config/site';
import { ChangePasswordSchema, PASSWORD_MESSAGES } from '~/lib/forms/password';
import { CHANGE_PASSWORD_FIELDS, type ChangePasswordErrors } from '~/lib/forms/password-rules';

/**
 * How many of the most common passwords are refused (ASVS 6.2.4): all of zxcvbn-ts's list, which is
 * ranked by frequency in leaked password sets (49,233 entries in @zxcvbn-ts/language-common 4.x).
 * The check only needs at least 10,000 (ADR 039); the test asserts the list is that long.
 */
export const COMMON_PASSWORDS_MIN = 10_000;

let common: Promise<Set<string>> | undefined;

/** The common-password list, lowercased (loaded on first use). */
export function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())),
  );
  return common;
}

/** What the password is checked against besides the lists: the member's own details. */
export interface PasswordContext {
  membershipNo: string;
  firstName?: string | null;
  lastName?: string | null;
  /** Gregorian `YYYY-MM-DD`. */
  birthDate?: string | null;
}

/** Shorter words are too likely to occur by chance in a long passphrase. */
const MIN_WORD = 3;

/** Lowercase, without spaces and the separators people put in dates and numbers. */
function squeeze(text: string): string {
  return text.toLowerCase().replace(/[\s\-./_,:]+/g, '');
}

/**
 * The cooperative's names as words (ASVS 6.2.11): the Thai names whole and without their legal
 * suffix, the distinctive words of the English name, and the product's own name.
 */
const COOP_WORDS: readonly string[] = (() => {
  const generic = new Set(['and', 'the', 'of', 'limited', 'cooperative', 'savings', 'credit', 'co', 'ltd']);
  const words = new Set<string>([squeeze(site.nameTh), squeeze(site.shortNameTh), 'sahakorn']);
  words.add(squeeze(site.nameTh.trimEnd().replace(/จำกัด$/, '')));
  for (const word of site.nameEn.toLowerCase().split(/[^a-z]+/)) {
    if (word.length >= MIN_WORD && !generic.has(word)) words.add(word);
  }
  return [...words].filter((w) => [...w].length >= MIN_WORD);
})();

/** A birth date the ways people write it in a password: day-month-year in both eras, and year first. */
function dateForms(iso: string): string[] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return [];
  const [, ce = '', m = '', d = ''] = match;
  const be = String(Number(ce) + 543);
  return [
    `${d}${m}${be}`,
    `${d}${m}${ce}`,
    `${be}${m}${d}`,
    `${ce}${m}${d}`,
    `${m}${d}${ce}`,
    `${d}${m}${be.slice(2)}`,
    `${d}${m}${ce.slice(2)}`,
  ];
}

/**
 * Server-side password rules beyond length (which the form schema checks in the browser too), in
 * order: not one of the common passwords; not containing the membership number; not containing the
 * member's first name, last name or birth date; not containing the cooperative's name. Returns the
 * Thai message of the first rule broken, or null. A bare membership number is accepted as the
 * context for callers that know nothing else.
 */
export async function passwordPolicyError(password: string, context: PasswordContext | string): Promise<string | null> {
  const who: PasswordContext = typeof context === 'string' ? { membershipNo: context } : context;
  if ((await commonPasswords()).has(password.toLowerCase())) return PASSWORD_MESSAGES.common;
  const plain = squeeze(password);
  const digits = who.membershipNo.replace(/^0+/, '');
  if (plain.includes(who.membershipNo) || (digits.length >= 4 && plain.includes(digits))) {
    return PASSWORD_MESSAGES.containsMembershipNo;
  }
  const names = [who.firstName, who.lastName].map((n) => squeeze(n ?? '')).filter((n) => [...n].length >= MIN_WORD);
  const dates = who.birthDate ? dateForms(who.birthDate) : [];
  if ([...names, ...dates].some((word) => plain.includes(word))) return PASSWORD_MESSAGES.containsPersonal;
  if (COOP_WORDS.some((word) => plain.includes(word))) return PASSWORD_MESSAGES.containsCoopName;
  return null;
}

/**
 * The change-password form, parsed on the server: its values, or each field's first message (the
 * page shows one message a field, and checks the same rules before posting, `changePasswordErrors`).
 */
export function parsePasswordChange(formData: FormData) {
  const submission = parseWithZod(formData, { schema: ChangePasswordSchema });
  if (submission.status === 'success') return { ok: true as const, value: submission.value };
  const errors: ChangePasswordErrors = {};
  for (const field of CHANGE_PASSWORD_FIELDS) {
    const message = submission.error?.[field]?.[0];
    if (message) errors[field] = message;
  }
  return { ok: false as const, errors };
}
