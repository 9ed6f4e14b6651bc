import { describe, expect, it } from 'vitest';

import { site } from '~/config/site';
import { PASSWORD_MESSAGES } from '~/lib/forms/password';

import { COMMON_PASSWORDS_MIN, commonPasswords, passwordPolicyError } from './password-policy.server';

const MEMBER = { membershipNo: '012345', firstName: 'สมศักดิ์', lastName: 'รักเรียน', birthDate: '1985-03-14' };

describe('passwordPolicyError', () => {
  it('refuses from a list of at least 10,000 common passwords', async () => {
    expect((await commonPasswords()).size).toBeGreaterThanOrEqual(COMMON_PASSWORDS_MIN);
  });

  it.each(['password', '12345678', 'qwertyuiop', 'PASSWORD', 'baseball', 'manchester', 'zaq12wsx'])(
    'refuses the common password %s',
    async (pw) => {
      expect(await passwordPolicyError(pw, MEMBER)).toBe(PASSWORD_MESSAGES.common);
    },
  );

  it('refuses passwords ranked below the first thousand of the list', async () => {
    const { dictionary } = await import('@zxcvbn-ts/language-common');
    const deep = dictionary['passwords-common'].slice(5_000, 10_000).filter((p) => p.length >= 8);
    expect(deep.length).toBeGreaterThan(100);
    for (const pw of deep.slice(0, 50)) expect(await passwordPolicyError(pw, '999999')).toBe(PASSWORD_MESSAGES.common);
  });

  it.each(['012345ab', 'my12345pass', 'x012345x', 'ab-012-345-cd'])(
    'refuses %s, which contains the membership number',
    async (pw) => {
      expect(await passwordPolicyError(pw, MEMBER)).toBe(PASSWORD_MESSAGES.containsMembershipNo);
    },
  );

  it.each([
    'สมศักดิ์ชอบกินข้าว',
    'ผมชื่อสมศักดิ์นะ',
    'ตระกูลรักเรียนดีมาก',
    'born 14/03/2528 !',
    'x14032528x',
    'x14031985x',
    'x1985-03-14x',
    'pw140328zz',
  ])('refuses %s, which contains the member’s name or birth date', async (pw) => {
    expect(await passwordPolicyError(pw, MEMBER)).toBe(PASSWORD_MESSAGES.containsPersonal);
  });

  it.each(['Sahakorn-2568!', 'sahakorn rocks', `${site.shortNameTh}2568`, `${site.nameTh}!!`, 'my example pw'])(
    'refuses %s, which contains the cooperative’s name',
    async (pw) => {
      expect(await passwordPolicyError(pw, MEMBER)).toBe(PASSWORD_MESSAGES.containsCoopName);
    },
  );

  it.each(['ม้าลายกินหญ้า', 'correct horse battery', 'Tangerine-Lamp-9!', 'credit limit rises'])(
    'accepts %s',
    async (pw) => {
      expect(await passwordPolicyError(pw, MEMBER)).toBeNull();
    },
  );

  it('with only the membership number as context, checks names and dates of nobody', async () => {
    expect(await passwordPolicyError('สมศักดิ์ชอบกินข้าว', '012345')).toBeNull();
    expect(await passwordPolicyError('012345ab', '012345')).toBe(PASSWORD_MESSAGES.containsMembershipNo);
  });
});
