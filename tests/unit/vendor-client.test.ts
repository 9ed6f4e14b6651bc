import { describe, expect, it } from 'vitest';
import type * as z from 'zod';

import {
  depStatement,
  infoHome,
  infoList,
  infoManu,
  infoShow,
  issuePaths,
  loanStatement,
  loginSuccess,
  memberColl,
  memberDep,
  memberDiv,
  memberGian,
  memberKep,
  memberLoan,
  memberShare,
  memberStatus,
  rcBody,
} from '~/server/coop/http/schemas.server';
import { infoManuBody, infoShowBody } from '~/server/coop/vendor/info.server';
import {
  depStatementBody,
  loanStatementBody,
  loginMember,
  memberCollBody,
  memberCremBody,
  memberDepBody,
  memberDivBody,
  memberGianBody,
  memberKepBody,
  memberLoanBody,
  memberShareBody,
  memberStatusBody,
} from '~/server/coop/vendor/member.server';
import { paginator } from '~/server/coop/vendor/wire.server';

import { FIXTURE_NAMES, fixture, shapeMismatches } from '../vendor-client/contract';

/**
 * The vendor client's fixtures (`tests/vendor-client/`, docs/vendor-api.md) against both sides of our
 * code: the http adapter reads each one (UPPERCASE keys, strings for numbers, keys left out when
 * empty), and our serializers, fed what the adapter read, write every key the fixture has, in its
 * case and JSON type.
 */

const wire = (body: unknown): unknown => JSON.parse(JSON.stringify(body)) as unknown;
const body = (name: string) => fixture(name).body;
const page = <T>(rows: T[]) => ({ rows, total: rows.length, page: 1, pageSize: 10 });

/** The fixture's body with one key taken out at a path (`data1.0.member_name`). */
function without(name: string, keyPath: string): unknown {
  const copy = wire(body(name)) as Record<string, unknown>;
  const parts = keyPath.split('.');
  let at: unknown = copy;
  for (const part of parts.slice(0, -1)) at = (at as Record<string, unknown>)[part];
  delete (at as Record<string, unknown>)[parts.at(-1) ?? ''];
  return copy;
}

describe('the vendor client fixtures', () => {
  it('cover every endpoint the vendor client calls (but the printed bill, which is a PDF)', () => {
    expect(FIXTURE_NAMES).toEqual(
      [
        'forget',
        'getAuthUser',
        'info_home',
        'info_list',
        'info_manu',
        'info_show',
        'login',
        'logout',
        'member_coll',
        'member_crem',
        'member_dep',
        'member_dep_statement',
        'member_div',
        'member_gian',
        'member_kep',
        'member_loan',
        'member_loan_statement',
        'member_pass',
        'member_share',
        'member_status',
        'register',
        'searchMember_share',
        'wwwupload',
      ].sort(),
    );
  });

  it('the shape check finds a missing key, a key in the wrong case and a string where a number goes', () => {
    expect(shapeMismatches({ a: [{ B: 1 }] }, { a: [{ B: 2 }, { b: 2 }] })).toEqual(['$.a[1].B: missing']);
    expect(shapeMismatches({ year: 2024 }, { year: '2024' })).toEqual(['$.year: string where the vendor sends number']);
    expect(shapeMismatches({ name: 'x', none: null }, { name: null, none: '3', extra: 1 })).toEqual([]);
  });
});

