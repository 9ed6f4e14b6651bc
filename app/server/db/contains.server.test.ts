import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { eachStore } from '../db-instances.test-support';
import { listItems, saveItem } from '../staff/content.server';
import { category, contentStore, draftOf } from '../staff/content.test-support';
import { contains, containsPattern } from './contains.server';

describe.each(eachStore('contains'))('contains: words as typed, on %s', (_name, open) => {
  it('takes LIKE’s % and _ and the escape character literally', async () => {
    const db = await open();
    const holds = async (value: string, text: string) =>
      Boolean(
        (await sql<{ hit: unknown }>`select ${contains(sql`cast(${value} as text)`, text)} as hit`.execute(db)).rows[0]
          ?.hit,
      );
    expect(await holds('ลดดอกเบี้ย 100% ทุกสัญญา', '100%')).toBe(true);
    expect(await holds('ลดดอกเบี้ย 1000 บาท', '100%')).toBe(false);
    expect(await holds('a_b', 'a_b')).toBe(true);
    expect(await holds('axb', 'a_b')).toBe(false);
    expect(await holds('ด่วน!', 'ด่วน!')).toBe(true);
    expect(await holds('ด่วน', 'ด่วน!')).toBe(false);
    expect(containsPattern('100%_!')).toBe('%100!%!_!!%');
  });
});

describe('the editors’ list searched by title', () => {
  const open = contentStore('containslist', [category('news', 'ข่าวประชาสัมพันธ์', 'M', 1)]);

  it('finds a title with % or _ by those characters as typed, and only it', async () => {
    const { db } = await open();
    for (const title of ['ลดดอกเบี้ย 100% ทุกสัญญา', 'ลดดอกเบี้ย 1000 บาท', 'แบบฟอร์ม_กู้สามัญ']) {
      await saveItem(db, { draft: await draftOf(db, { title }), staff: 'editor' });
    }
    const titles = async (q: string) => (await listItems(db, { page: 1, q })).rows.map((r) => r.title);
    expect(await titles('100%')).toEqual(['ลดดอกเบี้ย 100% ทุกสัญญา']);
    expect(await titles('ม_ก')).toEqual(['แบบฟอร์ม_กู้สามัญ']);
    expect(await titles('%')).toEqual(['ลดดอกเบี้ย 100% ทุกสัญญา']);
  });
});
