/**
 * The financial history of demo members: shares, loans with their collateral, deposit accounts,
 * monthly collections (the cooperative's "kep" and the cremation welfare association's), guarantees,
 * beneficiaries, dividends and welfare.
 *
 * Pure and deterministic: `buildFinanceData` turns the member rows, a seeded RNG and the reference
 * date into table rows and never touches the database. Money is integer satang throughout (interest
 * is computed with integer arithmetic and rounded half up to whole satang); rates are decimal
 * strings ("6.25"); dates are `YYYY-MM-DD` in Bangkok time.
 *
 * The areas agree with each other:
 * - statements cover the last 36 completed months, after a 'ยอดยกมา' (brought forward) row dated
 *   the last day of the month before; an account's balance is its last statement row's balance;
 * - every posted 'kep' line of a loan has exactly the principal and interest of that loan's
 *   statement row for the month, and its share line the period and amount of the share purchase;
 *   the current month is a bill with the next instalments;
 * - monthly deposits collected through 'kep' appear in the deposit account when the month was
 *   collected in full; dividends paid into a cooperative account appear in its statement;
 * - dividends are the average monthly share capital × the year's rate and the average return is
 *   that year's loan interest × its rate, both from the same shares and loan schedules;
 * - a deposit pledged for a loan is held (`held_satang`) and listed as that loan's collateral.
 *
 * A month whose payroll deduction failed ('หักไม่ได้', nothing collected) records nothing: no share
 * purchase (the share periods run on without it), no loan payment (the loan's period waits, and the
 * month's interest falls due with the next instalment, shown as arrears until then) and no monthly
 * deposit; nor does a loan start in it. A shortfall in part ('หักได้บางส่วน') is taken to have been
 * settled at the counter, so its share and loan instalments are recorded.
 */
import type { Insertable } from 'kysely';

import type { Database } from '../db/schema';
import { createRng, type Rng } from './rng';
import { FEMALE_FIRST_NAMES, MALE_FIRST_NAMES, SURNAMES } from './thai-names';

type Row<T extends keyof Database> = Insertable<Database[T]>;
type Member = Row<'members'>;

export interface FinanceData {
  shareAccounts: Row<'share_accounts'>[];
  shareStatements: Row<'share_statements'>[];
  loans: Row<'loans'>[];
  loanCollateral: Row<'loan_collateral'>[];
  loanStatements: Row<'loan_statements'>[];
  depositAccounts: Row<'deposit_accounts'>[];
  depositStatements: Row<'deposit_statements'>[];
  /** With explicit ids 1…n, which `collectionLines` refer to. */
  collections: (Row<'collections'> & { id: number })[];
  collectionLines: Row<'collection_lines'>[];
  beneficiaries: Row<'beneficiaries'>[];
  dividends: Row<'dividends'>[];
  welfareItems: Row<'welfare_items'>[];
}

export interface BuildFinanceOptions {
  /** Every member row (active and resigned). */
  members: readonly Member[];
  /** A stream of its own, so the finance data never shifts other demo data. */
  rng: Rng;
  /** The reference "today". */
  now: Date;
  /**
   * A member who gets data in every area: loans with member guarantors, several deposit accounts,
   * all four collection statuses, cremation collections, a guarantee given, a withheld dividend and
   * welfare in both tabs. Nobody else picks this member as a guarantor.
   */
  showcaseNo?: string | null;
  /**
   * A member with shares (and the collections, dividends and beneficiaries that follow) but no
   * loans, deposits, guarantees, welfare or cremation association, for empty states. Never a guarantor.
   */
  sharesOnlyNo?: string | null;
}

/** Months of statement history after the brought-forward row. */
export const STATEMENT_MONTHS = 36;
/** Months of collections, the current month (a bill) included. */
export const COLLECTION_MONTHS = 12;
/** Completed years with dividends. */
export const DIVIDEND_YEARS = 5;

export const SHARE_ITEMS = {
  broughtForward: 'ยอดยกมา',
  first: 'ซื้อหุ้นแรกเข้า',
  monthly: 'ซื้อหุ้นรายเดือน',
  extra: 'ซื้อหุ้นเพิ่ม',
  withdrawal: 'ถอนหุ้นคืนเมื่อลาออก',
} as const;

export const LOAN_ITEMS = {
  broughtForward: 'ยอดยกมา',
  disbursement: 'รับเงินกู้',
  payment: 'ชำระหนี้รายเดือน',
} as const;

export const DEPOSIT_ITEMS = {
  broughtForward: 'ยอดยกมา',
  open: 'ฝากเงินเปิดบัญชี',
  cash: 'ฝากเงินสด',
  withdrawal: 'ถอนเงินสด',
  transferIn: 'โอนเงินเข้า',
  transferOut: 'โอนเงินออก',
  monthly: 'ฝากเงินรายเดือน',
  interest: 'ดอกเบี้ยเงินฝาก',
  /** Prefix of the row that pays a dividend and average return into the account. */
  dividend: 'โอนเงินเข้า (ปันผล-เฉลี่ยคืน',
} as const;

export type LoanKind = 'emergency' | 'ordinary' | 'special';

interface LoanTypeSpec {
  prefix: string;
  name: string;
  /** Approved amount range and step, in baht. */
  min: number;
  max: number;
  step: number;
  /** Salary multiple that caps the amount (never below `min`). */
  salaryTimes: number;
  periods: readonly number[];
  rates: readonly string[];
  /** Started this many months ago. */
  startAgo: readonly [number, number];
  /** Months of membership needed before the loan. */
  minMembership: number;
}

const range = (from: number, to: number, step = 1): number[] => {
  const out: number[] = [];
  for (let x = from; x <= to; x += step) out.push(x);
  return out;
};

export const LOAN_TYPES: Record<LoanKind, LoanTypeSpec> = {
  emergency: {
    prefix: 'ฉ',
    name: 'เงินกู้ฉุกเฉิน',
    min: 10_000,
    max: 50_000,
    step: 1_000,
    salaryTimes: 3,
    periods: range(12, 24),
    rates: ['6.25', '6.50'],
    // Emergency loans run 1–2 years; starting them 1–8 years ago would leave none still owing.
    startAgo: [2, 30],
    minMembership: 3,
  },
  ordinary: {
    prefix: 'ส',
    name: 'เงินกู้สามัญ',
    min: 100_000,
    max: 1_500_000,
    step: 10_000,
    salaryTimes: 50,
    periods: range(60, 180, 12),
    rates: ['5.75', '6.00', '6.25'],
    startAgo: [12, 96],
    minMembership: 6,
  },
  special: {
    prefix: 'พ',
    name: 'เงินกู้พิเศษ',
    min: 500_000,
    max: 3_000_000,
    step: 50_000,
    salaryTimes: 80,
    periods: range(120, 240, 12),
    rates: ['4.50', '4.75', '5.00'],
    startAgo: [12, 96],
    minMembership: 6,
  },
};

export const DEPOSIT_TYPES = {
  '01': { name: 'ออมทรัพย์', rate: '1.50' },
  '02': { name: 'ออมทรัพย์พิเศษ', rate: '2.75' },
  '03': { name: 'ประจำ 12 เดือน', rate: '3.50' },
} as const;
type DepositType = keyof typeof DEPOSIT_TYPES;

export const COLLECTION_STATUS = {
  waiting: 'รอนำส่ง',
  failed: 'หักไม่ได้',
  partial: 'หักได้บางส่วน',
  full: 'หักได้ครบ',
} as const;

/** The status the member pages show for a collection (the upstream SPA's rules, §6.5). */
export function collectionStatus(c: { posted: number; collected_satang: number; billed_satang: number }): string {
  if (c.posted === 0) return COLLECTION_STATUS.waiting;
  if (c.collected_satang === 0) return COLLECTION_STATUS.failed;
  if (c.collected_satang < c.billed_satang) return COLLECTION_STATUS.partial;
  return COLLECTION_STATUS.full;
}

