import { describe, expect, it } from 'vitest';

import {
  depStatement,
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
} from '../http/schemas.server';
import type {
  Beneficiary,
  DepositAccount,
  DepositStatementRow,
  Dividend,
  Guarantee,
  Loan,
  LoanStatementRow,
  MemberProfile,
  MonthlyCollection,
  Page,
  ShareStatementRow,
  ShareSummary,
  WelfareItem,
} from '../types';
import {
  depStatementBody,
  loanStatementBody,
  loginMember,
  memberCollBody,
  memberDepBody,
  memberDivBody,
  memberGianBody,
  memberKepBody,
  memberLoanBody,
  memberShareBody,
  memberStatusBody,
  memberWelfareBody,
} from './member.server';
import { paginator, vendorMoney } from './wire.server';

/** What goes over the wire: the serializer's output as JSON text and back. */
const wire = (body: unknown): unknown => JSON.parse(JSON.stringify(body)) as unknown;

const profile: MemberProfile = {
  membershipNo: '012345',
  prename: 'นาย',
  firstName: 'สมมุติ',
  lastName: 'ทดสอบ',
  memberGroupNo: '0101',
  memberGroupName: 'ฝ่ายบัญชี & การเงิน',
  status: 'normal',
  birthDate: '1977-02-07',
  approveDate: '2005-06-01',
  idCardMasked: '1-2345-xxxxx-xx-3',
  sex: 'F',
  positionName: null,
  salarySatang: 2_500_050,
  address: '99/1 ถ.พหลโยธิน แขวงสามเสนใน',
};

const loans: Loan[] = [
  {
    contractNo: 'สม.1234/2565',
    loanType: 'เงินกู้สามัญ',
    approvedSatang: 50_000_000,
    balanceSatang: 31_250_050,
    startDate: '2022-03-01',
    instalmentSatang: 850_000,
    // Not in the vendor's web API: these two travel in Sahakorn's additive keys (ADR 025).
    periods: 60,
    lastPeriod: 28,
    interestRate: '6.25',
    percentRepaid: '37.49',
    collateral: [
      { kind: 'member', guarantorNo: '054321', description: 'นางสาว ตัวอย่าง ค้ำดี', amountSatang: 25_000_000 },
      { kind: 'asset', guarantorNo: null, description: 'โฉนดที่ดิน 1234', amountSatang: 10_000_000 },
    ],
  },
  {
    contractNo: 'ฉ.0456/2567',
    loanType: 'เงินกู้ฉุกเฉิน',
    approvedSatang: 3_000_000,
    balanceSatang: 0,
    startDate: '2024-01-15',
    instalmentSatang: 300_000,
    // Unknown to the backend: null travels as null.
    periods: null,
    lastPeriod: 10,
    interestRate: null,
    percentRepaid: '100.00',
    collateral: [],
  },
];

const accounts: DepositAccount[] = [
  {
    accountNo: '001-1-23456',
    typeCode: '01',
    typeName: 'ออมทรัพย์',
    accountName: 'นาย สมมุติ ทดสอบ',
    balanceSatang: 8_500_000,
    accruedInterestSatang: 12_345,
    withdrawableSatang: 8_500_000,
    heldSatang: 0,
    // The vendor's list leaves it out (§6.4); Sahakorn adds the head's `deposit_opened_date` (ADR 025).
    openedDate: '2010-04-01',
  },
  {
    accountNo: '002-2-00007',
    typeCode: '02',
    typeName: 'ออมทรัพย์พิเศษ',
    accountName: 'นาย สมมุติ ทดสอบ',
    balanceSatang: 100_000,
    accruedInterestSatang: 0,
    withdrawableSatang: 100_000,
    heldSatang: 0,
    openedDate: null,
  },
];

function page<T>(rows: T[], n = 1, total = rows.length): Page<T> {
  return { rows, total, page: n, pageSize: 10 };
}

