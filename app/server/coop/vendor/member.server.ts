import type {
  Beneficiary,
  Collateral,
  DepositAccount,
  DepositStatementRow,
  Dividend,
  Guarantee,
  Loan,
  LoanStatementRow,
  MemberName,
  MemberProfile,
  MonthlyCollection,
  Page,
  ShareStatementRow,
  ShareSummary,
  WelfareItem,
} from '../types';
import { formatAge, formatBaht, formatDate, formatMonth, formatSatang } from '~/lib/thai-format';

import { mapPage, paginator, vendorBaht, vendorFlag, vendorInt, vendorMoney } from './wire.server';

/**
 * Domain → vendor serializers of the member feeds (docs/vendor-api.md, ADR 019): each
 * builds the body the core system sends, so that `../http/schemas.server.ts` reads it back as the
 * same domain value (the round-trip in `member.server.test.ts` is the contract test). Columns the
 * domain does not hold (the full national id) are not invented. What the domain holds and the vendor's
 * answer has no column for goes in additive keys a vendor client ignores (ADR 025, "Additive fields"):
 * a loan's `loan_periods` and `loan_interest_rate`, an account's `deposit_opened_date` in the list, a
 * collection line's `contract_no` and `seq`.
 */

type Json = Record<string, unknown>;

/** The login answer's `member`: the vendor's UPPERCASE row. */
export function loginMember(m: MemberName): Json {
  return { MEMBERSHIP_NO: m.membershipNo, PRENAME: m.prename, MEMBER_NAME: m.firstName, MEMBER_SURNAME: m.lastName };
}

/** The totals `member_status` sends beside the member: from the share, loan and deposit areas. */
export interface MemberStatusTotals {
  share: ShareSummary | null;
  loans: Loan[];
  accounts: DepositAccount[];
}

/** A date with its age, as our status page writes it; the vendor's text for none. */
const dateWithAge = (date: string, ageLabel: string): string =>
  date ? `${formatDate(date)} (${ageLabel} ${formatAge(date).text})` : 'ไม่ได้ระบุ';

/**
 * `member_status`: the member as `data1[0]` (with the share columns the vendor joins in), and beside
 * it the display texts the vendor's status screen prints as they come: the loan and deposit totals,
 * the dates with their ages, the salary with its unit (docs/vendor-api.md). The texts are those of
 * our own status, loan and deposit pages (the vendor's core rounds the totals to whole baht). The
 * national id goes out masked, as we keep it.
 */
export function memberStatusBody(p: MemberProfile, totals: MemberStatusTotals): Json {
  const sum = <T>(rows: T[], pick: (row: T) => number) => rows.reduce((t, r) => t + pick(r), 0);
  return {
    data1: [
      {
        membership_no: p.membershipNo,
        prename: p.prename,
        member_name: p.firstName,
        member_surname: p.lastName,
        member_group_no: p.memberGroupNo,
        member_group_name: p.memberGroupName,
        member_status_code: p.status === 'resigned' ? '3' : '0',
        date_of_birth: p.birthDate || null,
        approve_date: p.approveDate || null,
        id_card: p.idCardMasked,
        sex: p.sex,
        period_recrieve: totals.share ? String(totals.share.lastPeriod) : null,
        share_stock: totals.share ? vendorMoney(totals.share.capitalSatang) : null,
        share_amount: totals.share ? vendorMoney(totals.share.monthlySatang) : null,
        position_name: p.positionName,
        salary_amount: vendorMoney(p.salarySatang),
        address_present: p.address,
      },
    ],
    principal_balance: formatSatang(sum(totals.loans, (l) => l.balanceSatang)),
    deposit_balance: formatSatang(sum(totals.accounts, (a) => a.balanceSatang)),
    date_of_birth: dateWithAge(p.birthDate, 'อายุ'),
    approve_date: dateWithAge(p.approveDate, 'อายุการเป็นสมาชิก'),
    salary_amount: formatBaht(p.salarySatang),
  };
}

/** A statement amount as the vendor's unsigned value with its `sign_flag`. */
const signedParts = (amount: number) => ({ value: vendorMoney(Math.abs(amount)), sign: amount < 0 ? '-1' : '1' });

