import { CompiledQuery, PostgresAdapter, sql, type Insertable, type Transaction } from 'kysely';

import { rebuildSearchIndex } from '../coop/embedded-search.server';
import { hashPassword } from '../crypto.server';
import type { Db } from '../db/index.server';
import { ADVISORY_LOCKS, lockWithinTransaction } from '../db/locks';
import type { Database } from '../db/schema';
import { buildBoardData, insertBoardData, type BoardData } from './board-data';
import { buildContent, CONTENT_NO, type ContentSeed } from './content-build';
import { buildFinanceData, type FinanceData } from './finance';
import { createRng, type Rng } from './rng';
import { thaiIdCheckDigit } from '~/lib/forms/identity';
import {
  BANGKOK_DISTRICTS,
  DOCTOR_PRENAMES,
  FEMALE_FIRST_NAMES,
  LEVELS,
  MALE_FIRST_NAMES,
  POSITIONS,
  PRENAMES,
  SURNAMES,
  VILLAGES,
  WORK_UNITS,
  type WorkUnit,
} from './thai-names';

/** The member everyone can log in as on a demo store. */
export const DEMO_MEMBER = { membershipNo: '012345', password: 'sahakorn-demo' } as const;

/**
 * A second demo login with shares only: no loans, deposits, guarantees, welfare or cremation
 * association, so the member pages' empty states can be seen. Same password as DEMO_MEMBER.
 */
export const EMPTY_DEMO_MEMBER = { membershipNo: '054321', password: DEMO_MEMBER.password } as const;

/** Fixed content item numbers (stable on SQLite and PostgreSQL alike): history 1246, terms 1247… */
export const DEMO_CONTENT_NO = CONTENT_NO;

export const DEMO_SEEDED_META_KEY = 'demo_seeded';

export interface SeedDemoOptions {
  /** Total number of members, the demo member included (at least 1). */
  members: number;
  /** PRNG seed; the same seed and `now` give the same data. Default 20240501. */
  seed?: number;
  /** The reference "today": dates are generated up to it. Default: the current time. */
  now?: Date;
}

export interface SeedDemoResult {
  /** False when the store already held members or had been seeded before. */
  seeded: boolean;
  /** Members inserted by this call (0 when nothing was seeded). */
  members: number;
}

const DEFAULT_SEED = 20240501;
const BATCH = 200;
const DAY = 86_400_000;
/** Share of other active members who have registered for the online service. */
const REGISTERED_SHARE = 0.1;
const RESIGNED_SHARE = 0.04;

type Row<T extends keyof Database> = Insertable<Database[T]>;

export interface DemoData {
  members: Row<'members'>[];
  /** Credentials without the hash; `seedDemo` adds the one shared hash. */
  credentials: Omit<Row<'member_credentials'>, 'password_hash'>[];
  termsAcceptances: Row<'terms_acceptances'>[];
  /** Website content: categories, items, their gallery and attachments, and the interest rates. */
  content: ContentSeed;
  menuItems: Row<'menu_items'>[];
  menuSubItems: Row<'menu_sub_items'>[];
  footerPhones: Row<'footer_phones'>[];
  /** Shares, loans, deposits, collections, beneficiaries, dividends and welfare of the members. */
  finance: FinanceData;
  /** Web board topics and answers, and demand items. */
  board: BoardData;
}

/**
 * Seed an empty store with demo data: members (with the demo member 012345), a few registered
 * online users, website content, menus and footer phone lines. Does nothing when the store
 * already has members or was seeded before. Everything is written in one transaction, under an
 * advisory lock on PostgreSQL, so instances starting together seed it once.
 */
