import { describe, expect, it } from 'vitest';
import type * as z from 'zod';

import {
  CORE_LOAN_NEWEST_ROW,
  CORE_MEMBER_BENEFICIARIES,
  CORE_MEMBER_GUARANTEES,
  CORE_MEMBER_PROFILE,
  fixture,
  paginate,
  vendor,
} from './fake-core.test-support';
import {
  additive,
  date,
  depStatement,
  feed,
  infoHome,
  infoList,
  infoManu,
  infoShow,
  issuePaths,
  list,
  listOf,
  loanStatement,
  loginSuccess,
  lowerKeys,
  memberColl,
  memberDep,
  memberDiv,
  memberGian,
  memberKep,
  memberLoan,
  memberShare,
  memberStatus,
  money,
  optInt,
  paginated,
  rcBody,
  row,
  smartSearch,
  text,
  vendorAmountToSatang,
  vendorDate,
  vendorInstant,
} from './schemas.server';

describe('vendorAmountToSatang', () => {
  it.each([
    ['1500.00', 150_000],
    ['1,234.50', 123_450],
    ['1,234,567', 123_456_700],
    ['25,000.00 บาท', 2_500_000],
    ['-20', -2_000],
    ['0.00', 0],
    ['', 0],
    [null, 0],
    ['12.345', 1_235], // the third decimal rounds, in decimal
    ['12.344999', 1_234],
    ['-0.005', -1],
    ['100.1000', 10_010],
    [1335000.75, 133_500_075], // PHP sums arrive as numbers
    [0.1 + 0.2, 30], // …with binary noise
    [123.45, 12_345],
    [12, 1_200],
  ] as const)('%j → %d satang', (value, satang) => {
    expect(vendorAmountToSatang(value)).toBe(satang);
  });

  it('adds exactly what floating point would not', () => {
    const parts = ['0.10', '0.20', '1,000.05'].map((v) => vendorAmountToSatang(v) ?? NaN);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(100_035);
  });

  it.each(['abc', '1.2.3', '12,34', '1e3', '฿100', '--5', Number.NaN, Number.POSITIVE_INFINITY, {}, true])(
    'refuses %j',
    (value) => {
      expect(vendorAmountToSatang(value)).toBeNull();
    },
  );

  it('money: a missing key is an error (a silent 0 would be a wrong amount), null is 0', () => {
    const schema = row({ amount: money });
    expect(schema.parse({ amount: null })).toEqual({ amount: 0 });
    expect(schema.safeParse({}).success).toBe(false);
    expect(schema.safeParse({ amount: 'lots' }).success).toBe(false);
  });
});

describe('vendor dates', () => {
  it.each([
    ['2024-05-31', '2024-05-31'],
    ['2024-05-31 23:59:59', '2024-05-31'],
    ['2024-05-31T00:00:00', '2024-05-31'],
    // A Laravel date cast: midnight in Bangkok written in UTC is still the 31st in Bangkok.
    ['2024-05-30T17:00:00.000000Z', '2024-05-31'],
    ['31/05/2567', '2024-05-31'],
    ['0000-00-00', null],
    ['0000-00-00 00:00:00', null],
    ['', null],
    [null, null],
  ] as const)('%j → %j', (value, iso) => {
    expect(vendorDate(value)).toBe(iso);
  });

  it.each(['2024-02-30', '2024-13-01', 'พรุ่งนี้', '05/31/2024', 20240531])('refuses %j', (value) => {
    expect(vendorDate(value)).toBeUndefined();
    expect(row({ d: date }).safeParse({ d: value }).success).toBe(false);
  });

  it('datetimes are Bangkok wall time', () => {
    expect(vendorInstant('2024-06-30 10:15:00')?.toISOString()).toBe('2024-06-30T03:15:00.000Z');
    expect(vendorInstant('2024-06-30')?.toISOString()).toBe('2024-06-29T17:00:00.000Z');
    expect(vendorInstant('2024-06-30T03:15:00Z')?.toISOString()).toBe('2024-06-30T03:15:00.000Z');
    expect(vendorInstant('0000-00-00 00:00:00')).toBeNull();
  });
});