// ---------------------------------------------------------------------------------------------
// Integer money helpers

/** a / b rounded half up, for integers a ≥ 0 and b > 0, without floating point. */
export function divRound(a: number, b: number): number {
  const r = a % b;
  const q = (a - r) / b;
  return 2 * r >= b ? q + 1 : q;
}

/** "6.25" → 625 (basis points). */
export function rateBasisPoints(rate: string): number {
  const [whole = '0', frac = ''] = rate.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0').slice(0, 2));
}

/** 625 → "6.25". */
export function formatRate(basisPoints: number): string {
  return `${Math.floor(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}`;
}

/** One month's interest on a balance: balance × rate / 12, rounded to whole satang. */
export function monthlyInterest(balanceSatang: number, rateBp: number): number {
  return divRound(balanceSatang * rateBp, 120_000);
}

/**
 * The level monthly instalment (principal + interest, a multiple of 10 baht) that repays the
 * principal within `periods` months: the smallest one that does, found by simulating the schedule.
 */
export function levelInstalment(principalSatang: number, rateBp: number, periods: number): number {
  const STEP = 1_000;
  const repaysWithin = (instalment: number): boolean => {
    let balance = principalSatang;
    for (let k = 0; k < periods; k++) {
      const interest = monthlyInterest(balance, rateBp);
      if (instalment <= interest) return false;
      balance -= instalment - interest;
      if (balance <= 0) return true;
    }
    return false;
  };
  let lo = Math.floor(principalSatang / (periods * STEP)); // never enough
  let hi = Math.ceil((principalSatang + monthlyInterest(principalSatang, rateBp)) / STEP); // one payment
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (repaysWithin(mid * STEP)) hi = mid;
    else lo = mid;
  }
  return hi * STEP;
}

// ---------------------------------------------------------------------------------------------
// Calendar helpers. A month is an integer "ym" = year × 12 + (month − 1).

const DAY = 86_400_000;
const BANGKOK_OFFSET = 7 * 3_600_000;
const pad2 = (n: number): string => String(n).padStart(2, '0');
const ymOf = (iso: string): number => Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1;
const yearOf = (ym: number): number => Math.floor(ym / 12);
const monthOf = (ym: number): number => (ym % 12) + 1;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysIn = (ym: number): number =>
  monthOf(ym) === 2 && isLeap(yearOf(ym)) ? 29 : (MONTH_DAYS[monthOf(ym) - 1] ?? 30);
const isoOf = (ym: number, day: number): string => `${yearOf(ym)}-${pad2(monthOf(ym))}-${pad2(day)}`;
/** Days since 1970-01-01 (a Thursday). */
const dayNumberOf = (ym: number, day: number): number => Date.UTC(yearOf(ym), monthOf(ym) - 1, day) / DAY;
const isWeekend = (ym: number, day: number): boolean => {
  const wd = (dayNumberOf(ym, day) + 4) % 7;
  return wd === 0 || wd === 6;
};
const lastDays = new Map<number, string>();
const lastDayOf = (ym: number): string => {
  let iso = lastDays.get(ym);
  if (iso === undefined) lastDays.set(ym, (iso = isoOf(ym, daysIn(ym))));
  return iso;
};
const dayNumber = (iso: string): number =>
  Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY;
const isoOfDay = (n: number): string => new Date(n * DAY).toISOString().slice(0, 10);

const lastWorkingDays = new Map<number, string>();
/** The last Monday–Friday of the month (public holidays are not modelled). */
function lastWorkingDayOf(ym: number): string {
  let iso = lastWorkingDays.get(ym);
  if (iso === undefined) {
    let d = daysIn(ym);
    while (isWeekend(ym, d)) d--;
    iso = isoOf(ym, d);
    lastWorkingDays.set(ym, iso);
  }
  return iso;
}

/** A random weekday of the month between the given days (a weekend day only if there is none). */
function workingDayIn(rng: Rng, ym: number, from: number, to: number): string {
  const d = rng.int(from, Math.max(from, to));
  for (let x = d; x <= to; x++) if (!isWeekend(ym, x)) return isoOf(ym, x);
  for (let x = d - 1; x >= from; x--) if (!isWeekend(ym, x)) return isoOf(ym, x);
  return isoOf(ym, d);
}

/** Full years from one date to another. */
function yearsBetween(from: string, to: string): number {
  const y = Number(to.slice(0, 4)) - Number(from.slice(0, 4));
  return to.slice(5) < from.slice(5) ? y - 1 : y;
}

const be2 = (year: number): string => pad2((year + 543) % 100);

interface Calendar {
  /** Bangkok date of `now`. */
  today: string;
  /** The current month. */
  current: number;
  /** The month of the brought-forward rows. */
  bf: number;
  /** The last completed month. */
  last: number;
  /** The first month with collections. */
  kepFrom: number;
  year: number;
}

function calendarOf(now: Date): Calendar {
  const today = new Date(now.getTime() + BANGKOK_OFFSET).toISOString().slice(0, 10);
  const current = ymOf(today);
  return {
    today,
    current,
    bf: current - STATEMENT_MONTHS - 1,
    last: current - 1,
    kepFrom: current - COLLECTION_MONTHS + 1,
    year: yearOf(current),
  };
}

// ---------------------------------------------------------------------------------------------
// Names

export const fullName = (m: { prename: string; first_name: string; last_name: string }): string =>
  `${m.prename}${m.first_name} ${m.last_name}`;

function personName(rng: Rng, sex: 'M' | 'F', prename: string, lastName?: string): string {
  const first = rng.pick(sex === 'M' ? MALE_FIRST_NAMES : FEMALE_FIRST_NAMES);
  return `${prename}${first} ${lastName ?? rng.pick(SURNAMES)}`;
}

// ---------------------------------------------------------------------------------------------
// Per-member plans

type Status = 'full' | 'failed' | 'partial';

interface SharePlan {
  monthly: number;
  suspended: boolean;
  /** The statement, oldest first. */
  rows: Row<'share_statements'>[];
  /** Monthly purchases by month, and the purchase billed (not made) in a failed month. */
  monthlyByYm: Map<number, { period: number; amount: number }>;
  lastPeriod: number;
  capital: number;
  /** Share capital at the end of a month. */
  capitalAt(ym: number): number;
}

interface Payment {
  ym: number;
  period: number;
  principal: number;
  interest: number;
  balance: number;
}

interface CollateralPlan {
  kind: 'member' | 'asset';
  guarantor: Member | null;
  deposit: DepositPlan | null;
  /** Used when neither a guarantor nor a deposit describes it. */
  text: string | null;
  amount: number;
}

interface LoanPlan {
  owner: MemberPlan;
  kind: LoanKind;
  startYm: number;
  startDate: string;
  approved: number;
  rate: string;
  rateBp: number;
  periods: number;
  instalment: number;
  /** Every instalment paid up to the last completed month, from period 1. */
  payments: Payment[];
  /** Instalments paid, and those billed in a failed month (not paid), by month. */
  dueByYm: Map<number, { period: number; principal: number; interest: number }>;
  balance: number;
  /** Interest of failed months not yet paid (due with the next instalment). */
  arrear: number;
  contractNo: string;
  collateral: CollateralPlan[];
  /** Showcase only: how to secure it. */
  forced?: { guarantors: number; pledge: boolean };
}

interface DepositPlan {
  owner: MemberPlan;
  type: DepositType;
  openedDate: string;
  openedYm: number;
  rateBp: number;
  /** Monthly deposit collected with 'kep' (0 = none) and its first month. */
  monthly: number;
  monthlyFrom: number;
  /** The statement, oldest first; `account_no` is filled in once accounts are numbered. */
  rows: Row<'deposit_statements'>[];
  balance: number;
  accrued: number;
  held: number;
  accountNo: string;
  index: number;
}