export async function seedDemo(db: Db, options: SeedDemoOptions): Promise<SeedDemoResult> {
  if (await alreadySeeded(db)) return { seeded: false, members: 0 };

  return db.transaction().execute(async (trx) => {
    // Several instances may start at once on an empty PostgreSQL store: one seeds, the others wait
    // here until it has committed and then find the store seeded (ADR 017).
    await lockWithinTransaction(trx, ADVISORY_LOCKS.demoSeed);
    if (await alreadySeeded(trx)) return { seeded: false, members: 0 };

    const now = options.now ?? new Date();
    const data = buildDemoData({ ...options, now });
    // argon2id is deliberately slow: hash once and share it among all registered demo users.
    const passwordHash = await hashPassword(DEMO_MEMBER.password);

    await inBatches(data.members, (rows) => trx.insertInto('members').values(rows).execute());
    await inBatches(
      data.credentials.map((c) => ({ ...c, password_hash: passwordHash })),
      (rows) => trx.insertInto('member_credentials').values(rows).execute(),
    );
    await inBatches(data.content.categories, (rows) => trx.insertInto('content_categories').values(rows).execute());
    await inBatches(data.content.items, (rows) => trx.insertInto('content_items').values(rows).execute());
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      // Identity columns do not advance on explicit inserts; move the sequence past our numbers.
      await sql`select setval(pg_get_serial_sequence('content_items', 'no'), (select max(no) from content_items))`.execute(
        trx,
      );
    }
    await inBatches(data.content.gallery, (rows) => trx.insertInto('content_gallery').values(rows).execute());
    await inBatches(data.content.attachments, (rows) => trx.insertInto('content_attachments').values(rows).execute());
    await inBatches(data.content.rates, (rows) => trx.insertInto('interest_rates').values(rows).execute());
    await inBatches(data.termsAcceptances, (rows) => trx.insertInto('terms_acceptances').values(rows).execute());
    await inBatches(data.menuItems, (rows) => trx.insertInto('menu_items').values(rows).execute());
    await inBatches(data.menuSubItems, (rows) => trx.insertInto('menu_sub_items').values(rows).execute());
    await inBatches(data.footerPhones, (rows) => trx.insertInto('footer_phones').values(rows).execute());
    await insertFinance(trx, data.finance);
    await insertBoardData(trx, data.board);
    // Last, so it indexes every content item inserted above (ADR 013).
    await rebuildSearchIndex(trx, now.getTime());
    await trx.insertInto('meta').values({ key: DEMO_SEEDED_META_KEY, value: new Date().toISOString() }).execute();

    return { seeded: true, members: data.members.length };
  });
}

async function alreadySeeded(db: Db | Transaction<Database>): Promise<boolean> {
  const member = await db.selectFrom('members').select('membership_no').limit(1).executeTakeFirst();
  if (member) return true;
  const flag = await db.selectFrom('meta').select('key').where('key', '=', DEMO_SEEDED_META_KEY).executeTakeFirst();
  return Boolean(flag);
}

async function inBatches<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await insert(rows.slice(i, i + BATCH));
  }
}

/** Insert the finance rows in foreign-key order (over a hundred thousand rows for 1000 members). */
async function insertFinance(trx: Transaction<Database>, f: FinanceData): Promise<void> {
  const pg = trx.getExecutor().adapter instanceof PostgresAdapter;
  await insertRows(trx, pg, 'share_accounts', f.shareAccounts);
  await insertRows(trx, pg, 'share_statements', f.shareStatements);
  await insertRows(trx, pg, 'loans', f.loans);
  await insertRows(trx, pg, 'loan_collateral', f.loanCollateral);
  await insertRows(trx, pg, 'loan_statements', f.loanStatements);
  await insertRows(trx, pg, 'deposit_accounts', f.depositAccounts);
  await insertRows(trx, pg, 'deposit_statements', f.depositStatements);
  // Collections carry explicit ids (1…n), which the lines refer to.
  await insertRows(trx, pg, 'collections', f.collections);
  if (pg && f.collections.length) {
    // Identity columns do not advance on explicit inserts; move the sequence past our ids.
    await sql`select setval(pg_get_serial_sequence('collections', 'id'), (select max(id) from collections))`.execute(
      trx,
    );
  }
  await insertRows(trx, pg, 'collection_lines', f.collectionLines);
  await insertRows(trx, pg, 'beneficiaries', f.beneficiaries);
  await insertRows(trx, pg, 'dividends', f.dividends);
  await insertRows(trx, pg, 'welfare_items', f.welfareItems);
}

