import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { migrate, openDb, type Db } from '../db/index.server';
import { FIELD_MESSAGES } from './fields';
import { importFolder, ImportUsageError, IMPORT_MESSAGES, readImportFolder, type ImportResult } from './import.server';
import {
  EXAMPLE_DIR,
  exampleFiles,
  exampleVariant,
  idCard,
  removeFolders,
  snapshot,
  variantIdCards,
  withLine,
  writeFolder,
} from './test-support';

const MEMBERS_HEADER =
  'membership_no,prename,first_name,last_name,id_card,sex,birth_date,approve_date,member_group_no,member_group_name,salary';

/** A valid members.csv line for a test member (ID card derived from the number). */
function memberLine(no: string, fields: { name?: string; idCard?: string; salary?: string } = {}): string {
  const id = fields.idCard ?? idCard(`110${no}000`);
  return `${no},นาย,${fields.name ?? 'ทดสอบ'},นำเข้า,${id},M,1980-01-01,2005-01-01,01,กลุ่มทดสอบ,${fields.salary ?? '20000.00'}`;
}

const problemsOf = (r: ImportResult) => r.problems.map((p) => ({ ...p }));
/** A problem as the import reports it: where (file, line, column or null: the whole line), what, and whose. */
const problem = (file: string, line: number, column: string | null, message: string, member: string | null) => ({
  file,
  line,
  column,
  message,
  member,
});

/** Every test member's rows are removed afterwards (on PostgreSQL the database outlives the test). */
const ALL_TEST_MEMBERS = [
  '900001',
  '900002',
  ...[1, 2, 3, 4, 5, 6, 7, 8].flatMap((t) => [`9${t}0001`, `9${t}0002`]),
  ...Array.from({ length: 9 }, (_, i) => `92000${i + 1}`),
];

async function clean(db: Db): Promise<void> {
  // Every member table cascades from members; credentials etc. too.
  await db.deleteFrom('sessions').where('membership_no', 'in', ALL_TEST_MEMBERS).execute();
  await db.deleteFrom('members').where('membership_no', 'in', ALL_TEST_MEMBERS).execute();
}

