import * as z from 'zod';

import { FIELD_RULES } from './client-rules';
import { membershipNoField } from './fields';
import { beDateField, nationalIdField, thaiNameField } from './identity';
import { REGISTER_MESSAGES } from './messages';
import { confirmPasswordField, newPasswordField, PASSWORD_MESSAGES } from './password';
import { followsRules } from './rule-check';

/** First-time registration and forgotten password share one form (spec §2). */
export type RegisterMode = 'register' | 'forget';

export { REGISTER_MESSAGES };

export const REGISTER_TITLES: Record<RegisterMode, string> = {
  register: 'เข้าใช้งานครั้งแรก (ลงทะเบียน)',
  forget: 'ลืมรหัสผ่าน',
};

const passwordPair = z.object({ password: newPasswordField, confirmPassword: confirmPasswordField });

function build(mode: RegisterMode) {
  return z
    .object({
      membershipNo: membershipNoField,
      nationalId: nationalIdField,
      firstName: thaiNameField(REGISTER_MESSAGES.firstNameRequired),
      lastName: thaiNameField(REGISTER_MESSAGES.lastNameRequired),
      birthDate: beDateField(REGISTER_MESSAGES.birthDateRequired),
      // The one-time code sent to the contact on file (ADR 038); spaces typed between digits are dropped.
      code: z
        .string({ error: REGISTER_MESSAGES.codeRequired })
        .max(20, { error: REGISTER_MESSAGES.codeInvalid, abort: true })
        .superRefine(followsRules(FIELD_RULES.code))
        .overwrite((v) => v.replace(/\s+/g, '')),
      password: newPasswordField,
      confirmPassword: confirmPasswordField,
      // Only registration asks for it; the forgotten-password form has no such box.
      acceptTerms: z
        .boolean()
        .default(false)
        .refine((accepted) => mode !== 'register' || accepted === true, REGISTER_MESSAGES.acceptTermsRequired),
    })
    .refine((value) => value.confirmPassword === value.password, {
      path: ['confirmPassword'],
      message: PASSWORD_MESSAGES.mismatch,
      // Checked as soon as both passwords are there, even while other fields still have errors.
      when: (payload) => passwordPair.safeParse(payload.value).success,
    });
}

const SCHEMAS = { register: build('register'), forget: build('forget') };

/** The second step's schema for one mode (built once per mode): identity again, code, passwords, terms. */
export function registerSchema(mode: RegisterMode) {
  return SCHEMAS[mode];
}

export type RegisterInput = z.infer<ReturnType<typeof registerSchema>>;

/** The first step (ADR 038): the spec's five identity fields, before a one-time code is sent. */
export const identitySchema = z.object({
  membershipNo: membershipNoField,
  nationalId: nationalIdField,
  firstName: thaiNameField(REGISTER_MESSAGES.firstNameRequired),
  lastName: thaiNameField(REGISTER_MESSAGES.lastNameRequired),
  birthDate: beDateField(REGISTER_MESSAGES.birthDateRequired),
});
