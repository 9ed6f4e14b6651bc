/**
 * The CSV import (docs/import.md, ADR 015): reads one folder of CSV files, validates every row, checks
 * the files against each other and against the store, then loads each member that has no problem in
 * one transaction of its own, replacing that member's rows in the areas whose files are present.
 * The same Kysely code runs on SQLite and PostgreSQL. App state (credentials, sessions, terms, photos,
 * audit, rate limits, tokens) is never touched, so a member loaded again keeps their login.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { Insertable, Transaction } from 'kysely';

import type { Db } from '../db/index.server';
import type { Database } from '../db/schema';
import { decodeUtf8, parseCsv, CSV_MESSAGES } from './csv';
import { baht, membershipNo, text } from './fields';
import { FILE_NAMES, FILES, isFileName, isRequiredColumn, type FileName, type RowOf } from './files';

// ---------------------------------------------------------------------------------------------
// Results

/** A problem in a row (or, for a whole file, at the line where it was found). */
export interface Problem {
  file: FileName;
  line: number;
  /** The column, when the problem is one cell's. */
  column: string | null;
  message: string;
  /** The member this problem keeps out of the store; null when the row cannot be tied to a member. */
  member: string | null;
}

/** Tables the import writes, in the order they are reported. */
export const IMPORT_TABLES = [
  'members',
  'share_accounts',
  'share_statements',
  'loans',
  'loan_statements',
  'loan_collateral',
  'deposit_accounts',
  'deposit_statements',
  'collections',
  'collection_lines',
  'beneficiaries',
  'dividends',
  'welfare_items',
] as const satisfies readonly (keyof Database)[];
export type ImportTable = (typeof IMPORT_TABLES)[number];

export interface ImportResult {
  dryRun: boolean;
  /** Problems that make a whole file unreadable (encoding, quoting, header): then nothing is loaded. */
  fileProblems: Problem[];
  /** Problems in rows, in file order then line order. */
  problems: Problem[];
  /** Members loaded (in a dry run: that would be loaded), in loading order. */
  loaded: string[];
  /** Members not loaded because of a problem, in number order. */
  refused: string[];
  /** Members whose transaction failed in the database (rolled back, nothing of them written). */
  failed: { member: string; message: string }[];
  /** Rows written (in a dry run: that would be written) per table. */
  rows: Partial<Record<ImportTable, number>>;
}

/** A wrong command line or folder (exit code 2): nothing was read from the store. */
export class ImportUsageError extends Error {
  override name = 'ImportUsageError';
}

export const IMPORT_MESSAGES = {
  noFolder: (dir: string) => `ไม่พบโฟลเดอร์ ${dir} / folder not found`,
  noMembers: 'ไม่มีไฟล์ members.csv ในโฟลเดอร์ (ต้องมีเสมอ) / members.csv is required',
  unknownFile: (name: string) => `ไม่รู้จักไฟล์ ${name} / unknown file. ไฟล์ที่รู้จัก / known files: ${FILE_NAMES.join(', ')}`,
  sameName: (a: string, b: string) => `${a} และ ${b} ชื่อซ้ำกัน (ไม่สนตัวพิมพ์) / the same file twice`,
  needsHead: (detail: string, head: string) => `${detail} ต้องมาพร้อมกับ ${head} / ${detail} needs ${head}`,
  emptyFile: 'ไฟล์ว่าง: บรรทัดแรกต้องเป็นหัวตาราง (ชื่อคอลัมน์)',
  unknownColumn: (known: string[]) => `ไม่รู้จักคอลัมน์นี้ (คอลัมน์ที่รู้จัก: ${known.join(', ')})`,
  duplicateColumn: 'คอลัมน์ซ้ำในหัวตาราง',
  missingColumn: 'ไม่มีคอลัมน์นี้ในหัวตาราง (ต้องมี)',
  fieldCount: (found: number, expected: number) => `มี ${found} ช่อง แต่หัวตารางมี ${expected} ช่อง`,
  duplicate: (what: string, line: number) => `${what} ซ้ำกับบรรทัด ${line}`,
  noMember: (no: string) => `ไม่พบสมาชิก ${no} ใน members.csv หรือในฐานข้อมูล`,
  noHead: (key: string, head: FileName) => `ไม่พบ ${key} ใน ${head}`,
  noShareAccount: 'สมาชิกนี้ไม่มีแถวใน shares.csv',
  idCardTaken: (other: string) => `เลขประจำตัวประชาชนนี้เป็นของสมาชิก ${other} ในฐานข้อมูลแล้ว`,
  idCardInFile: (line: number) => `เลขประจำตัวประชาชนซ้ำกับบรรทัด ${line}`,
  ownedByOther: (other: string) => `เป็นของสมาชิก ${other} ในฐานข้อมูล`,
  dateOrder: (line: number) => `วันที่ก่อนแถวก่อนหน้าของรายการเดียวกัน (บรรทัด ${line}): เรียงจากเก่าไปใหม่`,
  running: (balance: number, prev: number, prevLine: number, amount: number) =>
    `${baht(balance)} ไม่เท่ากับยอดคงเหลือบรรทัด ${prevLine} (${baht(prev)}) + amount (${baht(amount)}) = ${baht(prev + amount)}`,
  loanRunning: (balance: number, prev: number, prevLine: number, principal: number) =>
    `${baht(balance)} ไม่เท่ากับยอดคงเหลือบรรทัด ${prevLine} (${baht(prev)}) ± principal (${baht(principal)})`,
  lastBalance: (summary: number, file: FileName, line: number, last: number) =>
    `${baht(summary)} ไม่ตรงกับยอดคงเหลือแถวสุดท้ายใน ${file} (บรรทัด ${line}): ${baht(last)}`,
  billed: (billed: number, sum: number) =>
    `${baht(billed)} ไม่ตรงกับผลรวม amount ของรายการใน collection_lines.csv: ${baht(sum)}`,
  guarantorMissing: (no: string) => `ไม่พบผู้ค้ำประกัน ${no} ใน members.csv หรือในฐานข้อมูล`,
  guarantorRefused: (no: string) => `ผู้ค้ำประกัน ${no} ไม่ถูกนำเข้า (ดูปัญหาของสมาชิก ${no}) และยังไม่มีในฐานข้อมูล`,
  guarantorFailed: (no: string) => `ผู้ค้ำประกัน ${no} บันทึกไม่สำเร็จ`,
} as const;