function importSuite(open: () => Db) {
  let db: Db;

  beforeAll(async () => {
    db = open();
    await migrate(db);
    await clean(db);
  });

  afterAll(async () => {
    await clean(db);
    await db.destroy();
    removeFolders();
  });

  it('loads the documented example folder into every area a member page reads', async () => {
    const result = await importFolder(db, EXAMPLE_DIR);
    expect(result.fileProblems).toEqual([]);
    expect(result.problems).toEqual([]);
    expect(result.failed).toEqual([]);
    // The guarantor (900002) goes in before the member whose loan it guarantees.
    expect(result.loaded).toEqual(['900002', '900001']);
    expect(result.rows).toMatchObject({ members: 2, loans: 1, loan_collateral: 2, collection_lines: 9 });

    const s = await snapshot(db, ['900001', '900002']);
    const [a, b] = s.members;
    // Quoted commas, dashes in the ID card, Buddhist-era dates, decimal baht.
    expect(a).toMatchObject({
      id_card: idCard('150990012345'),
      salary_satang: 3_215_000,
      address: '88/8 ซอยพหลโยธิน 24, แขวงจอมพล, เขตจตุจักร, กรุงเทพมหานคร 10900',
      position_name: 'นักวิชาการเงินและบัญชีชำนาญการ',
      status_code: '0',
    });
    expect(b).toMatchObject({ birth_date: '1982-03-15', approve_date: '2017-10-01', position_name: null, phone: null });
    expect(s.share_statements.find((r) => r.period === 123)?.op_date).toBe('2025-03-31');
    expect(s.share_accounts).toEqual([
      { membership_no: '900001', capital_satang: 12_300_000, monthly_satang: 100_000, last_period: 123, suspended: 0 },
      { membership_no: '900002', capital_satang: 4_950_000, monthly_satang: 50_000, last_period: 99, suspended: 0 },
    ]);
    // 0.10 + 0.20 baht are exactly 30 satang: the running balance and the account agree to the satang.
    const deposits = s.deposit_statements.filter((r) => r.account_no === '0011234567');
    expect(deposits.map((r) => r.amount_satang)).toContain(10);
    expect(deposits.at(-1)?.balance_satang).toBe(1_450_030);
    expect(s.deposit_accounts[0]?.balance_satang).toBe(1_450_030);
    // Rows of one day are numbered in file order.
    expect(deposits.filter((r) => r.op_date === '2025-02-28').map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(s.loan_collateral).toEqual([
      expect.objectContaining({ kind: 'member', guarantor_no: '900002', amount_satang: 15_000_000 }),
      expect.objectContaining({ kind: 'asset', guarantor_no: null, amount_satang: 12_300_000 }),
    ]);
    // A Buddhist-era year in collections becomes the Gregorian one.
    expect(s.collections.filter((c) => c.kind === 'crem').map((c) => [c.year, c.month])).toEqual([[2025, 3]]);
    expect(s.collection_lines.filter((l) => l.kind === 'kep' && l.month === 4).map((l) => l.amount_satang)).toEqual([
      100_000, 600_000, 50_000,
    ]);
    expect(s.welfare_items.map((w) => w.item_date)).toEqual(['2025-02-14', null]);
    expect(s.dividends.map((d) => [d.year, d.dividend_rate])).toEqual([
      [2023, '5.25'],
      [2024, '5.50'],
    ]);
  });

  it('leaves the store identical when run again, and keeps logins and other app state', async () => {
    await importFolder(db, EXAMPLE_DIR);
    const now = Date.now();
    await db
      .insertInto('member_credentials')
      .values({ membership_no: '900001', password_hash: 'hash', reset_required: 0, created_at: now, updated_at: now })
      .execute();
    await db
      .insertInto('terms_acceptances')
      .values({ membership_no: '900001', terms_no: 1, accepted_at: now, ip: null, user_agent: null })
      .execute();
    await db
      .insertInto('sessions')
      .values({
        id_hash: `import-test-${now}`,
        membership_no: '900001',
        member_name: 'x',
        upstream_token: 't',
        remember: 0,
        created_at: now,
        last_seen_at: now,
        expires_at: now + 60_000,
        acting_staff: null,
      })
      .execute();
    const appState = async () => ({
      credentials: await db
        .selectFrom('member_credentials')
        .selectAll()
        .where('membership_no', '=', '900001')
        .execute(),
      terms: await db.selectFrom('terms_acceptances').selectAll().where('membership_no', '=', '900001').execute(),
      sessions: await db.selectFrom('sessions').selectAll().where('membership_no', '=', '900001').execute(),
    });
    const before = await snapshot(db, ['900001', '900002']);
    const stateBefore = await appState();
    expect(stateBefore.credentials).toHaveLength(1);

    const again = await importFolder(db, EXAMPLE_DIR);
    expect(again.problems).toEqual([]);
    expect(await snapshot(db, ['900001', '900002'])).toEqual(before);
    expect(await appState()).toEqual(stateBefore);
  });

  it('reports bad rows with file, line, column and reason, and loads the other members', async () => {
    const dir = writeFolder({
      'members.csv': [
        MEMBERS_HEADER,
        memberLine('920001'),
        memberLine('920002', { idCard: '1234567890123' }),
        memberLine('920003'),
        memberLine('920004', { salary: '1.234' }),
      ].join('\r\n'),
      'shares.csv': [
        'membership_no,capital,monthly_amount,last_period',
        '920001,300.00,100.00,3',
        '920003,1000.00,100.00,2',
      ].join('\n'),
      'share_statements.csv': [
        'membership_no,date,period,description,amount,balance',
        '920001,2025-01-31,1,ซื้อหุ้น,100.00,100.00',
        '920003,2025-01-31,1,ซื้อหุ้น,100.00,100.00',
        '920001,28/02/2568,2,ซื้อหุ้น,100.00,200.00',
        '920003,2025-02-28,2,ซื้อหุ้น,100.00,250.00',
        '920001,2025-03-31,3,ซื้อหุ้น,100.00,300.00',
      ].join('\n'),
    });
    const result = await importFolder(db, dir);
    expect(problemsOf(result)).toEqual([
      problem('members.csv', 3, 'id_card', 'เลขประจำตัวประชาชนไม่ถูกต้อง (checksum)', '920002'),
      problem('members.csv', 5, 'salary', FIELD_MESSAGES.moneyDecimals, '920004'),
      problem(
        'shares.csv',
        3,
        'capital',
        IMPORT_MESSAGES.lastBalance(100_000, 'share_statements.csv', 5, 25_000),
        '920003',
      ),
      problem('share_statements.csv', 5, 'balance', IMPORT_MESSAGES.running(25_000, 10_000, 3, 10_000), '920003'),
    ]);
    expect(result.loaded).toEqual(['920001']);
    expect(result.refused).toEqual(['920002', '920003', '920004']);
    const s = await snapshot(db, ['920001', '920002', '920003', '920004']);
    expect(s.members.map((m) => m.membership_no)).toEqual(['920001']);
    expect(s.share_statements.map((r) => [r.membership_no, r.op_date, r.balance_satang])).toEqual([
      ['920001', '2025-01-31', 10_000],
      ['920001', '2025-02-28', 20_000],
      ['920001', '2025-03-31', 30_000],
    ]);
  });

  it('keeps a member exactly as stored when any of their rows in any file is bad', async () => {
    await importFolder(db, EXAMPLE_DIR);
    const before = await snapshot(db, ['900001']);
    const files = exampleFiles();
    // New salary and shares for 900001, but one bad welfare row: none of it may be written.
    files['members.csv'] = withLine(files['members.csv'] ?? '', 2, (l) => l.replace('"32,150.00"', '40000.00'));
    files['welfare.csv'] = withLine(files['welfare.csv'] ?? '', 3, (l) => l.replace('eligible', 'maybe'));
    const result = await importFolder(db, writeFolder(files));
    expect(problemsOf(result)).toEqual([
      problem('welfare.csv', 3, 'tab', FIELD_MESSAGES.oneOf(['received', 'eligible']), '900001'),
    ]);
    expect(result.loaded).toEqual(['900002']);
    expect(await snapshot(db, ['900001'])).toEqual(before);
  });

  it('does not load a member whose guarantor is neither loaded nor stored', async () => {
    const files = exampleVariant(1);
    // The guarantor 910002 gets a bad row; it is not in the store, so 910001's loan cannot point at it.
    files['beneficiaries.csv'] = withLine(files['beneficiaries.csv'] ?? '', 4, (l) => l.replace('คู่สมรส', ''));
    const result = await importFolder(db, writeFolder(files));
    expect(problemsOf(result)).toEqual([
      problem('loan_collateral.csv', 2, 'guarantor_no', IMPORT_MESSAGES.guarantorRefused('910002'), '910001'),
      problem('beneficiaries.csv', 4, 'relationship', FIELD_MESSAGES.required, '910002'),
    ]);
    expect(result.loaded).toEqual([]);
    expect((await snapshot(db, ['910001', '910002'])).members).toEqual([]);
  });

  it('loads members who guarantee each other', async () => {
    const files = exampleVariant(2);
    files['loans.csv'] += 'ส6720999,920002,เงินกู้ฉุกเฉิน,10000.00,10000.00,2025-03-01,1000.00,12,0,6.25,\r\n';
    files['loan_collateral.csv'] += 'ส6720999,member,920001,ค้ำประกันโดยสมาชิก 920001,10000.00\r\n';
    const result = await importFolder(db, writeFolder(files));
    expect(result.problems).toEqual([]);
    expect(result.failed).toEqual([]);
    expect([...result.loaded].sort()).toEqual(['920001', '920002']);
    const s = await snapshot(db, ['920001', '920002']);
    expect(s.members).toHaveLength(2);
    expect(s.members[1]?.first_name).toBe('ประสิทธิ์');
    expect(s.loan_collateral.map((c) => c.guarantor_no)).toEqual(['920002', null, '920001']);
  });

  it('replaces only the areas whose files are present, for members already stored', async () => {
    const files = exampleVariant(3);
    expect((await importFolder(db, writeFolder(files))).problems).toEqual([]);
    const before = await snapshot(db, ['930001', '930002']);
    // Only a header in members.csv, and new beneficiaries for 930001: the rest stays.
    const result = await importFolder(
      db,
      writeFolder({
        'members.csv': MEMBERS_HEADER,
        'beneficiaries.csv': 'membership_no,name,relationship\n930001,"นางมาลัย ศรีสุข",มารดา\n',
      }),
    );
    expect(result.problems).toEqual([]);
    expect(result.loaded).toEqual(['930001']);
    const after = await snapshot(db, ['930001', '930002']);
    expect(after.beneficiaries).toEqual([
      { membership_no: '930001', seq: 1, name: 'นางมาลัย ศรีสุข', relationship: 'มารดา' },
      ...before.beneficiaries.filter((b) => b.membership_no === '930002'),
    ]);
    expect({ ...after, beneficiaries: null }).toEqual({ ...before, beneficiaries: null });
  });

  it('writes nothing in a dry run', async () => {
    const result = await importFolder(db, writeFolder(exampleVariant(4)), { dryRun: true });
    expect(result.dryRun).toBe(true);
    expect(result.loaded).toEqual(['940002', '940001']);
    expect(result.rows.members).toBe(2);
    expect((await snapshot(db, ['940001', '940002'])).members).toEqual([]);
  });

  it('refuses records of unknown members, unknown contracts and numbers owned by another member', async () => {
    await importFolder(db, EXAMPLE_DIR);
    const files = exampleVariant(5);
    // 950001 takes 900001's contract and ID card; a statement names a contract that does not exist.
    for (const name of Object.keys(files)) files[name] = (files[name] ?? '').split('ส6750123').join('ส6700123');
    files['members.csv'] = (files['members.csv'] ?? '').replace(variantIdCards(5)[0], idCard('150990012345'));
    files['loan_statements.csv'] += 'ส0000000,2025-03-31,6,ชำระหนี้,1.00,0.00,1.00\r\n';
    files['welfare.csv'] += '959999,received,สวัสดิการ,ทดสอบ,,1.00\r\n';
    const result = await importFolder(db, writeFolder(files));
    expect(problemsOf(result)).toEqual([
      problem('members.csv', 2, 'id_card', IMPORT_MESSAGES.idCardTaken('900001'), '950001'),
      problem('loans.csv', 2, 'contract_no', IMPORT_MESSAGES.ownedByOther('900001'), '950001'),
      problem('loan_statements.csv', 8, 'contract_no', IMPORT_MESSAGES.noHead('ส0000000', 'loans.csv'), null),
      problem('welfare.csv', 4, 'membership_no', IMPORT_MESSAGES.noMember('959999'), '959999'),
    ]);
    // 950002 (the guarantor) is fine on its own.
    expect(result.loaded).toEqual(['950002']);
    expect(result.refused).toEqual(['950001', '959999']);
  });

  it('counts lines across quoted line breaks and reads files with or without a byte-order mark', async () => {
    const multiLine = `${memberLine('920005')},"99/1 ถนนงามวงศ์วาน\r\nแขวงลาดยาว\r\nเขตจตุจักร"`;
    const csv = [
      `${MEMBERS_HEADER},address`,
      multiLine,
      `${memberLine('920006')},ที่อยู่`,
      `${memberLine('920007')},x,extra`,
    ].join('\r\n');
    for (const bom of [true, false]) {
      const result = await importFolder(db, writeFolder({ 'members.csv': csv }, bom));
      expect(problemsOf(result)).toEqual([
        problem('members.csv', 6, null, IMPORT_MESSAGES.fieldCount(13, 12), '920007'),
      ]);
      expect(result.loaded).toEqual(['920005', '920006']);
    }
    const s = await snapshot(db, ['920005']);
    expect(s.members[0]?.address).toBe('99/1 ถนนงามวงศ์วาน แขวงลาดยาว เขตจตุจักร');
  });

  it('refuses the whole import when a file cannot be read, and loads nothing', async () => {
    const files = exampleVariant(6);
    const dir = writeFolder({ ...files, 'loans.csv': (files['loans.csv'] ?? '').replace('loan_type', 'loan_kind') });
    // Not UTF-8: "ก" in TIS-620.
    fs.writeFileSync(path.join(dir, 'welfare.csv'), Buffer.from([0x6b, 0x69, 0x6e, 0x64, 0x0a, 0xa1, 0x0a]));
    const result = await importFolder(db, dir);
    expect(result.fileProblems.map((p) => [p.file, p.line, p.column])).toEqual([
      ['loans.csv', 1, 'loan_kind'],
      ['loans.csv', 1, 'loan_type'],
      ['welfare.csv', 1, null],
    ]);
    expect(result.loaded).toEqual([]);
    expect((await snapshot(db, ['960001', '960002'])).members).toEqual([]);
  });
}

describe('CSV import on SQLite', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-import-db-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  importSuite(() => openDb({ dataDir }));
});

