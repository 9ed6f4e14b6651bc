import { sql, type RawBuilder } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';

import { verifyPassword } from '~/server/crypto.server';
import type { Db } from '~/server/db/index.server';
import { scratchSqlite } from '~/server/db-instances.test-support';
import { DEMO_MEMBER, EMPTY_DEMO_MEMBER, buildDemoData, seedDemo } from '~/server/seed/demo.server';
import {
  COLLECTION_STATUS,
  LOAN_ITEMS,
  SHARE_ITEMS,
  collectionStatus,
  divRound,
  levelInstalment,
  monthlyInterest,
  rateBasisPoints,
} from '~/server/seed/finance';

const NOW = new Date('2025-06-15T03:00:00.000Z');
const TODAY = '2025-06-15';
/** The brought-forward date: the last day of the month 37 months before NOW. */
const BF_DATE = '2022-05-31';
const SEED = 42;
const N = 300;

const fresh = scratchSqlite('finance');
const freshDb = async (): Promise<Db> => (await fresh()).db;

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

let db: Db;
const rows = async <T>(query: RawBuilder<T>): Promise<T[]> => (await query.execute(db)).rows;
const ym = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
/** '2024-12' → '2025-01'. */
const nextYm = (m: string): string => {
  const [y = 0, mo = 0] = m.split('-').map(Number);
  return mo === 12 ? ym(y + 1, 1) : ym(y, mo + 1);
};
/** Months ('YYYY-MM') whose kep collection was posted with nothing collected, by member. */
async function failedMonths(): Promise<Map<string, Set<string>>> {
  const list = await db
    .selectFrom('collections')
    .select(['membership_no', 'year', 'month'])
    .where('kind', '=', 'kep')
    .where('posted', '=', 1)
    .where('collected_satang', '=', 0)
    .execute();
  const map = new Map<string, Set<string>>();
  for (const c of list) {
    const set = map.get(c.membership_no) ?? new Set<string>();
    set.add(ym(c.year, c.month));
    map.set(c.membership_no, set);
  }
  return map;
}

beforeAll(async () => {
  db = await freshDb();
  expect(await seedDemo(db, { members: N, seed: SEED, now: NOW })).toEqual({ seeded: true, members: N });
});

describe('finance helpers', () => {
  it('does interest and instalments in integer satang', () => {
    expect(divRound(7, 2)).toBe(4);
    expect(divRound(5, 3)).toBe(2);
    expect(divRound(0, 9)).toBe(0);
    expect(rateBasisPoints('6.25')).toBe(625);
    expect(rateBasisPoints('4.5')).toBe(450);
    // 1,000,000.00 baht at 6% a year: 5,000.00 baht a month.
    expect(monthlyInterest(100_000_000, 600)).toBe(500_000);
    expect(monthlyInterest(1_000_001, 625)).toBe(5_208); // 5,208.338… rounds down

    for (const [principal, bp, n] of [
      [3_000_000, 625, 18],
      [85_000_000, 575, 120],
      [300_000_000, 450, 240],
    ] as const) {
      const inst = levelInstalment(principal, bp, n);
      expect(inst % 1_000).toBe(0);
      const periodsToRepay = (instalment: number) => {
        let balance = principal;
        let k = 0;
        while (balance > 0 && k < 1_000) {
          const interest = monthlyInterest(balance, bp);
          if (instalment <= interest) return Infinity;
          balance -= Math.min(balance, instalment - interest);
          k++;
        }
        return k;
      };
      expect(periodsToRepay(inst)).toBeLessThanOrEqual(n);
      expect(periodsToRepay(inst - 1_000)).toBeGreaterThan(n);
    }
  });

  it('derives the collection status like the member pages', () => {
    expect(collectionStatus({ posted: 0, collected_satang: 0, billed_satang: 100 })).toBe(COLLECTION_STATUS.waiting);
    expect(collectionStatus({ posted: 1, collected_satang: 0, billed_satang: 100 })).toBe(COLLECTION_STATUS.failed);
    expect(collectionStatus({ posted: 1, collected_satang: 40, billed_satang: 100 })).toBe(COLLECTION_STATUS.partial);
    expect(collectionStatus({ posted: 1, collected_satang: 100, billed_satang: 100 })).toBe(COLLECTION_STATUS.full);
  });

  it('leaves the member rows alone: its own RNG stream', () => {
    const a = buildDemoData({ members: 120, seed: 9, now: NOW });
    const b = buildDemoData({ members: 120, seed: 9, now: NOW });
    expect(b.finance).toEqual(a.finance);
    expect(a.members.filter((m) => m.membership_no !== EMPTY_DEMO_MEMBER.membershipNo)).toHaveLength(119);
  });
});

