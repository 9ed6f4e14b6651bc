import fs from 'node:fs';

import { describe, expect, it } from 'vitest';

import { FIELD_MESSAGES } from './fields';
import { FILE_NAMES, FILES, isRequiredColumn, type FileName } from './files';

/** Parse one row of a file given as column → cell text (other columns empty). */
function parse(file: FileName, cells: Record<string, string>) {
  const row = Object.fromEntries(Object.keys(FILES[file].columns).map((c) => [c, cells[c] ?? '']));
  const r = FILES[file].schema.safeParse(row);
  return r.success
    ? { ok: true as const, data: r.data as Record<string, unknown> }
    : { ok: false as const, issues: r.error.issues.map((i) => [i.path.join('.'), i.message]) };
}

const MEMBER = {
  membership_no: '12345',
  prename: 'นาย',
  first_name: ' สมชาย ',
  last_name: 'ใจดี',
  id_card: '1-1037-00543-21-0',
  sex: 'M',
  birth_date: '1978-05-14',
  approve_date: '02/06/2546',
  member_group_no: '0102',
  member_group_name: 'กองคลัง',
  salary: '45,870.00',
};

describe('members.csv schema', () => {
  it('turns cell texts into stored values', () => {
    const r = parse('members.csv', MEMBER);
    expect(r).toEqual({
      ok: true,
      data: {
        membership_no: '012345',
        prename: 'นาย',
        first_name: 'สมชาย',
        last_name: 'ใจดี',
        id_card: '1103700543210',
        sex: 'M',
        birth_date: '1978-05-14',
        approve_date: '2003-06-02',
        member_group_no: '0102',
        member_group_name: 'กองคลัง',
        position_name: null,
        salary: 4_587_000,
        address: '',
        phone: null,
        email: null,
        status_code: '0',
      },
    });
  });

  it('takes an email column next to the phone, lowercased, and refuses one that is not an address', () => {
    const r = parse('members.csv', { ...MEMBER, phone: '081-234-5678', email: ' Somchai.J@Example.COM ' });
    expect(r.ok && [r.data.phone, r.data.email]).toEqual(['081-234-5678', 'somchai.j@example.com']);
    for (const wrong of ['somchai', 'somchai@', '@example.com', 'a b@example.com', `${'x'.repeat(250)}@example.com`]) {
      const bad = parse('members.csv', { ...MEMBER, email: wrong });
      expect(bad.ok ? [] : bad.issues).toEqual([['email', FIELD_MESSAGES.email]]);
    }
  });

  it('names every bad cell with its reason', () => {
    const r = parse('members.csv', {
      ...MEMBER,
      membership_no: '12a',
      id_card: '1103700543211',
      sex: 'ช',
      birth_date: '2521-05-14',
      approve_date: '02/06/2003',
      salary: '',
      status_code: '1',
    });
    expect(r).toEqual({
      ok: false,
      issues: [
        ['membership_no', 'หมายเลขสมาชิกต้องเป็นตัวเลขเท่านั้น'],
        ['id_card', FIELD_MESSAGES.idCardChecksum],
        ['sex', FIELD_MESSAGES.oneOf(['M', 'F'])],
        ['birth_date', FIELD_MESSAGES.dateBeInIso(2521, '05-14')],
        ['approve_date', FIELD_MESSAGES.dateCeInDmy],
        ['salary', FIELD_MESSAGES.required],
        ['status_code', FIELD_MESSAGES.oneOf(['0', '3'])],
      ],
    });
  });

  it('checks the length of the ID card before its check digit, and refuses impossible dates', () => {
    const r = parse('members.csv', { ...MEMBER, id_card: '110370054321', birth_date: '2023-02-29' });
    expect(r.ok ? [] : r.issues).toEqual([
      ['id_card', FIELD_MESSAGES.idCardDigits],
      ['birth_date', FIELD_MESSAGES.date],
    ]);
    expect(parse('members.csv', { ...MEMBER, birth_date: '29/02/2567' }).ok).toBe(true); // 2024, a leap year
  });

  it('puts text on one line and refuses control characters and overlong text', () => {
    const ok = parse('members.csv', { ...MEMBER, address: '  99/1 ถนนงามวงศ์วาน\r\n  แขวงลาดยาว\t เขตจตุจักร ' });
    expect(ok.ok && ok.data.address).toBe('99/1 ถนนงามวงศ์วาน แขวงลาดยาว เขตจตุจักร');
    const bad = parse('members.csv', { ...MEMBER, first_name: 'ก\u0000', last_name: 'ก'.repeat(101) });
    expect(bad.ok ? [] : bad.issues).toEqual([
      ['first_name', FIELD_MESSAGES.control],
      ['last_name', FIELD_MESSAGES.tooLong(100)],
    ]);
  });
});

