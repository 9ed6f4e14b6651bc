import * as z from 'zod';

import { MEMBERSHIP_NO_MAX } from './limits';

import { padMembershipNo } from '~/lib/thai-format';

/** The spec's Thai messages (spec §5), one place for every form that uses these fields. */
export const MESSAGES = {
  membershipNoRequired: 'กรุณากรอกหมายเลขสมาชิก',
  membershipNoDigits: 'หมายเลขสมาชิกต้องเป็นตัวเลขเท่านั้น',
  membershipNoMax: 'หมายเลขสมาชิกต้องไม่เกิน 7 หลัก',
  passwordRequired: 'กรุณากรอกรหัสผ่าน',
} as const;

export { MEMBERSHIP_NO_MAX } from './limits';

/** Membership number: required, digits, at most 7; 1–6 digits are left-padded to 6. */
export const membershipNoField = z
  .string({ error: MESSAGES.membershipNoRequired })
  // Bounded before it is trimmed: no normalisation runs over an unbounded value.
  .max(64, { error: MESSAGES.membershipNoMax, abort: true })
  .trim()
  .min(1, MESSAGES.membershipNoRequired)
  .max(MEMBERSHIP_NO_MAX, MESSAGES.membershipNoMax)
  .regex(/^\d+$/, MESSAGES.membershipNoDigits)
  .transform(padMembershipNo);

/** A password as typed (not trimmed: spaces may be part of it). */
export const passwordField = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .max(200, MESSAGES.passwordRequired);
