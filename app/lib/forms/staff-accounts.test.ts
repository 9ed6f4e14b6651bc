import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';

import { StaffAccountFormSchema } from './staff-accounts';

const parse = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return parseWithZod(data, { schema: StaffAccountFormSchema });
};

describe('the staff accounts page’s forms', () => {
  it('take a new account with its names cleaned', () => {
    expect(
      parse({ intent: 'create', username: '  Somying.B ', displayName: 'สมหญิง\u0007 บริการดี ', role: 'support' }),
    ).toMatchObject({
      status: 'success',
      value: { intent: 'create', username: 'somying.b', displayName: 'สมหญิง บริการดี', role: 'support' },
    });
  });

  it('say what is wrong with a new account, field by field, in Thai', () => {
    expect(parse({ intent: 'create', username: '1x', displayName: ' ', role: 'root' }).reply().error).toEqual({
      username: ['ชื่อผู้ใช้ต้องขึ้นต้นด้วยอักษรภาษาอังกฤษตัวเล็ก ยาว 3–32 ตัวอักษร ใช้ได้เฉพาะ a–z 0–9 . _ -'],
      displayName: ['กรุณากรอกชื่อที่แสดง (ไม่เกิน 100 ตัวอักษร)'],
      role: ['กรุณาเลือกสิทธิ์'],
    });
    expect(parse({ intent: 'create', role: 'editor', displayName: 'ก'.repeat(101) }).reply().error).toEqual({
      username: ['ชื่อผู้ใช้ต้องขึ้นต้นด้วยอักษรภาษาอังกฤษตัวเล็ก ยาว 3–32 ตัวอักษร ใช้ได้เฉพาะ a–z 0–9 . _ -'],
      displayName: ['กรุณากรอกชื่อที่แสดง (ไม่เกิน 100 ตัวอักษร)'],
    });
  });

  it('read a button’s intent, the account and the confirmation', () => {
    expect(parse({ intent: 'role', id: '7', role: 'admin' })).toMatchObject({
      status: 'success',
      value: { intent: 'role', id: 7, role: 'admin' },
    });
    expect(parse({ intent: 'disable', id: '7' })).toMatchObject({
      value: { intent: 'disable', id: 7, confirmed: false },
    });
    expect(parse({ intent: 'reset', id: '7', confirmed: '1' })).toMatchObject({
      value: { intent: 'reset', id: 7, confirmed: true },
    });
    for (const intent of ['enable', 'unlock', 'unlock-confirm']) {
      expect(parse({ intent, id: '12' })).toMatchObject({ status: 'success', value: { intent, id: 12 } });
    }
  });

  it('refuse an account number that is not one, a role not offered and an intent no form posts', () => {
    expect(parse({ intent: 'enable', id: '0' }).reply().error).toEqual({ id: ['ไม่พบบัญชีเจ้าหน้าที่นี้'] });
    expect(parse({ intent: 'disable', id: '1e3' }).reply().error).toEqual({ id: ['ไม่พบบัญชีเจ้าหน้าที่นี้'] });
    expect(parse({ intent: 'role', id: '3', role: 'owner' }).reply().error).toEqual({ role: ['กรุณาเลือกสิทธิ์'] });
    expect(parse({ intent: 'delete', id: '3' }).reply().error).toHaveProperty('intent');
  });
});
