import * as z from 'zod';

import { SECURITY_FIELD_MAX, SECURITY_INTENTS } from './account-security';

/** A text field of the page: only its first characters are read; an empty or missing one is ''. */
const text = z
  .string()
  .optional()
  .transform((value) => (value ?? '').slice(0, SECURITY_FIELD_MAX));

/**
 * Every form of the account-security page: the intent names the change; the current password
 * (ADR 090), the enrolment code and the item's id are checked by the action, which says what is
 * missing or wrong in the page's words. An unknown intent fails here.
 */
export const AccountSecurityFormSchema = z.object({
  intent: z.enum(SECURITY_INTENTS),
  currentPassword: text,
  code: text,
  id: text,
});

export type AccountSecurityForm = z.output<typeof AccountSecurityFormSchema>;
