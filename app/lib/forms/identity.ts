import * as z from 'zod';

import { FIELD_RULES } from './client-rules';
import { IDENTITY_MESSAGES } from './messages';
import { followsRules } from './rule-check';

import { parseDateDMY } from '~/lib/thai-format';

export { IDENTITY_MESSAGES };

export const THAI_NAME_MAX = 100;

/** The 13th digit of a Thai national ID from the first 12: (11 − (Σ_{i=1..12} d_i × (14 − i)) mod 11) mod 10. */
export function thaiIdCheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12.charAt(i)) * (13 - i);
  return (11 - (sum % 11)) % 10;
}

/** Thai national ID check: 13 digits, the last being the check digit of the first 12. */
export function isValidThaiNationalId(digits: string): boolean {
  return /^\d{13}$/.test(digits) && thaiIdCheckDigit(digits.slice(0, 12)) === Number(digits.charAt(12));
}

/** National ID as typed (`1-2345-67890-12-1` or with spaces) → 13 digits, checksum verified. */
export const nationalIdField = z
  .string({ error: IDENTITY_MESSAGES.nationalIdRequired })
  // Bounded before it is cleaned: no normalisation runs over an unbounded value.
  .max(64, { error: IDENTITY_MESSAGES.nationalIdInvalid, abort: true })
  .superRefine(followsRules(FIELD_RULES.nationalId))
  .overwrite((value) => value.replace(/[\s-]/g, ''))
  .refine(isValidThaiNationalId, IDENTITY_MESSAGES.nationalIdInvalid);

/** A typed Buddhist-era `DD/MM/BBBB` date → Gregorian `YYYY-MM-DD`. */
export function beDateField(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .max(64, { error: IDENTITY_MESSAGES.beDateInvalid, abort: true })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .transform((text, ctx) => {
      const iso = parseDateDMY(text);
      if (iso === null) {
        ctx.addIssue({ code: 'custom', message: IDENTITY_MESSAGES.beDateInvalid, input: text });
        return z.NEVER;
      }
      return iso;
    });
}

/** A person's name: trimmed, 1–100 characters. */
export function thaiNameField(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .max(THAI_NAME_MAX * 2, { error: IDENTITY_MESSAGES.nameMax, abort: true })
    .trim()
    .min(1, requiredMessage)
    .max(THAI_NAME_MAX, IDENTITY_MESSAGES.nameMax);
}
