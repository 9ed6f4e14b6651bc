import { MESSAGES } from './fields';
import { IDENTITY_MESSAGES } from './identity';
import { PASSWORD_MESSAGES, PASSWORD_MIN } from './password-rules';
import { REGISTER_MESSAGES, type RegisterMode } from './register';

/**
 * The checks the member area's script (`public/member.js`, ADR 068) makes before a form is
 * posted, with the server schemas' own messages, so the member meets the same Thai text with or
 * without a round trip. They are a subset of the schemas (the server checks everything again): each
 * field's first failing rule gives its message.
 *
 * - `['required', message]`: not empty after trimming;
 * - `['checked', message]`: a checkbox that must be ticked;
 * - `['pattern', source, message]`: the trimmed value, when not empty, matches the regular expression;
 * - `['min', characters, message]`: the value, when not empty, has at least that many characters;
 * - `['same', otherField, message]`: equal to the other field once both are filled.
 */
export type ClientRule =
  | readonly ['required' | 'checked', string]
  | readonly ['pattern', string, string]
  | readonly ['min', number, string]
  | readonly ['same', string, string];

export type ClientRules = Record<string, readonly ClientRule[]>;

const membershipNo: readonly ClientRule[] = [
  ['required', MESSAGES.membershipNoRequired],
  ['pattern', '^\\d+$', MESSAGES.membershipNoDigits],
  ['pattern', '^\\d{1,7}$', MESSAGES.membershipNoMax],
];

export const LOGIN_RULES: ClientRules = {
  membershipNo,
  password: [['required', MESSAGES.passwordRequired]],
};

export const IDENTITY_RULES: ClientRules = {
  membershipNo,
  nationalId: [
    ['required', IDENTITY_MESSAGES.nationalIdRequired],
    // 13 digits, with dashes or spaces between them; the check digit is the server's to verify.
    ['pattern', '^(\\d[\\s-]*){13}$', IDENTITY_MESSAGES.nationalIdInvalid],
  ],
  firstName: [['required', REGISTER_MESSAGES.firstNameRequired]],
  lastName: [['required', REGISTER_MESSAGES.lastNameRequired]],
  birthDate: [['required', REGISTER_MESSAGES.birthDateRequired]],
};

/** The code step: the one-time code, the new password twice and, to register, the terms. */
export function codeRules(mode: RegisterMode): ClientRules {
  return {
    code: [
      ['required', REGISTER_MESSAGES.codeRequired],
      ['pattern', '^(\\d\\s*){6}$', REGISTER_MESSAGES.codeInvalid],
    ],
    password: [
      ['required', PASSWORD_MESSAGES.newRequired],
      ['min', PASSWORD_MIN, PASSWORD_MESSAGES.tooShort],
    ],
    confirmPassword: [
      ['required', PASSWORD_MESSAGES.confirmRequired],
      ['same', 'password', PASSWORD_MESSAGES.mismatch],
    ],
    ...(mode === 'register' ? { acceptTerms: [['checked', REGISTER_MESSAGES.acceptTermsRequired] as const] } : {}),
  };
}