describe('containers', () => {
  it('lowercases keys; the first non-null of two spellings wins', () => {
    expect(lowerKeys({ PRINCIPAL_BALANCE: '1.00', Gain_Name: 'x' })).toEqual({
      principal_balance: '1.00',
      gain_name: 'x',
    });
    expect(lowerKeys({ A: null, a: '2' })).toEqual({ a: '2' });
  });

  it('reads missing, null and PHP objects keyed "0", "1", … as lists', () => {
    expect(listOf(undefined)).toEqual([]);
    expect(listOf(null)).toEqual([]);
    expect(listOf({ '1': 'b', '0': 'a', '10': 'c' })).toEqual(['a', 'b', 'c']);
    expect(list(text).parse({ '0': 'x' })).toEqual(['x']);
    expect(list(text).safeParse({ a: 1 }).success).toBe(false);
  });

  it('an empty body, null or PHP [] is an answer with nothing in it', () => {
    const schema = feed({ div: list(text) });
    expect(schema.parse(undefined)).toEqual({ div: [] });
    expect(schema.parse([])).toEqual({ div: [] });
    expect(schema.parse({})).toEqual({ div: [] });
  });

  it('text: entities decoded, spaces collapsed, numbers as text, missing as empty', () => {
    const schema = row({ a: text, b: text, c: text });
    expect(schema.parse({ A: '47&nbsp;ปี&nbsp;2&nbsp;เดือน ', b: 3 })).toEqual({ a: '47 ปี 2 เดือน', b: '3', c: '' });
    expect(schema.parse({ a: 'A &amp; B &#3585; &lt;i&gt;' }).a).toBe('A & B ก <i>');
  });

  it('a paginator, a plain list and {data} all read as a page', () => {
    const p = paginated(text);
    expect(p.parse({ data: ['a'], total: 11, per_page: 10, current_page: 2 })).toEqual({
      rows: ['a'],
      total: 11,
      page: 2,
      perPage: 10,
      paged: true,
    });
    expect(p.parse(['a', 'b'])).toEqual({ rows: ['a', 'b'], total: 2, page: 1, perPage: 2, paged: false });
    expect(p.parse({ data: ['a'] })).toMatchObject({ rows: ['a'], total: 1, paged: false });
    expect(p.parse(undefined)).toMatchObject({ rows: [], total: 0 });
  });

  it('issue paths name where a body did not fit, never the value', () => {
    const result = memberStatus.safeParse({ data1: [{ membership_no: null, salary_amount: '1-2345-67890-12-3' }] });
    expect(result.success).toBe(false);
    const paths = issuePaths((result as { error: z.ZodError }).error);
    expect(paths).toContain('data1.0.membership_no: custom');
    expect(paths.join()).not.toContain('1-2345');
  });
});

describe('auth and action answers (§3, §4)', () => {
  it('login: the token, the UPPERCASE member row, the lifetime', () => {
    expect(loginSuccess.parse(fixture('login'))).toEqual({
      token: 'eyJhbGciOiJIUzI1NiJ9.e30.x',
      expiresInSeconds: 900,
      member: { membershipNo: '012345', prename: 'นาย', firstName: 'สมมุติ', lastName: 'ทดสอบ' },
    });
    expect(loginSuccess.safeParse({ member: {} }).success).toBe(false);
  });

  it('rc_code as a string or a number; validation lists; messages', () => {
    expect(rcBody.parse({ rc_code: 1 }).rc_code).toBe('1');
    expect(rcBody.parse({ rc_code: '-1', rc_des: 'รหัสผ่านเดิม ไม่ถูกต้อง' })).toMatchObject({
      rc_code: '-1',
      rc_des: 'รหัสผ่านเดิม ไม่ถูกต้อง',
      errors: [],
    });
    expect(rcBody.parse({ errors: ['กรุณากรอก หมายเลขสมาชิก'] })).toMatchObject({
      rc_code: '',
      errors: ['กรุณากรอก หมายเลขสมาชิก'],
    });
    expect(rcBody.parse({ rc_code: '1', messages: 'ลงทะเบียนสำเร็จ' }).messages).toBe('ลงทะเบียนสำเร็จ');
  });
});

