import { describe, expect, it } from 'vitest';
import type * as z from 'zod';

import { codeRules, IDENTITY_RULES, LOGIN_RULES, type ClientRule, type ClientRules } from './client-rules';
import { LoginSchema } from './login';
import { identitySchema, registerSchema } from './register';

/** The entry script's reading of the rules (public/member.js `check`), for one field. */
function clientMessage(rules: ClientRules, values: Record<string, string | boolean>, name: string): string {
  const value = values[name];
  for (const rule of rules[name] ?? ([] as ClientRule[])) {
    const text = typeof value === 'string' ? value : '';
    if (rule[0] === 'required' && !text.trim()) return rule[1];
    if (rule[0] === 'checked' && value !== true) return rule[1];
    if (rule[0] === 'pattern' && text.trim() && !new RegExp(rule[1]).test(text.trim())) return rule[2];
    if (rule[0] === 'min' && text && [...text].length < rule[1]) return rule[2];
    if (rule[0] === 'same') {
      const other = values[rule[1]];
      if (typeof other === 'string' && text && other && text !== other) return rule[2];
    }
  }
  return '';
}

/** The server's first message for the field, reading the form as conform does (empty text is absent). */
function serverMessage(schema: z.ZodType, values: Record<string, string | boolean>, name: string): string {
  const input = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== false));
  const result = schema.safeParse(input);
  return result.success ? '' : (result.error.issues.find((issue) => issue.path[0] === name)?.message ?? '');
}

const LOGIN = { membershipNo: '12345', password: 'secret' };
const IDENTITY = {
  membershipNo: '012345',
  nationalId: '1-1037-02291-79-2',
  firstName: 'สมชาย',
  lastName: 'ใจดี',
  birthDate: '14/03/2528',
};
const CODE = { ...IDENTITY, code: '123456', password: 'Kaeng-som-2569', confirmPassword: 'Kaeng-som-2569' };

describe('client rules of the entry pages', () => {
  const cases: [string, z.ZodType, ClientRules, Record<string, string | boolean>, string, string | boolean][] = [
    ['login: number empty', LoginSchema, LOGIN_RULES, LOGIN, 'membershipNo', ''],
    ['login: number with a letter', LoginSchema, LOGIN_RULES, LOGIN, 'membershipNo', '12a'],
    ['login: number too long', LoginSchema, LOGIN_RULES, LOGIN, 'membershipNo', '12345678'],
    ['login: password empty', LoginSchema, LOGIN_RULES, LOGIN, 'password', ''],
    ['identity: national id empty', identitySchema, IDENTITY_RULES, IDENTITY, 'nationalId', ''],
    ['identity: national id too short', identitySchema, IDENTITY_RULES, IDENTITY, 'nationalId', '12345'],
    ['identity: first name empty', identitySchema, IDENTITY_RULES, IDENTITY, 'firstName', ' '],
    ['identity: last name empty', identitySchema, IDENTITY_RULES, IDENTITY, 'lastName', ''],
    ['identity: birth date empty', identitySchema, IDENTITY_RULES, IDENTITY, 'birthDate', ''],
    ['code: empty', registerSchema('forget'), codeRules('forget'), CODE, 'code', ''],
    ['code: five digits', registerSchema('forget'), codeRules('forget'), CODE, 'code', '12345'],
    ['code: new password empty', registerSchema('forget'), codeRules('forget'), CODE, 'password', ''],
    ['code: new password short', registerSchema('forget'), codeRules('forget'), CODE, 'password', 'short'],
    ['code: confirmation empty', registerSchema('forget'), codeRules('forget'), CODE, 'confirmPassword', ''],
    ['code: confirmation differs', registerSchema('forget'), codeRules('forget'), CODE, 'confirmPassword', 'Kaeng'],
    ['code: terms not accepted', registerSchema('register'), codeRules('register'), CODE, 'acceptTerms', false],
  ];
  it.each(cases)('%s: the same message as the server', (_, schema, rules, valid, name, value) => {
    const values = { ...valid, [name]: value };
    const expected = serverMessage(schema, values, name);
    expect(expected).not.toBe('');
    expect(clientMessage(rules, values, name)).toBe(expected);
  });

  it('lets valid forms through, as the server does', () => {
    expect(Object.keys(LOGIN_RULES).map((n) => clientMessage(LOGIN_RULES, LOGIN, n))).toEqual(['', '']);
    for (const n of Object.keys(IDENTITY_RULES)) expect(clientMessage(IDENTITY_RULES, IDENTITY, n), n).toBe('');
    const register = { ...CODE, acceptTerms: true };
    for (const n of Object.keys(codeRules('register')))
      expect(clientMessage(codeRules('register'), register, n)).toBe('');
    expect(serverMessage(registerSchema('register'), register, 'password')).toBe('');
  });
});
