import { describe, expect, it } from 'vitest';

import { PASSWORD_MESSAGES } from '~/lib/forms/password';

import { passwordPolicyError } from './password-policy.server';

describe('passwordPolicyError', () => {
  it.each(['password', '12345678', 'qwertyuiop', 'PASSWORD', 'baseball'])(
    'refuses the common password %s',
    async (pw) => {
      expect(await passwordPolicyError(pw, '012345')).toBe(PASSWORD_MESSAGES.common);
    },
  );

  it.each(['012345ab', 'my12345pass', 'x012345x'])('refuses %s, which contains the membership number', async (pw) => {
    expect(await passwordPolicyError(pw, '012345')).toBe(PASSWORD_MESSAGES.containsMembershipNo);
  });

  it.each(['ม้าลายกินหญ้า', 'correct horse battery', 'Sahakorn-2568!'])('accepts %s', async (pw) => {
    expect(await passwordPolicyError(pw, '012345')).toBeNull();
  });
});