// ---------------------------------------------------------------------------------------------
// Reading the folder and the files

/** The CSV files of a folder by their known names; throws ImportUsageError for a wrong folder. */
export function readImportFolder(dir: string): Map<FileName, Uint8Array> {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    throw new ImportUsageError(IMPORT_MESSAGES.noFolder(dir));
  }
  const files = new Map<FileName, Uint8Array>();
  const seen = new Map<string, string>();
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (!entry.isFile() || !entry.name.toLowerCase().endsWith('.csv')) continue;
    const name = entry.name.toLowerCase();
    if (!isFileName(name)) throw new ImportUsageError(IMPORT_MESSAGES.unknownFile(entry.name));
    const other = seen.get(name);
    if (other) throw new ImportUsageError(IMPORT_MESSAGES.sameName(other, entry.name));
    seen.set(name, entry.name);
    files.set(name, fs.readFileSync(path.join(dir, entry.name)));
  }
  if (!files.has('members.csv')) throw new ImportUsageError(IMPORT_MESSAGES.noMembers);
  for (const name of files.keys()) {
    const head = FILES[name].head;
    if (head && !files.has(head)) throw new ImportUsageError(IMPORT_MESSAGES.needsHead(name, head));
  }
  return files;
}

/** One data row of a file: its cells by column name (absent columns are empty). */
interface RawRow {
  line: number;
  cells: Record<string, string>;
  problem: string | null;
}

/** Decode, split and map a file's rows onto its columns; file-level problems come back instead. */
export function readRows(name: FileName, bytes: Uint8Array): { rows: RawRow[] } | { problems: Problem[] } {
  const fileProblem = (line: number, message: string, column: string | null = null): Problem => ({
    file: name,
    line,
    column,
    message,
    member: null,
  });
  const text = decodeUtf8(bytes);
  if (text === null) return { problems: [fileProblem(1, CSV_MESSAGES.notUtf8)] };
  const parsed = parseCsv(text);
  if (!parsed.ok) return { problems: [fileProblem(parsed.line, parsed.message)] };
  const [header, ...records] = parsed.records;
  if (!header) return { problems: [fileProblem(1, IMPORT_MESSAGES.emptyFile)] };

  const columns = FILES[name].columns as Record<string, Parameters<typeof isRequiredColumn>[0]>;
  const known = Object.keys(columns);
  const names = header.fields.map((f) => f.trim().toLowerCase());
  const problems: Problem[] = [];
  names.forEach((n, i) => {
    if (!known.includes(n)) problems.push(fileProblem(header.line, IMPORT_MESSAGES.unknownColumn(known), n || '""'));
    else if (names.indexOf(n) !== i) problems.push(fileProblem(header.line, IMPORT_MESSAGES.duplicateColumn, n));
  });
  for (const [column, schema] of Object.entries(columns)) {
    if (!names.includes(column) && isRequiredColumn(schema)) {
      problems.push(fileProblem(header.line, IMPORT_MESSAGES.missingColumn, column));
    }
  }
  if (problems.length) return { problems };

  const rows: RawRow[] = [];
  for (const record of records) {
    // Spreadsheets write rows of empty cells (",,,,") below the data: not rows.
    if (record.fields.every((f) => f.trim() === '')) continue;
    const cells: Record<string, string> = Object.fromEntries(known.map((k) => [k, '']));
    names.forEach((n, i) => (cells[n] = record.fields[i] ?? ''));
    const problem =
      record.problem ??
      (record.fields.length !== names.length ? IMPORT_MESSAGES.fieldCount(record.fields.length, names.length) : null);
    rows.push({ line: record.line, cells, problem });
  }
  return { rows };
}

// ---------------------------------------------------------------------------------------------
// What one member brings

interface Rec<T> {
  file: FileName;
  line: number;
  row: T;
}

interface LoanGroup {
  head: Rec<RowOf<'loans.csv'>>;
  statements: Rec<RowOf<'loan_statements.csv'>>[];
  collateral: Rec<RowOf<'loan_collateral.csv'>>[];
}

interface DepositGroup {
  head: Rec<RowOf<'deposits.csv'>>;
  statements: Rec<RowOf<'deposit_statements.csv'> & { seq: number }>[];
}

interface CollectionGroup {
  head: Rec<RowOf<'collections.csv'>>;
  lines: Rec<RowOf<'collection_lines.csv'> & { seq: number }>[];
}

