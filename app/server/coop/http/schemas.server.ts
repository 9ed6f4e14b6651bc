import * as z from 'zod';

import { parseBahtToSatang, parseDateDMY } from '~/lib/thai-format';

import { decodeEntities, htmlToText } from '../../search/segment';
import { maskIdCard, percentRepaid } from '../figures';
import type {
  Beneficiary,
  BoardAnswer,
  BoardTopic,
  BoardTopicSummary,
  Collateral,
  CollectionLine,
  ContentAttachment,
  DemandItem,
  DemandStatus,
  DemandSummary,
  DepositAccount,
  DepositStatementRow,
  Dividend,
  FooterPhone,
  Guarantee,
  InterestRate,
  Loan,
  LoanStatementRow,
  MemberName,
  MemberProfile,
  MenuEntry,
  MonthlyCollection,
  ShareStatementRow,
  ShareSummary,
  WelfareItem,
} from '../types';

/**
 * zod schemas of the core system's answers (docs/vendor-api.md), each turning
 * the vendor's quirks into the domain types of `../types.ts`, so nothing above the adapter sees one:
 *
 * - every column arrives as a string or null, numbers and money included (`"1,234.50"`, `"3"`),
 *   except PHP sums and the paginator's numbers, which are numbers;
 * - keys are UPPERCASE or lowercase depending on the SQL (`PRINCIPAL_BALANCE`, `GAIN_NAME`): every
 *   object's keys are lowercased before it is read;
 * - text may hold HTML entities (`&nbsp;`, `&amp;`): plain-text fields are decoded;
 * - keys are missing, `null` or `[]` when there is nothing (PHP builds answers from local variables):
 *   lists become empty, objects null;
 * - PHP arrays with holes arrive as objects keyed `"0"`, `"1"`, …: read as lists;
 * - dates are `YYYY-MM-DD`, `YYYY-MM-DD HH:MM:SS` (Bangkok wall time), `0000-00-00` (none) or an ISO
 *   instant from a Laravel cast: dates come out as `YYYY-MM-DD`, datetimes as instants.
 *
 * Issues name only the path of what did not fit, never the value (the log must not hold member data).
 */

// ---------------------------------------------------------------------------------------------
// Scalars

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The object with lowercased keys; where two spellings of a key meet, the first non-null wins. */
export function lowerKeys(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const lower = key.toLowerCase();
    if (out[lower] === undefined || out[lower] === null) out[lower] = v;
  }
  return out;
}

/** A list from whatever PHP sent: missing/null/empty → [], an object keyed "0", "1", … → its values. */
export function listOf(value: unknown): unknown {
  if (value === undefined || value === null || value === '' || value === false) return [];
  if (Array.isArray(value)) return value;
  if (isRecord(value)) {
    const keys = Object.keys(value);
    if (keys.every((k) => /^\d+$/.test(k))) return keys.sort((a, b) => Number(a) - Number(b)).map((k) => value[k]);
  }
  return value;
}

/**
 * The member numbers an answer names under `key` — one row or a list of rows, keys in any case — for
 * the check that a member feed is the session member's (ADR 042). Rows without a number add none.
 */
export function memberNumbersIn(body: unknown, key: string, field = 'membership_no'): string[] {
  const outer = lowerKeys(body);
  if (!isRecord(outer)) return [];
  const listed = listOf(outer[key]);
  const rows: unknown[] = Array.isArray(listed) ? listed : [listed];
  return rows.flatMap((r) => {
    const row = lowerKeys(r);
    const no = isRecord(row) ? row[field] : undefined;
    return (typeof no === 'string' && no.trim()) || typeof no === 'number' ? [String(no).trim()] : [];
  });
}