describe('vendor serializers: the adapter reads back what they write (the contract test)', () => {
  it('vendorMoney writes satang as the vendor does, signs and cents included', () => {
    expect(vendorMoney(0)).toBe('0.00');
    expect(vendorMoney(5)).toBe('0.05');
    expect(vendorMoney(123_456_789)).toBe('1234567.89');
    expect(vendorMoney(-2_000)).toBe('-20.00');
  });

  it('login: the member row', () => {
    const name = { membershipNo: '012345', prename: 'นาย', firstName: 'สมมุติ', lastName: 'ทดสอบ' };
    const body = wire({ token: 'abc', member: loginMember(name), token_type: 'bearer', expires_in: 43_200 });
    expect(loginSuccess.parse(body)).toEqual({ token: 'abc', expiresInSeconds: 43_200, member: name });
  });

  it('member_status: the profile, with the id card already masked and the status code', () => {
    const totals = { share: null, loans: [], accounts: [] };
    expect(memberStatus.parse(wire(memberStatusBody(profile, totals)))).toEqual(profile);
    const resigned = { ...profile, status: 'resigned' as const, sex: 'M' as const, positionName: 'หัวหน้างาน' };
    expect(memberStatus.parse(wire(memberStatusBody(resigned, totals)))).toEqual(resigned);
  });

  it('member_share: the head and a signed statement page as a Laravel paginator', () => {
    const summary: ShareSummary = {
      capitalSatang: 15_200_000,
      monthlySatang: 100_000,
      lastPeriod: 152,
      suspended: true,
    };
    const rows: ShareStatementRow[] = [
      { date: '2024-06-30', period: 152, description: 'ซื้อหุ้นรายเดือน', amountSatang: 100_000, balanceSatang: 15_200_000 },
      { date: '2024-05-20', period: null, description: 'ถอนหุ้น', amountSatang: -50_000, balanceSatang: 15_100_000 },
    ];
    const parsed = memberShare.parse(
      wire(memberShareBody(summary, page(rows, 2, 12), 'http://x/api/member/member_share')),
    );
    expect(parsed.summary).toEqual(summary);
    expect(parsed.statement).toEqual({ rows, total: 12, page: 2, perPage: 10, paged: true });
    expect(memberShare.parse(wire(memberShareBody(null, page([]), 'p'))).summary).toBeNull();
  });

  it('member_loan: the loans and, matched back by contract, their collateral', () => {
    expect(memberLoan.parse(wire(memberLoanBody(loans)))).toEqual(loans);
    expect(memberLoan.parse(wire(memberLoanBody([])))).toEqual([]);
  });

  it('member_loan: the additive keys are the only ones added, ints and rates as strings (ADR 025)', () => {
    const [row] = (wire(memberLoanBody(loans)) as { dataloan: Record<string, unknown>[] }).dataloan;
    expect(row).toMatchObject({ loan_periods: '60', loan_interest_rate: '6.25', last_period: '28' });
    expect(Object.keys(row ?? {}).sort()).toEqual(
      [
        'begining_of_contract',
        'last_period',
        'loan_approve_amount',
        'loan_contract_no',
        'loan_interest_rate',
        'loan_periods',
        'loan_type_description',
        'percent_pay',
        'period_payment_amount',
        'principal_balance',
      ].sort(),
    );
  });

  it('member_loan_statement: the head (without its collateral) and the statement page', () => {
    const rows: LoanStatementRow[] = [
      {
        date: '2024-06-30',
        period: 28,
        item: 'ชำระรายเดือน',
        principalSatang: 600_000,
        interestSatang: 250_000,
        balanceSatang: 31_250_050,
      },
    ];
    const parsed = loanStatement.parse(wire(loanStatementBody(loans[0] as Loan, page(rows), 'p')));
    expect(parsed.head).toEqual({ ...loans[0], collateral: [] });
    expect(parsed.statement).toEqual({ rows, total: 1, page: 1, perPage: 10, paged: true });
  });

  it('member_dep and member_dep_statement: accounts with their opening dates, the head with it, signed rows', () => {
    const body = wire(memberDepBody(accounts)) as { datadeposit: Record<string, unknown>[] };
    expect(body.datadeposit.map((r) => r.deposit_opened_date)).toEqual(['2010-04-01', null]);
    expect(memberDep.parse(body)).toEqual(accounts);
    const account = accounts[0] as DepositAccount;
    const rows: DepositStatementRow[] = [
      { date: '2024-06-01', description: 'ฝากเงิน', amountSatang: 500_000, balanceSatang: 8_500_000 },
      { date: '2024-05-01', description: 'ถอนเงิน', amountSatang: -100_000, balanceSatang: 8_000_000 },
    ];
    const parsed = depStatement.parse(wire(depStatementBody(account, page(rows), 'p')));
    expect(parsed.head).toEqual({
      accountNo: account.accountNo,
      typeName: account.typeName,
      accountName: account.accountName,
      withdrawableSatang: account.withdrawableSatang,
      balanceSatang: account.balanceSatang,
      openedDate: '2010-04-01',
    });
    expect(parsed.statement.rows).toEqual(rows);
  });

  it('member_kep: months and their lines, with their numbers and contracts (ADR 025)', () => {
    const months: MonthlyCollection[] = [
      {
        year: 2024,
        month: 6,
        billedSatang: 1_250_025,
        collectedSatang: 1_250_025,
        posted: true,
        receiptNo: 'R6706-00123',
        receiptDate: '2024-06-28',
        lines: [
          {
            seq: 3,
            itemCode: 'SH',
            description: 'ค่าหุ้น',
            contractNo: null,
            period: 152,
            principalSatang: 0,
            interestSatang: 0,
            amountSatang: 100_000,
          },
          {
            seq: 5,
            itemCode: 'LN',
            description: 'เงินกู้สามัญ',
            contractNo: 'สม.1234/2565',
            period: 28,
            principalSatang: 600_000,
            interestSatang: 250_000,
            amountSatang: 850_000,
          },
        ],
      },
      {
        year: 2024,
        month: 7,
        billedSatang: 1_250_025,
        collectedSatang: 0,
        posted: false,
        receiptNo: null,
        receiptDate: null,
        lines: [],
      },
    ];
    const body = wire(memberKepBody(months)) as { datadetail: Record<string, unknown>[][] };
    expect(body.datadetail[0]?.map((l) => [l.seq, l.contract_no])).toEqual([
      ['3', null],
      ['5', 'สม.1234/2565'],
    ]);
    expect(memberKep.parse(body)).toEqual(months);
  });

  it('member_coll, member_gian, member_div', () => {
    const guarantees: Guarantee[] = [
      {
        borrowerNo: '054321',
        borrowerName: 'นางสาวตัวอย่าง ค้ำดี',
        contractNo: 'สม.0777/2566',
        startDate: '2023-02-01',
        approvedSatang: 30_000_000,
        balanceSatang: 21_000_000,
        interestArrearSatang: 0,
        guaranteedSatang: 15_000_000,
      },
    ];
    expect(memberColl.parse(wire(memberCollBody(guarantees)))).toEqual(guarantees);

    const beneficiaries: Beneficiary[] = [
      { seq: 1, name: 'นาง สมใจ ทดสอบ', relationship: 'คู่สมรส' },
      { seq: 2, name: 'เด็กชาย สมหวัง ทดสอบ', relationship: 'บุตร' },
    ];
    expect(memberGian.parse(wire(memberGianBody('012345', beneficiaries)))).toEqual(beneficiaries);

    const dividends: Dividend[] = [
      {
        year: 2023,
        dividendRate: '6.00',
        dividendSatang: 912_000,
        dividendWithheld: false,
        averageReturnRate: '12.50',
        averageReturnSatang: 152_375,
        averageReturnWithheld: true,
        interestPaidSatang: 1_219_000,
        payoutMethod: 'โอนเข้าบัญชีธนาคาร',
      },
    ];
    expect(memberDiv.parse(wire(memberDivBody(dividends)))).toEqual(dividends);
    expect(memberDiv.parse(wire(memberDivBody([])))).toEqual([]);
  });

  it('paginator: links and bounds as Laravel writes them', () => {
    const p = paginator(page(['a', 'b'], 2, 12), 'http://x/api/y');
    expect(p).toMatchObject({ current_page: 2, last_page: 2, from: 11, to: 12, per_page: 10, total: 12 });
    expect(p.next_page_url).toBeNull();
    expect(p.prev_page_url).toBe('http://x/api/y?page=1');
  });

  it('member_welfare (ADR 025): received and eligible rows apart, money and dates as the vendor writes them', () => {
    const items: WelfareItem[] = [
      { tab: 'received', kind: 'ทุนการศึกษาบุตร', description: 'ระดับประถม', date: '2024-05-10', amountSatang: 150_050 },
      { tab: 'eligible', kind: 'สวัสดิการสมาชิกอาวุโส', description: 'อายุครบ 60 ปี', date: null, amountSatang: 300_000 },
      { tab: 'received', kind: 'เยี่ยมไข้', description: 'นอนโรงพยาบาล', date: '2023-11-02', amountSatang: 100_000 },
    ];
    const body = wire(memberWelfareBody(items));
    expect(body).toEqual({
      welfare_receive: [
        {
          welfare_type: 'ทุนการศึกษาบุตร',
          welfare_desc: 'ระดับประถม',
          operate_date: '2024-05-10',
          welfare_amount: '1500.50',
        },
        { welfare_type: 'เยี่ยมไข้', welfare_desc: 'นอนโรงพยาบาล', operate_date: '2023-11-02', welfare_amount: '1000.00' },
      ],
      welfare_right: [
        {
          welfare_type: 'สวัสดิการสมาชิกอาวุโส',
          welfare_desc: 'อายุครบ 60 ปี',
          operate_date: null,
          welfare_amount: '3000.00',
        },
      ],
    });
    expect(memberWelfareBody([])).toEqual({ welfare_receive: [], welfare_right: [] });
  });
});
