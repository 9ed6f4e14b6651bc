import { describe, expect, it } from 'vitest';
import type * as z from 'zod';

import { codeRules, FIELD_RULES, firstBrokenRule, IDENTITY_RULES, LOGIN_RULES, type ClientRules } from './client-rules';
import { LoginSchema } from './login';
import { PASSWORD_MESSAGES } from './password-rules';
import { identitySchema, registerSchema } from './register';

/** The member area's script's reading of a form (app/client/member.ts), for one field. */
function clientMessage(rules: ClientRules, values: Record<string, string | boolean>, name: string): string {
  const value = values[name];
  return firstBrokenRule(rules[name] ?? [], typeof value === 'string' ? value : '', {
    checked: value === true,
    other: (field) => {
      const other = values[field];
      return typeof other === 'string' ? other : undefined;
    },
  });
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
  nationalId: '1-1037-02291-79-0',
  firstName: 'สมชาย',
  lastName: 'ใจดี',
  birthDate: '14/03/2528',
};
const CODE = { ...IDENTITY, code: '123456', password: 'Kaeng-som-2569', confirmPassword: 'Kaeng-som-2569' };

describe('a long pasted password on the code step', () => {
  it.each([129, 513, 1000])('%i characters in both fields: the length limit, never "do not match"', (length) => {
    const long = 'ก'.repeat(length);
    const values = { ...CODE, password: long, confirmPassword: long };
    const rules = codeRules('forget');
    expect(clientMessage(rules, values, 'password')).toBe(PASSWORD_MESSAGES.tooLong);
    expect(clientMessage(rules, values, 'confirmPassword')).toBe('');
    expect(serverMessage(registerSchema('forget'), values, 'password')).toBe(PASSWORD_MESSAGES.tooLong);
    expect(serverMessage(registerSchema('forget'), values, 'confirmPassword')).not.toBe(PASSWORD_MESSAGES.mismatch);
  });
});

/** The entry pages' forms: the server's schema, the client's rules, and values that pass both. */
const FORMS = {
  login: [LoginSchema, LOGIN_RULES, LOGIN],
  identity: [identitySchema, IDENTITY_RULES, IDENTITY],
  forget: [registerSchema('forget'), codeRules('forget'), CODE],
  register: [registerSchema('register'), codeRules('register'), CODE],
} satisfies Record<string, [z.ZodType, ClientRules, Record<string, string | boolean>]>;
type FormName = keyof typeof FORMS;

describe('client rules of the entry pages', () => {
  const cases: [string, FormName, string, string | boolean][] = [
    ['login: number empty', 'login', 'membershipNo', ''],
    ['login: number with a letter', 'login', 'membershipNo', '12a'],
    ['login: number too long', 'login', 'membershipNo', '12345678'],
    ['login: number too long with a letter', 'login', 'membershipNo', '12345678a'],
    ['login: number of spaces', 'login', 'membershipNo', '   '],
    ['login: number with a space inside', 'login', 'membershipNo', '12 34'],
    ['login: password empty', 'login', 'password', ''],
    ['identity: national id empty', 'identity', 'nationalId', ''],
    ['identity: national id too short', 'identity', 'nationalId', '12345'],
    ['identity: national id of spaces', 'identity', 'nationalId', '  '],
    ['identity: national id of dashes', 'identity', 'nationalId', ' - - '],
    ['identity: national id with a letter', 'identity', 'nationalId', '1-1037-0229a-79-0'],
    ['identity: national id of 14 digits', 'identity', 'nationalId', '11037022917921'],
    ['identity: first name empty', 'identity', 'firstName', ' '],
    ['identity: last name empty', 'identity', 'lastName', ''],
    ['identity: birth date empty', 'identity', 'birthDate', ''],
    ['code: empty', 'forget', 'code', ''],
    ['code: five digits', 'forget', 'code', '12345'],
    ['code: of spaces', 'forget', 'code', '   '],
    ['code: a letter', 'forget', 'code', '12345a'],
    ['code: seven digits', 'forget', 'code', '1234567'],
    ['code: new password empty', 'forget', 'password', ''],
    ['code: new password short', 'forget', 'password', 'short'],
    ['code: new password of seven Thai letters', 'forget', 'password', 'แกงส้มกุ้ง'.slice(0, 7)],
    ['code: new password too long', 'forget', 'password', 'k'.repeat(129)],
    ['code: confirmation empty', 'forget', 'confirmPassword', ''],
    ['code: confirmation differs', 'forget', 'confirmPassword', 'Kaeng'],
    ['code: terms not accepted', 'register', 'acceptTerms', false],
  ];
  it.each(cases)('%s: the same message as the server', (_, form, name, value) => {
    const [schema, rules, valid] = FORMS[form];
    const values = { ...valid, [name]: value };
    const expected = serverMessage(schema, values, name);
    expect(expected).not.toBe('');
    expect(clientMessage(rules, values, name)).toBe(expected);
  });

  it('leaves the check digit to the server (a subset of its checks)', () => {
    const values = { ...IDENTITY, nationalId: '1-1037-02291-79-2' };
    expect(serverMessage(identitySchema, values, 'nationalId')).not.toBe('');
    expect(clientMessage(IDENTITY_RULES, values, 'nationalId')).toBe('');
  });

  const accepted: [string, FormName, string, string][] = [
    ['login: number with spaces around', 'login', 'membershipNo', ' 123 '],
    ['login: seven digits', 'login', 'membershipNo', '1234567'],
    ['identity: national id with a leading dash', 'identity', 'nationalId', '-1-1037-02291-79-0'],
    ['identity: national id with spaces', 'identity', 'nationalId', '1 1037 02291 79 0'],
    ['code: digits with spaces', 'forget', 'code', '1 2 3 456'],
  ];
  it.each(accepted)('%s: accepted by both', (_, form, name, value) => {
    const [schema, rules, valid] = FORMS[form];
    const values = { ...valid, [name]: value };
    expect(serverMessage(schema, values, name)).toBe('');
    expect(clientMessage(rules, values, name)).toBe('');
  });

  it("states each field once: the forms name the fields' rules", () => {
    expect(LOGIN_RULES.membershipNo).toBe(FIELD_RULES.membershipNo);
    expect(IDENTITY_RULES.membershipNo).toBe(FIELD_RULES.membershipNo);
    expect(codeRules('register').password).toBe(FIELD_RULES.newPassword);
  });

  it('lets valid forms through, as the server does', () => {
    expect(Object.keys(LOGIN_RULES).map((n) => clientMessage(LOGIN_RULES, LOGIN, n))).toEqual(['', '']);
    for (const n of Object.keys(IDENTITY_RULES)) expect(clientMessage(IDENTITY_RULES, IDENTITY, n), n).toBe('');
    const register = { ...CODE, acceptTerms: true };
    for (const n of Object.keys(codeRules('register')))
      expect(clientMessage(codeRules('register'), register, n)).toBe('');
    expect(serverMessage(registerSchema('register'), register, 'password')).toBe('');
  });

  it('answers a long hostile value at once: no rule pattern backtracks (they are strings eslint cannot read)', () => {
    const hostile = [
      '1 '.repeat(5000) + 'x',
      '1-'.repeat(5000) + 'x',
      '1'.repeat(10_000) + 'x',
      ' -'.repeat(5000) + '1',
    ];
    const started = performance.now();
    for (const rules of Object.values(FIELD_RULES))
      for (const rule of rules) if (rule[0] === 'pattern') for (const value of hostile) new RegExp(rule[1]).test(value);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