/** Text as shown to people: entities decoded, non-breaking and repeated spaces collapsed, trimmed. */
export function plainText(value: string): string {
  return decodeEntities(value)
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

/**
 * Integer satang from a vendor amount: `"1500.00"`, `"1,234,567"`, `"25,000.00 บาท"`, `"-20"`, a PHP
 * float sum (`12345.5`, even `0.30000000000000004`), `null` (SQL null → 0). More than two decimals
 * are rounded half away from zero in decimal (never through floating point). Anything else: null.
 */
export function vendorAmountToSatang(value: unknown): number | null {
  if (value === null) return 0;
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // Six places hide the binary noise of a PHP float sum; the rounding below is decimal.
    text = value.toFixed(6);
  } else if (typeof value === 'string') {
    text = value.replace(/บาท/g, '').replace(/[\s\u00a0]/g, '');
    if (text === '' || text === '-') return 0;
  } else {
    return null;
  }
  const m = /^([+-]?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  const sign = m[1] === '-' ? '-' : '';
  const whole = (m[2] ?? '').replace(/,/g, '');
  const fraction = m[3] ?? '';
  if (fraction.length <= 2) return parseBahtToSatang(`${sign}${whole}${fraction ? `.${fraction}` : ''}`);
  // Round to satang in decimal: the third decimal decides.
  let satang = BigInt(`${whole}${fraction.slice(0, 2)}`);
  if (Number(fraction[2]) >= 5) satang += 1n;
  const digits = satang.toString().padStart(3, '0');
  return parseBahtToSatang(`${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`);
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const BANGKOK_OFFSET_MS = 7 * 3600_000;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;
const ISO_ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

function validDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * A vendor date or datetime as an instant: wall times are Bangkok's; a bare date is Bangkok midnight;
 * a zoned ISO string is taken as it is. `null` for none (`null`, `""`, `0000-00-00…`), undefined
 * when it is not a date at all.
 */
export function vendorInstant(value: unknown): Date | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (!text || text.startsWith('0000-00-00')) return null;
  const m = DATE_TIME.exec(text);
  if (m && !ISO_ZONED.test(text)) {
    const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = m.slice(1, 7).map((x) => Number(x ?? 0));
    if (!validDate(y, mo, d) || h > 23 || mi > 59 || s > 59) return undefined;
    return new Date(Date.UTC(y, mo - 1, d, h, mi, s) - BANGKOK_OFFSET_MS);
  }
  if (ISO_ZONED.test(text)) {
    const date = new Date(text);
    return Number.isNaN(date.getTime()) ? undefined : date;
  }
  // A Buddhist-era `DD/MM/BBBB` (the date filters' format) sometimes comes back too.
  const be = parseDateDMY(text);
  return be ? vendorInstant(be) : undefined;
}

/** A vendor date as Gregorian `YYYY-MM-DD` (the Bangkok calendar day), null for none. */
export function vendorDate(value: unknown): string | null | undefined {
  if (typeof value === 'string') {
    const m = DATE_TIME.exec(value.trim());
    // A local date(time): its own calendar day, with no time-zone arithmetic.
    if (m && !ISO_ZONED.test(value.trim()) && validDate(Number(m[1]), Number(m[2]), Number(m[3]))) {
      return `${m[1]}-${m[2]}-${m[3]}`;
    }
  }
  const instant = vendorInstant(value);
  if (!instant) return instant;
  const bangkok = new Date(instant.getTime() + BANGKOK_OFFSET_MS);
  return `${bangkok.getUTCFullYear()}-${pad2(bangkok.getUTCMonth() + 1)}-${pad2(bangkok.getUTCDate())}`;
}

/** A scalar schema from a conversion that answers `undefined` for "not this kind of value". */
function scalar<T>(what: string, convert: (value: unknown) => T | undefined) {
  // `.optional()`: a missing key reaches the conversion (as undefined) instead of failing first.
  return z
    .unknown()
    .optional()
    .transform((value, ctx): T => {
      const out = convert(value);
      if (out === undefined) {
        ctx.addIssue(`expected ${what}`);
        return z.NEVER;
      }
      return out;
    });
}

const asString = (value: unknown): string | undefined => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
};

/** Plain text, entities decoded; missing or null → ''. */
export const text = scalar('text', (v) => {
  const s = asString(v);
  return s === undefined ? undefined : plainText(s);
});
/**
 * Plain text a page shows (a name, an item's label): as `text`, but a missing key is an error — a blank
 * where the vendor's column should be is a changed contract, which must fail loudly (logged, the page
 * degraded), never show as an empty cell. SQL NULL is still ''.
 */
export const shownText = scalar('text', (v) => {
  if (v === undefined) return undefined;
  const s = asString(v);
  return s === undefined ? undefined : plainText(s);
});
/** Plain text or null when empty. */
export const optText = scalar('text', (v) => {
  const s = asString(v);
  return s === undefined ? undefined : plainText(s) || null;
});
/** Text that must be there (numbers that identify records, tokens). Not decoded. */
export const key = scalar('a non-empty value', (v) => {
  const s = asString(v)?.trim();
  return s ? s : undefined;
});
/** Stored HTML (a content body): kept as sent, sanitised where it is shown. */
export const html = scalar('html', (v) => asString(v));
/** Money in satang; SQL null → 0; a missing key is an error (a silent 0 would be a wrong amount). */
export const money = scalar('an amount', (v) => (v === undefined ? undefined : (vendorAmountToSatang(v) ?? undefined)));
/** Money that may be left out (PHP sums over no rows): missing → 0. */
export const optMoney = scalar('an amount', (v) => (v === undefined ? 0 : (vendorAmountToSatang(v) ?? undefined)));

const asInt = (v: unknown): number | null | undefined => {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : undefined;
  if (typeof v === 'string' && /^[+-]?\d+$/.test(v.trim())) {
    const n = Number(v.trim());
    return Number.isSafeInteger(n) ? n : undefined;
  }
  return undefined;
};
/** An integer (`"3"` or 3); missing or empty → null. */
export const optInt = scalar('an integer', asInt);
/** An integer that must be there. */
export const int = scalar('an integer', (v) => asInt(v) ?? undefined);
/** An integer where missing means 0 (counts). */
export const intOr0 = scalar('an integer', (v) => {
  const n = asInt(v);
  return n === null ? 0 : n;
});
/** The vendor's switches: `"1"`, `1`, `true` are on; anything else off. */
export const flag = scalar('a flag', (v) => v === '1' || v === 1 || v === true || v === 'Y' || v === 'y');
const asDecimal = (v: unknown): string | null | undefined => {
  if (v === null || v === undefined || v === '') return null;
  const s = typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : '';
  return /^-?\d+(\.\d+)?$/.test(s) ? s : undefined;
};
/** A decimal (a rate, a percentage) as a plain decimal string: `"45.1234"`, `4` → `"4"`; none → '0'. */
export const decimal = scalar('a decimal', (v) => {
  const d = asDecimal(v);
  return d === null ? '0' : d;
});
/** A decimal that may be unknown: as `decimal`, but missing, null or empty → null. */
export const optDecimal = scalar('a decimal', asDecimal);
export const date = scalar('a date', vendorDate);
export const instant = scalar('a datetime', vendorInstant);
/** rc_code arrives as `"1"` or as the number 1 (getAuthUser): always a string here; missing → ''. */
export const rcCode = scalar('an rc_code', (v) => {
  const s = asString(v);
  return s === undefined ? undefined : s.trim();
});