/** Everything of one member in this import. */
interface Bundle {
  no: string;
  /** Where the member first appears, for "member not found". */
  first: { file: FileName; line: number };
  member: Rec<RowOf<'members.csv'>> | null;
  share: Rec<RowOf<'shares.csv'>> | null;
  shareStatements: Rec<RowOf<'share_statements.csv'>>[];
  loans: LoanGroup[];
  deposits: DepositGroup[];
  collections: CollectionGroup[];
  beneficiaries: Rec<RowOf<'beneficiaries.csv'> & { seq: number }>[];
  dividends: Rec<RowOf<'dividends.csv'>>[];
  welfare: Rec<RowOf<'welfare.csv'>>[];
}

/** Where a head row (a loan, an account, a billing month) is: its owner and its group, if valid. */
interface HeadEntry<G> {
  owner: string | null;
  line: number;
  group: G | null;
}

const CHUNK = 500;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The key text of a contract or account cell, as the schema would clean it. */
function keyOf(raw: string | undefined): string {
  const r = text(100)(raw?.trim() ?? '');
  return r.ok ? r.value : (raw ?? '').trim();
}

// ---------------------------------------------------------------------------------------------
// Validation

interface Plan {
  bundles: Map<string, Bundle>;
  problems: Problem[];
  refused: Set<string>;
  present: Set<FileName>;
  inStore: Set<string>;
  /** members.csv rows that are valid, by number (possible guarantors). */
  listed: Map<string, Rec<RowOf<'members.csv'>>>;
}