/** A share statement row: the vendor's SQL multiplies `share_value` by `sign_flag`, so it is signed. */
export function shareRow(r: ShareStatementRow): Json {
  return {
    operate_date: r.date || null,
    period: vendorInt(r.period),
    item_type_description: r.description,
    share_value: vendorMoney(r.amountSatang),
    sign_flag: r.amountSatang < 0 ? '-1' : '1',
    share_stock: vendorMoney(r.balanceSatang),
  };
}

/** `member_share` / `searchMember_share`: the head (a list of one) and a page of the statement. */
export function memberShareBody(summary: ShareSummary | null, page: Page<ShareStatementRow>, path: string): Json {
  return {
    sharehead: summary
      ? [
          {
            share_stock: vendorMoney(summary.capitalSatang),
            share_amount: vendorMoney(summary.monthlySatang),
            period_recrieve: String(summary.lastPeriod),
            drop_status: vendorFlag(summary.suspended),
            // The monthly payment as text; our share page's figure (the vendor's has no decimals).
            share_amount_fp: summary.suspended ? 'งดส่งค่าหุ้น' : formatSatang(summary.monthlySatang),
          },
        ]
      : [],
    sharestatement: paginator(mapPage(page, shareRow), path),
  };
}

function loanRow(l: Loan): Json {
  return {
    loan_contract_no: l.contractNo,
    loan_type_description: l.loanType,
    loan_approve_amount: vendorMoney(l.approvedSatang),
    principal_balance: vendorMoney(l.balanceSatang),
    // The vendor's spelling (sic).
    begining_of_contract: l.startDate || null,
    period_payment_amount: vendorMoney(l.instalmentSatang),
    last_period: String(l.lastPeriod),
    percent_pay: l.percentRepaid,
    // Sahakorn's (ADR 025): the web API has neither.
    loan_periods: vendorInt(l.periods),
    loan_interest_rate: l.interestRate,
  };
}

function collateralRow(l: Loan, c: Collateral): Json {
  return {
    loan_contract_no: l.contractNo,
    ref_own_no: c.guarantorNo,
    used_amount: vendorMoney(c.amountSatang),
    principal_balance: vendorMoney(l.balanceSatang),
    collateral_type_code: c.kind === 'member' ? '01' : '02',
    collateral_description: c.description,
  };
}

/** `member_loan`: the loans still owing and, in a list of its own, the collateral of each. */
export function memberLoanBody(loans: Loan[]): Json {
  return {
    dataloan: loans.map(loanRow),
    // The vendor's list of each loan's repaid percentage, beside the rows' `percent_pay`.
    Arrpercent: loans.map((l) => l.percentRepaid),
    collateral: loans.flatMap((l) => l.collateral.map((c) => collateralRow(l, c))),
  };
}

export function loanStatementRow(r: LoanStatementRow): Json {
  return {
    loan_payment_date: r.date || null,
    period: vendorInt(r.period),
    item_type_description: r.item,
    payment_amount: vendorMoney(r.principalSatang),
    interest_amount: vendorMoney(r.interestSatang),
    // UPPERCASE, as the vendor's query names the column.
    PRINCIPAL_BALANCE: vendorMoney(r.balanceSatang),
  };
}

/** `member_loan_statement/{no}`: the contract as `headLoan_statement` and a page of its statement. */
export function loanStatementBody(loan: Loan, page: Page<LoanStatementRow>, path: string): Json {
  return {
    headLoan_statement: [loanRow(loan)],
    loan_statement: paginator(mapPage(page, loanStatementRow), path),
  };
}

function depositRow(a: DepositAccount): Json {
  return {
    deposit_account_no: a.accountNo,
    deposit_type_code: a.typeCode,
    deposit_name: a.typeName,
    deposit_account_name: a.accountName,
    deposit_balance: vendorMoney(a.balanceSatang),
    accumulate_interest: vendorMoney(a.accruedInterestSatang),
    withdrawable_amount: vendorMoney(a.withdrawableSatang),
    loan_holding_amount: vendorMoney(a.heldSatang),
    // The statement head's column, added to the list's rows (ADR 025).
    deposit_opened_date: a.openedDate,
  };
}

