import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { cliRunner } from '../ops/cli.test-support';

import { openDb } from '../db/index.server';
import { main, USAGE } from './cli';
import { EXAMPLE_DIR, exampleVariant, removeFolders, withLine, writeFolder } from './test-support';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-import-cli-'));
const ENV = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  removeFolders();
});

const run = cliRunner(main, ENV);

async function membersInStore(): Promise<string[]> {
  const db = openDb({ dataDir });
  try {
    const rows = await db.selectFrom('members').select('membership_no').orderBy('membership_no').execute();
    return rows.map((r) => r.membership_no);
  } finally {
    await db.destroy();
  }
}

describe('npm run import', () => {
  it('answers usage errors with exit code 2 before touching the store', async () => {
    for (const argv of [[], ['a', 'b'], ['--force', EXAMPLE_DIR]]) {
      const r = await run(argv);
      expect(r.code).toBe(2);
      expect(r.err).toContain(USAGE);
    }
    const unknown = await run([writeFolder({ 'members.csv': 'membership_no\n', 'loan.csv': '' })]);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('loan.csv');
    expect((await run(['/nonexistent/folder'])).code).toBe(2);
    expect(fs.existsSync(path.join(dataDir, 'sahakorn.db'))).toBe(false);
  });

  it('reports problems as file:line: column: reason, loads the rest and exits with 1', async () => {
    const files = exampleVariant(7);
    files['members.csv'] = withLine(files['members.csv'] ?? '', 3, (l) => l.replace(/,\d{13},M,/, ',1234567890123,M,'));
    const dry = await run([writeFolder(files), '--dry-run']);
    expect(dry.code).toBe(1);
    expect(dry.out).toContain('members.csv:3: id_card: เลขประจำตัวประชาชนไม่ถูกต้อง (checksum)');
    // 970001's loan is guaranteed by 970002, who is refused and not stored: neither is loaded.
    expect(dry.out).toContain('ไม่นำเข้า / not loaded: 970001, 970002');
    expect(dry.out.at(-1)).toMatch(/^ตรวจอย่างเดียว ไม่ได้บันทึก: .* \/ Dry run, nothing written: 0 members would be loaded/);
    expect(await membersInStore()).toEqual([]);

    const example = await run([EXAMPLE_DIR]);
    expect(example.code).toBe(0);
    expect(example.out.at(-1)).toBe(
      'สรุป: นำเข้าสมาชิก 2 ราย, ไม่นำเข้า 0 ราย, ปัญหา 0 รายการ / Summary: 2 members loaded, 0 not loaded, 0 problems',
    );
    expect(example.out).toContain(
      'แถวที่บันทึก / rows written: members 2, share_accounts 2, share_statements 8, loans 1, loan_statements 6, ' +
        'loan_collateral 2, deposit_accounts 2, deposit_statements 8, collections 4, collection_lines 9, ' +
        'beneficiaries 3, dividends 2, welfare_items 2',
    );
    expect(await membersInStore()).toEqual(['900001', '900002']);
  });

  it('loads nothing when a file cannot be read', async () => {
    const dir = writeFolder({ ...exampleVariant(8), 'shares.csv': 'membership_no,capital,monthly_amount\n' });
    const r = await run([dir]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('shares.csv:1: last_period: ไม่มีคอลัมน์นี้ในหัวตาราง (ต้องมี)');
    expect(r.out.at(-1)).toBe('ไม่ได้นำเข้าข้อมูลใดเลย: อ่านไฟล์ไม่ได้ 1 รายการ / Nothing loaded: 1 file problem(s)');
    expect(await membersInStore()).toEqual(['900001', '900002']);
  });
});