describe('shares', () => {
  it('gives every member a share account whose capital is the last statement balance', async () => {
    const bad = await rows(sql<{ membership_no: string }>`
      select a.membership_no from members m
      left join share_accounts a on a.membership_no = m.membership_no
      left join (
        select membership_no, balance_satang,
               row_number() over (partition by membership_no order by op_date desc, id desc) as rn
        from share_statements
      ) s on s.membership_no = m.membership_no and s.rn = 1
      where a.membership_no is null or s.balance_satang is null or s.balance_satang != a.capital_satang
         or a.last_period != (select max(period) from share_statements x where x.membership_no = m.membership_no)`);
    expect(bad).toEqual([]);
  });

  it('keeps a running balance: previous balance + amount, periods one by one', async () => {
    const bad = await rows(sql<{ id: number }>`
      select id from (
        select id, op_date, period, description, amount_satang, balance_satang,
               lag(balance_satang) over w as prev_balance,
               row_number() over w as rn
        from share_statements window w as (partition by membership_no order by op_date, id)
      ) where (rn = 1 and balance_satang != amount_satang)
           or (rn > 1 and balance_satang != prev_balance + amount_satang)
           or balance_satang < 0 or op_date > ${TODAY}`);
    expect(bad).toEqual([]);

    const all = await db
      .selectFrom('share_statements')
      .selectAll()
      .orderBy('membership_no')
      .orderBy('op_date')
      .orderBy('id')
      .execute();
    const byMember = groupBy(all, (r) => r.membership_no);
    for (const [no, list] of byMember) {
      const first = list[0];
      if (first?.description === SHARE_ITEMS.broughtForward) expect(first.op_date).toBe(BF_DATE);
      else expect(first?.description, no).toBe(SHARE_ITEMS.first);
      const monthly = list.filter((r) => r.description === SHARE_ITEMS.monthly);
      const bad = monthly.filter((r, i) => {
        const wd = new Date(`${r.op_date}T00:00:00Z`).getUTCDay();
        const prev = monthly[i - 1];
        return (prev && r.period !== (prev.period ?? 0) + 1) || r.op_date >= '2025-06-01' || wd === 0 || wd === 6;
      });
      expect(bad, no).toEqual([]);
      expect(list.filter((r) => r.op_date > BF_DATE).length).toBeLessThanOrEqual(36 + 6);
    }
  });

  it('contributes 500–5,000 baht a month; suspends a few; resigned members withdraw everything', async () => {
    const accounts = await db
      .selectFrom('share_accounts')
      .innerJoin('members', 'members.membership_no', 'share_accounts.membership_no')
      .select(['share_accounts.membership_no', 'monthly_satang', 'capital_satang', 'suspended', 'status_code'])
      .execute();
    expect(accounts).toHaveLength(N);
    for (const a of accounts) {
      expect(a.monthly_satang % 100_00).toBe(0);
      expect(a.monthly_satang).toBeGreaterThanOrEqual(500_00);
      expect(a.monthly_satang).toBeLessThanOrEqual(5_000_00);
      if (a.status_code === '3') expect(a.capital_satang).toBe(0);
      else expect(a.capital_satang).toBeGreaterThan(0);
    }
    const suspended = accounts.filter((a) => a.suspended === 1);
    expect(suspended.length).toBeLessThan(N * 0.1);
    // Suspended members stopped contributing at least two months ago.
    for (const s of suspended) {
      const last = await db
        .selectFrom('share_statements')
        .select('op_date')
        .where('membership_no', '=', s.membership_no)
        .where('description', '=', SHARE_ITEMS.monthly)
        .orderBy('op_date', 'desc')
        .executeTakeFirst();
      expect(last === undefined || last.op_date < '2025-05-01').toBe(true);
    }
    const withdrawals = await db
      .selectFrom('share_statements')
      .select('membership_no')
      .where('description', '=', SHARE_ITEMS.withdrawal)
      .execute();
    expect(new Set(withdrawals.map((w) => w.membership_no))).toEqual(
      new Set(accounts.filter((a) => a.status_code === '3').map((a) => a.membership_no)),
    );
  });
});

