import { MEMBERSHIP_NO_MAX } from './limits';
import { IDENTITY_MESSAGES, MESSAGES, REGISTER_MESSAGES } from './messages';
import { PASSWORD_MAX, PASSWORD_MESSAGES, PASSWORD_MIN } from './password-rules';
import type { ClientRules } from './rules';

export { firstBrokenRule, type ClientRule, type ClientRules, type RuleContext } from './rules';

/**
 * The one statement of the sign-in and registration fields' rules, without zod (ADR 103). The
 * server's schemas apply each field's rules (`./rule-check`, in `./fields`, `./identity`,
 * `./register`) and the member area's script (`app/client/member.ts`) runs the same rules, sent in
 * the form's `data-rules`, before the form is posted, with `firstBrokenRule` (`./rules`): the member meets
 * the same Thai text with or without a round trip. The server checks more than these (bounds before
 * normalising, the national ID's check digit, real dates): each field's first failing rule gives its
 * message.
 */

/** Each field's rules; the forms below and the schemas name them. */
export const FIELD_RULES = {
  membershipNo: [
    ['required', MESSAGES.membershipNoRequired],
    ['pattern', '^\\d+$', MESSAGES.membershipNoDigits],
    ['pattern', `^\\d{1,${MEMBERSHIP_NO_MAX}}$`, MESSAGES.membershipNoMax],
  ],
  password: [['required', MESSAGES.passwordRequired]],
  nationalId: [
    ['required', IDENTITY_MESSAGES.nationalIdRequired],
    // Dashes and spaces alone are no number: the server drops them before it looks.
    ['pattern', '[^\\s-]', IDENTITY_MESSAGES.nationalIdRequired],
    // 13 digits, with dashes or spaces around them; the check digit is the server's to verify.
    ['pattern', '^[\\s-]*(\\d[\\s-]*){13}$', IDENTITY_MESSAGES.nationalIdInvalid],
  ],
  firstName: [['required', REGISTER_MESSAGES.firstNameRequired]],
  lastName: [['required', REGISTER_MESSAGES.lastNameRequired]],
  birthDate: [['required', REGISTER_MESSAGES.birthDateRequired]],
  // Spaces typed between the digits are dropped by the server.
  code: [
    ['required', REGISTER_MESSAGES.codeRequired],
    ['pattern', '^(\\d\\s*){6}$', REGISTER_MESSAGES.codeInvalid],
  ],
  newPassword: [
    ['required', PASSWORD_MESSAGES.newRequired],
    ['min', PASSWORD_MIN, PASSWORD_MESSAGES.tooShort],
    // Before the confirmation is compared: a pasted password that is too long is told so.
    ['max', PASSWORD_MAX, PASSWORD_MESSAGES.tooLong],
  ],
  confirmPassword: [
    ['required', PASSWORD_MESSAGES.confirmRequired],
    ['same', 'password', PASSWORD_MESSAGES.mismatch],
  ],
  acceptTerms: [['checked', REGISTER_MESSAGES.acceptTermsRequired]],
} as const satisfies ClientRules;

export const LOGIN_RULES: ClientRules = {
  membershipNo: FIELD_RULES.membershipNo,
  password: FIELD_RULES.password,
};

export const IDENTITY_RULES: ClientRules = {
  membershipNo: FIELD_RULES.membershipNo,
  nationalId: FIELD_RULES.nationalId,
  firstName: FIELD_RULES.firstName,
  lastName: FIELD_RULES.lastName,
  birthDate: FIELD_RULES.birthDate,
};

/** The code step: the one-time code, the new password twice and, to register, the terms. */
export function codeRules(mode: 'register' | 'forget'): ClientRules {
  return {
    code: FIELD_RULES.code,
    password: FIELD_RULES.newPassword,
    confirmPassword: FIELD_RULES.confirmPassword,
    ...(mode === 'register' ? { acceptTerms: FIELD_RULES.acceptTerms } : {}),
  };
}