/** `member_dep`: the open accounts and the totals PHP adds up over them (JSON numbers, in baht). */
export function memberDepBody(accounts: DepositAccount[]): Json {
  const sum = (pick: (a: DepositAccount) => number) => vendorBaht(accounts.reduce((t, a) => t + pick(a), 0));
  return {
    datadeposit: accounts.map(depositRow),
    deposit_balance: sum((a) => a.balanceSatang),
    accumulate_interest: sum((a) => a.accruedInterestSatang),
  };
}

export function depStatementRow(r: DepositStatementRow): Json {
  const { value, sign } = signedParts(r.amountSatang);
  return {
    operate_date: r.date || null,
    deposit_item_description: r.description,
    sign_flag: sign,
    // The vendor's naming: `deposit_balance` is the transaction's amount, `total_balance` the balance.
    deposit_balance: value,
    total_balance: vendorMoney(r.balanceSatang),
  };
}

/** `member_dep_statement/{no}`: `DepStatementHead` (one object) and a page of the statement. */
export function depStatementBody(a: DepositAccount, page: Page<DepositStatementRow>, path: string): Json {
  return {
    DepStatementHead: {
      deposit_account_no: a.accountNo,
      deposit_name: a.typeName,
      deposit_account_name: a.accountName,
      withdrawable_amount: vendorMoney(a.withdrawableSatang),
      deposit_balance: vendorMoney(a.balanceSatang),
      deposit_opened_date: a.openedDate,
    },
    dep_statement: paginator(mapPage(page, depStatementRow), path),
  };
}

/**
 * `member_kep`: `datakeepdet[i]` a billing month, `datadetail[i]` its lines. The month's tile text
 * (`receive_month_fp`, the short month, a `<br>` and the BE year's last two digits) and the number of
 * lines (`count_seqno`, a number: SQL's COUNT) are computed as the vendor's query does.
 */
export function memberKepBody(months: MonthlyCollection[]): Json {
  return {
    datakeepdet: months.map((m) => ({
      receive_year: String(m.year),
      receive_month: String(m.month),
      receive_month_fp: formatMonth(m.year, m.month, 'short').replace(' ', '<br>'),
      count_seqno: m.lines.length,
      receipt_no: m.receiptNo,
      receipt_date: m.receiptDate,
      kep_method_amount: vendorMoney(m.collectedSatang),
      mproc_money_amount: vendorMoney(m.billedSatang),
      posted_run: vendorFlag(m.posted),
    })),
    datadetail: months.map((m) =>
      m.lines.map((l) => ({
        keeping_type_code: l.itemCode,
        // UPPERCASE, as the vendor's query names the column.
        KEEPING_TYPE_NAME: l.description,
        receive_description: '',
        period: vendorInt(l.period),
        mproc_principal_of_loan: vendorMoney(l.principalSatang),
        mproc_interest: vendorMoney(l.interestSatang),
        mproc_money_amount: vendorMoney(l.amountSatang),
        // Sahakorn's (ADR 025): the vendor's lines carry no contract and no number of their own.
        contract_no: l.contractNo,
        seq: String(l.seq),
      })),
    ),
  };
}

/** `member_coll`: the loans of others this member guarantees (the name whole in `member_name`). */
export function memberCollBody(guarantees: Guarantee[]): Json {
  return {
    guarantee: guarantees.map((g) => ({
      membership_no: g.borrowerNo,
      prename: '',
      member_name: g.borrowerName,
      member_surname: '',
      loan_contract_no: g.contractNo,
      begining_of_contract: g.startDate || null,
      loan_approve_amount: vendorMoney(g.approvedSatang),
      principal_balance: vendorMoney(g.balanceSatang),
      old_interest_arrear: vendorMoney(g.interestArrearSatang),
      used_amount: vendorMoney(g.guaranteedSatang),
    })),
  };
}