describe('loans', () => {
  it('gives about 60% of active members 1–3 loans, never to resigned members', async () => {
    const owners = await rows(sql<{ membership_no: string; n: number; status_code: string }>`
      select l.membership_no, count(*) as n, m.status_code from loans l
      join members m on m.membership_no = l.membership_no group by l.membership_no`);
    expect(owners.every((o) => o.status_code === '0' && o.n >= 1 && o.n <= 3)).toBe(true);
    const active = await db.selectFrom('members').select('membership_no').where('status_code', '=', '0').execute();
    expect(owners.length / active.length).toBeGreaterThan(0.4);
    expect(owners.length / active.length).toBeLessThan(0.75);
  });

  it('numbers contracts per type and keeps amounts, periods and rates in range', async () => {
    const loans = await db
      .selectFrom('loans')
      .innerJoin('members', 'members.membership_no', 'loans.membership_no')
      .selectAll('loans')
      .select('members.approve_date')
      .execute();
    const spec = {
      ฉ: { type: 'เงินกู้ฉุกเฉิน', min: 10_000, max: 50_000, pmin: 12, pmax: 24 },
      ส: { type: 'เงินกู้สามัญ', min: 100_000, max: 1_500_000, pmin: 60, pmax: 180 },
      พ: { type: 'เงินกู้พิเศษ', min: 500_000, max: 3_000_000, pmin: 120, pmax: 240 },
    } as const;
    for (const l of loans) {
      expect(l.contract_no).toMatch(/^[ฉสพ]\d{7}$/);
      const s = spec[l.contract_no.charAt(0) as keyof typeof spec];
      expect(l.loan_type).toBe(s.type);
      // The two digits after the prefix are the Buddhist-era year of the start.
      expect(l.contract_no.slice(1, 3)).toBe(String((Number(l.start_date.slice(0, 4)) + 543) % 100));
      expect(l.approved_satang).toBeGreaterThanOrEqual(s.min * 100);
      expect(l.approved_satang).toBeLessThanOrEqual(s.max * 100);
      expect(l.periods).toBeGreaterThanOrEqual(s.pmin);
      expect(l.periods).toBeLessThanOrEqual(s.pmax);
      expect(l.interest_rate).toMatch(/^\d\.\d\d$/);
      expect(l.start_date >= l.approve_date && l.start_date <= TODAY).toBe(true);
      expect(l.start_date >= '2017-06-01').toBe(true);
      expect(l.balance_satang).toBeGreaterThanOrEqual(0);
      expect(l.balance_satang).toBeLessThanOrEqual(l.approved_satang);
      expect(l.instalment_satang).toBe(levelInstalment(l.approved_satang, rateBasisPoints(l.interest_rate), l.periods));
    }
    expect(new Set(loans.map((l) => l.contract_no)).size).toBe(loans.length);
    expect(loans.some((l) => l.balance_satang === 0)).toBe(true);
  });

  it('has statements: disbursement or brought forward, then level instalments with interest on the balance', async () => {
    const loans = new Map((await db.selectFrom('loans').selectAll().execute()).map((l) => [l.contract_no, l]));
    const failed = await failedMonths();
    const all = await db
      .selectFrom('loan_statements')
      .selectAll()
      .orderBy('contract_no')
      .orderBy('op_date')
      .orderBy('id')
      .execute();
    const byContract = groupBy(all, (r) => r.contract_no);
    expect(byContract.size).toBe(loans.size);
    for (const [no, list] of byContract) {
      const loan = loans.get(no);
      if (!loan) throw new Error(no);
      const bp = rateBasisPoints(loan.interest_rate);
      const [first, ...rest] = list;
      if (!first) throw new Error(no);
      expect(first.period).toBeNull();
      expect(first.interest_satang).toBe(0);
      expect(first.balance_satang).toBe(first.principal_satang);
      if (first.item === LOAN_ITEMS.disbursement) {
        expect(first.op_date).toBe(loan.start_date);
        expect(first.principal_satang).toBe(loan.approved_satang);
        expect(loan.start_date > BF_DATE).toBe(true);
      } else {
        expect(first.item).toBe(LOAN_ITEMS.broughtForward);
        expect(first.op_date).toBe(BF_DATE);
        expect(loan.start_date <= BF_DATE).toBe(true);
      }
      const memberFailed = failed.get(loan.membership_no) ?? new Set<string>();
      const skipped = (from: string, to: string): string[] => {
        const out: string[] = [];
        for (let m = nextYm(from); m < to; m = nextYm(m)) out.push(m);
        return out;
      };
      let prev = first;
      for (const r of rest) {
        expect(r.item).toBe(LOAN_ITEMS.payment);
        expect(r.balance_satang).toBe(prev.balance_satang - r.principal_satang);
        // A month is skipped only when its collection failed; its interest is paid with this instalment.
        const gap = skipped(prev.op_date.slice(0, 7), r.op_date.slice(0, 7));
        expect(
          gap.filter((m) => !memberFailed.has(m)),
          no,
        ).toEqual([]);
        expect(r.interest_satang).toBe(monthlyInterest(prev.balance_satang, bp) * (gap.length + 1));
        if (prev.period !== null) expect(r.period).toBe(prev.period + 1);
        expect(r.op_date.slice(0, 7) > prev.op_date.slice(0, 7)).toBe(true);
        const paid = r.principal_satang + r.interest_satang;
        if (r.balance_satang > 0) expect(paid).toBe(Math.max(loan.instalment_satang, r.interest_satang));
        else expect(paid).toBeLessThanOrEqual(Math.max(loan.instalment_satang, r.interest_satang));
        prev = r;
      }
      expect(prev.op_date < '2025-06-01').toBe(true);
      expect(loan.balance_satang).toBe(prev.balance_satang);
      expect(loan.last_period).toBe(prev.period ?? 0);
      // Unpaid interest of failed months since the last payment (none once repaid).
      const unpaid = loan.balance_satang > 0 ? skipped(prev.op_date.slice(0, 7), '2025-06').length : 0;
      expect(loan.interest_arrear_satang).toBe(monthlyInterest(loan.balance_satang, bp) * unpaid);
      // Statements never go past a loan's end.
      if (rest.length) expect(rest.length).toBeLessThanOrEqual(36);
    }
  });

  it('secures loans: the borrower’s shares for emergency loans; guarantors, shares or a pledged deposit otherwise', async () => {
    const coll = await db
      .selectFrom('loan_collateral')
      .innerJoin('loans', 'loans.contract_no', 'loan_collateral.contract_no')
      .select([
        'loan_collateral.contract_no',
        'kind',
        'guarantor_no',
        'description',
        'amount_satang',
        'loans.membership_no',
        'approved_satang',
      ])
      .execute();
    const members = new Map((await db.selectFrom('members').selectAll().execute()).map((m) => [m.membership_no, m]));
    const loans = await db.selectFrom('loans').select(['contract_no']).execute();
    const secured = new Set(coll.map((c) => c.contract_no));
    expect(loans.every((l) => secured.has(l.contract_no))).toBe(true);
    for (const c of coll) {
      expect(c.amount_satang).toBeGreaterThan(0);
      expect(c.amount_satang).toBeLessThanOrEqual(c.approved_satang);
      if (c.contract_no.startsWith('ฉ')) expect([c.kind, c.description]).toEqual(['asset', 'หุ้นของผู้กู้']);
      if (c.kind === 'member') {
        const g = members.get(c.guarantor_no ?? '');
        expect(g?.status_code).toBe('0');
        expect(c.guarantor_no).not.toBe(c.membership_no);
        expect(c.guarantor_no).not.toBe(EMPTY_DEMO_MEMBER.membershipNo);
        expect(c.description).toBe(`ค้ำประกันโดย ${g?.prename}${g?.first_name} ${g?.last_name} (${c.guarantor_no})`);
      } else {
        expect(c.guarantor_no).toBeNull();
        expect(c.description).toMatch(/^(หุ้นของผู้กู้|เงินฝากของผู้กู้ บัญชี \d{10})$/);
      }
    }
    expect(coll.some((c) => c.kind === 'member')).toBe(true);
    expect(coll.some((c) => c.description.startsWith('เงินฝากของผู้กู้'))).toBe(true);

    // A pledged deposit is the borrower's own account, held for exactly the amount covered.
    const pledges = await rows(sql<{ n: number }>`
      select count(*) as n from loan_collateral c
      join loans l on l.contract_no = c.contract_no
      left join deposit_accounts d on d.account_no = substr(c.description, -10)
      where c.description like 'เงินฝากของผู้กู้%'
        and (d.account_no is null or d.membership_no != l.membership_no or d.held_satang != c.amount_satang or l.balance_satang = 0)`);
    expect(pledges[0]?.n).toBe(0);
    const held = await rows(sql<{ n: number }>`
      select count(*) as n from deposit_accounts d where d.held_satang > 0
        and not exists (select 1 from loan_collateral c where c.description = 'เงินฝากของผู้กู้ บัญชี ' || d.account_no)`);
    expect(held[0]?.n).toBe(0);
  });
});