describe('money, years, flags and rates', () => {
  it('keeps money exact and signed only where a statement allows it', () => {
    const row = { membership_no: '1', date: '2025-01-31', description: 'x', amount: '-0.10', balance: '0.20' };
    const r = parse('share_statements.csv', row);
    expect(r.ok && [r.data.amount, r.data.balance]).toEqual([-10, 20]);
    const bad = parse('share_statements.csv', { ...row, balance: '-0.20', amount: '1.005' });
    expect(bad.ok ? [] : bad.issues).toEqual([
      ['amount', FIELD_MESSAGES.moneyDecimals],
      ['balance', FIELD_MESSAGES.moneyNegative],
    ]);
    const words = parse('share_statements.csv', { ...row, amount: '1 000' });
    expect(words.ok ? [] : words.issues).toEqual([['amount', FIELD_MESSAGES.money]]);
  });

  it('takes Buddhist-era years, 0/1 flags and normalises rates', () => {
    const r = parse('dividends.csv', {
      membership_no: '1',
      year: '2567',
      dividend_rate: '05.5',
      dividend: '100',
      dividend_withheld: '1',
      average_return_rate: '12',
      average_return: '0',
    });
    expect(r.ok && r.data).toMatchObject({
      year: 2024,
      dividend_rate: '5.50',
      dividend: 10_000,
      dividend_withheld: 1,
      average_return_rate: '12.00',
      average_return_withheld: 0,
      interest_paid: 0,
      payout_method: '',
    });
    const bad = parse('dividends.csv', {
      membership_no: '1',
      year: '67',
      dividend_rate: '5%',
      dividend: '1',
      dividend_withheld: 'yes',
      average_return_rate: '1',
      average_return: '1',
    });
    expect(bad.ok ? [] : bad.issues).toEqual([
      ['year', FIELD_MESSAGES.year],
      ['dividend_rate', FIELD_MESSAGES.rate],
      ['dividend_withheld', FIELD_MESSAGES.oneOf(['0', '1'])],
    ]);
  });

  it('keeps contract numbers usable in a page address', () => {
    const row = { contract_no: 'ส 123', kind: 'asset', description: 'หุ้น', amount: '1' };
    const r = parse('loan_collateral.csv', row);
    expect(r.ok ? [] : r.issues.map((i) => i[0])).toEqual(['contract_no']);
    expect(parse('loan_collateral.csv', { ...row, contract_no: 'ส6700123' }).ok).toBe(true);
  });
});

describe('rules across the columns of a row', () => {
  const collateral = { contract_no: 'ส1', description: 'x', amount: '1' };

  it('wants a guarantor for member collateral and none for an asset', () => {
    expect(parse('loan_collateral.csv', { ...collateral, kind: 'member', guarantor_no: '42' })).toMatchObject({
      ok: true,
      data: { guarantor_no: '000042' },
    });
    for (const [kind, guarantor_no] of [
      ['member', ''],
      ['asset', '42'],
    ]) {
      const r = parse('loan_collateral.csv', { ...collateral, kind: kind ?? '', guarantor_no: guarantor_no ?? '' });
      expect(r.ok ? [] : r.issues.map((i) => i[0])).toEqual(['guarantor_no']);
    }
  });

  it('wants nothing collected on a bill that is not posted', () => {
    const bill = { membership_no: '1', kind: 'kep', year: '2025', month: '4', billed: '10', posted: '0' };
    expect(parse('collections.csv', bill).ok).toBe(true);
    const r = parse('collections.csv', { ...bill, collected: '10' });
    expect(r.ok ? [] : r.issues.map((i) => i[0])).toEqual(['collected']);
  });
});

describe('docs/import.md', () => {
  const docs = fs.readFileSync(new URL('../../../docs/import.md', import.meta.url), 'utf8');

  it.each(FILE_NAMES)('documents every column of %s with whether it is required', (file) => {
    const start = docs.indexOf(`### \`${file}\``);
    expect(start).toBeGreaterThan(-1);
    const end = docs.indexOf('\n### ', start + 1);
    const section = docs.slice(start, end < 0 ? undefined : end);
    const documented = [...section.matchAll(/^\| `([a-z_]+)` +\| [^|]+\| (yes|—) +\|/gm)].map((m) => [m[1], m[2]]);
    const columns = Object.entries(FILES[file].columns as Record<string, Parameters<typeof isRequiredColumn>[0]>);
    expect(documented).toEqual(columns.map(([name, schema]) => [name, isRequiredColumn(schema) ? 'yes' : '—']));
  });
});