/** `member_gian`: the beneficiaries, in the vendor's mixed-case keys. */
export function memberGianBody(membershipNo: string, beneficiaries: Beneficiary[]): Json {
  return {
    gain: beneficiaries.map((b) => ({
      MEMBERSHIP_NO: membershipNo,
      REC_NO: String(b.seq),
      GAIN_NAME: b.name,
      related_na: b.relationship,
    })),
  };
}

/**
 * `member_div`: the approved years; `{}` when there are none (as the vendor's switch-off answer).
 * `account_year` is a number (an integer column; the vendor's screen adds 543 to it). A withheld
 * amount goes out as 0 with its `drop_*` flag set: the vendor's screen adds `dividend` and
 * `average_return` into the net received whatever the flags say, so only a 0 makes its net the one our
 * dividend page shows. The withheld amount itself travels in Sahakorn's additive keys (ADR 025).
 */
export function memberDivBody(dividends: Dividend[]): Json {
  if (!dividends.length) return {};
  return {
    div: dividends.map((d) => ({
      account_year: d.year,
      dividend: vendorMoney(d.dividendWithheld ? 0 : d.dividendSatang),
      average_return: vendorMoney(d.averageReturnWithheld ? 0 : d.averageReturnSatang),
      drop_dividend: vendorFlag(d.dividendWithheld),
      drop_average: vendorFlag(d.averageReturnWithheld),
      share_rate: d.dividendRate,
      lonint_rate: d.averageReturnRate,
      total_interest: vendorMoney(d.interestPaidSatang),
      bank_des: d.payoutMethod,
      withheld_dividend: d.dividendWithheld ? vendorMoney(d.dividendSatang) : null,
      withheld_average_return: d.averageReturnWithheld ? vendorMoney(d.averageReturnSatang) : null,
    })),
  };
}

function welfareRow(w: WelfareItem): Json {
  return {
    welfare_type: w.kind,
    welfare_desc: w.description,
    operate_date: w.date || null,
    welfare_amount: vendorMoney(w.amountSatang),
  };
}

/**
 * `member_welfare` (a Sahakorn endpoint, ADR 025; the vendor's web API has none): what the member
 * has received and what they are entitled to, in the backend's order.
 */
export function memberWelfareBody(items: WelfareItem[]): Json {
  return {
    welfare_receive: items.filter((w) => w.tab === 'received').map(welfareRow),
    welfare_right: items.filter((w) => w.tab === 'eligible').map(welfareRow),
  };
}

/**
 * `member_crem`: the member's record in the cremation association (`crem`, UPPERCASE columns as the
 * vendor's query gives them), the member's group (`group`) and the age text (`date_of_birth`). Built
 * from what we hold: the member's profile and the association's bills (`PENDING_AMOUNT`, what is
 * billed and not yet collected). The association's own columns we do not keep — the membership type,
 * the date joined, the payment method, the balance and the arrear — go out as null (docs/vendor-api.md).
 * A member without any association bill is not in it: `crem` is null.
 */
export function memberCremBody(p: MemberProfile, bills: MonthlyCollection[]): Json {
  if (!bills.length) return { crem: null, date_of_birth: null, group: null };
  const pending = bills.filter((b) => !b.posted).reduce((t, b) => t + b.billedSatang, 0);
  return {
    crem: {
      MEMBERSHIP_NO: p.membershipNo,
      PRENAME: p.prename,
      MEMBER_NAME: p.firstName,
      MEMBER_SURNAME: p.lastName,
      DATE_OF_BIRTH: p.birthDate || null,
      ADDRESS_PRESENT: p.address,
      ID_CARD: p.idCardMasked,
      SEX: p.sex,
      MEMBER_STATUS_CODE: p.status === 'resigned' ? '3' : '0',
      PENDING_AMOUNT: vendorMoney(pending),
      DESCRIPTION: null,
      APPLY_DATE: null,
      KEEP_DESC: null,
      CREM_BALANCE: null,
      CREM_ARREAR: null,
    },
    date_of_birth: p.birthDate ? formatAge(p.birthDate).text : null,
    group: { MEMBER_GROUP_NO: p.memberGroupNo, MEMBER_GROUP_NAME: p.memberGroupName },
  };
}