describe('member feeds (§6)', () => {
  it('member_status → the profile (entities decoded, id masked, salary in satang)', () => {
    expect(memberStatus.parse(fixture('member_status'))).toEqual(CORE_MEMBER_PROFILE);
    const names = {
      prename: null,
      member_name: 'ก',
      member_surname: null,
      member_group_name: null,
      address_present: null,
    };
    expect(
      memberStatus.parse({ data1: [{ membership_no: '1', member_status_code: '3', sex: 'F', ...names }] }),
    ).toMatchObject({
      status: 'resigned',
      sex: 'F',
      salarySatang: 0,
      birthDate: '',
      prename: '',
    });
    // A name the page shows that is not sent at all is a changed contract: the call fails (logged).
    const { member_name: _, ...nameless } = names;
    const missing = memberStatus.safeParse({ data1: [{ membership_no: '1', ...nameless }] });
    expect(missing.success).toBe(false);
    expect(missing.error && issuePaths(missing.error)).toEqual(['data1.0.member_name: custom']);
    expect(memberStatus.safeParse({ data1: [] }).success).toBe(false);
  });

  it('member_share → the summary and a page of the statement, signed amounts', () => {
    const share = memberShare.parse(vendor.memberShare(1));
    expect(share.summary).toEqual({
      capitalSatang: 15_200_000,
      monthlySatang: 100_000,
      lastPeriod: 152,
      suspended: false,
    });
    expect(share.statement).toMatchObject({ total: 30, page: 1, perPage: 10, paged: true });
    expect(share.statement.rows[0]).toEqual({
      date: '2024-06-30',
      period: 152,
      description: 'ซื้อหุ้นรายเดือน',
      amountSatang: 100_000,
      balanceSatang: 15_200_000,
    });
    const out = memberShare.parse({
      sharehead: [{ share_stock: '1000.00', share_amount: '0.00', period_recrieve: '3', drop_status: '1' }],
      sharestatement: {
        data: [
          {
            operate_date: '2024-01-31',
            item_type_description: 'ถอนหุ้น',
            share_value: '500.00',
            sign_flag: '-1',
            share_stock: '1000.00',
            period: null,
          },
          {
            operate_date: '2024-01-30',
            item_type_description: null,
            share_value: '-500.00',
            sign_flag: '-1',
            share_stock: '1500.00',
          },
        ],
      },
    });
    expect(out.summary?.suspended).toBe(true);
    expect(out.statement.rows.map((r) => r.amountSatang)).toEqual([-50_000, -50_000]);
    expect(out.statement.rows[0]?.period).toBeNull();
  });

  it('an empty body, or lists missing or null, is a glitch — never an empty account (ADR 042)', () => {
    // (The vendor's share search without dates answers an empty body; the adapter never asks it so.)
    expect(memberShare.safeParse(undefined).success).toBe(false);
    expect(memberShare.safeParse({ sharehead: null, sharestatement: null }).success).toBe(false);
    expect(memberShare.safeParse({ sharehead: [] }).success).toBe(false);
    expect(memberShare.parse({ sharehead: [], sharestatement: paginate([], 1, 10) })).toEqual({
      summary: null,
      statement: { rows: [], total: 0, page: 1, perPage: 10, paged: true },
    });
    for (const [schema, keys] of [
      [memberLoan, ['dataloan', 'collateral']],
      [memberDep, ['datadeposit']],
      [memberKep, ['datakeepdet', 'datadetail']],
      [memberColl, ['guarantee']],
      [memberGian, ['gain']],
    ] as const) {
      const empty = Object.fromEntries(keys.map((k) => [k, []]));
      expect(schema.safeParse(empty).success).toBe(true);
      expect(schema.safeParse({}).success).toBe(false);
      expect(schema.safeParse(undefined).success).toBe(false);
      expect(schema.safeParse(Object.fromEntries(keys.map((k) => [k, null]))).success).toBe(false);
    }
    // member_div: `{}` and PHP's `[]` are the switch off; nothing at all, or `div: null`, is not.
    expect(memberDiv.safeParse(undefined).success).toBe(false);
    expect(memberDiv.safeParse(null).success).toBe(false);
    expect(memberDiv.safeParse({ div: null }).success).toBe(false);
  });

  it('a page that contradicts its own count is a glitch; a page past the last one is rightly empty', () => {
    const { data: _, ...count } = paginate(
      fixture<{ statement: Record<string, unknown>[] }>('member_share').statement,
      1,
      10,
    );
    expect(memberShare.safeParse({ sharehead: [], sharestatement: { ...count, data: [] } }).success).toBe(false);
    expect(memberShare.safeParse({ sharehead: [], sharestatement: { ...count, data: null } }).success).toBe(false);
    const past = paginate(fixture<{ statement: Record<string, unknown>[] }>('member_share').statement, 99, 10);
    expect(memberShare.parse({ sharehead: [], sharestatement: past }).statement.rows).toEqual([]);
  });

  it('months and their lines must agree in number (member_kep)', () => {
    const kep = fixture<{ datakeepdet: object[]; datadetail: object[][] }>('member_kep');
    expect(memberKep.safeParse({ ...kep, datadetail: kep.datadetail.slice(1) }).success).toBe(false);
  });

  it('member_loan → loans with their collateral (UPPERCASE rows, commas, percent from the amounts)', () => {
    const loans = memberLoan.parse(fixture('member_loan'));
    expect(loans).toHaveLength(2);
    expect(loans[0]).toEqual({
      contractNo: 'สม.1234/2565',
      loanType: 'เงินกู้สามัญ',
      approvedSatang: 50_000_000,
      balanceSatang: 31_250_050,
      startDate: '2022-03-01',
      instalmentSatang: 850_000,
      periods: null,
      lastPeriod: 28,
      interestRate: null,
      percentRepaid: '37.49',
      collateral: [
        { kind: 'member', guarantorNo: '054321', description: 'ค้ำประกันโดย นางสาวตัวอย่าง ค้ำดี', amountSatang: 25_000_000 },
        { kind: 'asset', guarantorNo: null, description: 'ทุนเรือนหุ้นค้ำประกัน', amountSatang: 6_250_050 },
      ],
    });
    expect(loans[1]).toMatchObject({
      contractNo: 'ฉ.0456/2567',
      startDate: '2024-01-15',
      lastPeriod: 6,
      collateral: [],
    });
    expect(memberLoan.parse({ dataloan: [], collateral: [] })).toEqual([]);
  });

  it('member_loan_statement → the head and rows (PRINCIPAL_BALANCE is the balance after)', () => {
    const s = loanStatement.parse(vendor.loanStatement('สม.1234/2565'));
    expect(s.head?.contractNo).toBe('สม.1234/2565');
    expect(s.statement.total).toBe(12);
    expect(s.statement.rows[0]).toEqual(CORE_LOAN_NEWEST_ROW);
  });

  it('member_dep → accounts; a null interest is 0; UPPERCASE rows too', () => {
    const accounts = memberDep.parse(fixture('member_dep'));
    expect(accounts[1]).toEqual({
      accountNo: '002-2-00077',
      typeCode: '02',
      typeName: 'ออมทรัพย์พิเศษ',
      accountName: 'นาย สมมุติ ทดสอบ',
      balanceSatang: 125_000_075,
      accruedInterestSatang: 0,
      withdrawableSatang: 105_000_075,
      heldSatang: 20_000_000,
      openedDate: null,
    });
    // No accounts: the PHP totals are missing too.
    expect(memberDep.parse({ datadeposit: [] })).toEqual([]);
  });

  it('member_dep_statement → the head object and signed rows', () => {
    const s = depStatement.parse(vendor.depStatement('001-1-23456'));
    expect(s.head).toEqual({
      accountNo: '001-1-23456',
      typeName: 'ออมทรัพย์',
      accountName: 'นาย สมมุติ ทดสอบ',
      withdrawableSatang: 8_500_000,
      balanceSatang: 8_500_000,
      openedDate: '2015-04-01',
    });
    const withdrawal = s.statement.rows.find((r) => r.description === 'ถอนเงิน');
    expect(withdrawal?.amountSatang).toBe(-300_000);
    expect(depStatement.parse({ DepStatementHead: [], dep_statement: [] }).head).toBeNull();
  });

  it('member_kep → months with their lines (a detail list sent as an object keyed "0", "1")', () => {
    const months = memberKep.parse(fixture('member_kep'));
    expect(months).toHaveLength(2);
    expect(months[0]).toMatchObject({
      year: 2024,
      month: 6,
      billedSatang: 1_250_025,
      collectedSatang: 1_250_025,
      posted: true,
      receiptNo: 'R6706-00123',
      receiptDate: '2024-06-28',
    });
    expect(months[0]?.lines).toEqual([
      {
        seq: 1,
        itemCode: 'S1',
        description: 'ค่าหุ้น',
        contractNo: null,
        period: 152,
        principalSatang: 0,
        interestSatang: 0,
        amountSatang: 100_000,
      },
      {
        seq: 2,
        itemCode: 'L1',
        description: 'เงินกู้สามัญ สม.1234/2565',
        contractNo: null,
        period: 28,
        principalSatang: 850_000,
        interestSatang: 300_025,
        amountSatang: 1_150_025,
      },
    ]);
    expect(months[1]).toMatchObject({ posted: false, receiptNo: null, receiptDate: null, collectedSatang: 0 });
    expect(months[1]?.lines).toHaveLength(2);
  });

  it('member_coll, member_gian (UPPERCASE, sorted), member_div (newest first, withheld flags)', () => {
    expect(memberColl.parse(fixture('member_coll'))).toEqual(CORE_MEMBER_GUARANTEES);
    expect(memberGian.parse(fixture('member_gian'))).toEqual(CORE_MEMBER_BENEFICIARIES);
    const div = memberDiv.parse(fixture('member_div'));
    expect(div.map((d) => d.year)).toEqual([2023, 2022]);
    expect(div[0]).toEqual({
      year: 2023,
      dividendRate: '6.00',
      dividendSatang: 912_000,
      dividendWithheld: false,
      averageReturnRate: '12.50',
      averageReturnSatang: 152_375,
      averageReturnWithheld: false,
      interestPaidSatang: 1_219_000,
      payoutMethod: 'โอนเข้าบัญชีธนาคารกรุงไทย เลขที่บัญชี 123-4-56789-0',
    });
    expect(div[1]).toMatchObject({ averageReturnWithheld: true, interestPaidSatang: 0 });
    // The switch is off: the whole answer is {} (or PHP's []).
    expect(memberDiv.parse({})).toEqual([]);
    expect(memberDiv.parse([])).toEqual([]);
  });
});