async function plan(db: Db, files: Map<FileName, RawRow[]>): Promise<Plan> {
  const problems: Problem[] = [];
  const refused = new Set<string>();
  const bundles = new Map<string, Bundle>();
  /** Owners with any row (valid or not) in a file. */
  const seenIn = new Map<FileName, Set<string>>(FILE_NAMES.map((f) => [f, new Set<string>()]));

  const report = (file: FileName, line: number, column: string | null, message: string, member: string | null) => {
    problems.push({ file, line, column, message, member });
    if (member) refused.add(member);
  };

  const bundleOf = (no: string, file: FileName, line: number): Bundle => {
    let b = bundles.get(no);
    if (!b) {
      b = {
        no,
        first: { file, line },
        member: null,
        share: null,
        shareStatements: [],
        loans: [],
        deposits: [],
        collections: [],
        beneficiaries: [],
        dividends: [],
        welfare: [],
      };
      bundles.set(no, b);
    }
    return b;
  };

  /**
   * Validate the rows of a file. `ownerOf` ties a raw row to its member (before validation, so a bad
   * row still keeps its member out); `accept` files the valid row.
   */
  function each<F extends FileName>(
    file: F,
    ownerOf: (cells: Record<string, string>, line: number) => string | null,
    accept: (rec: Rec<RowOf<F>>, owner: string) => void,
  ) {
    const schema = FILES[file].schema;
    for (const raw of files.get(file) ?? []) {
      const owner = ownerOf(raw.cells, raw.line);
      if (owner) {
        seenIn.get(file)?.add(owner);
        bundleOf(owner, file, raw.line);
      }
      if (raw.problem) {
        report(file, raw.line, null, raw.problem, owner);
        continue;
      }
      const result = schema.safeParse(raw.cells);
      if (!result.success) {
        for (const issue of result.error.issues) {
          report(file, raw.line, issue.path.map(String).join('.') || null, issue.message, owner);
        }
        continue;
      }
      if (owner) accept({ file, line: raw.line, row: result.data as RowOf<F> }, owner);
    }
  }

  const byMember = (cells: Record<string, string>): string | null => {
    const r = membershipNo(cells.membership_no?.trim() ?? '');
    return r.ok ? r.value : null;
  };

  // members.csv
  const listed = new Map<string, Rec<RowOf<'members.csv'>>>();
  const memberLines = new Map<string, number>();
  const idCards = new Map<string, { line: number; no: string }>();
  each('members.csv', byMember, (rec, no) => {
    const earlier = memberLines.get(no);
    if (earlier !== undefined) {
      report('members.csv', rec.line, 'membership_no', IMPORT_MESSAGES.duplicate('membership_no', earlier), no);
      return;
    }
    memberLines.set(no, rec.line);
    const sameId = idCards.get(rec.row.id_card);
    if (sameId) {
      report('members.csv', rec.line, 'id_card', IMPORT_MESSAGES.idCardInFile(sameId.line), no);
      report('members.csv', sameId.line, 'id_card', IMPORT_MESSAGES.idCardInFile(rec.line), sameId.no);
    } else idCards.set(rec.row.id_card, { line: rec.line, no });
    listed.set(no, rec);
    bundleOf(no, 'members.csv', rec.line).member = rec;
  });

  // Heads: shares, loans, deposits, collections
  const shareLines = new Map<string, number>();
  each('shares.csv', byMember, (rec, no) => {
    const earlier = shareLines.get(no);
    if (earlier !== undefined) {
      report('shares.csv', rec.line, 'membership_no', IMPORT_MESSAGES.duplicate('membership_no', earlier), no);
      return;
    }
    shareLines.set(no, rec.line);
    bundleOf(no, 'shares.csv', rec.line).share = rec;
  });

  function headIndex<G>(file: FileName, keyColumn: string, keyOfCells: (cells: Record<string, string>) => string) {
    const index = new Map<string, HeadEntry<G>>();
    for (const raw of files.get(file) ?? []) {
      const key = keyOfCells(raw.cells);
      const owner = byMember(raw.cells);
      const earlier = index.get(key);
      if (key && earlier) {
        report(file, raw.line, keyColumn, IMPORT_MESSAGES.duplicate(keyColumn, earlier.line), owner);
        report(file, earlier.line, keyColumn, IMPORT_MESSAGES.duplicate(keyColumn, raw.line), earlier.owner);
      } else if (key) index.set(key, { owner, line: raw.line, group: null });
    }
    return index;
  }

  const loans = headIndex<LoanGroup>('loans.csv', 'contract_no', (c) => keyOf(c.contract_no));
  each('loans.csv', byMember, (rec, no) => {
    const entry = loans.get(rec.row.contract_no);
    if (!entry || entry.line !== rec.line) return; // a duplicate, reported above
    entry.group = { head: rec, statements: [], collateral: [] };
    bundleOf(no, 'loans.csv', rec.line).loans.push(entry.group);
  });

  const deposits = headIndex<DepositGroup>('deposits.csv', 'account_no', (c) => keyOf(c.account_no));
  each('deposits.csv', byMember, (rec, no) => {
    const entry = deposits.get(rec.row.account_no);
    if (!entry || entry.line !== rec.line) return;
    entry.group = { head: rec, statements: [] };
    bundleOf(no, 'deposits.csv', rec.line).deposits.push(entry.group);
  });

  const collectionKey = (no: string, row: { kind: string; year: number; month: number }) =>
    `${no}|${row.kind}|${row.year}|${row.month}`;
  const collectionLabel = (row: { kind: string; year: number; month: number }) =>
    `${row.kind} ${row.year}-${String(row.month).padStart(2, '0')}`;
  const collections = new Map<string, HeadEntry<CollectionGroup>>();
  each('collections.csv', byMember, (rec, no) => {
    const key = collectionKey(no, rec.row);
    const earlier = collections.get(key);
    if (earlier) {
      const what = `${collectionLabel(rec.row)} ของสมาชิก ${no}`;
      report('collections.csv', rec.line, 'month', IMPORT_MESSAGES.duplicate(what, earlier.line), no);
      return;
    }
    const group: CollectionGroup = { head: rec, lines: [] };
    collections.set(key, { owner: no, line: rec.line, group });
    bundleOf(no, 'collections.csv', rec.line).collections.push(group);
  });

  // Details
  const ownerVia =
    <G>(index: Map<string, HeadEntry<G>>, column: string, head: FileName, file: FileName) =>
    (cells: Record<string, string>, line: number): string | null => {
      const key = keyOf(cells[column]);
      const entry = index.get(key);
      if (!entry) {
        if (key) report(file, line, column, IMPORT_MESSAGES.noHead(key, head), null);
        return null;
      }
      return entry.owner;
    };

  each('share_statements.csv', byMember, (rec, no) => {
    bundleOf(no, rec.file, rec.line).shareStatements.push(rec);
  });
  each('loan_statements.csv', ownerVia(loans, 'contract_no', 'loans.csv', 'loan_statements.csv'), (rec) =>
    loans.get(rec.row.contract_no)?.group?.statements.push(rec),
  );
  each('loan_collateral.csv', ownerVia(loans, 'contract_no', 'loans.csv', 'loan_collateral.csv'), (rec) =>
    loans.get(rec.row.contract_no)?.group?.collateral.push(rec),
  );
  each('deposit_statements.csv', ownerVia(deposits, 'account_no', 'deposits.csv', 'deposit_statements.csv'), (rec) => {
    const group = deposits.get(rec.row.account_no)?.group;
    if (!group) return;
    // Rows of one day are numbered in file order unless `seq` says otherwise.
    const last = group.statements.at(-1);
    const seq = rec.row.seq ?? (last && last.row.date === rec.row.date ? last.row.seq + 1 : 1);
    group.statements.push({ ...rec, row: { ...rec.row, seq } });
  });
  each('collection_lines.csv', byMember, (rec, no) => {
    const entry = collections.get(collectionKey(no, rec.row));
    if (!entry) {
      const message = IMPORT_MESSAGES.noHead(`${collectionLabel(rec.row)} ของสมาชิก ${no}`, 'collections.csv');
      report(rec.file, rec.line, 'month', message, no);
      return;
    }
    const group = entry.group;
    if (!group) return;
    const seq = rec.row.seq ?? group.lines.length + 1;
    const earlier = group.lines.find((l) => l.row.seq === seq);
    if (earlier) {
      report(rec.file, rec.line, 'seq', IMPORT_MESSAGES.duplicate('seq', earlier.line), no);
      return;
    }
    group.lines.push({ ...rec, row: { ...rec.row, seq } });
  });

  // Other areas
  each('beneficiaries.csv', byMember, (rec, no) => {
    const list = bundleOf(no, rec.file, rec.line).beneficiaries;
    const seq = rec.row.seq ?? list.length + 1;
    const earlier = list.find((b) => b.row.seq === seq);
    if (earlier) report(rec.file, rec.line, 'seq', IMPORT_MESSAGES.duplicate('seq', earlier.line), no);
    else list.push({ ...rec, row: { ...rec.row, seq } });
  });
  each('dividends.csv', byMember, (rec, no) => {
    const list = bundleOf(no, rec.file, rec.line).dividends;
    const earlier = list.find((d) => d.row.year === rec.row.year);
    if (earlier) report(rec.file, rec.line, 'year', IMPORT_MESSAGES.duplicate('year', earlier.line), no);
    else list.push(rec);
  });
  each('welfare.csv', byMember, (rec, no) => {
    bundleOf(no, rec.file, rec.line).welfare.push(rec);
  });

  // The store: which members exist, and whose ID cards, contracts and accounts are already there.
  const guarantors = new Set<string>();
  for (const b of bundles.values()) {
    for (const loan of b.loans)
      for (const c of loan.collateral) if (c.row.guarantor_no) guarantors.add(c.row.guarantor_no);
  }
  const inStore = new Set<string>();
  for (const part of chunks([...new Set([...bundles.keys(), ...guarantors])])) {
    const rows = await db.selectFrom('members').select('membership_no').where('membership_no', 'in', part).execute();
    for (const r of rows) inStore.add(r.membership_no);
  }
  for (const part of chunks([...listed.values()])) {
    const byIdCard = new Map(part.map((rec) => [rec.row.id_card, rec]));
    const rows = await db
      .selectFrom('members')
      .select(['membership_no', 'id_card'])
      .where('id_card', 'in', [...byIdCard.keys()])
      .execute();
    for (const r of rows) {
      const rec = byIdCard.get(r.id_card);
      if (rec && rec.row.membership_no !== r.membership_no) {
        report(rec.file, rec.line, 'id_card', IMPORT_MESSAGES.idCardTaken(r.membership_no), rec.row.membership_no);
      }
    }
  }
  const all = [...bundles.values()];
  const heads = [
    ...all.flatMap((b) => b.loans.map((l) => ({ rec: l.head, column: 'contract_no', key: l.head.row.contract_no }))),
    ...all.flatMap((b) => b.deposits.map((d) => ({ rec: d.head, column: 'account_no', key: d.head.row.account_no }))),
  ];
  for (const part of chunks(heads)) {
    const loanKeys = part.filter((h) => h.column === 'contract_no').map((h) => h.key);
    const accountKeys = part.filter((h) => h.column === 'account_no').map((h) => h.key);
    const owners = new Map<string, string>();
    if (loanKeys.length) {
      const rows = await db
        .selectFrom('loans')
        .select(['contract_no', 'membership_no'])
        .where('contract_no', 'in', loanKeys)
        .execute();
      for (const r of rows) owners.set(`contract_no|${r.contract_no}`, r.membership_no);
    }
    if (accountKeys.length) {
      const rows = await db
        .selectFrom('deposit_accounts')
        .select(['account_no', 'membership_no'])
        .where('account_no', 'in', accountKeys)
        .execute();
      for (const r of rows) owners.set(`account_no|${r.account_no}`, r.membership_no);
    }
    for (const h of part) {
      const owner = owners.get(`${h.column}|${h.key}`);
      if (owner && owner !== h.rec.row.membership_no) {
        report(h.rec.file, h.rec.line, h.column, IMPORT_MESSAGES.ownedByOther(owner), h.rec.row.membership_no);
      }
    }
  }

  // Each member against itself.
  for (const b of all) {
    if (!seenIn.get('members.csv')?.has(b.no) && !inStore.has(b.no)) {
      report(b.first.file, b.first.line, 'membership_no', IMPORT_MESSAGES.noMember(b.no), b.no);
    }
    checkMember(b, seenIn, (rec, column, message) => report(rec.file, rec.line, column, message, b.no));
  }

  // A member whose guarantor will be neither loaded nor in the store cannot be loaded either; that
  // can cascade, so repeat until nothing changes.
  const available = (no: string) => inStore.has(no) || (listed.has(no) && !refused.has(no));
  for (let changed = true; changed;) {
    changed = false;
    for (const b of all) {
      if (refused.has(b.no)) continue;
      for (const loan of b.loans) {
        for (const c of loan.collateral) {
          const g = c.row.guarantor_no;
          if (!g || available(g)) continue;
          const message = listed.has(g) ? IMPORT_MESSAGES.guarantorRefused(g) : IMPORT_MESSAGES.guarantorMissing(g);
          report(c.file, c.line, 'guarantor_no', message, b.no);
          changed = true;
        }
      }
    }
  }

  return { bundles, problems, refused, present: new Set(files.keys()), inStore, listed };
}