/** Bound parameters per statement: well under SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMS = 16_000;

/**
 * Multi-row inserts compiled by hand: the query builder spends most of its time building and
 * compiling a syntax tree per value, which for this many rows costs seconds. Table and column names
 * come from our own schema types (never from input); every value is a bound parameter. The column
 * list is taken from the first row, so all rows of a table must have the same keys.
 */
async function insertRows<T extends keyof Database>(
  trx: Transaction<Database>,
  pg: boolean,
  table: T,
  rows: readonly Row<T>[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const head = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values `;
  const perBatch = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  for (let start = 0; start < rows.length; start += perBatch) {
    const chunk = rows.slice(start, start + perBatch);
    const params: unknown[] = [];
    const tuples: string[] = [];
    for (const row of chunk) {
      const marks: string[] = [];
      for (const c of columns) {
        params.push((row as Record<string, unknown>)[c] ?? null);
        marks.push(pg ? `$${params.length}` : '?');
      }
      tuples.push(`(${marks.join(', ')})`);
    }
    await trx.executeQuery(CompiledQuery.raw(head + tuples.join(', '), params));
  }
}

/** Build every row of the demo data set, without touching the database. Pure and deterministic. */
export function buildDemoData(options: { members: number; seed?: number; now: Date }): DemoData {
  const count = options.members;
  if (!Number.isInteger(count) || count < 1) throw new RangeError('seedDemo: members must be an integer ≥ 1');
  if (count > 900_000) throw new RangeError('seedDemo: at most 900,000 members fit 6-digit membership numbers');
  const seed = options.seed ?? DEFAULT_SEED;
  const nowMs = options.now.getTime();
  // Separate streams, so changing the content never changes the members and vice versa.
  const memberRng = createRng(seed);
  const contentRng = createRng((seed ^ 0x5eed_c0de) >>> 0);
  const financeRng = createRng((seed ^ 0xf1a4_ce55) >>> 0);
  const boardRng = createRng((seed ^ 0xb0a2_d5ee) >>> 0);

  const { members, credentials, registered } = buildMembers(memberRng, count, nowMs);
  const finance = buildFinanceData({
    members,
    rng: financeRng,
    now: options.now,
    showcaseNo: DEMO_MEMBER.membershipNo,
    sharesOnlyNo: EMPTY_DEMO_MEMBER.membershipNo,
  });
  // The news of a year's dividend states the rates the members' dividend rows were paid at.
  const dividendRates = new Map(
    finance.dividends.map((d) => [
      Number(d.year) + 543,
      { dividend: String(d.dividend_rate), averageReturn: String(d.average_return_rate) },
    ]),
  );
  const content = buildContent(contentRng, nowMs, count, { dividendRates });
  const termsPostedAt = content.termsPostedAt;

  const termsAcceptances: Row<'terms_acceptances'>[] = [];
  for (const c of registered) {
    const isDemo = c.membership_no === DEMO_MEMBER.membershipNo;
    // The demo member has accepted the current terms; about 80% of other registered users have.
    if (!isDemo && !memberRng.chance(0.8)) continue;
    const acceptedAt = Math.min(nowMs, Math.max(Number(c.created_at), termsPostedAt) + memberRng.int(1, 15) * 60_000);
    termsAcceptances.push({
      membership_no: c.membership_no,
      terms_no: DEMO_CONTENT_NO.terms,
      accepted_at: acceptedAt,
      ip: isDemo ? '203.0.113.10' : `203.0.113.${memberRng.int(11, 250)}`,
      user_agent: isDemo
        ? 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36'
        : null,
    });
  }
  // The empty-states member has accepted the terms too (fixed values, outside the member stream).
  const emptyCred = credentials.find((c) => c.membership_no === EMPTY_DEMO_MEMBER.membershipNo);
  if (emptyCred) {
    termsAcceptances.push({
      membership_no: emptyCred.membership_no,
      terms_no: DEMO_CONTENT_NO.terms,
      accepted_at: Math.min(nowMs, Math.max(Number(emptyCred.created_at), termsPostedAt) + 7 * 60_000),
      ip: '203.0.113.20',
      user_agent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    });
  }

  return {
    members,
    credentials,
    termsAcceptances,
    content,
    menuItems: MENU_ITEMS,
    menuSubItems: MENU_SUB_ITEMS,
    footerPhones: FOOTER_PHONES,
    finance,
    board: buildBoardData(boardRng, nowMs),
  };
}

// ---------------------------------------------------------------------------------------------
// Members

const isoDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

const DEMO_ROW: Row<'members'> = {
  membership_no: DEMO_MEMBER.membershipNo,
  prename: 'นาย',
  first_name: 'สมชาย',
  last_name: 'ใจดี',
  id_card: `310050012345${thaiIdCheckDigit('310050012345')}`,
  sex: 'M',
  birth_date: '1978-05-14',
  approve_date: '2003-06-02',
  member_group_no: '0102',
  member_group_name: 'กองคลัง',
  position_name: 'นักวิชาการเงินและบัญชีชำนาญการ',
  salary_satang: 45_870_00,
  address: '99/12 ซอยงามวงศ์วาน 23 ถนนงามวงศ์วาน แขวงลาดยาว เขตจตุจักร กรุงเทพมหานคร 10900',
  phone: '0812345678',
  email: 'somchai.demo@example.com',
  status_code: '0',
};

const EMPTY_ROW: Row<'members'> = {
  membership_no: EMPTY_DEMO_MEMBER.membershipNo,
  prename: 'นางสาว',
  first_name: 'สุดา',
  last_name: 'รักออม',
  id_card: '', // set with a unique check digit
  sex: 'F',
  birth_date: '1994-02-11',
  approve_date: '2021-07-01',
  member_group_no: '0203',
  member_group_name: 'โรงพยาบาลนพรัตนราชธานี',
  position_name: 'พยาบาลวิชาชีพปฏิบัติการ',
  salary_satang: 28_750_00,
  address: '45/8 ซอยรามอินทรา 40 ถนนรามอินทรา แขวงนวลจันทร์ เขตบึงกุ่ม กรุงเทพมหานคร 10230',
  phone: '0898765432',
  email: null,
  status_code: '0',
};

const PROVINCE_CODES = ['10', '10', '10', '10', '10', '11', '12', '13', '20', '30', '34', '40', '50', '65', '80', '90'];

function buildMembers(rng: Rng, count: number, nowMs: number) {
  const ids = new Set<string>([DEMO_ROW.id_card]);
  const latestBirth = Math.min(Date.UTC(2001, 11, 31), nowMs - Math.ceil(21.1 * 365.25 * DAY));
  const earliestBirth = Date.UTC(1960, 0, 1);
  if (latestBirth < earliestBirth) throw new RangeError('seedDemo: `now` is too early for members born 1960–2001');
  const units = WORK_UNITS.filter((u) => u.kind !== 'pension');
  const pension = WORK_UNITS.find((u) => u.kind === 'pension');

  const others: Row<'members'>[] = [];
  for (let i = 0; i < count - 1; i++) {
    const sex: 'M' | 'F' = rng.chance(0.62) ? 'F' : 'M';
    const birthMs = rng.dateBetween(new Date(earliestBirth), new Date(latestBirth)).getTime();
    const birth = new Date(birthMs);
    const by = birth.getUTCFullYear();
    // Joined after the 20th birthday, usually early in their career, never in the future.
    const after20 = Date.UTC(by + 20, birth.getUTCMonth(), birth.getUTCDate()) + DAY;
    const approveMs = after20 + Math.floor(Math.pow(rng.next(), 2.2) * (nowMs - after20));
    const age = (nowMs - birthMs) / (365.25 * DAY);
    const service = (nowMs - approveMs) / (365.25 * DAY);

    const unit: WorkUnit =
      pension && age >= 60 && rng.chance(0.8) ? pension : rng.weighted(units.map((u) => [u, u.weight] as const));
    let position: string | null = null;
    let doctor = false;
    if (unit.kind !== 'pension' && !rng.chance(0.04)) {
      const p = rng.weighted(
        POSITIONS.filter((x) => x.where === 'any' || x.where === unit.kind).map((x) => [x, x.weight] as const),
      );
      doctor = p.name === 'นายแพทย์';
      const lvl = service < 6 ? 0 : service < 15 ? 1 : 2;
      position = p.track === 'e' ? p.name : p.name + LEVELS[p.track][lvl];
    }

    const prename = doctor ? DOCTOR_PRENAMES[sex] : rng.weighted(PRENAMES[sex]);
    const firstName = rng.pick(sex === 'M' ? MALE_FIRST_NAMES : FEMALE_FIRST_NAMES);
    let lastName: string = rng.pick(SURNAMES);
    // Keep the demo identity unique.
    while (firstName === DEMO_ROW.first_name && lastName === DEMO_ROW.last_name) lastName = rng.pick(SURNAMES);

    let idCard: string;
    do {
      const first12 =
        (by >= 1984 ? '1' : '3') +
        rng.pick(PROVINCE_CODES) +
        String(rng.int(1, 50)).padStart(2, '0') +
        String(rng.int(0, 9_999_999)).padStart(7, '0');
      idCard = first12 + String(thaiIdCheckDigit(first12));
    } while (ids.has(idCard));
    ids.add(idCard);

    let salaryBaht: number;
    if (unit.kind === 'pension') salaryBaht = rng.int(15_000, 60_000);
    else {
      salaryBaht = 15_000 + service * 1_600 + rng.int(0, 18_000) + (doctor ? rng.int(25_000, 45_000) : 0);
      if (position?.includes('ชำนาญการพิเศษ')) salaryBaht += 8_000;
    }
    salaryBaht = Math.round(Math.min(120_000, Math.max(15_000, salaryBaht)) / 10) * 10;

    others.push({
      membership_no: '', // assigned below, in joining order
      prename,
      first_name: firstName,
      last_name: lastName,
      id_card: idCard,
      sex,
      birth_date: isoDate(birthMs),
      approve_date: isoDate(approveMs),
      member_group_no: unit.no,
      member_group_name: unit.name,
      position_name: position,
      salary_satang: salaryBaht * 100,
      address: randomAddress(rng),
      phone: rng.chance(0.85) ? rng.pick(['08', '09']) + String(rng.int(0, 99_999_999)).padStart(8, '0') : null,
      email: null, // set with the membership number below
      status_code: rng.chance(RESIGNED_SHARE) ? '3' : '0',
    });
  }

  // Membership numbers grow with the joining date, with gaps (numbers are never reused).
  others.sort((a, b) => cmp(a.approve_date, b.approve_date) || cmp(a.id_card, b.id_card));
  const maxGap = Math.max(1, Math.min(4, Math.floor((999_999 - 500) / Math.max(1, count))));
  let next = rng.int(120, 480);
  for (const m of others) {
    next += rng.int(1, maxGap);
    if (next === 12_345 || next === 54_321) next += 1;
    m.membership_no = String(next).padStart(6, '0');
    // Two in three members with a phone also gave an email; the rest have a phone only, or nothing
    // (no new RNG draw, so every other generated value stays as it was).
    if (m.phone && next % 3 !== 0) m.email = `member${m.membership_no}@example.com`;
  }

  const members = [DEMO_ROW, ...others].sort((a, b) => cmp(a.membership_no, b.membership_no));

  // Online users: the demo member plus about 10% of the other active members.
  const credentials: DemoData['credentials'] = [];
  const registered: DemoData['credentials'] = [];
  const threeYearsAgo = nowMs - 3 * 365 * DAY;
  for (const m of members) {
    const isDemo = m.membership_no === DEMO_MEMBER.membershipNo;
    if (!isDemo && (m.status_code !== '0' || !rng.chance(REGISTERED_SHARE))) continue;
    const from = Math.max(threeYearsAgo, Date.parse(m.approve_date));
    const createdAt = isDemo ? nowMs - 200 * DAY : from + Math.floor(rng.next() * Math.max(0, nowMs - DAY - from));
    const row = { membership_no: m.membership_no, reset_required: 0, created_at: createdAt, updated_at: createdAt };
    credentials.push(row);
    registered.push(row);
  }

  if (count >= 2) addEmptyDemoMember(members, credentials, registered, ids, nowMs);
  return { members, credentials, registered };
}

/**
 * Put the empty-states member 054321 in place of the newest member who is not registered online,
 * so the total stays `count` and every other member, credential and RNG draw stays as it was.
 */
function addEmptyDemoMember(
  members: Row<'members'>[],
  credentials: DemoData['credentials'],
  registered: DemoData['credentials'],
  ids: Set<string>,
  nowMs: number,
): void {
  const online = new Set(credentials.map((c) => c.membership_no));
  const isOther = (m: Row<'members'>) => m.membership_no !== DEMO_MEMBER.membershipNo;
  let drop = members.findLastIndex((m) => isOther(m) && !online.has(m.membership_no));
  if (drop < 0) drop = members.findLastIndex(isOther);
  const [dropped] = drop >= 0 ? members.splice(drop, 1) : [];
  if (dropped && online.has(dropped.membership_no)) {
    for (const list of [credentials, registered]) {
      const i = list.findIndex((c) => c.membership_no === dropped.membership_no);
      if (i >= 0) list.splice(i, 1);
    }
  }

  const today = isoDate(nowMs);
  let first12 = '110370054321';
  while (ids.has(first12 + String(thaiIdCheckDigit(first12)))) first12 = String(Number(first12) + 1);
  const row: Row<'members'> = {
    ...EMPTY_ROW,
    id_card: first12 + String(thaiIdCheckDigit(first12)),
    approve_date: EMPTY_ROW.approve_date < today ? EMPTY_ROW.approve_date : today,
  };
  ids.add(row.id_card);
  members.push(row);
  members.sort((a, b) => cmp(a.membership_no, b.membership_no));
  const createdAt = Math.max(Date.parse(row.approve_date), nowMs - 30 * DAY);
  credentials.push({
    membership_no: row.membership_no,
    reset_required: 0,
    created_at: createdAt,
    updated_at: createdAt,
  });
}

function randomAddress(rng: Rng): string {
  const d = rng.pick(BANGKOK_DISTRICTS);
  const road = rng.pick(d.roads);
  const parts = [rng.chance(0.5) ? String(rng.int(1, 999)) : `${rng.int(1, 299)}/${rng.int(1, 199)}`];
  if (rng.chance(0.2)) parts.push(rng.pick(VILLAGES));
  // "ซอยลาดพร้าว 71" reads naturally; "ซอยพระราม 3 12" does not, so no soi for numbered roads.
  if (!/\d/.test(road) && rng.chance(0.55)) parts.push(`ซอย${road} ${rng.int(1, 120)}`);
  parts.push(`ถนน${road}`, `แขวง${rng.pick(d.subdistricts)}`, `เขต${d.name}`, 'กรุงเทพมหานคร', d.postcode);
  return parts.join(' ');
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

// ---------------------------------------------------------------------------------------------
// Menu and footer (the UI adds the fixed "home" entry itself)

const MENU_ITEMS: Row<'menu_items'>[] = [
  { seq: 1, name: 'เกี่ยวกับสหกรณ์', name_en: 'About us', url: null, icon: null, is_parent: 1, status: 1, sort: 1 },
  { seq: 2, name: 'ข่าวสาร', name_en: 'News', url: null, icon: null, is_parent: 1, status: 1, sort: 2 },
  { seq: 3, name: 'บริการ', name_en: 'Services', url: null, icon: null, is_parent: 1, status: 1, sort: 3 },
  { seq: 4, name: 'รายงาน', name_en: 'Reports', url: null, icon: null, is_parent: 1, status: 1, sort: 4 },
  { seq: 5, name: 'กระดานถาม-ตอบ', name_en: 'Q&A board', url: '/board', icon: null, is_parent: 0, status: 1, sort: 5 },
  { seq: 6, name: 'สมาชิก', name_en: 'Members', url: '/member/logon', icon: null, is_parent: 0, status: 1, sort: 6 },
];

/** Every category the public site lists is reachable from one of these (a unit test holds the seed to it). */
const MENU_SUB_ITEMS: Row<'menu_sub_items'>[] = [
  ...[
    ['ประวัติสหกรณ์', `/show/${DEMO_CONTENT_NO.history}`],
    ['ผลการดำเนินงาน', '/list/overall_operation'],
    ['การลงทุนของสหกรณ์', '/list/coop_investment'],
    ['ผลงานและรางวัล', '/list/achievement'],
    ['ระเบียบ ข้อบังคับ', '/list/rules'],
    ['คำสั่ง', '/list/order'],
    ['คำสั่งนายทะเบียนสหกรณ์', '/list/coop_order'],
    ['กฎหมายสหกรณ์', '/list/coop_act'],
  ].map(([description, url]) => ({ menu_seq: 1, description: description!, url: url! })),
  ...[
    ['ข่าวประชาสัมพันธ์', '/list/news'],
    ['ข่าวกิจกรรม', '/list/news_activity'],
    ['ประกาศ', '/list/notice'],
    ['ชมรมและกิจกรรมสมาชิก', '/list/club'],
    ['ภาพกิจกรรม', '/list/activity-gallary'],
    ['วิดีโอ', '/list/video'],
  ].map(([description, url]) => ({ menu_seq: 2, description: description!, url: url! })),
  ...[
    ['บริการเงินกู้', '/list/services-loan'],
    ['สวัสดิการ', '/list/welfare'],
    ['ทุนการศึกษา', '/list/scholarship'],
    ['ดาวน์โหลดเอกสาร', '/list/download'],
    ['ความต้องการของสมาชิก', '/demand'],
  ].map(([description, url]) => ({ menu_seq: 3, description: description!, url: url! })),
  ...[
    ['ศูนย์รวมรายงาน', '/list/report_center'],
    ['รายงานกิจการ', '/list/bussiness_report'],
    ['รายงานกิจการประจำเดือน', '/list/bussiness_report_monthy'],
    ['จดหมายข่าว', '/list/newsletter'],
  ].map(([description, url]) => ({ menu_seq: 4, description: description!, url: url! })),
].map((item, i, all) => ({
  ...item,
  seq: i + 1,
  status: 1,
  sort: all.slice(0, i).filter((other) => other.menu_seq === item.menu_seq).length + 1,
}));

const FOOTER_PHONES: Row<'footer_phones'>[] = [
  { seq: 1, label: 'สำนักงานสหกรณ์ 02-123-4567', link: 'tel:021234567', sort: 1 },
  { seq: 2, label: 'ฝ่ายสินเชื่อ 02-123-4568', link: 'tel:021234568', sort: 2 },
  { seq: 3, label: 'ฝ่ายเงินฝากและทะเบียนสมาชิก 02-123-4569', link: 'tel:021234569', sort: 3 },
  { seq: 4, label: 'ฝ่ายบัญชีและการเงิน 02-123-4570', link: 'tel:021234570', sort: 4 },
];