// ---------------------------------------------------------------------------------------------
// Containers

/** One row (an object) with case-insensitive keys; unknown keys are dropped. */
export function row<T extends z.ZodRawShape>(shape: T) {
  return z.preprocess(lowerKeys, z.object(shape));
}

/**
 * A whole answer: an object with case-insensitive keys, where an empty body, `null` or PHP's `[]`
 * (an empty array encodes as a list) mean an answer with nothing in it.
 */
export function feed<T extends z.ZodRawShape>(shape: T) {
  return z.preprocess((value) => {
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length)) return {};
    return lowerKeys(value);
  }, z.object(shape));
}

export function list<T extends z.ZodType>(item: T) {
  return z.preprocess(listOf, z.array(item));
}

/**
 * A key the core always sends (ADR 042): missing or null is a glitch, not "nothing there". A member
 * feed that lost its list must read as unavailable, never as an empty account.
 */
export function required<T extends z.ZodType>(schema: T) {
  return z.custom<unknown>((value) => value !== undefined && value !== null, { message: 'missing' }).pipe(schema);
}

/** A key the core always sends but may set to null (an item it does not have): missing is a glitch. */
export function present<T extends z.ZodType>(schema: T) {
  return z.custom<unknown>((value) => value !== undefined, { message: 'missing' }).pipe(schema);
}

/** A list the core always sends (`[]` when empty): missing or null is a glitch. */
export function requiredList<T extends z.ZodType>(item: T) {
  return required(list(item));
}

/** A single object that may be missing, null, `[]`, or a list of one. */
export function optionalRow<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => {
    const first = Array.isArray(value) ? value[0] : value;
    return first === undefined || first === null || first === '' ? null : first;
  }, item.nullable());
}

/**
 * A key a Sahakorn core adds to the vendor's answer (ADR 025, "Additive fields"); a vendor core never
 * sends it. Missing or null → null, and the caller does what it did before the key existed; present →
 * read with `schema`. A value that does not fit is taken as missing: a column of that name a vendor
 * core might send one day, meaning something else, must not break a feed that reads fine without it.
 */
export function additive<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .optional()
    .transform((value): z.output<T> | null => {
      if (value === undefined || value === null) return null;
      const read = schema.safeParse(value);
      return read.success ? read.data : null;
    });
}

export interface VendorPage<T> {
  rows: T[];
  /** Rows in the whole list. */
  total: number;
  page: number;
  perPage: number;
  /** False when the core sent a plain list (no paginator): the caller pages it itself. */
  paged: boolean;
}

/**
 * A Laravel paginator (`data`, `total`, `per_page`, `current_page`), or the plain list, or
 * `{data:[…]}`, some categories send instead; missing → an empty page.
 */
export function paginated<T extends z.ZodType>(item: T) {
  return z
    .preprocess(
      (value) => {
        if (value === undefined || value === null || value === '') return { data: [] };
        if (Array.isArray(value)) return { data: value };
        return lowerKeys(value);
      },
      z.object({ data: list(item), total: optInt, per_page: optInt, current_page: optInt }).superRefine((p, ctx) => {
        // A page that contradicts its own count (38 rows in all, none on page 1 of 4) is a glitch,
        // not an empty list (ADR 042); a page past the last one is rightly empty.
        const within =
          p.total !== null && p.per_page ? (p.current_page ?? 1) <= Math.ceil(p.total / p.per_page) : false;
        if ((within && p.total && !p.data.length) || (p.total !== null && p.data.length > p.total)) {
          ctx.addIssue({ code: 'custom', path: ['data'], message: 'rows contradict the count' });
        }
      }),
    )
    .transform((p): VendorPage<z.output<T>> => ({
      rows: p.data,
      total: p.total ?? p.data.length,
      page: p.current_page ?? 1,
      perPage: p.per_page ?? Math.max(p.data.length, 1),
      paged: p.total !== null && p.per_page !== null,
    }));
}