interface DividendPlan {
  year: number;
  dividend: number;
  averageReturn: number;
  interestPaid: number;
  dividendWithheld: boolean;
  averageReturnWithheld: boolean;
  payTo: DepositPlan | null;
}

interface MemberPlan {
  m: Member;
  rng: Rng;
  active: boolean;
  approveYm: number;
  resignDate: string | null;
  role: 'showcase' | 'sharesOnly' | null;
  status: Map<number, Status>;
  shares: SharePlan;
  loans: LoanPlan[];
  deposits: DepositPlan[];
  dividends: DividendPlan[];
  bankAccount: string;
  crem: boolean;
  beneficiaries: { name: string; relationship: string }[];
  welfare: Row<'welfare_items'>[];
}

type MemberBase = Pick<MemberPlan, 'm' | 'rng' | 'active' | 'approveYm' | 'resignDate' | 'role' | 'status'>;

interface YearTables {
  dividendRateBp: Map<number, number>;
  averageReturnRateBp: Map<number, number>;
  /** When the dividend for a year was paid (February of the next year). */
  payoutDate: Map<number, string>;
  /** Names of the deceased cremation association members, by month. */
  deaths: Map<number, string[]>;
}

const BANKS = [
  'กรุงไทย',
  'กรุงไทย',
  'ออมสิน',
  'กรุงเทพ',
  'กสิกรไทย',
  'ไทยพาณิชย์',
  'ทหารไทยธนชาต',
  'เพื่อการเกษตรและสหกรณ์การเกษตร',
];