describe('deposits', () => {
  it('opens 1–2 accounts for about half the active members, in their names', async () => {
    const accounts = await db
      .selectFrom('deposit_accounts')
      .innerJoin('members', 'members.membership_no', 'deposit_accounts.membership_no')
      .selectAll('deposit_accounts')
      .select(['prename', 'first_name', 'last_name', 'status_code', 'approve_date'])
      .execute();
    const types: Record<string, string> = { '01': 'ออมทรัพย์', '02': 'ออมทรัพย์พิเศษ', '03': 'ประจำ 12 เดือน' };
    for (const a of accounts) {
      expect(a.account_no).toMatch(/^001\d{7}$/);
      expect(a.type_name).toBe(types[a.type_code]);
      expect(a.account_name).toBe(`${a.prename}${a.first_name} ${a.last_name}`);
      expect(a.status_code).toBe('0');
      expect(a.balance_satang).toBeGreaterThan(0);
      expect(a.accrued_interest_satang).toBeGreaterThan(0);
      expect(a.accrued_interest_satang).toBeLessThan(a.balance_satang);
      expect(a.held_satang).toBeGreaterThanOrEqual(0);
      expect(a.held_satang).toBeLessThanOrEqual(a.balance_satang);
      expect(a.opened_date >= a.approve_date && a.opened_date < TODAY).toBe(true);
    }
    expect(new Set(accounts.map((a) => a.account_no)).size).toBe(accounts.length);
    const perMember = groupBy(accounts, (a) => a.membership_no);
    const others = [...perMember.keys()].filter((no) => no !== DEMO_MEMBER.membershipNo);
    expect(others.every((no) => (perMember.get(no)?.length ?? 0) <= 2)).toBe(true);
    const active = await db.selectFrom('members').select('membership_no').where('status_code', '=', '0').execute();
    expect(perMember.size / active.length).toBeGreaterThan(0.35);
    expect(perMember.size / active.length).toBeLessThan(0.65);
  });

  it('keeps running balances that never go negative, numbered per day', async () => {
    const bad = await rows(sql<{ id: number }>`
      select id from (
        select id, op_date, seq, amount_satang, balance_satang,
               lag(balance_satang) over w as prev_balance, lag(op_date) over w as prev_date, lag(seq) over w as prev_seq,
               row_number() over w as rn
        from deposit_statements window w as (partition by account_no order by op_date, seq, id)
      ) where balance_satang < 0 or op_date > ${TODAY}
           or (rn = 1 and (balance_satang != amount_satang or seq != 1))
           or (rn > 1 and balance_satang != prev_balance + amount_satang)
           or (rn > 1 and op_date = prev_date and seq != prev_seq + 1)
           or (rn > 1 and op_date != prev_date and seq != 1)`);
    expect(bad).toEqual([]);

    const last = await rows(sql<{ account_no: string }>`
      select d.account_no from deposit_accounts d
      left join (
        select account_no, balance_satang, row_number() over (partition by account_no order by op_date desc, seq desc, id desc) as rn
        from deposit_statements
      ) s on s.account_no = d.account_no and s.rn = 1
      where s.balance_satang is null or s.balance_satang != d.balance_satang`);
    expect(last).toEqual([]);

    const counts = await rows(sql<{ n: number; type_code: string }>`
      select count(*) as n, d.type_code from deposit_statements s join deposit_accounts d on d.account_no = s.account_no
      group by s.account_no`);
    expect(counts.every((c) => c.n >= 2 && c.n <= 45)).toBe(true);
    const savings = counts.filter((c) => c.type_code !== '03');
    expect(savings.filter((c) => c.n >= 15).length / savings.length).toBeGreaterThan(0.8);
    const kinds = await db.selectFrom('deposit_statements').select('description').distinct().execute();
    expect(kinds.map((k) => k.description)).toEqual(
      expect.arrayContaining(['ฝากเงินสด', 'ถอนเงินสด', 'ดอกเบี้ยเงินฝาก', 'โอนเงินเข้า']),
    );
  });
});