/** Where a body did not fit, as `path: code` lines without the values. */
export function issuePaths(error: z.ZodError): string[] {
  return error.issues.slice(0, 10).map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.code}`);
}

// ---------------------------------------------------------------------------------------------
// Auth and actions (§3, §4)

const memberRow = row({ membership_no: key, prename: text, member_name: text, member_surname: text });
const toName = (m: z.output<typeof memberRow>): MemberName => ({
  membershipNo: m.membership_no,
  prename: m.prename,
  firstName: m.member_name,
  lastName: m.member_surname,
});

/** `POST auth/login` 200: `{token, member (UPPERCASE row), token_type, expires_in}`. */
export const loginSuccess = feed({ token: key, member: memberRow, expires_in: optInt }).transform((b) => ({
  token: b.token,
  // The vendor default TTL is 15 minutes; a missing value is taken as that.
  expiresInSeconds: b.expires_in ?? 900,
  member: toName(b.member),
}));

/** `POST auth/impersonate` 200 (a Sahakorn core, ADR 025): the login's shape, with the staff and the grant. */
export const impersonateSuccess = feed({
  token: key,
  member: memberRow,
  expires_in: optInt,
  staff: key,
  grant: key,
}).transform((b) => ({
  token: b.token,
  expiresInSeconds: b.expires_in ?? 900,
  member: toName(b.member),
  staff: b.staff,
  grant: b.grant,
}));

/**
 * `POST auth/refresh` 200: the login's shape; only the new token and its lifetime are read (the member
 * is the session's already).
 */
export const refreshSuccess = feed({ token: key, expires_in: optInt }).transform((b) => ({
  token: b.token,
  expiresInSeconds: b.expires_in ?? 900,
}));

/** The single-error family: `{error, membership_no?, reset_status?}` (HTTP 400/401/406). */
export const errorBody = feed({ error: text });

/** The rc_code family (`"1"` success, `"0"` failure, `"-1"` refused, …) and the validation list. */
export const rcBody = feed({
  rc_code: rcCode,
  rc_des: text,
  des: text,
  messages: z.preprocess((v) => (Array.isArray(v) ? v.join(' ') : v), text),
  errors: list(text),
});

// ---------------------------------------------------------------------------------------------
// Member feeds (§6)

const SEX_F = /^(f|ญ|หญิง|2)/i;
const MASKED_ID_CARD = /^\d-\d{4}-x{5}-x{2}-\d$/;

const statusRow = row({
  membership_no: key,
  prename: shownText,
  member_name: shownText,
  member_surname: shownText,
  member_group_no: text,
  member_group_name: shownText,
  member_status_code: text,
  date_of_birth: date,
  approve_date: date,
  id_card: text,
  sex: text,
  position_name: optText,
  salary_amount: optMoney,
  address_present: shownText,
});

/** `member_status`: `data1[0]` is the member (the top-level display texts are not used). */
export const memberStatus = feed({ data1: list(statusRow) }).transform((b, ctx): MemberProfile => {
  const m = b.data1[0];
  if (!m) {
    ctx.addIssue('no member row');
    return z.NEVER;
  }
  return {
    membershipNo: m.membership_no,
    prename: m.prename,
    firstName: m.member_name,
    lastName: m.member_surname,
    memberGroupNo: m.member_group_no,
    memberGroupName: m.member_group_name,
    status: m.member_status_code === '3' ? 'resigned' : 'normal',
    birthDate: m.date_of_birth ?? '',
    approveDate: m.approve_date ?? '',
    // The core sends it formatted (X-XXXX-XXXXX-XX-X); masked like the embedded backend's. A
    // Sahakorn serving the vendor API (ADR 019) sends it masked already: kept as it is.
    idCardMasked: MASKED_ID_CARD.test(m.id_card) ? m.id_card : maskIdCard(m.id_card),
    sex: SEX_F.test(m.sex) ? 'F' : 'M',
    positionName: m.position_name,
    salarySatang: m.salary_amount,
    address: m.address_present,
  };
});

/** A statement row's sign: `sign_flag` −1 makes a positive amount negative (already-signed ones stay). */
const signed = (amount: number, sign: number | null) => (sign === -1 && amount > 0 ? -amount : amount);

const shareRow = row({
  operate_date: date,
  period: optInt,
  item_type_description: shownText,
  share_value: money,
  sign_flag: optInt,
  share_stock: money,
}).transform((r): ShareStatementRow => ({
  date: r.operate_date ?? '',
  period: r.period,
  description: r.item_type_description,
  amountSatang: signed(r.share_value, r.sign_flag),
  balanceSatang: r.share_stock,
}));

/** `member_share` and `searchMember_share` (whose body is empty without dates). */
export const memberShare = feed({
  sharehead: requiredList(
    row({ share_stock: money, share_amount: money, period_recrieve: intOr0, drop_status: flag }).transform(
      (h): ShareSummary => ({
        capitalSatang: h.share_stock,
        monthlySatang: h.share_amount,
        lastPeriod: h.period_recrieve,
        suspended: h.drop_status,
      }),
    ),
  ),
  sharestatement: required(paginated(shareRow)),
}).transform((b) => ({ summary: b.sharehead[0] ?? null, statement: b.sharestatement }));

const loanRow = row({
  loan_contract_no: key,
  loan_type_description: shownText,
  loan_approve_amount: money,
  principal_balance: money,
  begining_of_contract: date,
  beginning_of_contract: date,
  period_payment_amount: optMoney,
  last_period: intOr0,
  // Sahakorn's (ADR 025): the web API has neither (§6.3).
  loan_periods: additive(optInt),
  loan_interest_rate: additive(optDecimal),
}).transform((r): Loan => ({
  contractNo: r.loan_contract_no,
  loanType: r.loan_type_description,
  approvedSatang: r.loan_approve_amount,
  balanceSatang: r.principal_balance,
  // The vendor's spelling, or the right one should a later version fix it.
  startDate: r.begining_of_contract ?? r.beginning_of_contract ?? '',
  instalmentSatang: r.period_payment_amount,
  // Not in the web API (§6.3): the number of instalments and the rate only from a Sahakorn core.
  periods: r.loan_periods,
  lastPeriod: r.last_period,
  interestRate: r.loan_interest_rate,
  percentRepaid: percentRepaid(r.loan_approve_amount, r.principal_balance),
  collateral: [],
}));

const collateralRow = row({
  loan_contract_no: key,
  ref_own_no: optText,
  used_amount: money,
  collateral_type_code: text,
  collateral_description: text,
}).transform((r): Collateral & { contractNo: string } => {
  const person = r.collateral_type_code === '01';
  return {
    contractNo: r.loan_contract_no,
    kind: person ? 'member' : 'asset',
    guarantorNo: person ? r.ref_own_no : null,
    description: r.collateral_description,
    amountSatang: r.used_amount,
  };
});

/** `member_loan`: the loans still owing, with the collateral behind each. */
export const memberLoan = feed({ dataloan: requiredList(loanRow), collateral: requiredList(collateralRow) }).transform(
  (b) =>
    b.dataloan.map((loan): Loan => ({
      ...loan,
      collateral: b.collateral.filter((c) => c.contractNo === loan.contractNo).map(({ contractNo: _, ...c }) => c),
    })),
);

/** `member_loan_statement/{no}`: the contract's head and a page of its statement. */
export const loanStatement = feed({
  headloan_statement: requiredList(loanRow),
  loan_statement: required(
    paginated(
      row({
        loan_payment_date: date,
        period: optInt,
        item_type_description: shownText,
        payment_amount: money,
        interest_amount: money,
        principal_balance: money,
      }).transform((r): LoanStatementRow => ({
        date: r.loan_payment_date ?? '',
        period: r.period,
        item: r.item_type_description,
        principalSatang: r.payment_amount,
        interestSatang: r.interest_amount,
        balanceSatang: r.principal_balance,
      })),
    ),
  ),
}).transform((b) => ({ head: b.headloan_statement[0] ?? null, statement: b.loan_statement }));

const depositRow = row({
  deposit_account_no: key,
  deposit_type_code: text,
  deposit_name: shownText,
  deposit_account_name: shownText,
  deposit_balance: money,
  accumulate_interest: optMoney,
  withdrawable_amount: optMoney,
  loan_holding_amount: optMoney,
  // The statement head's column (§6.4), which a Sahakorn core adds to the list's rows too.
  deposit_opened_date: additive(date),
}).transform((r): DepositAccount => ({
  accountNo: r.deposit_account_no,
  typeCode: r.deposit_type_code,
  typeName: r.deposit_name,
  accountName: r.deposit_account_name,
  balanceSatang: r.deposit_balance,
  accruedInterestSatang: r.accumulate_interest,
  withdrawableSatang: r.withdrawable_amount,
  heldSatang: r.loan_holding_amount,
  // A vendor core sends it in the statement head only (§6.4).
  openedDate: r.deposit_opened_date,
}));

/** `member_dep`: open accounts (the PHP totals, missing without accounts, are not needed). */
export const memberDep = feed({ datadeposit: requiredList(depositRow) }).transform((b) => b.datadeposit);

/** `member_dep_statement/{no}`: `DepStatementHead` (one object) and a page of the statement. */
export const depStatement = feed({
  depstatementhead: present(
    optionalRow(
      row({
        deposit_account_no: key,
        deposit_name: shownText,
        deposit_account_name: shownText,
        withdrawable_amount: optMoney,
        deposit_balance: money,
        deposit_opened_date: date,
      }),
    ),
  ),
  dep_statement: required(
    paginated(
      row({
        operate_date: date,
        deposit_item_description: shownText,
        sign_flag: optInt,
        deposit_balance: money,
        total_balance: money,
      }).transform((r): DepositStatementRow => ({
        date: r.operate_date ?? '',
        description: r.deposit_item_description,
        // `deposit_balance` is the transaction's amount here; `total_balance` the balance after it.
        amountSatang: signed(r.deposit_balance, r.sign_flag),
        balanceSatang: r.total_balance,
      })),
    ),
  ),
}).transform((b) => ({
  head: b.depstatementhead && {
    accountNo: b.depstatementhead.deposit_account_no,
    typeName: b.depstatementhead.deposit_name,
    accountName: b.depstatementhead.deposit_account_name,
    withdrawableSatang: b.depstatementhead.withdrawable_amount,
    balanceSatang: b.depstatementhead.deposit_balance,
    openedDate: b.depstatementhead.deposit_opened_date,
  },
  statement: b.dep_statement,
}));

const kepLine = row({
  keeping_type_name: shownText,
  keeping_type_code: text,
  receive_description: text,
  period: optInt,
  mproc_principal_of_loan: optMoney,
  mproc_interest: optMoney,
  mproc_money_amount: money,
  // Sahakorn's (ADR 025): the loan contract a line pays, and the line's own number.
  contract_no: additive(optText),
  seq: additive(optInt),
});

/**
 * A month's lines. A vendor core numbers none of them: 1, 2, … in the order sent. A Sahakorn core's
 * `seq` is kept when every line has one and no two are the same (the number identifies the line).
 */
function kepLines(lines: z.output<typeof kepLine>[]): CollectionLine[] {
  const sent = lines.map((l) => l.seq);
  const numbered = sent.every((n) => n !== null && n > 0) && new Set(sent).size === sent.length;
  return lines.map((l, j) => ({
    seq: numbered && l.seq !== null ? l.seq : j + 1,
    itemCode: l.keeping_type_code,
    // The item (share, a loan type) and, when it says more, its description.
    description:
      l.receive_description && l.receive_description !== l.keeping_type_name
        ? `${l.keeping_type_name} ${l.receive_description}`.trim()
        : l.keeping_type_name || l.receive_description,
    contractNo: l.contract_no,
    period: l.period,
    principalSatang: l.mproc_principal_of_loan,
    interestSatang: l.mproc_interest,
    amountSatang: l.mproc_money_amount,
  }));
}

/** `member_kep`: `datakeepdet[i]` is a billing month, `datadetail[i]` its lines. */
export const memberKep = feed({
  datakeepdet: requiredList(
    row({
      receive_year: int,
      receive_month: int,
      receipt_no: optText,
      receipt_date: date,
      kep_method_amount: money,
      mproc_money_amount: money,
      posted_run: flag,
    }),
  ),
  datadetail: requiredList(list(kepLine)),
})
  .refine((b) => b.datadetail.length === b.datakeepdet.length, {
    message: 'months and their lines differ in number',
    path: ['datadetail'],
  })
  .transform((b) =>
    b.datakeepdet.map((h, i): MonthlyCollection => ({
      year: h.receive_year,
      month: h.receive_month,
      billedSatang: h.mproc_money_amount,
      collectedSatang: h.kep_method_amount,
      posted: h.posted_run,
      receiptNo: h.receipt_no,
      receiptDate: h.receipt_date,
      lines: kepLines(b.datadetail[i] ?? []),
    })),
  );

/** `member_coll`: loans of other members this member guarantees. */
export const memberColl = feed({
  guarantee: requiredList(
    row({
      membership_no: key,
      prename: text,
      member_name: shownText,
      member_surname: text,
      loan_contract_no: key,
      begining_of_contract: date,
      beginning_of_contract: date,
      loan_approve_amount: money,
      principal_balance: money,
      old_interest_arrear: optMoney,
      used_amount: money,
    }).transform((r): Guarantee => ({
      borrowerNo: r.membership_no,
      borrowerName: `${r.prename}${r.member_name} ${r.member_surname}`.trim(),
      contractNo: r.loan_contract_no,
      startDate: r.begining_of_contract ?? r.beginning_of_contract ?? '',
      approvedSatang: r.loan_approve_amount,
      balanceSatang: r.principal_balance,
      interestArrearSatang: r.old_interest_arrear,
      guaranteedSatang: r.used_amount,
    })),
  ),
}).transform((b) => b.guarantee);

/** `member_gian`: beneficiaries (`MEMBERSHIP_NO`, `REC_NO`, `GAIN_NAME`, `related_na`). */
export const memberGian = feed({
  gain: requiredList(
    row({ rec_no: intOr0, gain_name: text, related_na: text }).transform((r): Beneficiary => ({
      seq: r.rec_no,
      name: r.gain_name,
      relationship: r.related_na,
    })),
  ),
}).transform((b) => [...b.gain].sort((x, y) => x.seq - y.seq));

/** `member_div`: approved years, newest first; the whole answer is `{}` while the switch is off. */
export const memberDiv = z
  .preprocess(
    // PHP's `compact('div')` without `$div` (the switch off) is `[]`; a Sahakorn core sends `{}`. Nothing
    // at all, or `div: null`, is a glitch (ADR 042).
    (value) => (Array.isArray(value) && !value.length ? {} : value),
    z.custom<unknown>((value) => value !== null && typeof value === 'object', { message: 'missing' }),
  )
  .pipe(
    feed({
      div: z
        .unknown()
        .optional()
        .refine((value): boolean => value !== null, { message: 'missing' })
        .pipe(
          list(
            row({
              account_year: int,
              dividend: money,
              average_return: money,
              drop_dividend: flag,
              drop_average: flag,
              share_rate: decimal,
              lonint_rate: decimal,
              total_interest: optMoney,
              bank_des: text,
              // Sahakorn's (ADR 025, 046): a withheld amount, sent as 0 in `dividend` / `average_return`.
              withheld_dividend: additive(money),
              withheld_average_return: additive(money),
            }).transform((r): Dividend => ({
              year: r.account_year,
              dividendRate: r.share_rate,
              dividendSatang: r.drop_dividend ? (r.withheld_dividend ?? r.dividend) : r.dividend,
              dividendWithheld: r.drop_dividend,
              averageReturnRate: r.lonint_rate,
              averageReturnSatang: r.drop_average ? (r.withheld_average_return ?? r.average_return) : r.average_return,
              averageReturnWithheld: r.drop_average,
              interestPaidSatang: r.total_interest,
              payoutMethod: r.bank_des,
            })),
          ),
        ),
    }),
  )
  .transform((b) => [...b.div].sort((x, y) => y.year - x.year));

// ---------------------------------------------------------------------------------------------
// Public content (§7)

/** The menu feed: `list_manu`, `list_sub_manu` and, in newer versions, `tel_footerweb`. */
export const infoManu = feed({
  list_manu: requiredList(
    row({
      seq: int,
      manu_name: text,
      manu_name_eng: optText,
      url: optText,
      icon: optText,
      is_parent: flag,
      status: z.unknown(),
    }),
  ),
  list_sub_manu: list(row({ seq: int, manu_id: int, description: text, url: text, status: z.unknown() })),
  tel_footerweb: list(row({ question: text, note: text })),
}).transform((b) => {
  const active = (status: unknown) => status === undefined || status === null || status === '1' || status === 1;
  const menu = b.list_manu
    .filter((m) => active(m.status))
    .map((m): MenuEntry => ({
      seq: m.seq,
      label: m.manu_name,
      labelEn: m.manu_name_eng,
      url: m.url,
      icon: m.icon,
      isParent: m.is_parent,
      children: b.list_sub_manu
        .filter((s) => s.manu_id === m.seq && active(s.status))
        .map((s) => ({ seq: s.seq, label: s.description, url: s.url })),
    }));
  const phones = b.tel_footerweb.map((p): FooterPhone => ({ label: p.question, link: p.note }));
  return { menu, phones };
});

/** A content item (`www_data`) as the core keeps it. */
export const contentRow = row({
  no: int,
  category: text,
  question: text,
  note: html,
  name: optText,
  date: instant,
  replaydate: date,
  nphoto: optText,
  ndata: optText,
  nlink: optText,
  nmedia: optText,
  datadisable: flag,
  // Sahakorn's (ADR 025): every attachment with its label and size; a vendor row has one, in `ndata`.
  attachments: additive(
    list(
      row({ file: optText, label: text, size_bytes: optInt }).transform((a): ContentAttachment | null =>
        a.file ? { file: a.file, label: a.label, sizeBytes: a.size_bytes } : null,
      ),
    ).transform((list) => list.filter((a) => a !== null)),
  ),
  // Sahakorn's (ADR 025): the instant to the millisecond; the vendor's `Date` is a wall time in seconds.
  posted_at: additive(instant),
  // Sahakorn's (ADR 061): the editor's own excerpt; a vendor row has none.
  excerpt: optText,
  // Sahakorn's (ADR 121): the cover's alternative text; a vendor row has none.
  cover_alt: additive(optText),
}).transform(({ posted_at: postedAt, ...r }) => ({ ...r, date: postedAt ?? r.date }));
export type ContentRow = z.output<typeof contentRow>;

const rateRow = row({ name: text, rate: decimal, note: optText, effective_date: date }).transform(
  (r): InterestRate => ({ name: r.name, rate: r.rate, note: r.note, effectiveDate: r.effective_date ?? '' }),
);
/** Sahakorn's rate tables (ADR 025); a vendor core keeps its rates as content items instead. */
const homeRates = feed({ deposit: list(rateRow), loan: list(rateRow) });

/**
 * The home feed: each block a list of content items, and a Sahakorn core's `rates` (null from a vendor
 * core, whose rate items and counters are not used).
 */
export const HOME_BLOCKS = [
  'slider_banner',
  'h_news_relations',
  'h2_news_relations',
  'news_relations',
  'news_activity',
  'cremation_news',
  'news_purchase',
  'news_substance',
  'pic_activity',
] as const;
const homeBlocks = Object.fromEntries(HOME_BLOCKS.map((block) => [block, list(contentRow)])) as Record<
  (typeof HOME_BLOCKS)[number],
  ReturnType<typeof list<typeof contentRow>>
>;
export const infoHome = feed({ ...homeBlocks, rates: additive(homeRates) });

/** `/info/list/{Category}`: the items (paged, a plain list or `{data}`) and the category's facts. */
export const infoList = feed({
  list_data: required(paginated(contentRow)),
  types: optText,
  gtype: optText,
  content_type: optText,
});

/** `/info/show/{No}`: the item, its category's facts and, for a gallery, its pictures. */
export const infoShow = feed({
  // `{show: null}` is "no such item"; an answer without it (an empty body) is a glitch (ADR 042).
  show: present(optionalRow(contentRow)),
  types: optText,
  gtype: optText,
  content_type: optText,
  pic_activity: list(row({ seq: optInt, path_img: optText, caption: additive(optText) })),
});

/** smartsearch (spec §3): `{code, result:{isSearchFound, result[], recommened[]}}`. */
export const smartSearch = feed({
  code: text,
  result: feed({
    issearchfound: flag,
    result: list(
      row({ no: int, question: html, note: html, find_note: intOr0 }).transform((r) => ({
        no: r.no,
        question: htmlToText(r.question),
        note: htmlToText(r.note),
        findNote: r.find_note,
      })),
    ),
    recommened: list(
      row({ question: html, note: text }).transform((r) => ({ question: htmlToText(r.question), note: r.note })),
    ),
  }),
});

// ---------------------------------------------------------------------------------------------
// The web board (§7.3) and Sahakorn's own feeds (ADR 025)

/** Text someone typed, as sent: entities decoded, line breaks kept (`<br>` too: a board post's body). */
export const typedText = scalar('text', (v) => {
  const s = asString(v);
  return s === undefined
    ? undefined
    : decodeEntities(s.replace(/<br\s*\/?>/gi, '\n'))
        .replace(/\r\n?/g, '\n')
        .trim();
});

const boardTopicRow = row({ no: int, question: text, name: text, date: instant, countanwser: intOr0 });
const toTopicSummary = (t: z.output<typeof boardTopicRow>): BoardTopicSummary => ({
  id: t.no,
  title: t.question,
  displayName: t.name,
  createdAt: t.date ?? new Date(0),
  answerCount: t.countanwser,
});

/**
 * `GET info/board?page=N`: `board` is a paginator of topics; a core that wants a login for it leaves
 * the key out (§7.3, §11): null then, which is not an empty board.
 */
export const boardList = feed({ board: z.union([z.undefined(), paginated(boardTopicRow)]) }).transform((b) =>
  b.board === undefined ? null : { ...b.board, rows: b.board.rows.map(toTopicSummary) },
);

/**
 * `GET info/board_show/{No}`: the topic, and its answers as rows in `board_ans` (a Sahakorn core;
 * the vendor sends them only as an HTML string, `board_detail`, which is not read: null then).
 */
export const boardShow = feed({
  // Sahakorn's (ADR 062): '1' when the topic takes no more answers; a vendor core never closes one.
  closed: flag,
  // `{showboard: null}` is "no such topic" (the controller's `first()`); an answer without it (an
  // empty body, `{}`, PHP's `[]`) is a glitch, as for a content item (ADR 042): never a 404.
  showboard: present(
    optionalRow(row({ no: int, question: text, note: typedText, name: text, date: instant, countanwser: intOr0 })),
  ),
  board_ans: z.preprocess(
    (v) => (v === undefined ? null : listOf(v)),
    z
      .array(
        row({ no: int, name: text, namer: text, msg: typedText, date: instant }).transform((a): BoardAnswer => ({
          id: a.no,
          body: a.msg,
          displayName: a.name,
          staff: a.namer.toLowerCase() === 'admin',
          createdAt: a.date ?? new Date(0),
        })),
      )
      .nullable(),
  ),
}).transform((b): { topic: BoardTopic; complete: boolean } | null => {
  const t = b.showboard;
  if (!t) return null;
  const answers = [...(b.board_ans ?? [])].sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime() || x.id - y.id);
  return {
    topic: {
      id: t.no,
      title: t.question,
      displayName: t.name,
      createdAt: t.date ?? new Date(0),
      answerCount: b.board_ans ? answers.length : t.countanwser,
      body: t.note,
      answers,
      closed: b.closed,
    },
    complete: b.board_ans !== null,
  };
});

/** `board_create` / `board_ans`: the rc_code family, plus a Sahakorn core's `No` and `replayed`. */
export const boardPosted = feed({ rc_code: rcCode, rc_des: text, no: optInt, replayed: flag });

const DEMAND_STATUSES = ['received', 'in_progress', 'done'] as const;
const demandStatus = scalar('a demand status', (v) => {
  if (v === undefined || v === null || v === '') return 'received' as DemandStatus;
  return typeof v === 'string' && (DEMAND_STATUSES as readonly string[]).includes(v) ? (v as DemandStatus) : undefined;
});
const demandRow = row({ no: int, question: text, name: text, date: instant, status: demandStatus });
const toDemandSummary = (d: z.output<typeof demandRow>): DemandSummary => ({
  id: d.no,
  question: d.question,
  askerName: d.name,
  askedAt: d.date ?? new Date(0),
  status: d.status,
});

/** `GET info/demand?page=N` (ADR 025). */
export const demandList = feed({ demand: paginated(demandRow) }).transform((b) => ({
  ...b.demand,
  rows: b.demand.rows.map(toDemandSummary),
}));

/** `GET info/demand_show/{No}` (ADR 025): the item or null. */
export const demandShow = feed({
  showdemand: optionalRow(
    row({
      no: int,
      question: text,
      note: typedText,
      name: text,
      date: instant,
      status: demandStatus,
      answer: z.preprocess((v) => (v === '' ? null : v), typedText.nullable()),
      answername: optText,
      answerdate: instant,
    }),
  ),
}).transform((b): DemandItem | null => {
  const d = b.showdemand;
  if (!d) return null;
  return {
    ...toDemandSummary(d),
    detail: d.note,
    answer: d.answer || null,
    answeredBy: d.answername,
    answeredAt: d.answerdate,
  };
});

const welfareRow = (tab: WelfareItem['tab']) =>
  row({ welfare_type: text, welfare_desc: text, operate_date: date, welfare_amount: money }).transform(
    (w): WelfareItem => ({
      tab,
      kind: w.welfare_type,
      description: w.welfare_desc,
      date: w.operate_date,
      amountSatang: w.welfare_amount,
    }),
  );

/** `POST member/member_welfare` (ADR 025): what was received, then what the member may claim. */
export const memberWelfare = feed({
  welfare_receive: requiredList(welfareRow('received')),
  welfare_right: requiredList(welfareRow('eligible')),
}).transform((b) => [...b.welfare_receive, ...b.welfare_right]);
