import * as z from 'zod';

import { FIELD_RULES } from './client-rules';
import { MESSAGES } from './messages';
import { followsRules } from './rule-check';

import { padMembershipNo } from '~/lib/thai-format';

/** The spec's Thai messages (spec §5), one place for every form that uses these fields. */
export { MESSAGES };

export { MEMBERSHIP_NO_MAX } from './limits';

/** Membership number: required, digits, at most 7 (its rules); 1–6 digits are left-padded to 6. */
export const membershipNoField = z
  .string({ error: MESSAGES.membershipNoRequired })
  // Bounded before it is trimmed: no normalisation runs over an unbounded value.
  .max(64, { error: MESSAGES.membershipNoMax, abort: true })
  .superRefine(followsRules(FIELD_RULES.membershipNo))
  .transform(padMembershipNo);

/** A password as typed (not trimmed: spaces may be part of it). */
export const passwordField = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .max(200, MESSAGES.passwordRequired);