describe('collections', () => {
  it('bills the sum of the lines, with receipts for posted months and a bill for this month', async () => {
    const bad = await rows(sql<{ id: number }>`
      select c.id from collections c left join collection_lines l on l.collection_id = c.id
      group by c.id having count(l.id) = 0 or c.billed_satang != sum(l.amount_satang)`);
    expect(bad).toEqual([]);

    const all = await db.selectFrom('collections').selectAll().execute();
    for (const c of all) {
      const key = ym(c.year, c.month);
      expect(key >= '2024-07' && key <= '2025-06').toBe(true);
      if (key === '2025-06') {
        expect([c.posted, c.collected_satang, c.receipt_no, c.receipt_date]).toEqual([0, 0, null, null]);
      } else if (c.collected_satang === 0) {
        // Nothing collected: posted, but no receipt.
        expect([c.posted, c.receipt_no, c.receipt_date]).toEqual([1, null, null]);
      } else {
        expect(c.posted).toBe(1);
        expect(c.receipt_no).toMatch(
          new RegExp(
            `^${c.kind === 'kep' ? 'R' : 'C'}${(c.year + 543) % 100}${String(c.month).padStart(2, '0')}-\\d{6}$`,
          ),
        );
        expect(c.receipt_date).toBe(lastDay(c.year, c.month));
        expect(c.collected_satang).toBeGreaterThanOrEqual(0);
        expect(c.collected_satang).toBeLessThanOrEqual(c.billed_satang);
      }
    }
    expect(new Set(all.filter((c) => c.receipt_no).map((c) => c.receipt_no)).size).toBe(
      all.filter((c) => c.receipt_no).length,
    );

    const posted = all.filter((c) => c.kind === 'kep' && c.posted === 1);
    const share = (s: string) => posted.filter((c) => collectionStatus(c) === s).length / posted.length;
    expect(share(COLLECTION_STATUS.failed)).toBeGreaterThan(0.02);
    expect(share(COLLECTION_STATUS.failed)).toBeLessThan(0.1);
    expect(share(COLLECTION_STATUS.partial)).toBeGreaterThan(0.02);
    expect(share(COLLECTION_STATUS.partial)).toBeLessThan(0.1);
  });

  it('collects kep from every active member every month since joining, and nothing from resigned members', async () => {
    const counts = await rows(sql<{
      membership_no: string;
      status_code: string;
      approve_date: string;
      suspended: number;
      n: number;
    }>`
      select m.membership_no, m.status_code, m.approve_date, a.suspended, count(c.id) as n from members m
      join share_accounts a on a.membership_no = m.membership_no
      left join collections c on c.membership_no = m.membership_no and c.kind = 'kep'
      group by m.membership_no`);
    for (const c of counts) {
      if (c.status_code === '3') expect(c.n).toBe(0);
      // Suspended members with nothing else to pay get no (empty) bill for the months since.
      else if (c.approve_date < '2024-06-01' && c.suspended === 0) expect(c.n, c.membership_no).toBe(12);
      else expect(c.n).toBeLessThanOrEqual(12);
    }
    expect(counts.filter((c) => c.status_code === '0' && c.n === 12).length).toBeGreaterThan(N * 0.8);
  });

  it('matches every posted loan line to that loan’s statement row of the month', async () => {
    const lines = await rows(sql<{
      year: number;
      month: number;
      posted: number;
      contract_no: string;
      period: number;
      principal_satang: number;
      interest_satang: number;
      amount_satang: number;
      s_date: string | null;
      s_principal: number | null;
      s_interest: number | null;
      l_last_period: number;
      l_balance: number;
      l_rate: string;
      l_arrear: number;
      l_member: string;
      c_member: string;
      collected_satang: number;
    }>`
      select c.year, c.month, c.posted, l.contract_no, l.period, l.principal_satang, l.interest_satang, l.amount_satang,
             s.op_date as s_date, s.principal_satang as s_principal, s.interest_satang as s_interest,
             ln.last_period as l_last_period, ln.balance_satang as l_balance, ln.interest_rate as l_rate,
             ln.interest_arrear_satang as l_arrear, ln.membership_no as l_member, c.membership_no as c_member,
             c.collected_satang
      from collection_lines l
      join collections c on c.id = l.collection_id
      join loans ln on ln.contract_no = l.contract_no
      left join loan_statements s on s.contract_no = l.contract_no and s.period = l.period
      where l.item_code = 'loan'`);
    expect(lines.length).toBeGreaterThan(100);
    expect(lines.some((l) => l.posted === 0)).toBe(true);
    const bad = lines.filter((l) => {
      if (l.l_member !== l.c_member || l.amount_satang !== l.principal_satang + l.interest_satang) return true;
      if (l.posted === 1 && l.collected_satang === 0) {
        // Billed, not paid: the same period is paid in a later month, if at all yet.
        return l.s_date !== null && l.s_date.slice(0, 7) <= ym(l.year, l.month);
      }
      if (l.posted === 1) {
        return (
          l.s_date?.slice(0, 7) !== ym(l.year, l.month) ||
          l.principal_satang !== l.s_principal ||
          l.interest_satang !== l.s_interest
        );
      }
      // This month's bill: the next instalment, on the balance still owed.
      return (
        l.s_date !== null ||
        l.period !== l.l_last_period + 1 ||
        l.l_balance <= 0 ||
        l.interest_satang !== monthlyInterest(l.l_balance, rateBasisPoints(l.l_rate)) + l.l_arrear
      );
    });
    expect(bad).toEqual([]);

    // And the other way round: every instalment in the collection window was billed.
    const unbilled = await rows(sql<{ contract_no: string }>`
      select s.contract_no, s.period, substr(s.op_date, 1, 7) from loan_statements s
      where s.item = ${LOAN_ITEMS.payment} and s.op_date >= '2024-07-01'
      except
      select l.contract_no, l.period, printf('%04d-%02d', c.year, c.month)
      from collection_lines l join collections c on c.id = l.collection_id
      where l.item_code = 'loan' and c.kind = 'kep'`);
    expect(unbilled).toEqual([]);
  });

  it('bills the monthly share purchase with its period, and monthly deposits that reach the account', async () => {
    const shareLines = await rows(sql<{
      year: number;
      month: number;
      posted: number;
      collected_satang: number;
      amount_satang: number;
      s_date: string | null;
      s_amount: number | null;
    }>`
      select c.year, c.month, c.posted, c.collected_satang, l.amount_satang, s.op_date as s_date,
             s.amount_satang as s_amount
      from collection_lines l join collections c on c.id = l.collection_id
      left join share_statements s on s.membership_no = c.membership_no and s.period = l.period and s.description = ${SHARE_ITEMS.monthly}
      where l.item_code = 'share'`);
    for (const l of shareLines) {
      if (l.posted === 1 && l.collected_satang === 0) {
        // A failed month's purchase was not made: its period is bought in a later month, if at all yet.
        if (l.s_date !== null) expect(l.s_date.slice(0, 7) > ym(l.year, l.month)).toBe(true);
      } else if (l.posted === 1) {
        expect(l.s_date?.slice(0, 7)).toBe(ym(l.year, l.month));
        expect(l.amount_satang).toBe(l.s_amount);
      } else expect(l.s_date).toBeNull();
    }
    const seq1 = await rows(sql<{ n: number }>`
      select count(*) as n from collection_lines l join collections c on c.id = l.collection_id
      where c.kind = 'kep' and l.item_code = 'share' and l.seq != 1`);
    expect(seq1[0]?.n).toBe(0);

    const missing = await rows(sql<{ id: number }>`
      select l.id from collection_lines l join collections c on c.id = l.collection_id
      where l.item_code = 'deposit' and c.posted = 1 and c.collected_satang = c.billed_satang
        and not exists (
          select 1 from deposit_statements d
          where d.account_no = substr(l.description, -10) and d.op_date = c.receipt_date
            and d.description = 'ฝากเงินรายเดือน' and d.amount_satang = l.amount_satang)`);
    expect(missing).toEqual([]);
    const depositLines = await rows(
      sql<{ n: number }>`select count(*) as n from collection_lines where item_code = 'deposit'`,
    );
    expect(depositLines[0]?.n).toBeGreaterThan(0);
  });

  it('records no share purchase and no loan payment in a month whose collection failed', async () => {
    const failed = await failedMonths();
    const count = [...failed.values()].reduce((n, set) => n + set.size, 0);
    expect(count).toBeGreaterThan(10);
    expect(failed.get(DEMO_MEMBER.membershipNo)?.size).toBe(1);
    const shares = await db
      .selectFrom('share_statements')
      .select(['membership_no', 'op_date', 'description'])
      .execute();
    const loans = await db
      .selectFrom('loan_statements')
      .innerJoin('loans', 'loans.contract_no', 'loan_statements.contract_no')
      .select(['loans.membership_no', 'op_date', 'item'])
      .execute();
    const inFailedMonth = (r: { membership_no: string; op_date: string }) =>
      failed.get(r.membership_no)?.has(r.op_date.slice(0, 7)) ?? false;
    expect(shares.filter(inFailedMonth)).toEqual([]);
    expect(loans.filter(inFailedMonth)).toEqual([]);
    // The members with a failed month still bought shares and repaid loans in the other months.
    const paidAfter = shares.filter(
      (r) => failed.has(r.membership_no) && r.description === SHARE_ITEMS.monthly && r.op_date >= '2024-07-01',
    );
    expect(new Set(paidAfter.map((r) => r.membership_no)).size).toBeGreaterThan(failed.size * 0.8);
  });

  it('runs cremation association collections for about 40% of active members', async () => {
    const crem = await rows(sql<{ membership_no: string; status_code: string }>`
      select distinct c.membership_no, m.status_code from collections c join members m on m.membership_no = c.membership_no
      where c.kind = 'crem'`);
    const active = await db.selectFrom('members').select('membership_no').where('status_code', '=', '0').execute();
    expect(crem.every((c) => c.status_code === '0')).toBe(true);
    expect(crem.length / active.length).toBeGreaterThan(0.25);
    expect(crem.length / active.length).toBeLessThan(0.55);
    const lines = await rows(sql<{ item_code: string; description: string }>`
      select l.item_code, l.description from collection_lines l join collections c on c.id = l.collection_id where c.kind = 'crem'`);
    expect(lines.every((l) => l.item_code === 'crem')).toBe(true);
    expect(lines.some((l) => l.description === 'ค่าบำรุงสมาคมฌาปนกิจ')).toBe(true);
    expect(lines.some((l) => /^เงินสงเคราะห์ศพ \(ราย .+ .+\)$/.test(l.description))).toBe(true);
  });
});