describe('the http adapter reads the vendor client fixtures', () => {
  it('member feeds: UPPERCASE keys, strings for numbers, signed amounts, numbers where PHP computes them', () => {
    expect(memberStatus.parse(body('member_status'))).toMatchObject({
      membershipNo: '012345',
      firstName: 'สมมุติ',
      salarySatang: 4_587_000,
      idCardMasked: '1-2345-xxxxx-xx-3',
    });
    const share = memberShare.parse(body('member_share'));
    expect(share.summary).toEqual({
      capitalSatang: 57_570_000,
      monthlySatang: 100_000,
      lastPeriod: 152,
      suspended: false,
    });
    expect(share.statement.rows.map((r) => r.amountSatang)).toEqual([100_000, -50_000]);
    // The core's answer to a search without dates has neither list: for us, a glitch, never an empty account.
    expect(() => memberShare.parse(fixture('searchMember_share').empty)).toThrow();
    expect(memberLoan.parse(body('member_loan'))[0]).toMatchObject({ balanceSatang: 31_250_050, collateral: [{}] });
    expect(loanStatement.parse(body('member_loan_statement')).statement.rows[0]?.balanceSatang).toBe(31_250_050);
    expect(memberDep.parse(body('member_dep'))[0]).toMatchObject({
      balanceSatang: 74_841_239,
      accruedInterestSatang: 123_450,
    });
    expect(memberDep.parse(fixture('member_dep').empty)).toEqual([]);
    expect(depStatement.parse(body('member_dep_statement')).head).toMatchObject({ openedDate: '2010-05-03' });
    const kep = memberKep.parse(body('member_kep'));
    expect(kep[0]?.lines.map((l) => l.description)).toEqual(['เงินกู้สามัญ', 'ค่าหุ้น']);
    expect(kep[0]).toMatchObject({ year: 2025, month: 10, billedSatang: 1_255_000 });
    expect(memberColl.parse(body('member_coll'))[0]?.borrowerName).toBe('นางสมศรี ใจดี');
    expect(memberGian.parse(body('member_gian'))).toEqual([{ seq: 1, name: 'นางสมใจ ทดสอบ', relationship: 'คู่สมรส' }]);
    expect(memberDiv.parse(body('member_div'))[0]).toMatchObject({ year: 2024, dividendSatang: 2_878_500 });
    expect(memberDiv.parse(fixture('member_div').empty)).toEqual([]);
  });

  it('auth and actions: the login row, getAuthUser, the validation list', () => {
    expect(loginSuccess.parse(body('login'))).toMatchObject({ expiresInSeconds: 900, member: { lastName: 'ทดสอบ' } });
    expect(rcBody.parse(body('getAuthUser')).rc_code).toBe('1');
    expect(rcBody.parse(fixture('register').refused).errors).toEqual(['วันเดือนปีเกิด ไม่ตรงกับระบบ']);
    expect(rcBody.parse(body('member_pass')).rc_code).toBe('1');
  });

  it('public feeds: content rows in the vendor column case, wall-time dates, BE event dates', () => {
    const show = infoShow.parse(body('info_show'));
    expect(show.show).toMatchObject({
      no: 1250,
      question: 'ประชุมใหญ่สามัญประจำปี',
      date: new Date('2025-11-02T03:04:05Z'),
      replaydate: '2025-01-05',
    });
    expect(infoList.parse(body('info_list')).list_data.rows).toHaveLength(1);
    expect(infoHome.parse(body('info_home')).slider_banner).toHaveLength(1);
    expect(infoManu.parse(body('info_manu')).phones).toEqual([{ label: 'สำนักงาน', link: 'tel:021234567' }]);
  });

  it('a key a page shows that is missing fails the call, naming where (never a blank or NaN)', () => {
    const cases: [z.ZodType, string, string][] = [
      [memberStatus, 'member_status', 'data1.0.member_name'],
      [memberShare, 'member_share', 'sharestatement.data.0.share_value'],
      [loanStatement, 'member_loan_statement', 'loan_statement.data.0.PRINCIPAL_BALANCE'],
      [memberDep, 'member_dep', 'datadeposit.0.deposit_balance'],
      [memberKep, 'member_kep', 'datadetail.0.0.KEEPING_TYPE_NAME'],
      [memberKep, 'member_kep', 'datakeepdet.0.mproc_money_amount'],
      [memberDiv, 'member_div', 'div.0.account_year'],
      [memberLoan, 'member_loan', 'dataloan.0.loan_type_description'],
    ];
    for (const [schema, name, keyPath] of cases) {
      const result = schema.safeParse(without(name, keyPath));
      expect(result.success, keyPath).toBe(false);
      const where = keyPath.toLowerCase().split('.').slice(0, -1).join('.');
      expect(result.error && issuePaths(result.error)[0], keyPath).toMatch(
        new RegExp(`^${where.replace(/\./g, '\\.')}\\.${keyPath.split('.').at(-1)?.toLowerCase()}: custom$`),
      );
    }
  });
});