// The same on PostgreSQL when a scratch database is at hand:
// TEST_DATABASE_URL=postgres://… npx vitest run app/server/import/import.server.test.ts
describe.skipIf(!process.env.TEST_DATABASE_URL)('CSV import on PostgreSQL', () => {
  importSuite(() => openDb({ dataDir: os.tmpdir(), databaseUrl: process.env.TEST_DATABASE_URL }));
});

describe('readImportFolder', () => {
  afterAll(removeFolders);

  it('needs an existing folder with members.csv, known file names and the head of every detail file', () => {
    expect(() => readImportFolder('/nonexistent/folder')).toThrow(ImportUsageError);
    expect(() => readImportFolder(writeFolder({ 'shares.csv': 'membership_no\n' }))).toThrow(IMPORT_MESSAGES.noMembers);
    expect(() => readImportFolder(writeFolder({ 'members.csv': MEMBERS_HEADER, 'member.csv': '' }))).toThrow(
      IMPORT_MESSAGES.unknownFile('member.csv'),
    );
    expect(() =>
      readImportFolder(writeFolder({ 'members.csv': MEMBERS_HEADER, 'loan_statements.csv': 'contract_no\n' })),
    ).toThrow(IMPORT_MESSAGES.needsHead('loan_statements.csv', 'loans.csv'));
  });

  it('ignores other kinds of files and takes names in any case', () => {
    const dir = writeFolder({ 'Members.CSV': MEMBERS_HEADER, 'README.txt': 'notes' });
    expect([...readImportFolder(dir).keys()]).toEqual(['members.csv']);
  });
});