describe('beneficiaries, dividends and welfare', () => {
  it('names 1–3 beneficiaries for every member', async () => {
    const all = await db.selectFrom('beneficiaries').selectAll().orderBy('membership_no').orderBy('seq').execute();
    const byMember = groupBy(all, (b) => b.membership_no);
    expect(byMember.size).toBe(N);
    for (const list of byMember.values()) {
      expect(list.length).toBeGreaterThanOrEqual(1);
      expect(list.length).toBeLessThanOrEqual(3);
      expect(list.map((b) => b.seq)).toEqual(list.map((_, i) => i + 1));
      for (const b of list) {
        expect(['คู่สมรส', 'บุตร', 'บิดา', 'มารดา', 'พี่น้อง']).toContain(b.relationship);
        expect(b.name).toMatch(/^\S+ \S+$/);
      }
    }
  });

  it('pays dividends for the last five completed years, at one rate per year', async () => {
    const divs = await db
      .selectFrom('dividends')
      .innerJoin('members', 'members.membership_no', 'dividends.membership_no')
      .selectAll('dividends')
      .select(['approve_date'])
      .execute();
    expect(new Set(divs.map((d) => d.year))).toEqual(new Set([2020, 2021, 2022, 2023, 2024]));
    for (const y of [2020, 2021, 2022, 2023, 2024]) {
      const inYear = divs.filter((d) => d.year === y);
      expect(new Set(inYear.map((d) => d.dividend_rate)).size).toBe(1);
      expect(new Set(inYear.map((d) => d.average_return_rate)).size).toBe(1);
      expect(inYear.every((d) => d.approve_date <= `${y}-12-31`)).toBe(true);
    }
    for (const d of divs) {
      expect(d.dividend_rate).toMatch(/^\d+\.\d\d$/);
      expect(d.average_return_rate).toMatch(/^\d+\.\d\d$/);
      expect(d.average_return_satang).toBe(
        divRound(d.interest_paid_satang * rateBasisPoints(d.average_return_rate), 10_000),
      );
      expect(d.payout_method).toMatch(/^โอนเข้าบัญชี(เงินฝากสหกรณ์ เลขที่ 001\d{7}|ธนาคาร\S+ เลขที่ \d{3}-\d-\d{5}-\d)$/);
    }
    const withheld = divs.filter((d) => d.dividend_withheld === 1 || d.average_return_withheld === 1);
    expect(withheld.length).toBeGreaterThan(0);
    expect(withheld.length / divs.length).toBeLessThan(0.08);
  });

  it('computes dividends from the share capital and the loan interest of the same statements', async () => {
    const divs = await db.selectFrom('dividends').selectAll().where('year', 'in', [2023, 2024]).execute();
    const shares = groupBy(
      await db
        .selectFrom('share_statements')
        .select(['membership_no', 'op_date', 'balance_satang'])
        .orderBy('op_date')
        .orderBy('id')
        .execute(),
      (r) => r.membership_no,
    );
    const interest = new Map(
      (
        await rows(sql<{ membership_no: string; year: string; interest: number }>`
          select ln.membership_no, substr(s.op_date, 1, 4) as year, sum(s.interest_satang) as interest
          from loan_statements s join loans ln on ln.contract_no = s.contract_no
          where s.item = ${LOAN_ITEMS.payment} group by ln.membership_no, year`)
      ).map((r) => [`${r.membership_no}/${r.year}`, r.interest]),
    );
    for (const d of divs) {
      // Average of the twelve month-end capitals × the rate, in integer satang.
      const list = shares.get(d.membership_no) ?? [];
      let sum = 0;
      for (let month = 1; month <= 12; month++) {
        const end = lastDay(d.year, month);
        sum += list.filter((r) => r.op_date <= end).at(-1)?.balance_satang ?? 0;
      }
      expect(d.dividend_satang, d.membership_no).toBe(divRound(sum * rateBasisPoints(d.dividend_rate), 120_000));
      expect(d.interest_paid_satang, d.membership_no).toBe(interest.get(`${d.membership_no}/${d.year}`) ?? 0);
    }
    expect(divs.some((d) => d.average_return_satang > 0)).toBe(true);
  });

  it('pays the net dividend (what is not withheld) into the cooperative account named as payout', async () => {
    const paid = await rows(sql<{
      amount_satang: number;
      description: string;
      account_no: string;
      dividend_satang: number;
      dividend_withheld: number;
      average_return_satang: number;
      average_return_withheld: number;
      payout_method: string;
    }>`
      select s.amount_satang, s.description, s.account_no, d.dividend_satang, d.dividend_withheld,
             d.average_return_satang, d.average_return_withheld, d.payout_method
      from deposit_statements s
      join deposit_accounts a on a.account_no = s.account_no
      join dividends d on d.membership_no = a.membership_no
        and d.year + 543 = cast(substr(s.description, -5, 4) as integer)
      where s.description like 'โอนเงินเข้า (ปันผล-เฉลี่ยคืน%'`);
    expect(paid.length).toBeGreaterThan(0);
    for (const p of paid) {
      const net =
        (p.dividend_withheld ? 0 : p.dividend_satang) + (p.average_return_withheld ? 0 : p.average_return_satang);
      expect(p.amount_satang).toBe(net);
      expect(p.payout_method).toBe(`โอนเข้าบัญชีเงินฝากสหกรณ์ เลขที่ ${p.account_no}`);
    }
  });

  it('lists welfare received (dated) and welfare the member can still claim (undated)', async () => {
    const items = await db
      .selectFrom('welfare_items')
      .innerJoin('members', 'members.membership_no', 'welfare_items.membership_no')
      .selectAll('welfare_items')
      .select(['status_code', 'approve_date'])
      .execute();
    for (const w of items) {
      expect(w.status_code).toBe('0');
      expect(w.amount_satang).toBeGreaterThan(0);
      if (w.tab === 'received')
        expect(w.item_date !== null && w.item_date >= w.approve_date && w.item_date <= TODAY).toBe(true);
      else expect([w.tab, w.item_date]).toEqual(['eligible', null]);
    }
    const members = new Set(items.map((w) => w.membership_no));
    const active = await db.selectFrom('members').select('membership_no').where('status_code', '=', '0').execute();
    expect(members.size / active.length).toBeGreaterThan(0.35);
    expect(members.size / active.length).toBeLessThan(0.65);
    expect(new Set(items.map((w) => w.kind))).toEqual(
      new Set(['ทุนการศึกษาบุตร', 'สวัสดิการคลอดบุตร', 'สวัสดิการรักษาพยาบาล', 'เงินบำเหน็จสมาชิกอาวุโส', 'สวัสดิการกรณีเสียชีวิต']),
    );
  });
});