type Complain = (rec: { file: FileName; line: number }, column: string, message: string) => void;

/** A statement in order, each balance following from the one before, ending on the summary's balance. */
function checkStatement<T extends { date: string; balance: number }>(
  rows: Rec<T>[],
  step: (row: T, prev: Rec<T>) => string | null,
  complain: Complain,
): void {
  let prev: Rec<T> | null = null;
  for (const rec of rows) {
    if (prev && rec.row.date < prev.row.date) complain(rec, 'date', IMPORT_MESSAGES.dateOrder(prev.line));
    const wrong = prev ? step(rec.row, prev) : null;
    if (wrong) complain(rec, 'balance', wrong);
    prev = rec;
  }
}

function checkLast<T extends { balance: number }>(
  summary: { file: FileName; line: number },
  column: string,
  value: number,
  rows: Rec<T>[],
  complain: Complain,
): void {
  const last = rows.at(-1);
  if (last && last.row.balance !== value) {
    complain(summary, column, IMPORT_MESSAGES.lastBalance(value, last.file, last.line, last.row.balance));
  }
}

function checkMember(b: Bundle, seenIn: Map<FileName, Set<string>>, complain: Complain): void {
  const running = <T extends { amount: number; balance: number }>(row: T, prev: Rec<T>) =>
    row.balance === prev.row.balance + row.amount
      ? null
      : IMPORT_MESSAGES.running(row.balance, prev.row.balance, prev.line, row.amount);

  const firstStatement = b.shareStatements[0];
  if (firstStatement && !seenIn.get('shares.csv')?.has(b.no)) {
    complain(firstStatement, 'membership_no', IMPORT_MESSAGES.noShareAccount);
  }
  checkStatement(b.shareStatements, running, complain);
  if (b.share) checkLast(b.share, 'capital', b.share.row.capital, b.shareStatements, complain);

  for (const loan of b.loans) {
    checkStatement(
      loan.statements,
      (row, prev) =>
        row.balance === prev.row.balance - row.principal || row.balance === prev.row.balance + row.principal
          ? null
          : IMPORT_MESSAGES.loanRunning(row.balance, prev.row.balance, prev.line, row.principal),
      complain,
    );
    checkLast(loan.head, 'balance', loan.head.row.balance, loan.statements, complain);
  }

  for (const account of b.deposits) {
    checkStatement(account.statements, running, complain);
    checkLast(account.head, 'balance', account.head.row.balance, account.statements, complain);
  }

  for (const c of b.collections) {
    if (!c.lines.length) continue;
    const sum = c.lines.reduce((s, l) => s + l.row.amount, 0);
    if (sum !== c.head.row.billed) complain(c.head, 'billed', IMPORT_MESSAGES.billed(c.head.row.billed, sum));
  }
}

