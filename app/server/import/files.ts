/**
 * The import's CSV files and their columns (documented in docs/import.md; a test keeps the two in
 * step). One zod schema per file turns a row of cell texts into the values stored in our schema
 * (app/server/db/schema.ts). Cross-row and cross-file rules live in import.server.ts.
 */
import * as z from 'zod';

import {
  date,
  email,
  flag,
  integer,
  membershipNo,
  money,
  nationalId,
  oneOf,
  optional,
  rate,
  required,
  text,
  year,
  type Cell,
} from './fields';

/** An identifier that appears in a member page's address: no white space, no `/ ? # % \`. */
function code(max: number) {
  const base = text(max);
  return (raw: string) => {
    const r = base(raw);
    if (r.ok && /[\s/?#%\\]/.test(r.value)) {
      return { ok: false as const, message: 'ห้ามมีช่องว่างหรืออักขระ / ? # % \\' };
    }
    return r;
  };
}

const NAME = 100;
const LINE = 200;
const LONG = 500;
const PERIOD_MAX = 9_999;

const memberNo = required(membershipNo);
const amount = required(money(false));
const signedAmount = required(money(true));
const amountOr0 = optional(money(false), 0);
const signedOr0 = optional(money(true), 0);
const flagOr0 = optional(flag, 0 as const);
const period = optional(integer(0, PERIOD_MAX), null);
const seq = optional(integer(1, PERIOD_MAX), null);

/** Columns of a file: each is a schema from the cell's text; required columns must be in the header. */
type Columns = Record<string, Cell<unknown>>;

function columns<C extends Columns>(c: C) {
  return c;
}

export const MEMBERS = columns({
  membership_no: memberNo,
  prename: required(text(50)),
  first_name: required(text(NAME)),
  last_name: required(text(NAME)),
  id_card: required(nationalId),
  sex: required(oneOf(['M', 'F'] as const)),
  birth_date: required(date),
  approve_date: required(date),
  member_group_no: required(text(30)),
  member_group_name: required(text(LINE)),
  position_name: optional(text(LINE), null),
  salary: amount,
  address: optional(text(LONG), ''),
  phone: optional(text(30), null),
  email: optional(email, null),
  status_code: optional(oneOf(['0', '3'] as const), '0' as const),
});

export const SHARES = columns({
  membership_no: memberNo,
  capital: amount,
  monthly_amount: amount,
  last_period: required(integer(0, PERIOD_MAX)),
  suspended: flagOr0,
});

export const SHARE_STATEMENTS = columns({
  membership_no: memberNo,
  date: required(date),
  period,
  description: required(text(LINE)),
  amount: signedAmount,
  balance: amount,
});

export const LOANS = columns({
  contract_no: required(code(30)),
  membership_no: memberNo,
  loan_type: required(text(NAME)),
  approved: amount,
  balance: amount,
  start_date: required(date),
  instalment: amount,
  periods: required(integer(1, PERIOD_MAX)),
  last_period: optional(integer(0, PERIOD_MAX), 0),
  interest_rate: required(rate),
  interest_arrear: amountOr0,
});

export const LOAN_STATEMENTS = columns({
  contract_no: required(code(30)),
  date: required(date),
  period,
  description: required(text(LINE)),
  principal: signedAmount,
  interest: signedOr0,
  balance: amount,
});

export const LOAN_COLLATERAL = columns({
  contract_no: required(code(30)),
  kind: required(oneOf(['member', 'asset'] as const)),
  guarantor_no: optional(membershipNo, null),
  description: required(text(LONG)),
  amount,
});

export const DEPOSITS = columns({
  account_no: required(code(30)),
  membership_no: memberNo,
  type_code: required(text(10)),
  type_name: required(text(NAME)),
  account_name: required(text(LINE)),
  balance: amount,
  accrued_interest: amountOr0,
  held: amountOr0,
  opened_date: required(date),
});

export const DEPOSIT_STATEMENTS = columns({
  account_no: required(code(30)),
  date: required(date),
  seq,
  description: required(text(LINE)),
  amount: signedAmount,
  balance: amount,
});

const collectionKey = {
  membership_no: memberNo,
  kind: required(oneOf(['kep', 'crem'] as const)),
  year: required(year),
  month: required(integer(1, 12)),
};

export const COLLECTIONS = columns({
  ...collectionKey,
  billed: amount,
  collected: amountOr0,
  posted: required(flag),
  receipt_no: optional(text(30), null),
  receipt_date: optional(date, null),
});

export const COLLECTION_LINES = columns({
  ...collectionKey,
  seq,
  item_code: required(oneOf(['share', 'loan', 'deposit', 'crem', 'other'] as const)),
  description: required(text(LINE)),
  contract_no: optional(text(30), null),
  period,
  principal: signedOr0,
  interest: signedOr0,
  amount: signedAmount,
});

export const BENEFICIARIES = columns({
  membership_no: memberNo,
  seq,
  name: required(text(LINE)),
  relationship: required(text(NAME)),
});

export const DIVIDENDS = columns({
  membership_no: memberNo,
  year: required(year),
  dividend_rate: required(rate),
  dividend: amount,
  dividend_withheld: flagOr0,
  average_return_rate: required(rate),
  average_return: amount,
  average_return_withheld: flagOr0,
  interest_paid: amountOr0,
  payout_method: optional(text(LONG), ''),
});

export const WELFARE = columns({
  membership_no: memberNo,
  tab: required(oneOf(['received', 'eligible'] as const)),
  kind: required(text(NAME)),
  description: required(text(LONG)),
  date: optional(date, null),
  amount,
});

/** Row rules that need several columns of the same row. */
const collateralRule = (row: { kind: 'member' | 'asset'; guarantor_no: string | null }, ctx: z.RefinementCtx) => {
  if (row.kind === 'member' && !row.guarantor_no) {
    ctx.addIssue({ code: 'custom', path: ['guarantor_no'], message: 'kind=member ต้องระบุเลขสมาชิกผู้ค้ำประกัน' });
  }
  if (row.kind === 'asset' && row.guarantor_no) {
    ctx.addIssue({ code: 'custom', path: ['guarantor_no'], message: 'kind=asset ต้องเว้นว่าง (ใช้กับ kind=member)' });
  }
};

const collectionRule = (row: { posted: 0 | 1; receipt_no: string | null; collected: number }, ctx: z.RefinementCtx) => {
  if (row.posted === 0 && row.collected !== 0) {
    ctx.addIssue({ code: 'custom', path: ['collected'], message: 'ยังไม่ผ่านรายการ (posted=0) ต้องเป็น 0' });
  }
};

/** Every file the import reads, in loading order. `head`: the file a detail file's rows belong to. */
export const FILES = {
  'members.csv': { schema: z.object(MEMBERS), columns: MEMBERS, head: null },
  'shares.csv': { schema: z.object(SHARES), columns: SHARES, head: null },
  'share_statements.csv': { schema: z.object(SHARE_STATEMENTS), columns: SHARE_STATEMENTS, head: 'shares.csv' },
  'loans.csv': { schema: z.object(LOANS), columns: LOANS, head: null },
  'loan_statements.csv': { schema: z.object(LOAN_STATEMENTS), columns: LOAN_STATEMENTS, head: 'loans.csv' },
  'loan_collateral.csv': {
    schema: z.object(LOAN_COLLATERAL).superRefine(collateralRule),
    columns: LOAN_COLLATERAL,
    head: 'loans.csv',
  },
  'deposits.csv': { schema: z.object(DEPOSITS), columns: DEPOSITS, head: null },
  'deposit_statements.csv': {
    schema: z.object(DEPOSIT_STATEMENTS),
    columns: DEPOSIT_STATEMENTS,
    head: 'deposits.csv',
  },
  'collections.csv': {
    schema: z.object(COLLECTIONS).superRefine(collectionRule),
    columns: COLLECTIONS,
    head: null,
  },
  'collection_lines.csv': { schema: z.object(COLLECTION_LINES), columns: COLLECTION_LINES, head: 'collections.csv' },
  'beneficiaries.csv': { schema: z.object(BENEFICIARIES), columns: BENEFICIARIES, head: null },
  'dividends.csv': { schema: z.object(DIVIDENDS), columns: DIVIDENDS, head: null },
  'welfare.csv': { schema: z.object(WELFARE), columns: WELFARE, head: null },
} as const;

export type FileName = keyof typeof FILES;
export const FILE_NAMES = Object.keys(FILES) as FileName[];
export type RowOf<F extends FileName> = z.output<(typeof FILES)[F]['schema']>;

/** Whether a column must appear in the file's header (its cells may not be empty). */
export function isRequiredColumn(schema: Cell<unknown>): boolean {
  return !schema.safeParse('').success;
}

export const isFileName = (name: string): name is FileName => Object.hasOwn(FILES, name);