describe('demo members', () => {
  const demo = DEMO_MEMBER.membershipNo;
  const empty = EMPTY_DEMO_MEMBER.membershipNo;
  const shareAccountOf = (membershipNo: string) =>
    db.selectFrom('share_accounts').selectAll().where('membership_no', '=', membershipNo).executeTakeFirstOrThrow();

  it(`gives ${DEMO_MEMBER.membershipNo} data in every area`, async () => {
    const share = await shareAccountOf(demo);
    expect(share.capital_satang).toBeGreaterThan(0);

    const loans = await db.selectFrom('loans').selectAll().where('membership_no', '=', demo).execute();
    expect(loans.length).toBeGreaterThanOrEqual(2);
    expect(loans.length).toBeLessThanOrEqual(3);
    expect(loans.every((l) => l.balance_satang > 0)).toBe(true);
    const guaranteed = await db
      .selectFrom('loan_collateral')
      .select('contract_no')
      .distinct()
      .where(
        'contract_no',
        'in',
        loans.map((l) => l.contract_no),
      )
      .where('kind', '=', 'member')
      .execute();
    expect(guaranteed.length).toBeGreaterThanOrEqual(2);

    const deposits = await db.selectFrom('deposit_accounts').selectAll().where('membership_no', '=', demo).execute();
    expect(deposits.length).toBeGreaterThanOrEqual(2);
    expect(deposits.some((d) => d.held_satang > 0)).toBe(true);

    const kep = await db
      .selectFrom('collections')
      .selectAll()
      .where('membership_no', '=', demo)
      .where('kind', '=', 'kep')
      .execute();
    expect(kep).toHaveLength(12);
    expect(new Set(kep.map(collectionStatus))).toEqual(new Set(Object.values(COLLECTION_STATUS)));
    const crem = await db
      .selectFrom('collections')
      .select('id')
      .where('membership_no', '=', demo)
      .where('kind', '=', 'crem')
      .execute();
    expect(crem).toHaveLength(12);

    // Guarantees given: another member's loan still owing.
    const given = await db
      .selectFrom('loan_collateral')
      .innerJoin('loans', 'loans.contract_no', 'loan_collateral.contract_no')
      .select(['loans.membership_no', 'loans.balance_satang'])
      .where('guarantor_no', '=', demo)
      .where('kind', '=', 'member')
      .execute();
    expect(given.length).toBeGreaterThanOrEqual(1);
    expect(given.every((g) => g.membership_no !== demo && g.balance_satang > 0)).toBe(true);

    const beneficiaries = await db.selectFrom('beneficiaries').selectAll().where('membership_no', '=', demo).execute();
    expect(beneficiaries.length).toBeGreaterThanOrEqual(2);

    const divs = await db.selectFrom('dividends').selectAll().where('membership_no', '=', demo).execute();
    expect(divs).toHaveLength(5);
    expect(divs.filter((d) => d.dividend_withheld === 1 || d.average_return_withheld === 1)).toHaveLength(1);

    const welfare = await db.selectFrom('welfare_items').select('tab').where('membership_no', '=', demo).execute();
    expect(new Set(welfare.map((w) => w.tab))).toEqual(new Set(['received', 'eligible']));
  });

  it(`makes ${EMPTY_DEMO_MEMBER.membershipNo} a shares-only member who can log in`, async () => {
    const m = await db
      .selectFrom('members')
      .innerJoin('member_credentials', 'member_credentials.membership_no', 'members.membership_no')
      .selectAll()
      .where('members.membership_no', '=', empty)
      .executeTakeFirstOrThrow();
    expect(m).toMatchObject({
      prename: 'นางสาว',
      first_name: 'สุดา',
      last_name: 'รักออม',
      status_code: '0',
      reset_required: 0,
    });
    expect(await verifyPassword(m.password_hash, EMPTY_DEMO_MEMBER.password)).toBe(true);
    const terms = await db
      .selectFrom('terms_acceptances')
      .select('terms_no')
      .where('membership_no', '=', empty)
      .execute();
    expect(terms).toHaveLength(1);

    const share = await shareAccountOf(empty);
    expect(share.capital_satang).toBeGreaterThan(0);
    const count = async (q: RawBuilder<{ n: number }>) => (await rows(q))[0]?.n;
    expect(await count(sql`select count(*) as n from loans where membership_no = ${empty}`)).toBe(0);
    expect(await count(sql`select count(*) as n from deposit_accounts where membership_no = ${empty}`)).toBe(0);
    expect(await count(sql`select count(*) as n from loan_collateral where guarantor_no = ${empty}`)).toBe(0);
    expect(await count(sql`select count(*) as n from welfare_items where membership_no = ${empty}`)).toBe(0);
    expect(
      await count(sql`select count(*) as n from collections where membership_no = ${empty} and kind = 'crem'`),
    ).toBe(0);
    expect(
      await count(sql`select count(*) as n from collections where membership_no = ${empty} and kind = 'kep'`),
    ).toBe(12);
  });

  it('keeps the member count at the requested total', async () => {
    const n = await db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(N);
  });
});

describe('determinism', () => {
  it('gives identical finance rows for the same seed and now, different ones for another seed', async () => {
    const other = await freshDb();
    await seedDemo(other, { members: N, seed: SEED, now: NOW });
    const read = async (d: Db) => ({
      loans: await d.selectFrom('loans').selectAll().orderBy('contract_no').execute(),
      loanStatements: await d.selectFrom('loan_statements').selectAll().orderBy('id').execute(),
      shareStatements: await d.selectFrom('share_statements').selectAll().orderBy('id').execute(),
      deposits: await d.selectFrom('deposit_statements').selectAll().orderBy('id').execute(),
      collections: await d.selectFrom('collections').selectAll().orderBy('id').execute(),
      lines: await d.selectFrom('collection_lines').selectAll().orderBy('id').execute(),
      dividends: await d.selectFrom('dividends').selectAll().orderBy('membership_no').orderBy('year').execute(),
    });
    const a = await read(db);
    expect(await read(other)).toEqual(a);

    const third = await freshDb();
    await seedDemo(third, { members: N, seed: SEED + 1, now: NOW });
    expect((await read(third)).loans).not.toEqual(a.loans);
  });
});