// ---------------------------------------------------------------------------------------------
// Loading

type Row<T extends keyof Database> = Insertable<Database[T]>;

function memberRow(r: RowOf<'members.csv'>): Row<'members'> {
  return {
    membership_no: r.membership_no,
    prename: r.prename,
    first_name: r.first_name,
    last_name: r.last_name,
    id_card: r.id_card,
    sex: r.sex,
    birth_date: r.birth_date,
    approve_date: r.approve_date,
    member_group_no: r.member_group_no,
    member_group_name: r.member_group_name,
    position_name: r.position_name,
    salary_satang: r.salary,
    address: r.address,
    phone: r.phone,
    email: r.email,
    status_code: r.status_code,
  };
}

/** The rows of one member, table by table, as they will be inserted. */
function rowsOf(b: Bundle, present: Set<FileName>) {
  const no = b.no;
  const has = (f: FileName) => present.has(f);
  return {
    member: b.member ? memberRow(b.member.row) : null,
    shares: has('shares.csv')
      ? {
          account: b.share
            ? {
                membership_no: no,
                capital_satang: b.share.row.capital,
                monthly_satang: b.share.row.monthly_amount,
                last_period: b.share.row.last_period,
                suspended: b.share.row.suspended,
              }
            : null,
          statements: b.shareStatements.map(({ row }): Row<'share_statements'> => ({
            membership_no: no,
            op_date: row.date,
            period: row.period,
            description: row.description,
            amount_satang: row.amount,
            balance_satang: row.balance,
          })),
        }
      : null,
    loans: has('loans.csv')
      ? b.loans.map(({ head: { row: l }, statements, collateral }) => ({
          loan: {
            contract_no: l.contract_no,
            membership_no: no,
            loan_type: l.loan_type,
            approved_satang: l.approved,
            balance_satang: l.balance,
            start_date: l.start_date,
            instalment_satang: l.instalment,
            periods: l.periods,
            last_period: l.last_period,
            interest_rate: l.interest_rate,
            interest_arrear_satang: l.interest_arrear,
          } satisfies Row<'loans'>,
          statements: statements.map(({ row }): Row<'loan_statements'> => ({
            contract_no: l.contract_no,
            op_date: row.date,
            period: row.period,
            item: row.description,
            principal_satang: row.principal,
            interest_satang: row.interest,
            balance_satang: row.balance,
          })),
          collateral: collateral.map(({ row }): Row<'loan_collateral'> => ({
            contract_no: l.contract_no,
            kind: row.kind,
            guarantor_no: row.guarantor_no,
            description: row.description,
            amount_satang: row.amount,
          })),
        }))
      : null,
    deposits: has('deposits.csv')
      ? b.deposits.map(({ head: { row: d }, statements }) => ({
          account: {
            account_no: d.account_no,
            membership_no: no,
            type_code: d.type_code,
            type_name: d.type_name,
            account_name: d.account_name,
            balance_satang: d.balance,
            accrued_interest_satang: d.accrued_interest,
            held_satang: d.held,
            opened_date: d.opened_date,
          } satisfies Row<'deposit_accounts'>,
          statements: statements.map(({ row }): Row<'deposit_statements'> => ({
            account_no: d.account_no,
            op_date: row.date,
            seq: row.seq,
            description: row.description,
            amount_satang: row.amount,
            balance_satang: row.balance,
          })),
        }))
      : null,
    collections: has('collections.csv')
      ? b.collections.map(({ head: { row: c }, lines }) => ({
          head: {
            membership_no: no,
            kind: c.kind,
            year: c.year,
            month: c.month,
            billed_satang: c.billed,
            collected_satang: c.collected,
            posted: c.posted,
            receipt_no: c.receipt_no,
            receipt_date: c.receipt_date,
          } satisfies Row<'collections'>,
          lines: lines.map(({ row }) => ({
            seq: row.seq,
            item_code: row.item_code,
            description: row.description,
            contract_no: row.contract_no,
            period: row.period,
            principal_satang: row.principal,
            interest_satang: row.interest,
            amount_satang: row.amount,
          })),
        }))
      : null,
    beneficiaries: has('beneficiaries.csv')
      ? b.beneficiaries.map(({ row }): Row<'beneficiaries'> => ({
          membership_no: no,
          seq: row.seq,
          name: row.name,
          relationship: row.relationship,
        }))
      : null,
    dividends: has('dividends.csv')
      ? b.dividends.map(({ row }): Row<'dividends'> => ({
          membership_no: no,
          year: row.year,
          dividend_rate: row.dividend_rate,
          dividend_satang: row.dividend,
          dividend_withheld: row.dividend_withheld,
          average_return_rate: row.average_return_rate,
          average_return_satang: row.average_return,
          average_return_withheld: row.average_return_withheld,
          interest_paid_satang: row.interest_paid,
          payout_method: row.payout_method,
        }))
      : null,
    welfare: has('welfare.csv')
      ? b.welfare.map(({ row }): Row<'welfare_items'> => ({
          membership_no: no,
          tab: row.tab,
          kind: row.kind,
          description: row.description,
          item_date: row.date,
          amount_satang: row.amount,
        }))
      : null,
  };
}