describe('public content (§7)', () => {
  it('menu: parents with their sub-items; no phones in this version', () => {
    const { menu, phones } = infoManu.parse(fixture('info_manu'));
    expect(menu.map((m) => [m.seq, m.label, m.isParent, m.children.map((c) => c.label)])).toEqual([
      [1, 'เกี่ยวกับสหกรณ์', true, ['คณะกรรมการ', 'ประวัติสหกรณ์']],
      [2, 'ข่าวสาร', false, []],
      [3, 'ดาวน์โหลด', true, []],
    ]);
    expect(menu[0]).toMatchObject({ labelEn: null, icon: null, url: null });
    expect(phones).toEqual([]);
    const newer = infoManu.parse({
      list_manu: [{ seq: 1, manu_name: 'a', is_parent: '0', status: '0' }],
      tel_footerweb: [{ Question: 'ฝ่ายสินเชื่อ', Note: 'tel:021234567' }],
    });
    expect(newer.menu).toEqual([]);
    expect(newer.phones).toEqual([{ label: 'ฝ่ายสินเชื่อ', link: 'tel:021234567' }]);
  });

  it('home: every block a list, a null block empty, dates as instants', () => {
    const home = infoHome.parse(fixture('info_home'));
    expect(home.cremation_news).toEqual([]);
    expect(home.news_relations[1]?.question).toBe('ประชุมใหญ่สามัญประจำปี 2567 & เลือกตั้งกรรมการ');
    expect(home.news_relations[0]?.date?.toISOString()).toBe('2024-06-30T03:15:00.000Z');
    expect(home.slider_banner[0]?.nphoto).toBe('/mediafiles/banner/welcome.jpg');
  });

  it('list: a paginator or a plain list, with the category facts', () => {
    const news = infoList.parse(vendor.infoList('news_relations', 3));
    expect(news).toMatchObject({ types: 'ข่าวประชาสัมพันธ์', gtype: 'M', content_type: 'content' });
    expect(news.list_data).toMatchObject({ total: 14, page: 3, perPage: 6, paged: true });
    expect(news.list_data.rows).toHaveLength(2);
    const downloads = infoList.parse(vendor.infoList('download'));
    expect(downloads.list_data).toMatchObject({ total: 2, paged: false });
    expect(infoList.parse({ list_data: [], types: null })).toMatchObject({ types: null, list_data: { rows: [] } });
  });

  it('show: the item, gallery pictures, a hidden flag', () => {
    const shows = fixture<Record<string, unknown>>('info_show');
    const gallery = infoShow.parse(shows['300']);
    expect(gallery.show).toMatchObject({ no: 300, category: 'pic_activity', nmedia: 'https://video.example/coopday' });
    expect(gallery.pic_activity.map((p) => p.path_img)).toEqual([
      'gallery/coopday/1.jpg',
      '/mediafiles/gallery/coopday/2.jpg',
    ]);
    expect(infoShow.parse(shows['999']).show?.datadisable).toBe(true);
    expect(infoShow.parse({ show: null }).show).toBeNull();
  });

  it('smartsearch: hits as plain text, find_note as a number, the recommended links', () => {
    const s = smartSearch.parse(fixture('smartsearch'));
    expect(s.code).toBe('CWL200SUCCESS');
    expect(s.result.issearchfound).toBe(true);
    expect(s.result.result[0]).toEqual({
      no: 118,
      question: 'ประชุมใหญ่สามัญประจำปี 2567 & เลือกตั้งกรรมการ',
      note: 'ขอเชิญสมาชิกเข้าร่วม ประชุมใหญ่ ณ หอประชุม',
      findNote: 1,
    });
    expect(s.result.recommened).toEqual([{ question: 'ดาวน์โหลดแบบฟอร์ม', note: '/list/download' }]);
    expect(smartSearch.parse({ code: 'CWL0004ERROR', result: { isSearchFound: '0' } }).result).toEqual({
      issearchfound: false,
      result: [],
      recommened: [],
    });
  });
});