describe('our serializers write the vendor client fixtures, fed what the adapter read from them', () => {
  const mismatches = (name: string, ours: unknown) => shapeMismatches(body(name), wire(ours));

  it('member feeds', () => {
    const profile = memberStatus.parse(body('member_status'));
    const share = memberShare.parse(body('member_share'));
    const loans = memberLoan.parse(body('member_loan'));
    const accounts = memberDep.parse(body('member_dep'));
    const status = memberStatusBody(profile, { share: share.summary, loans, accounts });
    expect(mismatches('member_status', status)).toEqual([]);
    expect(
      mismatches(
        'member_share',
        memberShareBody(share.summary, share.statement ? page(share.statement.rows) : page([]), '/x'),
      ),
    ).toEqual([]);
    expect(mismatches('searchMember_share', memberShareBody(share.summary, page(share.statement.rows), '/x'))).toEqual(
      [],
    );
    expect(mismatches('member_loan', memberLoanBody(loans))).toEqual([]);
    const statement = loanStatement.parse(body('member_loan_statement'));
    expect(statement.head).not.toBeNull();
    if (statement.head) {
      expect(
        mismatches('member_loan_statement', loanStatementBody(statement.head, page(statement.statement.rows), '/x')),
      ).toEqual([]);
    }
    expect(mismatches('member_dep', memberDepBody(accounts))).toEqual([]);
    const dep = depStatement.parse(body('member_dep_statement'));
    const account = accounts[0];
    expect(account).toBeDefined();
    if (account) {
      expect(mismatches('member_dep_statement', depStatementBody(account, page(dep.statement.rows), '/x'))).toEqual([]);
    }
    const kep = memberKep.parse(body('member_kep'));
    expect(mismatches('member_kep', memberKepBody(kep))).toEqual([]);
    expect(mismatches('member_coll', memberCollBody(memberColl.parse(body('member_coll'))))).toEqual([]);
    expect(mismatches('member_gian', memberGianBody('012345', memberGian.parse(body('member_gian'))))).toEqual([]);
    const dividends = memberDiv.parse(body('member_div'));
    expect(mismatches('member_div', memberDivBody(dividends))).toEqual([]);
    // A withheld amount: 0 where the vendor's screen adds it into the net; the amount in our additive key.
    const withheld = dividends.map((d) => ({ ...d, dividendWithheld: true }));
    const written = wire(memberDivBody(withheld)) as { div: Record<string, unknown>[] };
    expect(written.div[0]).toMatchObject({ dividend: '0.00', drop_dividend: '1', withheld_dividend: '28785.00' });
    expect(memberDiv.parse(written)).toEqual(withheld);
    expect(mismatches('member_crem', memberCremBody(profile, kep))).toEqual([]);
    expect(
      mismatches('login', { token: 't', member: loginMember(profile), token_type: 'bearer', expires_in: 43_200 }),
    ).toEqual([]);
  });

  it('public feeds', () => {
    const manu = infoManu.parse(body('info_manu'));
    expect(mismatches('info_manu', infoManuBody(manu.menu, manu.phones))).toEqual([]);
    // The content row as our serializer writes it for an item read from the fixture.
    const show = infoShow.parse(body('info_show'));
    expect(show.show).not.toBeNull();
    const item = {
      no: 1250,
      category: 'news_relations',
      title: 'ประชุมใหญ่สามัญประจำปี',
      postedAt: new Date('2025-11-02T03:04:05Z'),
      coverImage: 'p_1250.jpg',
      bodyHtml: '<p>รายละเอียด</p>',
      author: 'admin',
      eventDate: '2025-01-05',
      videoUrl: null,
      attachments: [],
      gallery: [{ file: 'g_1250_1.jpg', caption: null }],
      categoryInfo: { code: 'news_relations', label: 'ข่าวประชาสัมพันธ์', type: 'news', contentType: 'news' },
    };
    const ours = wire(infoShowBody(item as unknown as Parameters<typeof infoShowBody>[0])) as { show: unknown };
    expect(mismatches('info_show', ours)).toEqual([]);
    expect(
      shapeMismatches((body('info_list') as { list_data: { data: unknown[] } }).list_data.data[0], ours.show),
    ).toEqual([]);
    expect(paginator(page([]), '/x')).toMatchObject({ data: [], total: 0 });
  });
});
