import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';

import { MenuDeleteSchema, MenuEntrySchema, menuLink, PhoneSchema, subEntrySchema, telLink } from './staff-menu';

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
};

const errorsOf = (submission: { reply: () => { error?: Record<string, string[] | null> | null } }) =>
  submission.reply().error;

describe('the menu forms’ rules', () => {
  it('takes a link of this site or an http(s) address, and a phone number as typed', () => {
    expect(menuLink('/list/news')).toBe('/list/news');
    expect(menuLink('https://example.org/a')).toBe('https://example.org/a');
    for (const bad of ['//evil.example', 'javascript:alert(1)', 'list/news', '/a b', 'data:text/html,x']) {
      expect(menuLink(bad)).toBeNull();
    }
    expect(telLink('02-123-4567')).toBe('tel:021234567');
    expect(telLink('+66 (2) 123 4567')).toBe('tel:+6621234567');
    expect(telLink('โทร')).toBeNull();
  });
});

describe('a top entry’s form', () => {
  it('gives the store a cleaned entry: its number, the ticks as booleans, an empty order as 0', () => {
    const submission = parseWithZod(
      form({ intent: 'save-entry', seq: '3', name: '  เกี่ยวกับ   เรา ', url: '', isParent: '1', visible: '1', sort: '' }),
      { schema: MenuEntrySchema },
    );
    expect(submission).toMatchObject({
      status: 'success',
      value: { seq: 3, name: 'เกี่ยวกับ เรา', nameEn: null, url: null, isParent: true, visible: true, sort: 0 },
    });
    expect(
      parseWithZod(form({ intent: 'save-entry', name: 'ข่าว', url: 'https://example.org/a', sort: '12' }), {
        schema: MenuEntrySchema,
      }),
    ).toMatchObject({
      status: 'success',
      value: { url: 'https://example.org/a', isParent: false, visible: false, sort: 12 },
    });
  });

  it('says every wrong field at once, in Thai, and wants a link unless the entry holds submenus', () => {
    expect(
      errorsOf(parseWithZod(form({ intent: 'save-entry', name: '', url: '', sort: 'x' }), { schema: MenuEntrySchema })),
    ).toEqual({
      name: ['กรุณากรอกชื่อเมนู'],
      url: ['เมนูที่ไม่มีเมนูย่อยต้องมีลิงก์'],
      sort: ['ลำดับต้องเป็นตัวเลข 0 ถึง 999'],
    });
    expect(
      errorsOf(
        parseWithZod(
          form({
            intent: 'save-entry',
            name: 'ก'.repeat(101),
            nameEn: 'a'.repeat(101),
            url: '//evil.example',
            isParent: '1',
          }),
          {
            schema: MenuEntrySchema,
          },
        ),
      ),
    ).toEqual({
      name: ['ชื่อเมนูต้องยาวไม่เกิน 100 ตัวอักษร'],
      nameEn: ['ชื่อเมนูต้องยาวไม่เกิน 100 ตัวอักษร'],
      url: ['ลิงก์ต้องเป็นที่อยู่ในเว็บไซต์นี้ที่ขึ้นต้นด้วย / หรือที่อยู่ที่ขึ้นต้นด้วย https://'],
    });
  });

  it('refuses a row number no page writes', () => {
    const submission = parseWithZod(form({ intent: 'save-entry', seq: '0x1', name: 'ข่าว', isParent: '1' }), {
      schema: MenuEntrySchema,
    });
    expect(submission.status).toBe('error');
    expect(errorsOf(submission)).toHaveProperty('seq');
  });
});

describe('a submenu entry’s form', () => {
  it('takes an entry under one of the top entries given, with a link', () => {
    expect(
      parseWithZod(form({ intent: 'save-sub', menuSeq: '2', label: 'ประวัติ', url: '/show/1', visible: '1' }), {
        schema: subEntrySchema([1, 2]),
      }),
    ).toMatchObject({
      status: 'success',
      value: { menuSeq: 2, label: 'ประวัติ', url: '/show/1', visible: true, sort: 0 },
    });
  });

  it('refuses a top entry that is not there, an empty label and a missing link', () => {
    expect(
      errorsOf(
        parseWithZod(form({ intent: 'save-sub', menuSeq: '77', label: ' ', url: '' }), { schema: subEntrySchema([1]) }),
      ),
    ).toEqual({
      menuSeq: ['กรุณาเลือกเมนูหลัก'],
      label: ['กรุณากรอกข้อความที่แสดง'],
      url: ['ลิงก์ต้องเป็นที่อยู่ในเว็บไซต์นี้ที่ขึ้นต้นด้วย / หรือที่อยู่ที่ขึ้นต้นด้วย https://'],
    });
  });
});

describe('a footer phone’s form', () => {
  it('gives the store the number as a tel: link', () => {
    expect(
      parseWithZod(form({ intent: 'save-phone', label: 'สำนักงาน', phone: '02-123-4567', sort: '1' }), {
        schema: PhoneSchema,
      }),
    ).toMatchObject({ status: 'success', value: { label: 'สำนักงาน', link: 'tel:021234567', sort: 1 } });
  });

  it('refuses what is not a phone number', () => {
    expect(
      errorsOf(parseWithZod(form({ intent: 'save-phone', label: '', phone: 'โทร' }), { schema: PhoneSchema })),
    ).toEqual({
      label: ['กรุณากรอกข้อความที่แสดง'],
      phone: ['กรุณากรอกหมายเลขโทรศัพท์ เช่น 02-123-4567'],
    });
    expect(errorsOf(parseWithZod(form({ intent: 'save-phone', label: 'ก' }), { schema: PhoneSchema }))).toEqual({
      phone: ['กรุณากรอกหมายเลขโทรศัพท์ เช่น 02-123-4567'],
    });
  });
});

describe('the delete buttons', () => {
  it('read the intent, the row and the confirmation', () => {
    expect(
      parseWithZod(form({ intent: 'delete-entry', seq: '4', confirmed: '1' }), { schema: MenuDeleteSchema }),
    ).toMatchObject({
      status: 'success',
      value: { intent: 'delete-entry', seq: 4, confirmed: true },
    });
    expect(parseWithZod(form({ intent: 'delete-entry', seq: '4' }), { schema: MenuDeleteSchema })).toMatchObject({
      value: { confirmed: false },
    });
    expect(parseWithZod(form({ intent: 'delete-phone', seq: '2' }), { schema: MenuDeleteSchema })).toMatchObject({
      status: 'success',
      value: { intent: 'delete-phone', seq: 2 },
    });
  });

  it('refuse another intent or a row number that is not one', () => {
    expect(parseWithZod(form({ intent: 'delete-all', seq: '4' }), { schema: MenuDeleteSchema }).status).toBe('error');
    expect(parseWithZod(form({ intent: 'delete-sub', seq: '-1' }), { schema: MenuDeleteSchema }).status).toBe('error');
    expect(parseWithZod(form({ intent: 'delete-sub' }), { schema: MenuDeleteSchema }).status).toBe('error');
  });
});