type MemberRows = ReturnType<typeof rowsOf>;

function countRows(rows: MemberRows, into: Partial<Record<ImportTable, number>>): void {
  const add = (table: ImportTable, n: number) => {
    if (n) into[table] = (into[table] ?? 0) + n;
  };
  add('members', rows.member ? 1 : 0);
  add('share_accounts', rows.shares?.account ? 1 : 0);
  add('share_statements', rows.shares?.statements.length ?? 0);
  for (const l of rows.loans ?? []) {
    add('loans', 1);
    add('loan_statements', l.statements.length);
    add('loan_collateral', l.collateral.length);
  }
  for (const d of rows.deposits ?? []) {
    add('deposit_accounts', 1);
    add('deposit_statements', d.statements.length);
  }
  for (const c of rows.collections ?? []) {
    add('collections', 1);
    add('collection_lines', c.lines.length);
  }
  add('beneficiaries', rows.beneficiaries?.length ?? 0);
  add('dividends', rows.dividends?.length ?? 0);
  add('welfare_items', rows.welfare?.length ?? 0);
}

type Trx = Transaction<Database>;

/** Multi-row inserts in slices (bound parameters stay far below SQLite's and PostgreSQL's limits). */
async function insertAll<T extends ImportTable>(trx: Trx, table: T, rows: Row<T>[]): Promise<void> {
  for (const part of chunks(rows, 200)) {
    // Kysely cannot narrow a generic table's row type; the rows are typed by the caller.
    await trx
      .insertInto(table)
      .values(part as never)
      .execute();
  }
}

/** Replace one member's rows, area by area, inside the member's transaction. */
async function writeMember(trx: Trx, no: string, rows: MemberRows, placeholders: Row<'members'>[]): Promise<void> {
  // Guarantors from this import that are not written yet (a ring of members guaranteeing each other):
  // their member row first, so the collateral can point at it. Their own transaction follows.
  for (const p of placeholders) {
    await trx
      .insertInto('members')
      .values(p)
      .onConflict((oc) => oc.column('membership_no').doNothing())
      .execute();
  }
  if (rows.member) {
    const { membership_no: _key, ...changes } = rows.member;
    await trx
      .insertInto('members')
      .values(rows.member)
      .onConflict((oc) => oc.column('membership_no').doUpdateSet(changes))
      .execute();
  }

  if (rows.shares) {
    await trx.deleteFrom('share_statements').where('membership_no', '=', no).execute();
    await trx.deleteFrom('share_accounts').where('membership_no', '=', no).execute();
    if (rows.shares.account) await trx.insertInto('share_accounts').values(rows.shares.account).execute();
    await insertAll(trx, 'share_statements', rows.shares.statements);
  }

  if (rows.loans) {
    const contracts = trx.selectFrom('loans').select('contract_no').where('membership_no', '=', no);
    await trx.deleteFrom('loan_statements').where('contract_no', 'in', contracts).execute();
    await trx.deleteFrom('loan_collateral').where('contract_no', 'in', contracts).execute();
    await trx.deleteFrom('loans').where('membership_no', '=', no).execute();
    await insertAll(
      trx,
      'loans',
      rows.loans.map((l) => l.loan),
    );
    await insertAll(
      trx,
      'loan_collateral',
      rows.loans.flatMap((l) => l.collateral),
    );
    await insertAll(
      trx,
      'loan_statements',
      rows.loans.flatMap((l) => l.statements),
    );
  }

  if (rows.deposits) {
    const accounts = trx.selectFrom('deposit_accounts').select('account_no').where('membership_no', '=', no);
    await trx.deleteFrom('deposit_statements').where('account_no', 'in', accounts).execute();
    await trx.deleteFrom('deposit_accounts').where('membership_no', '=', no).execute();
    await insertAll(
      trx,
      'deposit_accounts',
      rows.deposits.map((d) => d.account),
    );
    await insertAll(
      trx,
      'deposit_statements',
      rows.deposits.flatMap((d) => d.statements),
    );
  }

  if (rows.collections) {
    const ids = trx.selectFrom('collections').select('id').where('membership_no', '=', no);
    await trx.deleteFrom('collection_lines').where('collection_id', 'in', ids).execute();
    await trx.deleteFrom('collections').where('membership_no', '=', no).execute();
    const lines: Row<'collection_lines'>[] = [];
    for (const part of chunks(rows.collections, 200)) {
      // RETURNING order is not guaranteed, so the new ids are matched by their month.
      const inserted = await trx
        .insertInto('collections')
        .values(part.map((c) => c.head))
        .returning(['id', 'kind', 'year', 'month'])
        .execute();
      const idOf = new Map(inserted.map((r) => [`${r.kind}|${r.year}|${r.month}`, Number(r.id)]));
      for (const c of part) {
        const id = idOf.get(`${c.head.kind}|${c.head.year}|${c.head.month}`);
        if (id === undefined) throw new Error('collection id not returned');
        for (const l of c.lines) lines.push({ ...l, collection_id: id });
      }
    }
    await insertAll(trx, 'collection_lines', lines);
  }

  if (rows.beneficiaries) {
    await trx.deleteFrom('beneficiaries').where('membership_no', '=', no).execute();
    await insertAll(trx, 'beneficiaries', rows.beneficiaries);
  }
  if (rows.dividends) {
    await trx.deleteFrom('dividends').where('membership_no', '=', no).execute();
    await insertAll(trx, 'dividends', rows.dividends);
  }
  if (rows.welfare) {
    await trx.deleteFrom('welfare_items').where('membership_no', '=', no).execute();
    await insertAll(trx, 'welfare_items', rows.welfare);
  }
}

