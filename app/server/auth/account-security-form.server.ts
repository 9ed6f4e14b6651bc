import { parseWithZod } from '@conform-to/zod/v4';

import { AccountSecurityFormSchema, type AccountSecurityForm } from '~/lib/forms/account-security-schema';

/**
 * A posted form of the account-security page, by its schema; null for one whose intent is not the
 * page's. Here, on the server, so that the page, which hydrates, loads no form library (ADR 125).
 */
export function parseSecurityForm(form: FormData): AccountSecurityForm | null {
  const submission = parseWithZod(form, { schema: AccountSecurityFormSchema });
  return submission.status === 'success' ? submission.value : null;
}