describe("Sahakorn's additive keys (ADR 025): read when present, today's reading when absent", () => {
  type Rows = Record<string, unknown>[];
  const withRows = <T extends Record<string, unknown>>(
    body: T,
    key: keyof T,
    add: (row: Record<string, unknown>, i: number) => object,
  ) => ({
    ...body,
    [key]: (body[key] as Rows).map((r, i) => ({ ...r, ...add(r, i) })),
  });

  it('additive: missing or null → null; a value that does not fit is taken as missing', () => {
    const s = feed({ n: additive(optInt) });
    expect(s.parse({}).n).toBeNull();
    expect(s.parse({ n: null }).n).toBeNull();
    expect(s.parse({ n: '12' }).n).toBe(12);
    expect(s.parse({ N: 'twelve' }).n).toBeNull();
  });

  it("member_loan and the statement's head: loan_periods and loan_interest_rate", () => {
    const body = fixture<{ dataloan: Rows }>('member_loan');
    const loans = memberLoan.parse(
      withRows(body, 'dataloan', (_, i) =>
        i === 0 ? { LOAN_PERIODS: '60', loan_interest_rate: '6.25' } : { loan_periods: null },
      ),
    );
    expect(loans.map((l) => [l.periods, l.interestRate])).toEqual([
      [60, '6.25'],
      [null, null],
    ]);
    // Absent (a vendor core): unknown, as before.
    expect(memberLoan.parse(body).map((l) => [l.periods, l.interestRate])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect(
      memberLoan.parse(withRows(body, 'dataloan', () => ({ loan_periods: 'x', loan_interest_rate: '6%' })))[0],
    ).toMatchObject({
      periods: null,
      interestRate: null,
      contractNo: 'สม.1234/2565',
    });
    const statement = vendor.loanStatement('สม.1234/2565') as { headLoan_statement: Rows };
    expect(
      loanStatement.parse(
        withRows(statement, 'headLoan_statement', () => ({ loan_periods: '60', loan_interest_rate: '6.25' })),
      ).head,
    ).toMatchObject({ periods: 60, interestRate: '6.25' });
  });

  it('member_dep: deposit_opened_date in the list (the statement head column)', () => {
    const body = fixture<{ datadeposit: Rows }>('member_dep');
    const accounts = memberDep.parse(
      withRows(body, 'datadeposit', (_, i) => ({ deposit_opened_date: i ? '2018-09-01' : null })),
    );
    expect(accounts.map((a) => a.openedDate)).toEqual(accounts.map((_, i) => (i ? '2018-09-01' : null)));
    expect(memberDep.parse(body).every((a) => a.openedDate === null)).toBe(true);
  });

  it('member_kep: contract_no and seq kept; lines renumbered 1, 2, … unless every line has its own seq', () => {
    const body = fixture<{ datakeepdet: Rows; datadetail: Rows[] }>('member_kep');
    const first = body.datadetail[0] ?? [];
    const withLines = (lines: Rows) => ({ ...body, datadetail: [lines, ...body.datadetail.slice(1)] });
    const lines = (extra: object[]) =>
      memberKep.parse(withLines(first.map((l, i) => ({ ...l, ...extra[i] }))))[0]?.lines;
    expect(lines([{ seq: '3' }, { SEQ: '7', contract_no: 'สม.1234/2565' }])?.map((l) => [l.seq, l.contractNo])).toEqual(
      [
        [3, null],
        [7, 'สม.1234/2565'],
      ],
    );
    // A number missing, repeated or not a number: the vendor's reading, 1, 2, … (contracts still kept).
    for (const seqs of [
      [{ seq: '3' }, {}],
      [{ seq: '4' }, { seq: '4' }],
      [{ seq: '0' }, { seq: '1' }],
      [{ seq: 'a' }, { seq: '2' }],
    ]) {
      expect(
        lines(seqs.map((x, i) => ({ ...x, contract_no: i ? 'C-1' : null })))?.map((l) => [l.seq, l.contractNo]),
      ).toEqual([
        [1, null],
        [2, 'C-1'],
      ]);
    }
  });

  it('home: rates as rows; a vendor core (no rates) gives null', () => {
    const home = fixture<Record<string, unknown>>('info_home');
    expect(infoHome.parse(home).rates).toBeNull();
    const rates = infoHome.parse({
      ...home,
      rates: {
        deposit: [{ name: 'ออมทรัพย์', rate: '1.50', note: '', effective_date: '2024-01-01' }],
        LOAN: [{ name: 'สามัญ', rate: 6.25, note: 'ต่อปี', effective_date: '2024-03-01' }],
      },
    }).rates;
    expect(rates).toEqual({
      deposit: [{ name: 'ออมทรัพย์', rate: '1.50', note: null, effectiveDate: '2024-01-01' }],
      loan: [{ name: 'สามัญ', rate: '6.25', note: 'ต่อปี', effectiveDate: '2024-03-01' }],
    });
  });

  it('show: every attachment with its label and size, captions on the pictures; absent → null', () => {
    const shows = fixture<Record<string, { show: Record<string, unknown>; pic_activity: Rows }>>('info_show');
    const gallery = shows['300'] ?? { show: {}, pic_activity: [] };
    const plain = infoShow.parse(gallery);
    expect(plain.show?.attachments).toBeNull();
    expect(plain.pic_activity.map((p) => p.caption)).toEqual([null, null]);
    const read = infoShow.parse({
      ...gallery,
      show: {
        ...gallery.show,
        attachments: [
          { file: 'files/a.pdf', label: 'กำหนดการ', size_bytes: '48213' },
          { file: null, label: 'ไม่มีไฟล์', size_bytes: null },
          { file: 'files/b.docx', label: 'ใบสมัคร', size_bytes: null },
        ],
      },
      pic_activity: gallery.pic_activity.map((p, i) => ({ ...p, caption: i ? null : 'พิธีเปิด' })),
    });
    expect(read.show?.attachments).toEqual([
      { file: 'files/a.pdf', label: 'กำหนดการ', sizeBytes: 48_213 },
      { file: 'files/b.docx', label: 'ใบสมัคร', sizeBytes: null },
    ]);
    expect(read.pic_activity.map((p) => p.caption)).toEqual(['พิธีเปิด', null]);
    expect(infoShow.parse({ ...gallery, show: { ...gallery.show, attachments: [] } }).show?.attachments).toEqual([]);
  });
});
