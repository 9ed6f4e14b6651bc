import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { dropDatabase, freshDatabase } from '../../../scripts/instances.mjs';
import { ensureSearchIndex, SEARCH_INDEX_META_KEY } from '~/server/coop/embedded-search.server';
import { createEmbeddedBackend } from '~/server/coop/embedded.server';
import { verifyPassword } from '~/server/crypto.server';
import { migrate, openDb, type Db } from '~/server/db/index.server';
import { scratchSqlite } from '~/server/db-instances.test-support';
import { CATEGORIES } from '~/server/seed/content-data';
import { DEMO_CONTENT_NO, DEMO_MEMBER, seedDemo } from '~/server/seed/demo.server';
import { createRng } from '~/server/seed/rng';

const NOW = new Date('2025-06-15T03:00:00.000Z');
const TODAY = '2025-06-15';
const SEED = 42;
const N = 300;

const fresh = scratchSqlite('seed');
const freshDb = async (): Promise<Db> => (await fresh()).db;

/** Independent implementation of the Thai national id checksum. */
function validThaiId(id: string): boolean {
  if (!/^\d{13}$/.test(id)) return false;
  const d = [...id].map(Number);
  let sum = 0;
  for (let i = 1; i <= 12; i++) sum += (d[i - 1] ?? 0) * (14 - i);
  return (11 - (sum % 11)) % 10 === d[12];
}

describe('createRng', () => {
  it('is deterministic and stays in range', () => {
    const a = createRng(7);
    const b = createRng(7);
    const xs = Array.from({ length: 200 }, () => a.int(1, 6));
    expect(Array.from({ length: 200 }, () => b.int(1, 6))).toEqual(xs);
    expect(xs.every((x) => x >= 1 && x <= 6)).toBe(true);
    expect(new Set(xs).size).toBe(6);
    expect(createRng(8).int(0, 1_000_000)).not.toBe(createRng(7).int(0, 1_000_000));
    const from = new Date('2020-01-01');
    const to = new Date('2020-12-31');
    const d = a.dateBetween(from, to);
    expect(d >= from && d < to).toBe(true);
    expect(() => a.pick([])).toThrow();
  });
});

