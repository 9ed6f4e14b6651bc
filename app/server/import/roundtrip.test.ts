/**
 * The demo generator's members written out as import CSV files and loaded back: every area a member
 * page reads arrives unchanged, and realistic data (brought-forward rows, resigned members, members
 * guaranteeing each other, partial collections) passes every cross-file check.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { migrate, openDb, type Db } from '../db/index.server';
import { buildDemoData, type DemoData } from '../seed/demo.server';
import { importFolder } from './import.server';
import { removeFolders, snapshot, writeFolder } from './test-support';

type Value = string | number | null | undefined;

function cell(value: Value): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csv(header: string[], rows: Value[][]): string {
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** Integer satang → `-1234.05`, as an export from a core system would write it. */
function baht(satang: number): string {
  const abs = Math.abs(satang);
  return `${satang < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A statement row: its date, description, amount and the balance after it. */
type StatementRow = { op_date: string; description: string; amount_satang: number; balance_satang: number };

/**
 * A statement file (shares and deposits have the same layout): whose statement it is (column `key`),
 * the date, the row's number (column `no`), the description, the amount and the balance.
 */
function statementCsv<R extends StatementRow>(
  key: string,
  no: string,
  rows: R[],
  ownerAndNo: (row: R) => [string, Value],
) {
  return csv(
    [key, 'date', no, 'description', 'amount', 'balance'],
    rows.map((row) => {
      const [owner, number] = ownerAndNo(row);
      return [owner, row.op_date, number, row.description, baht(row.amount_satang), baht(row.balance_satang)];
    }),
  );
}

/** The demo members as the import's CSV files. */
function toCsv(data: DemoData): Record<string, string> {
  const f = data.finance;
  const collectionOf = new Map(f.collections.map((c) => [c.id, c]));
  return {
    'members.csv': csv(
      [
        'membership_no',
        'prename',
        'first_name',
        'last_name',
        'id_card',
        'sex',
        'birth_date',
        'approve_date',
        'member_group_no',
        'member_group_name',
        'position_name',
        'salary',
        'address',
        'phone',
        'email',
        'status_code',
      ],
      data.members.map((m) => [
        m.membership_no,
        m.prename,
        m.first_name,
        m.last_name,
        m.id_card,
        m.sex,
        m.birth_date,
        m.approve_date,
        m.member_group_no,
        m.member_group_name,
        m.position_name,
        baht(m.salary_satang),
        m.address,
        m.phone,
        m.email,
        m.status_code,
      ]),
    ),
    'shares.csv': csv(
      ['membership_no', 'capital', 'monthly_amount', 'last_period', 'suspended'],
      f.shareAccounts.map((s) => [
        s.membership_no,
        baht(s.capital_satang),
        baht(s.monthly_satang),
        s.last_period,
        s.suspended,
      ]),
    ),
    'share_statements.csv': statementCsv('membership_no', 'period', f.shareStatements, (s) => [
      s.membership_no,
      s.period,
    ]),
    'loans.csv': csv(
      [
        'contract_no',
        'membership_no',
        'loan_type',
        'approved',
        'balance',
        'start_date',
        'instalment',
        'periods',
        'last_period',
        'interest_rate',
        'interest_arrear',
      ],
      f.loans.map((l) => [
        l.contract_no,
        l.membership_no,
        l.loan_type,
        baht(l.approved_satang),
        baht(l.balance_satang),
        l.start_date,
        baht(l.instalment_satang),
        l.periods,
        l.last_period,
        l.interest_rate,
        baht(l.interest_arrear_satang ?? 0),
      ]),
    ),
    'loan_statements.csv': csv(
      ['contract_no', 'date', 'period', 'description', 'principal', 'interest', 'balance'],
      f.loanStatements.map((s) => [
        s.contract_no,
        s.op_date,
        s.period,
        s.item,
        baht(s.principal_satang),
        baht(s.interest_satang),
        baht(s.balance_satang),
      ]),
    ),
    'loan_collateral.csv': csv(
      ['contract_no', 'kind', 'guarantor_no', 'description', 'amount'],
      f.loanCollateral.map((c) => [c.contract_no, c.kind, c.guarantor_no, c.description, baht(c.amount_satang)]),
    ),
    'deposits.csv': csv(
      [
        'account_no',
        'membership_no',
        'type_code',
        'type_name',
        'account_name',
        'balance',
        'accrued_interest',
        'held',
        'opened_date',
      ],
      f.depositAccounts.map((d) => [
        d.account_no,
        d.membership_no,
        d.type_code,
        d.type_name,
        d.account_name,
        baht(d.balance_satang),
        baht(d.accrued_interest_satang),
        baht(d.held_satang ?? 0),
        d.opened_date,
      ]),
    ),
    'deposit_statements.csv': statementCsv('account_no', 'seq', f.depositStatements, (s) => [s.account_no, s.seq]),
    'collections.csv': csv(
      ['membership_no', 'kind', 'year', 'month', 'billed', 'collected', 'posted', 'receipt_no', 'receipt_date'],
      f.collections.map((c) => [
        c.membership_no,
        c.kind,
        c.year,
        c.month,
        baht(c.billed_satang),
        baht(c.collected_satang),
        c.posted,
        c.receipt_no,
        c.receipt_date,
      ]),
    ),
    'collection_lines.csv': csv(
      [
        'membership_no',
        'kind',
        'year',
        'month',
        'seq',
        'item_code',
        'description',
        'contract_no',
        'period',
        'principal',
        'interest',
        'amount',
      ],
      f.collectionLines.map((l) => {
        const c = collectionOf.get(Number(l.collection_id));
        return [
          c?.membership_no,
          c?.kind,
          c?.year,
          c?.month,
          l.seq,
          l.item_code,
          l.description,
          l.contract_no,
          l.period,
          baht(l.principal_satang),
          baht(l.interest_satang),
          baht(l.amount_satang),
        ];
      }),
    ),
    'beneficiaries.csv': csv(
      ['membership_no', 'seq', 'name', 'relationship'],
      f.beneficiaries.map((b) => [b.membership_no, b.seq, b.name, b.relationship]),
    ),
    'dividends.csv': csv(
      [
        'membership_no',
        'year',
        'dividend_rate',
        'dividend',
        'dividend_withheld',
        'average_return_rate',
        'average_return',
        'average_return_withheld',
        'interest_paid',
        'payout_method',
      ],
      f.dividends.map((d) => [
        d.membership_no,
        d.year,
        d.dividend_rate,
        baht(d.dividend_satang),
        d.dividend_withheld,
        d.average_return_rate,
        baht(d.average_return_satang),
        d.average_return_withheld,
        baht(d.interest_paid_satang),
        d.payout_method,
      ]),
    ),
    'welfare.csv': csv(
      ['membership_no', 'tab', 'kind', 'description', 'date', 'amount'],
      f.welfareItems.map((w) => [w.membership_no, w.tab, w.kind, w.description, w.item_date, baht(w.amount_satang)]),
    ),
  };
}

/** Stable sort by a text key (rows of one key keep their file order, as ids do). */
const by = <T>(rows: readonly T[], key: (row: T) => string): T[] =>
  rows
    .map((row, i) => ({ row, i, k: key(row) }))
    .sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : a.i - b.i))
    .map((x) => x.row);

const pad = (n: number) => String(n).padStart(4, '0');

describe('demo members exported to CSV and imported again', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-import-rt-'));
  let db: Db;
  const data = buildDemoData({ members: 60, now: new Date('2025-06-15T05:00:00Z') });
  const nos = data.members.map((m) => m.membership_no);

  beforeAll(async () => {
    db = openDb({ dataDir });
    await migrate(db);
  });

  afterAll(async () => {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
    removeFolders();
  });

  it('loads every member without a problem and every row as generated', async () => {
    const f = data.finance;
    // The sample has what makes the checks interesting.
    expect(f.loanCollateral.some((c) => c.guarantor_no)).toBe(true);
    expect(data.members.some((m) => m.status_code === '3')).toBe(true);
    expect(f.collections.some((c) => c.posted === 1 && c.collected_satang < c.billed_satang)).toBe(true);

    const result = await importFolder(db, writeFolder(toCsv(data)));
    expect(result.fileProblems).toEqual([]);
    expect(result.problems).toEqual([]);
    expect(result.failed).toEqual([]);
    expect(result.loaded).toHaveLength(60);

    const got = await snapshot(db, nos);
    const collectionOf = new Map(f.collections.map((c) => [c.id, c]));
    const collectionKey = (c: { membership_no: string; kind: string; year: number; month: number }) =>
      `${c.membership_no}|${c.kind}|${pad(c.year)}|${String(c.month).padStart(2, '0')}`;
    expect(got).toEqual({
      members: by(data.members, (m) => m.membership_no),
      share_accounts: by(f.shareAccounts, (s) => s.membership_no),
      share_statements: by(f.shareStatements, (s) => s.membership_no),
      loans: by(f.loans, (l) => l.contract_no),
      loan_statements: by(f.loanStatements, (s) => s.contract_no),
      loan_collateral: by(f.loanCollateral, (c) => c.contract_no),
      deposit_accounts: by(f.depositAccounts, (d) => d.account_no),
      deposit_statements: by(f.depositStatements, (s) => s.account_no),
      collections: by(
        f.collections.map(({ id: _id, ...c }) => c),
        collectionKey,
      ),
      collection_lines: by(
        f.collectionLines.map(({ collection_id, ...l }) => {
          const c = collectionOf.get(Number(collection_id));
          return { membership_no: c?.membership_no, kind: c?.kind, year: c?.year, month: c?.month, ...l };
        }),
        (l) => `${collectionKey(l as Parameters<typeof collectionKey>[0])}|${pad(l.seq)}`,
      ),
      beneficiaries: by(f.beneficiaries, (b) => `${b.membership_no}|${pad(b.seq)}`),
      dividends: by(f.dividends, (d) => `${d.membership_no}|${d.year}`),
      welfare_items: by(f.welfareItems, (w) => w.membership_no),
    });
  });
});