/** Seeds a member's own stream from the base seed and the membership number (FNV-1a). */
function memberSeed(base: number, membershipNo: string): number {
  let h = (base ^ 0x811c9dc5) >>> 0;
  for (let i = 0; i < membershipNo.length; i++) {
    h ^= membershipNo.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

// ---------------------------------------------------------------------------------------------

/** Build every finance row for the given members. Pure and deterministic. */
export function buildFinanceData(options: BuildFinanceOptions): FinanceData {
  const { rng } = options;
  const cal = calendarOf(options.now);
  const showcaseNo = options.showcaseNo ?? null;
  const sharesOnlyNo = options.sharesOnlyNo ?? null;
  const baseSeed = rng.int(0, 0xffff_ffff);
  const years = buildYearTables(rng, cal);

  const members = [...options.members].sort((a, b) => (a.membership_no < b.membership_no ? -1 : 1));
  const guarantorPool = members.filter(
    (m) => m.status_code === '0' && m.membership_no !== showcaseNo && m.membership_no !== sharesOnlyNo,
  );

  const plans = members.map((m) => {
    const role = m.membership_no === showcaseNo ? 'showcase' : m.membership_no === sharesOnlyNo ? 'sharesOnly' : null;
    return planMember(m, role, createRng(memberSeed(baseSeed, m.membership_no)), cal, years);
  });

  numberContracts(plans, rng);
  numberAccounts(plans, rng);
  for (const p of plans) secureLoans(p, guarantorPool);
  giveShowcaseGuarantees(plans, showcaseNo, members, rng);

  return emit(plans, cal, years);
}

function buildYearTables(rng: Rng, cal: Calendar): YearTables {
  const t: YearTables = {
    dividendRateBp: new Map(),
    averageReturnRateBp: new Map(),
    payoutDate: new Map(),
    deaths: new Map(),
  };
  for (let y = cal.year - DIVIDEND_YEARS; y < cal.year; y++) {
    t.dividendRateBp.set(y, rng.pick([450, 475, 500, 525, 550, 575, 600, 625]));
    t.averageReturnRateBp.set(y, rng.pick([1000, 1050, 1100, 1150, 1200, 1250, 1300]));
    t.payoutDate.set(y, workingDayIn(rng, (y + 1) * 12 + 1, 20, 27));
  }
  for (let ym = cal.kepFrom; ym <= cal.current; ym++) {
    const n = rng.int(1, 4);
    const names: string[] = [];
    for (let i = 0; i < n; i++) {
      const sex = rng.chance(0.5) ? 'M' : 'F';
      names.push(personName(rng, sex, sex === 'M' ? 'นาย' : rng.pick(['นาง', 'นาง', 'นางสาว'])));
    }
    t.deaths.set(ym, names);
  }
  return t;
}

function planMember(m: Member, role: MemberPlan['role'], rng: Rng, cal: Calendar, years: YearTables): MemberPlan {
  const active = m.status_code === '0';
  const approveYm = ymOf(m.approve_date);
  let resignDate: string | null = null;
  if (!active) {
    const lo = Math.max(approveYm + 1, cal.current - 30);
    const ym = lo <= cal.last ? rng.int(lo, cal.last) : cal.current;
    resignDate = workingDayIn(rng, ym, 1, 28);
    if (resignDate < m.approve_date) resignDate = m.approve_date;
    if (resignDate > cal.today) resignDate = cal.today;
  }

  const bankAccount = `${rng.pick(BANKS)} เลขที่ ${rng.int(100, 999)}-${rng.int(0, 9)}-${String(rng.int(0, 99_999)).padStart(5, '0')}-${rng.int(0, 9)}`;

  // How each month's payroll deduction went (~5% nothing, ~5% partly).
  const status = new Map<number, Status>();
  if (active) {
    for (let ym = cal.kepFrom; ym <= cal.last; ym++) {
      const r = rng.next();
      status.set(ym, role === 'sharesOnly' || r >= 0.1 ? 'full' : r < 0.05 ? 'failed' : 'partial');
    }
    if (role === 'showcase') {
      for (let ym = cal.kepFrom; ym <= cal.last; ym++) status.set(ym, 'full');
      status.set(cal.current - 3, 'failed');
      status.set(cal.current - 7, 'partial');
    }
  }

  const base: MemberBase = { m, rng, active, approveYm, resignDate, role, status };
  const p: MemberPlan = {
    ...base,
    shares: planShares(base, cal),
    loans: [],
    deposits: [],
    dividends: [],
    bankAccount,
    crem: false,
    beneficiaries: [],
    welfare: [],
  };
  if (active && role !== 'sharesOnly') {
    p.loans = planLoans(p, cal);
    p.deposits = openDeposits(p, cal);
  }
  p.dividends = planDividends(p, cal, years);
  for (const d of p.deposits) simulateDeposit(d, p, cal, years);
  p.crem = active && role !== 'sharesOnly' && (role === 'showcase' || rng.chance(0.4));
  p.beneficiaries = planBeneficiaries(p, cal);
  if (active && role !== 'sharesOnly' && (role === 'showcase' || rng.chance(0.5))) p.welfare = planWelfare(p, cal);
  return p;
}

// ---------------------------------------------------------------------------------------------
// Shares

function planShares(p: MemberBase, cal: Calendar): SharePlan {
  const { rng, m } = p;
  const salaryBaht = Math.floor(m.salary_satang / 100);
  const monthlyBaht = Math.min(5_000, Math.max(500, Math.floor((salaryBaht * rng.int(3, 10) + 5_000) / 10_000) * 100));
  const monthly = p.role === 'showcase' ? 3_000_00 : monthlyBaht * 100;
  const suspended = p.active && p.role === null && rng.chance(0.03) && cal.current - 10 > p.approveYm + 2;
  const resignYm = p.resignDate ? ymOf(p.resignDate) : null;
  const endYm = resignYm !== null ? resignYm - 1 : suspended ? cal.current - rng.int(2, 10) - 1 : cal.last;

  const rows: Row<'share_statements'>[] = [];
  const no = m.membership_no;
  const add = (op_date: string, period: number | null, description: string, amount: number, balance: number) =>
    rows.push({ membership_no: no, op_date, period, description, amount_satang: amount, balance_satang: balance });
  const monthlyByYm = new Map<number, { period: number; amount: number }>();
  let period: number;
  let balance: number;
  let fromYm: number;
  let firstYm: number;
  // For members older than the window: periods paid and capital at the brought-forward date.
  let p0 = 0;
  let b0 = 0;
  if (p.approveYm <= cal.bf) {
    p0 = cal.bf - p.approveYm + 1;
    // Contributions were smaller in earlier years; round to 100 baht.
    b0 = Math.max(monthly, Math.floor((p0 * monthly * rng.int(35, 80)) / 100 / 10_000) * 10_000);
    add(lastDayOf(cal.bf), null, SHARE_ITEMS.broughtForward, b0, b0);
    period = p0;
    balance = b0;
    fromYm = cal.bf + 1;
    firstYm = cal.bf;
  } else {
    period = 1;
    balance = monthly;
    add(m.approve_date, 1, SHARE_ITEMS.first, monthly, balance);
    fromYm = p.approveYm + 1;
    firstYm = p.approveYm;
  }
  for (let ym = fromYm; ym <= endYm; ym++) {
    const payDay = lastWorkingDayOf(ym);
    // Nothing was collected this month: no purchase, and no extra one at the counter either.
    if (p.status.get(ym) === 'failed') {
      monthlyByYm.set(ym, { period: period + 1, amount: monthly });
      continue;
    }
    if (p.role !== 'sharesOnly' && rng.chance(0.015)) {
      const amount = rng.int(1, 30) * 1_000_00;
      balance += amount;
      const day = workingDayIn(rng, ym, 1, Number(payDay.slice(8)) - 1);
      add(day, null, SHARE_ITEMS.extra, amount, balance);
    }
    period += 1;
    balance += monthly;
    add(payDay, period, SHARE_ITEMS.monthly, monthly, balance);
    monthlyByYm.set(ym, { period, amount: monthly });
  }
  if (p.resignDate) {
    add(p.resignDate, null, SHARE_ITEMS.withdrawal, -balance, 0);
    balance = 0;
  }

  // Capital at each month end, from the statement, for dividends.
  const capital: number[] = [];
  let i = 0;
  let running = 0;
  for (let ym = firstYm; ym <= cal.last; ym++) {
    for (let r = rows[i]; r && ymOf(r.op_date) <= ym; r = rows[++i]) running = r.balance_satang;
    capital.push(running);
  }
  const approveYm = p.approveYm;
  return {
    monthly,
    suspended,
    rows,
    monthlyByYm,
    lastPeriod: period,
    capital: balance,
    capitalAt(ym: number): number {
      if (ym < approveYm) return 0;
      if (ym < firstYm) return Math.floor((b0 * (ym - approveYm + 1)) / p0);
      return capital[Math.min(ym, cal.last) - firstYm] ?? 0;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Loans

function planLoans(p: MemberPlan, cal: Calendar): LoanPlan[] {
  const { rng } = p;
  const loans: LoanPlan[] = [];
  if (p.role === 'showcase') {
    // An ordinary loan disbursed inside the statement window, a special loan from before it
    // (a brought-forward row) and a recent emergency loan.
    const fixed: [LoanKind, number, number, string, number, LoanPlan['forced']][] = [
      ['ordinary', 850_000, 120, '5.75', 30, { guarantors: 2, pledge: false }],
      ['special', 1_800_000, 180, '4.50', 62, { guarantors: 1, pledge: true }],
      ['emergency', 30_000, 18, '6.25', 5, undefined],
    ];
    for (const [kind, baht, periods, rate, ago, forced] of fixed) {
      const startYm = cal.current - ago;
      if (startYm < p.approveYm + LOAN_TYPES[kind].minMembership) continue;
      loans.push(makeLoan(p, kind, startYm, baht * 100, periods, rate, cal, forced));
    }
    return loans;
  }
  if (!rng.chance(0.62)) return loans;
  const n = rng.weighted([
    [1, 55],
    [2, 35],
    [3, 10],
  ] as const);
  const kinds: LoanKind[] =
    n === 1
      ? [
          rng.weighted<LoanKind>([
            ['ordinary', 55],
            ['emergency', 35],
            ['special', 10],
          ]),
        ]
      : n === 2
        ? rng.weighted<LoanKind[]>([
            [['ordinary', 'emergency'], 70],
            [['ordinary', 'special'], 15],
            [['emergency', 'special'], 15],
          ])
        : ['ordinary', 'special', 'emergency'];
  const salaryBaht = Math.floor(p.m.salary_satang / 100);
  for (const kind of kinds) {
    const spec = LOAN_TYPES[kind];
    const periods = rng.pick(spec.periods);
    let hi = Math.min(spec.startAgo[1], cal.current - p.approveYm - spec.minMembership);
    // Long loans must still be running inside the statement window.
    if (kind !== 'emergency') hi = Math.min(hi, periods + 30);
    if (hi < spec.startAgo[0]) continue;
    let startYm = cal.current - rng.int(spec.startAgo[0], hi);
    // A loan is not paid out in a month the member's payroll could not even cover the deduction.
    while (startYm < cal.current && p.status.get(startYm) === 'failed') startYm++;
    const cap = Math.max(spec.min, Math.min(spec.max, salaryBaht * spec.salaryTimes));
    const baht = rng.int(spec.min / spec.step, Math.floor(cap / spec.step)) * spec.step;
    loans.push(makeLoan(p, kind, startYm, baht * 100, periods, rng.pick(spec.rates), cal));
  }
  return loans;
}

function makeLoan(
  p: MemberPlan,
  kind: LoanKind,
  startYm: number,
  approved: number,
  periods: number,
  rate: string,
  cal: Calendar,
  forced?: LoanPlan['forced'],
): LoanPlan {
  const rateBp = rateBasisPoints(rate);
  const instalment = levelInstalment(approved, rateBp, periods);
  let startDate = workingDayIn(p.rng, startYm, 1, 28);
  if (startDate < p.m.approve_date) startDate = p.m.approve_date;
  const payments: Payment[] = [];
  const dueByYm = new Map<number, { period: number; principal: number; interest: number }>();
  let balance = approved;
  let arrear = 0;
  for (let ym = startYm + 1; balance > 0 && ym <= cal.last; ym++) {
    const due = instalmentDue(balance, arrear, rateBp, instalment);
    const period = payments.length + 1;
    if (p.status.get(ym) === 'failed') {
      // Billed, not paid: the period waits and the month's interest is owed with the next one.
      dueByYm.set(ym, { period, ...due });
      arrear = due.interest;
      continue;
    }
    balance -= due.principal;
    arrear = 0;
    const payment = { ym, period, ...due, balance };
    payments.push(payment);
    dueByYm.set(ym, payment);
  }
  return {
    owner: p,
    kind,
    startYm,
    startDate,
    approved,
    rate,
    rateBp,
    periods,
    instalment,
    payments,
    dueByYm,
    balance,
    arrear: balance > 0 ? arrear : 0,
    contractNo: '',
    collateral: [],
    ...(forced ? { forced } : {}),
  };
}

/**
 * One month's instalment: the month's interest plus any interest left unpaid by failed months, and
 * the rest of the level instalment as principal (none when the interest alone reaches it).
 */
export function instalmentDue(
  balance: number,
  arrear: number,
  rateBp: number,
  instalment: number,
): { principal: number; interest: number } {
  const interest = monthlyInterest(balance, rateBp) + arrear;
  return { principal: Math.max(0, Math.min(balance, instalment - interest)), interest };
}

/** The instalment billed in the current month for a loan still owing. */
function nextInstalment(loan: LoanPlan): { period: number; principal: number; interest: number } {
  return {
    period: loan.payments.length + 1,
    ...instalmentDue(loan.balance, loan.arrear, loan.rateBp, loan.instalment),
  };
}

/** Contract numbers: type prefix + Buddhist-era year of the start + a running number per year. */
function numberContracts(plans: MemberPlan[], rng: Rng): void {
  const all = plans.flatMap((p) => p.loans);
  all.sort((a, b) =>
    a.startDate !== b.startDate
      ? a.startDate < b.startDate
        ? -1
        : 1
      : a.owner.m.membership_no < b.owner.m.membership_no
        ? -1
        : 1,
  );
  const next = new Map<string, number>();
  for (const loan of all) {
    const key = LOAN_TYPES[loan.kind].prefix + be2(yearOf(loan.startYm));
    const n = (next.get(key) ?? rng.int(1, 40)) + rng.int(1, 3);
    next.set(key, n);
    loan.contractNo = key + String(n).padStart(5, '0');
  }
}

/** Account numbers: '001' + a 7-digit running number in order of opening. */
function numberAccounts(plans: MemberPlan[], rng: Rng): void {
  const all = plans.flatMap((p) => p.deposits);
  all.sort((a, b) =>
    a.openedDate !== b.openedDate
      ? a.openedDate < b.openedDate
        ? -1
        : 1
      : a.owner.m.membership_no !== b.owner.m.membership_no
        ? a.owner.m.membership_no < b.owner.m.membership_no
          ? -1
          : 1
        : a.index - b.index,
  );
  let n = rng.int(8_000, 12_000);
  for (const d of all) {
    n += rng.int(1, 3);
    d.accountNo = `001${String(n).padStart(7, '0')}`;
  }
}

/** Collateral: the borrower's shares for emergency loans; member guarantors, shares or a pledged deposit otherwise. */
function secureLoans(p: MemberPlan, pool: readonly Member[]): void {
  const { rng } = p;
  const others = (n: number): Member[] => {
    const picked: Member[] = [];
    for (let tries = 0; picked.length < n && tries < 20 && pool.length > 0; tries++) {
      const g = rng.pick(pool);
      if (g.membership_no !== p.m.membership_no && !picked.includes(g)) picked.push(g);
    }
    return picked;
  };
  const pledgeable = (loan: LoanPlan): DepositPlan | undefined =>
    loan.balance > 0 ? p.deposits.find((d) => d.type !== '03' && d.held === 0 && d.balance >= 20_000_00) : undefined;
  const shares = (amount: number): CollateralPlan => ({
    kind: 'asset',
    guarantor: null,
    deposit: null,
    text: 'หุ้นของผู้กู้',
    amount,
  });
  const pledge = (d: DepositPlan): CollateralPlan => {
    d.held = Math.max(100_00, Math.floor((d.balance * rng.int(50, 90)) / 100 / 100_00) * 100_00);
    return { kind: 'asset', guarantor: null, deposit: d, text: null, amount: d.held };
  };
  const guarantee = (amount: number, guarantors: Member[]): CollateralPlan[] =>
    guarantors.map((g, i) => ({
      kind: 'member',
      guarantor: g,
      deposit: null,
      text: null,
      // Split evenly; the first guarantor covers the odd satang.
      amount:
        i === 0
          ? amount - Math.floor(amount / guarantors.length) * (guarantors.length - 1)
          : Math.floor(amount / guarantors.length),
    }));

  for (const loan of p.loans) {
    if (loan.kind === 'emergency') {
      loan.collateral = [shares(loan.approved)];
      continue;
    }
    if (loan.forced) {
      const deposit = loan.forced.pledge ? pledgeable(loan) : undefined;
      const held = deposit ? [pledge(deposit)] : [];
      const covered = held.reduce((s, c) => s + c.amount, 0);
      const guarantors = others(loan.forced.guarantors);
      loan.collateral = [
        ...held,
        ...(guarantors.length ? guarantee(Math.max(0, loan.approved - covered), guarantors) : []),
      ];
      if (!loan.collateral.length) loan.collateral = [shares(Math.min(loan.approved, p.shares.capital))];
      continue;
    }
    const r = rng.next();
    const deposit = r >= 0.78 && r < 0.9 ? pledgeable(loan) : undefined;
    if (deposit) {
      loan.collateral = [pledge(deposit)];
    } else if (r < 0.78) {
      const guarantors = others(loan.kind === 'special' ? 2 : rng.int(1, 2));
      loan.collateral = guarantors.length
        ? guarantee(loan.approved, guarantors)
        : [shares(Math.min(loan.approved, p.shares.capital))];
    } else {
      loan.collateral = [shares(Math.min(loan.approved, p.shares.capital))];
    }
  }
}

/** The showcase member guarantees one or two loans still owing of other members. */
function giveShowcaseGuarantees(
  plans: MemberPlan[],
  showcaseNo: string | null,
  members: readonly Member[],
  rng: Rng,
): void {
  const showcase = members.find((m) => m.membership_no === showcaseNo && m.status_code === '0');
  if (!showcase) return;
  const candidates = plans
    .filter((p) => p.role === null && p.active)
    .flatMap((p) => p.loans)
    .filter((l) => l.balance > 0 && l.kind !== 'emergency');
  const withGuarantors = candidates.filter((l) => l.collateral.some((c) => c.kind === 'member'));
  const chosen = rng.shuffle(withGuarantors.length ? withGuarantors : candidates).slice(0, 2);
  for (const loan of chosen) {
    const slot = loan.collateral.find((c) => c.kind === 'member');
    if (slot) slot.guarantor = showcase;
    else
      loan.collateral.push({ kind: 'member', guarantor: showcase, deposit: null, text: null, amount: loan.approved });
  }
}

// ---------------------------------------------------------------------------------------------
// Deposits

function openDeposits(p: MemberPlan, cal: Calendar): DepositPlan[] {
  const { rng } = p;
  let types: DepositType[];
  if (p.role === 'showcase') types = ['01', '02', '03'];
  else if (!rng.chance(0.5)) return [];
  else {
    const first = rng.weighted<DepositType>([
      ['01', 60],
      ['02', 25],
      ['03', 15],
    ]);
    types = [first];
    if (rng.chance(0.3)) types.push(rng.pick((['01', '02', '03'] as const).filter((t) => t !== first)));
  }
  const out: DepositPlan[] = [];
  types.forEach((type, index) => {
    let openedYm: number;
    if (p.role === 'showcase')
      openedYm =
        type === '01' ? Math.max(p.approveYm, cal.bf - 60) : type === '02' ? cal.current - 20 : cal.current - 14;
    else {
      const lo = type === '03' ? Math.max(p.approveYm, cal.current - 30) : p.approveYm;
      const hi = cal.current - 2;
      if (hi < lo) return;
      openedYm = rng.int(lo, hi);
    }
    let openedDate = workingDayIn(rng, openedYm, 1, 28);
    if (openedDate < p.m.approve_date) openedDate = p.m.approve_date;
    const monthly =
      type === '03'
        ? rng.int(5, 50) * 100_00
        : type === '01' && (p.role === 'showcase' || rng.chance(0.2))
          ? rng.int(5, 30) * 100_00
          : 0;
    const monthlyFrom = type === '03' ? openedYm + 1 : Math.max(openedYm + 1, cal.kepFrom - rng.int(0, 12));
    out.push({
      owner: p,
      type,
      openedDate,
      openedYm,
      rateBp: rateBasisPoints(DEPOSIT_TYPES[type].rate),
      monthly,
      monthlyFrom,
      rows: [],
      balance: 0,
      accrued: 0,
      held: 0,
      accountNo: '',
      index,
    });
  });
  return out;
}

interface DepositEvent {
  date: string;
  /** Order among events of the same day. */
  order: number;
  kind: 'bf' | 'open' | 'random' | 'monthly' | 'interest' | 'dividend';
  amount: number;
  description: string;
}

function simulateDeposit(d: DepositPlan, p: MemberPlan, cal: Calendar, years: YearTables): void {
  const { rng } = p;
  const events: DepositEvent[] = [];
  const savings = d.type !== '03';
  let firstDate: string;
  if (d.openedYm <= cal.bf) {
    firstDate = lastDayOf(cal.bf);
    const baht = d.type === '02' ? rng.int(20_000, 800_000) : rng.int(1_000, 150_000);
    events.push({
      date: firstDate,
      order: 0,
      kind: 'bf',
      amount: baht * 100 + rng.int(0, 99),
      description: DEPOSIT_ITEMS.broughtForward,
    });
  } else {
    firstDate = d.openedDate;
    const amount = d.type === '03' ? d.monthly : (d.type === '02' ? rng.int(100, 5_000) : rng.int(5, 500)) * 100_00;
    events.push({ date: firstDate, order: 0, kind: 'open', amount, description: DEPOSIT_ITEMS.open });
  }
  const firstYm = ymOf(firstDate);

  // Monthly deposits with the payroll deduction, when the month was collected in full.
  if (d.monthly > 0) {
    for (let ym = Math.max(d.monthlyFrom, firstYm + 1); ym <= cal.last; ym++) {
      if ((p.status.get(ym) ?? 'full') !== 'full') continue;
      events.push({
        date: lastDayOf(ym),
        order: 2,
        kind: 'monthly',
        amount: d.monthly,
        description: DEPOSIT_ITEMS.monthly,
      });
    }
  }
  // Interest: savings twice a year (June and December), fixed deposits on each anniversary.
  let lastInterestYm = firstYm;
  for (let ym = firstYm; ym <= cal.last; ym++) {
    const due = savings ? monthOf(ym) === 6 || monthOf(ym) === 12 : ym > d.openedYm && (ym - d.openedYm) % 12 === 0;
    if (due && lastDayOf(ym) > firstDate) {
      events.push({ date: lastDayOf(ym), order: 3, kind: 'interest', amount: 0, description: DEPOSIT_ITEMS.interest });
      lastInterestYm = ym;
    }
  }
  // Dividends paid into this account.
  for (const div of p.dividends) {
    const date = years.payoutDate.get(div.year);
    const net = (div.dividendWithheld ? 0 : div.dividend) + (div.averageReturnWithheld ? 0 : div.averageReturn);
    if (div.payTo === d && date && date > firstDate && date <= cal.today && net > 0) {
      events.push({
        date,
        order: 1,
        kind: 'dividend',
        amount: net,
        description: `${DEPOSIT_ITEMS.dividend} ปี ${div.year + 543})`,
      });
    }
  }
  // Counter and transfer transactions, on weekdays.
  if (savings) {
    const target = d.type === '02' ? rng.int(15, 25) : rng.int(15, 40);
    const count = Math.max(3, target - events.length);
    const from = dayNumber(firstDate) + 1;
    const to = dayNumber(cal.today);
    for (let i = 0; i < count && from <= to; i++) {
      let day = rng.int(from, to);
      const wd = (day + 4) % 7;
      if (wd === 6 && day - 1 >= from) day -= 1;
      else if (wd === 0 && day - 2 >= from) day -= 2;
      const r = rng.next();
      const description =
        r < 0.4
          ? DEPOSIT_ITEMS.cash
          : r < 0.75
            ? DEPOSIT_ITEMS.withdrawal
            : r < 0.9
              ? DEPOSIT_ITEMS.transferIn
              : DEPOSIT_ITEMS.transferOut;
      events.push({ date: isoOfDay(day), order: 1, kind: 'random', amount: 0, description });
    }
  }
  events.sort((a, b) => (a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.order - b.order));

  let balance = 0;
  let seq = 0;
  let lastDate = '';
  for (const e of events) {
    let amount = e.amount;
    let description = e.description;
    if (e.kind === 'interest') {
      // Half a year's interest on savings, or on the fixed deposit's average (half) balance for a year.
      amount = divRound(balance * d.rateBp, 20_000);
      if (amount <= 0) continue;
    } else if (e.kind === 'random') {
      const out = description === DEPOSIT_ITEMS.withdrawal || description === DEPOSIT_ITEMS.transferOut;
      // Keep at least 100 baht in the account; withdraw in hundreds of baht.
      const maxOut = Math.min(1_000, Math.floor((balance - 100_00) / 100_00));
      if (out && maxOut >= 5) {
        amount = -rng.int(5, maxOut) * 100_00;
      } else {
        if (out) description = DEPOSIT_ITEMS.cash;
        amount =
          description === DEPOSIT_ITEMS.transferIn
            ? rng.int(1_000, 30_000) * 100 + rng.int(0, 99)
            : (d.type === '02' ? rng.int(10, 1_000) : rng.int(5, 300)) * 100_00;
      }
    }
    balance += amount;
    seq = e.date === lastDate ? seq + 1 : 1;
    lastDate = e.date;
    d.rows.push({ account_no: '', op_date: e.date, seq, description, amount_satang: amount, balance_satang: balance });
  }
  d.balance = balance;
  const months = Math.max(1, cal.current - lastInterestYm);
  d.accrued = Math.max(1, divRound(balance * d.rateBp * months, 120_000));
}

// ---------------------------------------------------------------------------------------------
// Dividends

function planDividends(p: MemberPlan, cal: Calendar, years: YearTables): DividendPlan[] {
  const { rng } = p;
  const out: DividendPlan[] = [];
  for (let y = cal.year - DIVIDEND_YEARS; y < cal.year; y++) {
    const yearEnd = `${y}-12-31`;
    if (p.m.approve_date > yearEnd || (p.resignDate !== null && p.resignDate <= yearEnd)) continue;
    let capitalMonths = 0;
    for (let ym = y * 12; ym < y * 12 + 12; ym++) capitalMonths += p.shares.capitalAt(ym);
    let interestPaid = 0;
    for (const loan of p.loans) for (const pay of loan.payments) if (yearOf(pay.ym) === y) interestPaid += pay.interest;
    const dividend = divRound(capitalMonths * (years.dividendRateBp.get(y) ?? 0), 12 * 10_000);
    const averageReturn = divRound(interestPaid * (years.averageReturnRateBp.get(y) ?? 0), 10_000);
    let dividendWithheld = false;
    let averageReturnWithheld = false;
    if (p.role === 'showcase') dividendWithheld = y === cal.year - 2;
    else if (p.role === null && rng.chance(0.03)) {
      if (averageReturn > 0 && rng.chance(0.5)) averageReturnWithheld = true;
      else dividendWithheld = true;
    }
    const payout = years.payoutDate.get(y) ?? yearEnd;
    const payTo = p.deposits.find((d) => d.type !== '03' && d.openedDate < payout) ?? null;
    out.push({ year: y, dividend, averageReturn, interestPaid, dividendWithheld, averageReturnWithheld, payTo });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Beneficiaries and welfare

function planBeneficiaries(p: MemberPlan, cal: Calendar): { name: string; relationship: string }[] {
  const { rng, m } = p;
  const age = yearsBetween(m.birth_date, cal.today);
  const marriedWoman = m.sex === 'F' && m.prename === 'นาง';
  const married =
    marriedWoman ||
    (m.sex === 'M' && age >= 28 && rng.chance(0.7)) ||
    (m.sex === 'F' && m.prename !== 'นางสาว' && rng.chance(0.5));
  // A married woman usually carries her husband's surname; her parents and siblings do not.
  const familyName = marriedWoman ? rng.pick(SURNAMES) : m.last_name;
  const candidates: { name: string; relationship: string }[] = [];
  if (married) {
    candidates.push({
      name: m.sex === 'M' ? personName(rng, 'F', 'นาง', m.last_name) : personName(rng, 'M', 'นาย', m.last_name),
      relationship: 'คู่สมรส',
    });
  }
  if (age >= 28 && (married || rng.chance(0.2))) {
    for (let i = rng.int(1, 2); i > 0; i--) {
      const sex = rng.chance(0.5) ? 'M' : 'F';
      const prename = age < 38 ? (sex === 'M' ? 'เด็กชาย' : 'เด็กหญิง') : sex === 'M' ? 'นาย' : 'นางสาว';
      candidates.push({ name: personName(rng, sex, prename, m.last_name), relationship: 'บุตร' });
    }
  }
  if (age < 62) {
    if (rng.chance(0.6)) candidates.push({ name: personName(rng, 'F', 'นาง', familyName), relationship: 'มารดา' });
    if (rng.chance(0.4)) candidates.push({ name: personName(rng, 'M', 'นาย', familyName), relationship: 'บิดา' });
  }
  const sibling = rng.chance(0.5) ? 'M' : 'F';
  candidates.push({
    name: personName(rng, sibling, sibling === 'M' ? 'นาย' : rng.pick(['นาง', 'นางสาว']), familyName),
    relationship: 'พี่น้อง',
  });
  const n = p.role === 'showcase' ? 3 : rng.int(1, 3);
  return candidates.slice(0, Math.max(1, n));
}

function planWelfare(p: MemberPlan, cal: Calendar): Row<'welfare_items'>[] {
  const { rng, m } = p;
  const age = yearsBetween(m.birth_date, cal.today);
  const service = yearsBetween(m.approve_date, cal.today);
  const children = p.beneficiaries.filter((b) => b.relationship === 'บุตร');
  const hasChild = children.length > 0 || (age >= 30 && age < 55);
  const items: Row<'welfare_items'>[] = [];
  const someDate = (monthsBack: number): string => {
    const lo = Math.max(p.approveYm, cal.current - monthsBack);
    const ym = rng.int(lo, cal.current);
    let date = workingDayIn(rng, ym, 1, 28);
    if (date < m.approve_date) date = m.approve_date;
    return date > cal.today ? cal.today : date;
  };
  const received = (kind: string, description: string, date: string, amount: number) =>
    items.push({
      membership_no: m.membership_no,
      tab: 'received',
      kind,
      description,
      item_date: date,
      amount_satang: amount,
    });
  const eligible = (kind: string, description: string, amount: number) =>
    items.push({
      membership_no: m.membership_no,
      tab: 'eligible',
      kind,
      description,
      item_date: null,
      amount_satang: amount,
    });

  const showcase = p.role === 'showcase';
  let medicalThisYear = 0;
  if (showcase || rng.chance(0.5)) {
    for (let i = showcase ? 2 : rng.int(1, 2); i > 0; i--) {
      const nights = rng.int(1, 7);
      const date = someDate(36);
      if (date.slice(0, 4) === String(cal.year)) medicalThisYear += nights * 500_00;
      received('สวัสดิการรักษาพยาบาล', `ค่ารักษาพยาบาลกรณีนอนโรงพยาบาล ${nights} คืน`, date, nights * 500_00);
    }
  }
  let scholarshipThisYear = false;
  if (hasChild && (showcase || rng.chance(0.4))) {
    const date = someDate(24);
    scholarshipThisYear = date.slice(0, 4) === String(cal.year);
    const child = children.length ? ` (${rng.pick(children).name})` : '';
    received(
      'ทุนการศึกษาบุตร',
      `ทุนการศึกษาบุตร ปีการศึกษา ${Number(date.slice(0, 4)) + 543}${child}`,
      date,
      rng.pick([2_000, 3_000, 5_000]) * 100,
    );
  }
  if (m.sex === 'F' && age >= 25 && age <= 45 && rng.chance(0.15)) {
    received('สวัสดิการคลอดบุตร', 'สวัสดิการคลอดบุตร', someDate(36), 3_000_00);
  }
  // 500 baht per year of membership, at most 30,000 baht, once.
  const pensionFor = (years: number): number => Math.min(30_000, years * 500) * 100;
  let pensionPaid = false;
  if (age >= 60 && service >= 10 && rng.chance(0.6)) {
    const date = someDate(24);
    const years = yearsBetween(m.approve_date, date);
    received('เงินบำเหน็จสมาชิกอาวุโส', `เงินบำเหน็จสมาชิกอาวุโส (เป็นสมาชิก ${years} ปี)`, date, pensionFor(years));
    pensionPaid = true;
  }

  const medicalLeft = 10_000_00 - medicalThisYear;
  if (medicalLeft > 0) {
    eligible('สวัสดิการรักษาพยาบาล', `ค่ารักษาพยาบาลกรณีนอนโรงพยาบาล คืนละ 500 บาท ปี ${cal.year + 543} คงเหลือ`, medicalLeft);
  }
  if (hasChild && !scholarshipThisYear && (showcase || rng.chance(0.6))) {
    eligible('ทุนการศึกษาบุตร', `ทุนการศึกษาบุตร ปีการศึกษา ${cal.year + 543} (บุตรคนละไม่เกิน 5,000 บาท)`, 5_000_00);
  }
  if (age >= 55 && !pensionPaid && service >= 10) {
    eligible('เงินบำเหน็จสมาชิกอาวุโส', 'เงินบำเหน็จสมาชิกอาวุโส เมื่ออายุครบ 60 ปี', pensionFor(service));
  }
  if (showcase || rng.chance(0.5)) {
    eligible('สวัสดิการกรณีเสียชีวิต', 'เงินสงเคราะห์ครอบครัวกรณีสมาชิกเสียชีวิต จ่ายแก่ผู้รับผลประโยชน์', 100_000_00);
  }
  return items;
}

// ---------------------------------------------------------------------------------------------
// Rows

function emit(plans: MemberPlan[], cal: Calendar, years: YearTables): FinanceData {
  const out: FinanceData = {
    shareAccounts: [],
    shareStatements: [],
    loans: [],
    loanCollateral: [],
    loanStatements: [],
    depositAccounts: [],
    depositStatements: [],
    collections: [],
    collectionLines: [],
    beneficiaries: [],
    dividends: [],
    welfareItems: [],
  };
  const receipts = new Map<string, number>();
  const receiptNo = (prefix: string, ym: number): string => {
    const key = prefix + ym;
    const n = (receipts.get(key) ?? 0) + 1;
    receipts.set(key, n);
    return `${prefix}${be2(yearOf(ym))}${pad2(monthOf(ym))}-${String(n).padStart(6, '0')}`;
  };

  for (const p of plans) {
    const no = p.m.membership_no;
    const s = p.shares;
    out.shareAccounts.push({
      membership_no: no,
      capital_satang: s.capital,
      monthly_satang: s.monthly,
      last_period: s.lastPeriod,
      suspended: s.suspended ? 1 : 0,
    });
    for (const r of s.rows) out.shareStatements.push(r);

    const loans = [...p.loans].sort((a, b) => (a.contractNo < b.contractNo ? -1 : 1));
    for (const loan of loans) {
      const spec = LOAN_TYPES[loan.kind];
      const rows: Row<'loan_statements'>[] = [];
      const c = loan.contractNo;
      if (loan.startYm > cal.bf) {
        rows.push({
          contract_no: c,
          op_date: loan.startDate,
          period: null,
          item: LOAN_ITEMS.disbursement,
          principal_satang: loan.approved,
          interest_satang: 0,
          balance_satang: loan.approved,
        });
      } else {
        const before = loan.payments.filter((x) => x.ym <= cal.bf).at(-1);
        const carried = before ? before.balance : loan.approved;
        rows.push({
          contract_no: c,
          op_date: lastDayOf(cal.bf),
          period: null,
          item: LOAN_ITEMS.broughtForward,
          principal_satang: carried,
          interest_satang: 0,
          balance_satang: carried,
        });
      }
      for (const x of loan.payments) {
        if (x.ym <= cal.bf) continue;
        rows.push({
          contract_no: c,
          op_date: lastWorkingDayOf(x.ym),
          period: x.period,
          item: LOAN_ITEMS.payment,
          principal_satang: x.principal,
          interest_satang: x.interest,
          balance_satang: x.balance,
        });
      }
      out.loans.push({
        contract_no: c,
        membership_no: no,
        loan_type: spec.name,
        approved_satang: loan.approved,
        balance_satang: loan.balance,
        start_date: loan.startDate,
        instalment_satang: loan.instalment,
        periods: loan.periods,
        last_period: loan.payments.at(-1)?.period ?? 0,
        interest_rate: loan.rate,
        interest_arrear_satang: loan.arrear,
      });
      for (const col of loan.collateral) {
        out.loanCollateral.push({
          contract_no: c,
          kind: col.kind,
          guarantor_no: col.guarantor?.membership_no ?? null,
          description: col.guarantor
            ? `ค้ำประกันโดย ${fullName(col.guarantor)} (${col.guarantor.membership_no})`
            : col.deposit
              ? `เงินฝากของผู้กู้ บัญชี ${col.deposit.accountNo}`
              : (col.text ?? 'หุ้นของผู้กู้'),
          amount_satang: col.amount,
        });
      }
      out.loanStatements.push(...rows);
    }

    for (const d of p.deposits) {
      out.depositAccounts.push({
        account_no: d.accountNo,
        membership_no: no,
        type_code: d.type,
        type_name: DEPOSIT_TYPES[d.type].name,
        account_name: fullName(p.m),
        balance_satang: d.balance,
        accrued_interest_satang: d.accrued,
        held_satang: d.held,
        opened_date: d.openedDate,
      });
      for (const r of d.rows) {
        r.account_no = d.accountNo;
        out.depositStatements.push(r);
      }
    }

    if (p.active) emitCollections(p, cal, years, out, receiptNo);

    p.beneficiaries.forEach((b, i) =>
      out.beneficiaries.push({ membership_no: no, seq: i + 1, name: b.name, relationship: b.relationship }),
    );

    for (const d of p.dividends) {
      out.dividends.push({
        membership_no: no,
        year: d.year,
        dividend_rate: formatRate(years.dividendRateBp.get(d.year) ?? 0),
        dividend_satang: d.dividend,
        dividend_withheld: d.dividendWithheld ? 1 : 0,
        average_return_rate: formatRate(years.averageReturnRateBp.get(d.year) ?? 0),
        average_return_satang: d.averageReturn,
        average_return_withheld: d.averageReturnWithheld ? 1 : 0,
        interest_paid_satang: d.interestPaid,
        payout_method: d.payTo ? `โอนเข้าบัญชีเงินฝากสหกรณ์ เลขที่ ${d.payTo.accountNo}` : `โอนเข้าบัญชีธนาคาร${p.bankAccount}`,
      });
    }

    out.welfareItems.push(...p.welfare);
  }
  return out;
}

type Line = Row<'collection_lines'>;

function emitCollections(
  p: MemberPlan,
  cal: Calendar,
  years: YearTables,
  out: FinanceData,
  receiptNo: (prefix: string, ym: number) => string,
): void {
  const { rng } = p;
  const loans = [...p.loans].sort((a, b) => (a.contractNo < b.contractNo ? -1 : 1));
  // Every line object has the same shape (spreading them is slow at this volume).
  const line = (
    item_code: string,
    description: string,
    amount: number,
    contract_no: string | null = null,
    period: number | null = null,
    principal = 0,
    interest = 0,
  ): Line => ({
    collection_id: 0,
    seq: 0,
    item_code,
    description,
    contract_no,
    period,
    principal_satang: principal,
    interest_satang: interest,
    amount_satang: amount,
  });

  const push = (kind: 'kep' | 'crem', ym: number, lines: Line[], status: Status | 'bill') => {
    if (!lines.length) return;
    const billed = lines.reduce((sum, l) => sum + l.amount_satang, 0);
    let collected = billed;
    if (status === 'bill' || status === 'failed') collected = 0;
    else if (status === 'partial') {
      // The payroll could not cover the deposit and other items, or else half of the bill.
      const optional = lines
        .filter((l) => l.item_code === 'deposit' || l.item_code === 'other')
        .reduce((sum, l) => sum + l.amount_satang, 0);
      collected =
        optional > 0 && optional < billed ? billed - optional : billed - Math.max(1, Math.floor(billed / 200) * 100);
    }
    const id = out.collections.length + 1;
    const posted = status !== 'bill';
    // A month the payroll could not collect at all was posted but received nothing: no receipt.
    const receipted = posted && collected > 0;
    out.collections.push({
      id,
      membership_no: p.m.membership_no,
      kind,
      year: yearOf(ym),
      month: monthOf(ym),
      billed_satang: billed,
      collected_satang: collected,
      posted: posted ? 1 : 0,
      receipt_no: receipted ? receiptNo(kind === 'kep' ? 'R' : 'C', ym) : null,
      receipt_date: receipted ? lastDayOf(ym) : null,
    });
    lines.forEach((l, i) => {
      l.collection_id = id;
      l.seq = i + 1;
      out.collectionLines.push(l);
    });
  };

  const from = Math.max(cal.kepFrom, p.approveYm + 1);
  for (let ym = from; ym <= cal.current; ym++) {
    const isBill = ym === cal.current;
    const status: Status | 'bill' = isBill ? 'bill' : (p.status.get(ym) ?? 'full');
    const lines: Line[] = [];

    const share = isBill
      ? p.shares.suspended
        ? undefined
        : { period: p.shares.lastPeriod + 1, amount: p.shares.monthly }
      : p.shares.monthlyByYm.get(ym);
    if (share) lines.push(line('share', 'ค่าหุ้นรายเดือน', share.amount, null, share.period));

    for (const loan of loans) {
      let due: { period: number; principal: number; interest: number } | undefined;
      if (isBill) due = loan.balance > 0 ? nextInstalment(loan) : undefined;
      else due = loan.dueByYm.get(ym);
      if (!due) continue;
      lines.push(
        line(
          'loan',
          LOAN_TYPES[loan.kind].name,
          due.principal + due.interest,
          loan.contractNo,
          due.period,
          due.principal,
          due.interest,
        ),
      );
    }

    for (const d of p.deposits) {
      if (d.monthly > 0 && ym >= d.monthlyFrom)
        lines.push(line('deposit', `ฝากเงินรายเดือน บัญชี ${d.accountNo}`, d.monthly));
    }

    if (p.role !== 'sharesOnly' && rng.chance(0.04)) {
      const fee = rng.pick([
        ['ค่าธรรมเนียมออกบัตรสมาชิกใหม่', 100_00],
        ['ค่าธรรมเนียมคัดสำเนาเอกสาร', 50_00],
        ['ค่าธรรมเนียมโอนเงินต่างธนาคาร', 25_00],
      ] as const);
      lines.push(line('other', fee[0], fee[1]));
    }
    push('kep', ym, lines, status);

    if (p.crem) {
      const crem: Line[] = [line('crem', 'ค่าบำรุงสมาคมฌาปนกิจ', 20_00)];
      for (const name of years.deaths.get(ym) ?? []) crem.push(line('crem', `เงินสงเคราะห์ศพ (ราย ${name})`, 20_00));
      // The association's deduction fails with the cooperative's; it is never split.
      push('crem', ym, crem, status === 'partial' ? 'full' : status);
    }
  }
}
