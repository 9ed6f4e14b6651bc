/**
 * Helpers for the import's tests: temporary folders of CSV files, variants of the documented example
 * with other numbers, and a snapshot of everything the import writes for some members (surrogate ids
 * left out, so two snapshots compare by value).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Db } from '../db/index.server';
import { thaiIdCheckDigit } from '~/lib/forms/identity';

export const EXAMPLE_DIR = fileURLToPath(new URL('../../../docs/import-example', import.meta.url));

/** A Thai national ID with a valid check digit. */
export function idCard(first12: string): string {
  return first12 + String(thaiIdCheckDigit(first12));
}

/** The example's files as text (without the byte-order mark). */
export function exampleFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of fs.readdirSync(EXAMPLE_DIR)) {
    files[name] = fs.readFileSync(path.join(EXAMPLE_DIR, name), 'utf8').replace(/^\uFEFF/, '');
  }
  return files;
}

/** The ID cards of the two members of `exampleVariant(tag)`. */
export function variantIdCards(tag: number): [string, string] {
  return [idCard(`17${tag}990012345`), idCard(`37${tag}050067890`)];
}

/**
 * The example with its members, ID cards, contract and accounts renumbered by `tag` (1–9), so it
 * can be loaded next to the original: members 9t0001 and 9t0002.
 */
export function exampleVariant(tag: number): Record<string, string> {
  const swaps: [string, string][] = [
    ['900001', `9${tag}0001`],
    ['900002', `9${tag}0002`],
    ['1-5099-00123-45-3', variantIdCards(tag)[0]],
    ['3820500678909', variantIdCards(tag)[1]],
    ['ส6700123', `ส67${tag}0123`],
    ['0011234567', `0${tag}91234567`],
    ['0021234568', `0${tag}92234568`],
  ];
  const files = exampleFiles();
  for (const name of Object.keys(files)) {
    for (const [from, to] of swaps) files[name] = (files[name] ?? '').split(from).join(to);
  }
  return files;
}

const dirs: string[] = [];

/** Writes the files into a new temporary folder (UTF-8 with a byte-order mark, CRLF kept as given). */
export function writeFolder(files: Record<string, string>, bom = true): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-import-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, name), (bom ? '\uFEFF' : '') + content);
  }
  return dir;
}

export function removeFolders(): void {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** Replaces one line (1-based, header = 1) of a CSV text. */
export function withLine(csv: string, line: number, replace: (text: string) => string): string {
  const lines = csv.split(/\r?\n/);
  lines[line - 1] = replace(lines[line - 1] ?? '');
  return lines.join('\n');
}

/** Everything the import writes for these members, in a stable order, without surrogate ids. */
export async function snapshot(db: Db, members: string[]) {
  const loans = db.selectFrom('loans').select('contract_no').where('membership_no', 'in', members);
  const accounts = db.selectFrom('deposit_accounts').select('account_no').where('membership_no', 'in', members);
  return {
    members: await db
      .selectFrom('members')
      .selectAll()
      .where('membership_no', 'in', members)
      .orderBy('membership_no')
      .execute(),
    share_accounts: await db
      .selectFrom('share_accounts')
      .selectAll()
      .where('membership_no', 'in', members)
      .orderBy('membership_no')
      .execute(),
    share_statements: await db
      .selectFrom('share_statements')
      .select(['membership_no', 'op_date', 'period', 'description', 'amount_satang', 'balance_satang'])
      .where('membership_no', 'in', members)
      .orderBy('membership_no')
      .orderBy('id')
      .execute(),
    loans: await db
      .selectFrom('loans')
      .selectAll()
      .where('membership_no', 'in', members)
      .orderBy('contract_no')
      .execute(),
    loan_statements: await db
      .selectFrom('loan_statements')
      .select(['contract_no', 'op_date', 'period', 'item', 'principal_satang', 'interest_satang', 'balance_satang'])
      .where('contract_no', 'in', loans)
      .orderBy('contract_no')
      .orderBy('id')
      .execute(),
    loan_collateral: await db
      .selectFrom('loan_collateral')
      .select(['contract_no', 'kind', 'guarantor_no', 'description', 'amount_satang'])
      .where('contract_no', 'in', loans)
      .orderBy('contract_no')
      .orderBy('id')
      .execute(),
    deposit_accounts: await db
      .selectFrom('deposit_accounts')
      .selectAll()
      .where('membership_no', 'in', members)
      .orderBy('account_no')
      .execute(),
    deposit_statements: await db
      .selectFrom('deposit_statements')
      .select(['account_no', 'op_date', 'seq', 'description', 'amount_satang', 'balance_satang'])
      .where('account_no', 'in', accounts)
      .orderBy('account_no')
      .orderBy('id')
      .execute(),
    collections: await db
      .selectFrom('collections')
      .select([
        'membership_no',
        'kind',
        'year',
        'month',
        'billed_satang',
        'collected_satang',
        'posted',
        'receipt_no',
        'receipt_date',
      ])
      .where('membership_no', 'in', members)
      .orderBy('membership_no')
      .orderBy('kind')
      .orderBy('year')
      .orderBy('month')
      .execute(),
    collection_lines: await db
      .selectFrom('collection_lines as l')
      .innerJoin('collections as c', 'c.id', 'l.collection_id')
      .select([
        'c.membership_no',
        'c.kind',
        'c.year',
        'c.month',
        'l.seq',
        'l.item_code',
        'l.description',
        'l.contract_no',
        'l.period',
        'l.principal_satang',
        'l.interest_satang',
        'l.amount_satang',
      ])
      .where('c.membership_no', 'in', members)
      .orderBy('c.membership_no')
      .orderBy('c.kind')
      .orderBy('c.year')
      .orderBy('c.month')
      .orderBy('l.seq')
      .execute(),
    beneficiaries: await db
      .selectFrom('beneficiaries')
      .select(['membership_no', 'seq', 'name', 'relationship'])
      .where('membership_no', 'in', members)
      .orderBy('membership_no')
      .orderBy('seq')
      .execute(),
    dividends: await db
      .selectFrom('dividends')
      .selectAll()
      .where('membership_no', 'in', members)
      .orderBy('membership_no')
      .orderBy('year')
      .execute(),
    welfare_items: await db
      .selectFrom('welfare_items')
      .select(['membership_no', 'tab', 'kind', 'description', 'item_date', 'amount_satang'])
      .where('membership_no', 'in', members)
      .orderBy('membership_no')
      .orderBy('id')
      .execute(),
  };
}