/** Loading order: members.csv order, with a new member's guarantors (from this import) before it. */
function loadingOrder(accepted: Bundle[], inStore: Set<string>): Bundle[] {
  const byNo = new Map(accepted.map((b) => [b.no, b]));
  const out: Bundle[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (b: Bundle) => {
    if (state.has(b.no)) return; // done, or a ring: the placeholder row handles it
    state.set(b.no, 'visiting');
    for (const loan of b.loans) {
      for (const c of loan.collateral) {
        const g = c.row.guarantor_no ? byNo.get(c.row.guarantor_no) : undefined;
        if (g && !inStore.has(g.no)) visit(g);
      }
    }
    state.set(b.no, 'done');
    out.push(b);
  };
  for (const b of accepted) visit(b);
  return out;
}

export interface ImportOptions {
  dryRun?: boolean;
}

/**
 * Import a folder of CSV files into the store. Throws ImportUsageError for a wrong folder (exit
 * code 2); every data problem comes back in the result.
 */
export async function importFolder(db: Db, dir: string, options: ImportOptions = {}): Promise<ImportResult> {
  return importFiles(db, readImportFolder(dir), options);
}

/** Import the files read by `readImportFolder`. */
export async function importFiles(
  db: Db,
  bytes: Map<FileName, Uint8Array>,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const dryRun = options.dryRun ?? false;
  const result: ImportResult = {
    dryRun,
    fileProblems: [],
    problems: [],
    loaded: [],
    refused: [],
    failed: [],
    rows: {},
  };

  const files = new Map<FileName, RawRow[]>();
  for (const name of FILE_NAMES) {
    const content = bytes.get(name);
    if (!content) continue;
    const read = readRows(name, content);
    if ('problems' in read) result.fileProblems.push(...read.problems);
    else files.set(name, read.rows);
  }
  if (result.fileProblems.length) return result;

  const p = await plan(db, files);
  const order = (f: FileName) => FILE_NAMES.indexOf(f);
  result.problems = p.problems.sort((a, b) => order(a.file) - order(b.file) || a.line - b.line);
  result.refused = [...p.refused].sort();

  const accepted = loadingOrder(
    [...p.bundles.values()].filter((b) => !p.refused.has(b.no)),
    p.inStore,
  );
  const written = new Set<string>();
  const failed = new Set<string>();
  for (const b of accepted) {
    const rows = rowsOf(b, p.present);
    if (dryRun) {
      result.loaded.push(b.no);
      countRows(rows, result.rows);
      continue;
    }
    const pending = new Set<string>();
    let blocked: string | null = null;
    for (const loan of b.loans) {
      for (const c of loan.collateral) {
        const g = c.row.guarantor_no;
        if (!g || p.inStore.has(g) || written.has(g)) continue;
        if (failed.has(g)) blocked = g;
        else pending.add(g);
      }
    }
    if (blocked) {
      failed.add(b.no);
      result.failed.push({ member: b.no, message: IMPORT_MESSAGES.guarantorFailed(blocked) });
      continue;
    }
    const placeholders = [...pending].flatMap((g) => {
      const rec = p.listed.get(g);
      return rec ? [memberRow(rec.row)] : [];
    });
    try {
      await db.transaction().execute((trx) => writeMember(trx, b.no, rows, placeholders));
      written.add(b.no);
      result.loaded.push(b.no);
      countRows(rows, result.rows);
    } catch (error) {
      failed.add(b.no);
      result.failed.push({ member: b.no, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return result;
}