describe('seedDemo', () => {
  let db: Db;
  let elapsedMs = 0;

  beforeAll(async () => {
    db = await freshDb();
    const t0 = performance.now();
    const result = await seedDemo(db, { members: N, seed: SEED, now: NOW });
    elapsedMs = performance.now() - t0;
    expect(result).toEqual({ seeded: true, members: N });
  });

  it(`inserts exactly ${N} members with 6-digit numbers`, async () => {
    const rows = await db.selectFrom('members').select('membership_no').execute();
    expect(rows).toHaveLength(N);
    expect(rows.every((r) => /^\d{6}$/.test(r.membership_no))).toBe(true);
    console.info(`seedDemo: ${N} members in ${elapsedMs.toFixed(0)} ms`);
  });

  it('creates the demo member, who can log in with the documented password', async () => {
    const m = await db
      .selectFrom('members')
      .innerJoin('member_credentials', 'member_credentials.membership_no', 'members.membership_no')
      .selectAll()
      .where('members.membership_no', '=', DEMO_MEMBER.membershipNo)
      .executeTakeFirstOrThrow();
    expect(m).toMatchObject({ prename: 'นาย', first_name: 'สมชาย', last_name: 'ใจดี', sex: 'M', status_code: '0' });
    expect(m.birth_date.startsWith('1978-')).toBe(true);
    expect(m.member_group_no).toMatch(/^\d{4}$/);
    expect(m.position_name).toBeTruthy();
    expect(m.reset_required).toBe(0);
    expect(await verifyPassword(m.password_hash, DEMO_MEMBER.password)).toBe(true);
    expect(await verifyPassword(m.password_hash, 'wrong-password')).toBe(false);

    const login = await createEmbeddedBackend(db, () => NOW.getTime()).login({
      membershipNo: DEMO_MEMBER.membershipNo,
      password: DEMO_MEMBER.password,
      remember: false,
    });
    expect(login.ok).toBe(true);
  });

  it('gives the demo member an email and a phone, and leaves some members without either', async () => {
    const rows = await db.selectFrom('members').select(['membership_no', 'email', 'phone']).execute();
    const demo = rows.find((r) => r.membership_no === DEMO_MEMBER.membershipNo);
    expect(demo?.email).toMatch(/^[^@\s]+@example\.com$/);
    expect(demo?.phone).toMatch(/^0[689]\d{8}$/);
    const kinds = new Set(rows.map((r) => `${r.email ? 'e' : '-'}${r.phone ? 'p' : '-'}`));
    expect([...kinds].sort()).toEqual(['--', '-p', 'ep']);
  });

  it('gives every member a valid, unique 13-digit national id', async () => {
    const rows = await db.selectFrom('members').select('id_card').execute();
    expect(rows.every((r) => validThaiId(r.id_card))).toBe(true);
    expect(new Set(rows.map((r) => r.id_card)).size).toBe(rows.length);
  });

  it('approves members after their 20th birthday and never in the future', async () => {
    const rows = await db.selectFrom('members').select(['birth_date', 'approve_date']).execute();
    for (const r of rows) {
      const twentieth = `${Number(r.birth_date.slice(0, 4)) + 20}${r.birth_date.slice(4)}`;
      expect(r.approve_date > twentieth, `${r.birth_date} → ${r.approve_date}`).toBe(true);
      expect(r.approve_date <= TODAY).toBe(true);
      expect(r.birth_date >= '1960-01-01' && r.birth_date <= '2001-12-31').toBe(true);
    }
  });

  it('generates plausible member details', async () => {
    const rows = await db.selectFrom('members').selectAll().execute();
    for (const r of rows) {
      if (['นาย', 'นายแพทย์', 'จ่าสิบเอก', 'ว่าที่ร้อยตรี'].includes(r.prename)) expect(r.sex).toBe('M');
      if (['นาง', 'นางสาว', 'แพทย์หญิง', 'ว่าที่ร้อยตรีหญิง'].includes(r.prename)) expect(r.sex).toBe('F');
      expect(r.salary_satang).toBeGreaterThanOrEqual(15_000_00);
      expect(r.salary_satang).toBeLessThanOrEqual(120_000_00);
      expect(r.address).toContain('กรุงเทพมหานคร');
      if (r.phone !== null) expect(r.phone).toMatch(/^0[89]\d{8}$/);
      expect(['0', '3']).toContain(r.status_code);
    }
    const resigned = rows.filter((r) => r.status_code === '3').length;
    expect(resigned).toBeGreaterThan(0);
    expect(resigned).toBeLessThan(N * 0.1);
  });

  it('registers about 10% of active members online, never resigned ones', async () => {
    const creds = await db
      .selectFrom('member_credentials')
      .innerJoin('members', 'members.membership_no', 'member_credentials.membership_no')
      .select(['members.status_code', 'member_credentials.password_hash', 'member_credentials.created_at'])
      .execute();
    expect(creds.length).toBeGreaterThan(N * 0.04);
    expect(creds.length).toBeLessThan(N * 0.2);
    expect(creds.every((c) => c.status_code === '0')).toBe(true);
    expect(new Set(creds.map((c) => c.password_hash)).size).toBe(1);
    expect(creds.every((c) => c.created_at <= NOW.getTime())).toBe(true);
  });

  it('publishes the history page as item 1246 and the current terms, accepted by the demo member', async () => {
    const history = await db.selectFrom('content_items').selectAll().where('no', '=', 1246).executeTakeFirstOrThrow();
    expect(history.category).toBe('history');
    expect(history.body_html).toContain('พ.ศ.');

    const backend = createEmbeddedBackend(db, () => NOW.getTime());
    const terms = await backend.getTerms();
    expect(terms?.no).toBe(DEMO_CONTENT_NO.terms);
    expect(terms?.html).toContain('<ol>');
    const accepted = await db
      .selectFrom('terms_acceptances')
      .selectAll()
      .where('membership_no', '=', DEMO_MEMBER.membershipNo)
      .where('terms_no', '=', terms?.no ?? -1)
      .executeTakeFirst();
    expect(accepted).toBeDefined();
  });

  it('spreads ordinary content over the last 18 months', async () => {
    const items = await db
      .selectFrom('content_items')
      .selectAll()
      .where('no', '>=', DEMO_CONTENT_NO.firstItem)
      .execute();
    expect(items.length).toBeGreaterThanOrEqual(150);
    const oldest = NOW.getTime() - 550 * 86_400_000;
    expect(items.every((i) => i.posted_at <= NOW.getTime() && i.posted_at >= oldest)).toBe(true);
    expect(items.some((i) => i.cover_image === null)).toBe(true);
    expect(items.some((i) => i.cover_image?.startsWith('images/content/'))).toBe(true);
    const cats = await db.selectFrom('content_categories').select('code').execute();
    const codes = new Set(cats.map((c) => c.code));
    expect(items.every((i) => codes.has(i.category))).toBe(true);

    const home = await createEmbeddedBackend(db).getHomeContent();
    expect(home.latest).toHaveLength(6);
  });

  it('posts seasonal news in season, and states the rates the members were paid', async () => {
    const titled = (prefix: string) =>
      db.selectFrom('content_items').selectAll().where('title', 'like', `${prefix}%`).executeTakeFirstOrThrow();
    const monthOf = (ms: number) => new Date(ms + 7 * 3600_000).getUTCMonth() + 1;
    expect(monthOf(Number((await titled('แจ้งวันหยุดทำการช่วงเทศกาลสงกรานต์')).posted_at))).toBe(4);
    expect(monthOf(Number((await titled('ทำบุญตักบาตรเนื่องในวันขึ้นปีใหม่')).posted_at))).toBe(1);
    const news = await titled('สหกรณ์ฯ จ่ายเงินปันผลและเงินเฉลี่ยคืน ประจำปี ');
    expect(monthOf(Number(news.posted_at))).toBe(1);
    const year = Number(/ประจำปี (\d{4})$/.exec(news.title)?.[1]) - 543;
    const paid = await db
      .selectFrom('dividends')
      .select(['dividend_rate', 'average_return_rate'])
      .where('membership_no', '=', DEMO_MEMBER.membershipNo)
      .where('year', '=', year)
      .executeTakeFirstOrThrow();
    expect(news.body_html).toContain(`ร้อยละ ${paid.dividend_rate} และเงินเฉลี่ยคืนในอัตราร้อยละ ${paid.average_return_rate}`);
  });

  it('builds the menu, with every listed category reachable from it, and footer phones', async () => {
    const menu = await createEmbeddedBackend(db).getMenu();
    expect(menu.filter((m) => m.isParent && m.children.length === 0)).toEqual([]);
    const linked = new Set(menu.flatMap((m) => [m.url, ...m.children.map((c) => c.url)]));
    const listed = CATEGORIES.filter((c) => c.type !== 'A' && c.type !== 'S').map((c) => `/list/${c.code}`);
    expect(listed.length).toBeGreaterThan(20);
    expect(listed.filter((url) => !linked.has(url))).toEqual([]);
    // The search's recommended menu leads to lists that exist.
    const recommended = await db.selectFrom('search_recommended').select('note').execute();
    const lists = recommended.map((r) => r.note).filter((note) => note.startsWith('/list/'));
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.filter((note) => !listed.includes(note))).toEqual([]);
    const about = menu.find((m) => m.label === 'เกี่ยวกับสหกรณ์');
    expect(about?.children.map((c) => c.url)).toContain('/show/1246');
    expect(menu.find((m) => m.label === 'สมาชิก')?.url).toBe('/member/logon');

    const phones = await db.selectFrom('footer_phones').selectAll().execute();
    expect(phones.length).toBeGreaterThanOrEqual(3);
    expect(phones.every((p) => p.link.startsWith('tel:'))).toBe(true);
  });

  it('does nothing the second time', async () => {
    const count = async () =>
      Promise.all(
        (['members', 'member_credentials', 'content_items', 'menu_items', 'footer_phones'] as const).map(async (t) =>
          Number(
            (
              await db
                .selectFrom(t)
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ),
      );
    const before = await count();
    expect(await seedDemo(db, { members: 50, seed: 1, now: NOW })).toEqual({ seeded: false, members: 0 });
    expect(await count()).toEqual(before);
    const flag = await db.selectFrom('meta').select('value').where('key', '=', 'demo_seeded').executeTakeFirst();
    expect(flag?.value).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('is deterministic: the same seed gives identical members', async () => {
    const other = await freshDb();
    await seedDemo(other, { members: N, seed: SEED, now: NOW });
    const read = (d: Db) => d.selectFrom('members').selectAll().orderBy('membership_no').execute();
    expect(await read(other)).toEqual(await read(db));

    const third = await freshDb();
    await seedDemo(third, { members: N, seed: SEED + 1, now: NOW });
    expect(await read(third)).not.toEqual(await read(db));
  });
});

describe('seedDemo sizes', () => {
  it('works for 50 members', async () => {
    const db = await freshDb();
    expect(await seedDemo(db, { members: 50, now: NOW })).toEqual({ seeded: true, members: 50 });
    const ids = await db.selectFrom('members').select('membership_no').execute();
    expect(ids.map((r) => r.membership_no)).toContain(DEMO_MEMBER.membershipNo);
  });

  // With each member's financial history (~140,000 rows for 1000 members) in the same transaction.
  // CPU time, not wall time: on our shared machines other processes stretch the wall clock.
  it('seeds 1000 members in under 3 seconds of CPU', { timeout: 60_000 }, async () => {
    const db = await freshDb();
    const before = process.cpuUsage();
    await seedDemo(db, { members: 1000 });
    const used = process.cpuUsage(before);
    const ms = (used.user + used.system) / 1000;
    console.info(`seedDemo: 1000 members in ${ms.toFixed(0)} ms of CPU`);
    expect(ms).toBeLessThan(3000);
  });

  it('works for 5000 members', { timeout: 60_000 }, async () => {
    const db = await freshDb();
    const t0 = performance.now();
    expect(await seedDemo(db, { members: 5000, now: NOW })).toEqual({ seeded: true, members: 5000 });
    console.info(`seedDemo: 5000 members in ${(performance.now() - t0).toFixed(0)} ms`);
    const ids = await db.selectFrom('members').select(['membership_no', 'id_card']).execute();
    expect(new Set(ids.map((r) => r.membership_no)).size).toBe(5000);
    expect(ids.every((r) => /^\d{6}$/.test(r.membership_no) && validThaiId(r.id_card))).toBe(true);
  });
});

// Two instances starting at once on an empty PostgreSQL store (ADR 017), when one is at hand:
// TEST_DATABASE_URL=postgres://… npx vitest run app/server/seed/demo.test.ts (its role creates `<db>_seed`).
const pgUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!pgUrl)('seedDemo and the search index from two instances at once (PostgreSQL)', () => {
  const options = { members: 50, seed: SEED, now: NOW };
  let first: Db;
  let second: Db;

  beforeAll(async () => {
    const url = await freshDatabase(pgUrl ?? '', 'seed');
    first = openDb({ dataDir: os.tmpdir(), databaseUrl: url });
    second = openDb({ dataDir: os.tmpdir(), databaseUrl: url });
    await Promise.all([migrate(first), migrate(second)]);
  });

  afterAll(async () => {
    await first.destroy();
    await second.destroy();
    await dropDatabase(pgUrl ?? '', 'seed');
  });

  const TABLES = [
    'members',
    'member_credentials',
    'content_items',
    'board_topics',
    'share_statements',
    'loans',
    'search_documents',
  ] as const;
  async function counts(db: Db): Promise<Record<(typeof TABLES)[number], number>> {
    const n = {} as Record<(typeof TABLES)[number], number>;
    for (const table of TABLES) {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      n[table] = Number(row.n);
    }
    return n;
  }

  it('one seeds, the other waits and finds it seeded; the rows are those of a single seed', async () => {
    const results = await Promise.all([seedDemo(first, options), seedDemo(second, options)]);
    expect(results.map((r) => r.seeded).sort()).toEqual([false, true]);
    const single = await freshDb();
    expect(await seedDemo(single, options)).toEqual({ seeded: true, members: 50 });
    expect(await counts(first)).toEqual(await counts(single));
  });

  it('a stale search index is rebuilt once by one of them', async () => {
    await first.deleteFrom('meta').where('key', '=', SEARCH_INDEX_META_KEY).execute();
    const rebuilt = await Promise.all([ensureSearchIndex(first), ensureSearchIndex(second)]);
    expect(rebuilt.sort()).toEqual([false, true]);
    const after = await counts(second);
    expect(after.search_documents).toBe(after.content_items);
  });
});
