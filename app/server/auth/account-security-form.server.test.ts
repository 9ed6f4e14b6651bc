import { describe, expect, it } from 'vitest';

import { parseSecurityForm } from './account-security-form.server';
import { formDataOf as form } from '~/lib/forms/form-data.test-support';

describe("the account-security page's forms, by their schema", () => {
  it('reads the change named and its fields; a missing field is empty, for the action to ask for it', () => {
    expect(parseSecurityForm(form({ intent: 'confirm', code: ' 123456 ', currentPassword: 'pw' }))).toEqual({
      intent: 'confirm',
      code: ' 123456 ',
      currentPassword: 'pw',
      id: '',
    });
    expect(parseSecurityForm(form({ intent: 'end-others' }))).toEqual({
      intent: 'end-others',
      code: '',
      currentPassword: '',
      id: '',
    });
  });

  it('refuses an intent that is not of the page, or none', () => {
    expect(parseSecurityForm(form({ intent: 'delete-account', currentPassword: 'pw' }))).toBeNull();
    expect(parseSecurityForm(form({}))).toBeNull();
  });

  it('reads only the first 200 characters of a field', () => {
    const parsed = parseSecurityForm(form({ intent: 'end-session', id: 'a'.repeat(5000) }));
    expect(parsed?.id).toHaveLength(200);
  });
});
