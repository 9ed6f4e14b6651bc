import { sql, type Selectable } from 'kysely';

import type { Db } from '../db/index.server';
import type { CollectionsTable } from '../db/schema';
import { bangkokMonth, percentRepaid } from './figures';
import { fetchStatementPage } from './embedded-page.server';
import type {
  Beneficiary,
  CapitalPoint,
  Collateral,
  CoopBackend,
  DepositAccount,
  DepositStatementRow,
  Dividend,
  Guarantee,
  Loan,
  MemberCredentials,
  MemberOf,
  MonthlyCollection,
  WelfareItem,
} from './types';

type MemberFeeds = Pick<
  CoopBackend,
  | 'getShareSummary'
  | 'getShareStatement'
  | 'getShareCapitalHistory'
  | 'getLoans'
  | 'getLoan'
  | 'getLoanStatement'
  | 'getDepositAccounts'
  | 'getDepositAccount'
  | 'getDepositStatement'
  | 'getCollections'
  | 'getCollectionPage'
  | 'getGuarantees'
  | 'getBeneficiaries'
  | 'getDividends'
  | 'getWelfare'
>;

/** A share or deposit statement row: its day, what it was, the signed amount and the balance after it. */
function movementOf(r: {
  op_date: string;
  description: string;
  amount_satang: number;
  balance_satang: number;
}): DepositStatementRow {
  return {
    date: r.op_date,
    description: r.description,
    amountSatang: Number(r.amount_satang),
    balanceSatang: Number(r.balance_satang),
  };
}

/**
 * The member feeds of the embedded backend. `memberOf` turns the session's token into the member
 * number; every query is scoped by it, so another member's contract or account simply is not found.
 */
/**
 * The member feeds are written so that SQLite keeps their plans: SQLite (3.54, better-sqlite3)
 * prepares a SELECT again on every run when it orders rows it picks by `"col" = ?`, or takes its
 * LIMIT or OFFSET from parameters (a statement page: 61 µs a run against 9 µs). So a query that
 * orders its rows picks them by `in (?)`, which compares exactly as `=` does, and a page's size and
 * offset (integers the server computed) are written into the SQL.
 */
export function createMemberFeeds(db: Db, memberOf: MemberOf, now: () => number): MemberFeeds {
  /** A member's billing months of one kind, newest first. */
  function collectionHeads(membershipNo: string, kind: 'kep' | 'crem') {
    return db
      .selectFrom('collections')
      .selectAll()
      .where('membership_no', 'in', [membershipNo])
      .where('kind', 'in', [kind])
      .orderBy('year', 'desc')
      .orderBy('month', 'desc');
  }

  /** The billing months with their detail lines (one query for the lines of all of them). */
  async function withLines(heads: Array<Selectable<CollectionsTable>>): Promise<MonthlyCollection[]> {
    const lines = heads.length
      ? await db
          .selectFrom('collection_lines')
          .selectAll()
          .where(
            'collection_id',
            'in',
            heads.map((h) => h.id),
          )
          .orderBy('collection_id')
          .orderBy('seq')
          .execute()
      : [];
    return heads.map((h): MonthlyCollection => ({
      year: h.year,
      month: h.month,
      billedSatang: Number(h.billed_satang),
      collectedSatang: Number(h.collected_satang),
      posted: h.posted === 1,
      receiptNo: h.receipt_no,
      receiptDate: h.receipt_date,
      lines: lines
        .filter((l) => Number(l.collection_id) === Number(h.id))
        .map((l) => ({
          seq: l.seq,
          itemCode: l.item_code,
          description: l.description,
          contractNo: l.contract_no,
          period: l.period,
          principalSatang: Number(l.principal_satang),
          interestSatang: Number(l.interest_satang),
          amountSatang: Number(l.amount_satang),
        })),
    }));
  }

  async function collateralFor(contractNos: string[]): Promise<Map<string, Collateral[]>> {
    const map = new Map<string, Collateral[]>();
    if (!contractNos.length) return map;
    const rows = await db
      .selectFrom('loan_collateral')
      .select(['contract_no', 'kind', 'guarantor_no', 'description', 'amount_satang'])
      .where('contract_no', 'in', contractNos)
      .orderBy('id')
      .execute();
    for (const r of rows) {
      const list = map.get(r.contract_no) ?? [];
      list.push({
        kind: r.kind,
        guarantorNo: r.guarantor_no,
        description: r.description,
        amountSatang: Number(r.amount_satang),
      });
      map.set(r.contract_no, list);
    }
    return map;
  }

  async function loansOf(membershipNo: string, contractNo?: string): Promise<Loan[]> {
    let q = db.selectFrom('loans').selectAll().where('membership_no', 'in', [membershipNo]);
    if (contractNo) q = q.where('contract_no', 'in', [contractNo]);
    else q = q.where('balance_satang', '>', 0);
    const rows = await q.orderBy('balance_satang', 'desc').orderBy('contract_no').execute();
    const collateral = await collateralFor(rows.map((r) => r.contract_no));
    return rows.map((r) => ({
      contractNo: r.contract_no,
      loanType: r.loan_type,
      approvedSatang: Number(r.approved_satang),
      balanceSatang: Number(r.balance_satang),
      startDate: r.start_date,
      instalmentSatang: Number(r.instalment_satang),
      periods: r.periods,
      lastPeriod: r.last_period,
      interestRate: r.interest_rate,
      percentRepaid: percentRepaid(Number(r.approved_satang), Number(r.balance_satang)),
      collateral: collateral.get(r.contract_no) ?? [],
    }));
  }

  async function depositsOf(membershipNo: string, accountNo?: string): Promise<DepositAccount[]> {
    let q = db.selectFrom('deposit_accounts').selectAll().where('membership_no', 'in', [membershipNo]);
    if (accountNo) q = q.where('account_no', 'in', [accountNo]);
    const rows = await q.orderBy('account_no').execute();
    return rows.map((r) => ({
      accountNo: r.account_no,
      typeCode: r.type_code,
      typeName: r.type_name,
      accountName: r.account_name,
      balanceSatang: Number(r.balance_satang),
      accruedInterestSatang: Number(r.accrued_interest_satang),
      heldSatang: Number(r.held_satang),
      withdrawableSatang: Math.max(Number(r.balance_satang) - Number(r.held_satang), 0),
      openedDate: r.opened_date,
    }));
  }

  /**
   * A feed read as a list (`rowsOf` without a number) and as one item (with its number, scoped to the
   * member as well: another member's number finds nothing, so `null`).
   */
  function listAndOne<T>(rowsOf: (membershipNo: string, no?: string) => Promise<T[]>) {
    return {
      list: async (cred: MemberCredentials): Promise<T[]> => rowsOf(await memberOf(cred)),
      one: async (cred: MemberCredentials, no: string): Promise<T | null> =>
        (await rowsOf(await memberOf(cred), no))[0] ?? null,
    };
  }
  const loans = listAndOne(loansOf);
  const deposits = listAndOne(depositsOf);

  return {
    async getShareSummary(cred) {
      const membershipNo = await memberOf(cred);
      const r = await db
        .selectFrom('share_accounts')
        .selectAll()
        .where('membership_no', '=', membershipNo)
        .executeTakeFirst();
      return r
        ? {
            capitalSatang: Number(r.capital_satang),
            monthlySatang: Number(r.monthly_satang),
            lastPeriod: r.last_period,
            suspended: r.suspended === 1,
          }
        : null;
    },

    async getShareStatement(cred, query) {
      const membershipNo = await memberOf(cred);
      return fetchStatementPage(
        db.selectFrom('share_statements').where('membership_no', 'in', [membershipNo]),
        (q) =>
          q
            .select(['op_date', 'period', 'description', 'amount_satang', 'balance_satang'])
            .orderBy('op_date', 'desc')
            .orderBy('id', 'desc'),
        query,
        (r) => ({ ...movementOf(r), period: r.period }),
      );
    },

    async getShareCapitalHistory(cred, months) {
      const membershipNo = await memberOf(cred);
      const firstMonth = bangkokMonth(now(), -(months - 1));
      const start = `${firstMonth}-01`;
      // The rows from the last day with a movement before the first month (its closing balance is
      // where the chart starts) to today, in one query.
      const rows = await db
        .selectFrom('share_statements')
        .select(['op_date', 'balance_satang'])
        .where('membership_no', 'in', [membershipNo])
        .where(
          'op_date',
          '>=',
          sql<string>`coalesce((select max("op_date") from "share_statements" where "membership_no" = ${membershipNo} and "op_date" < ${start}), ${start})`,
        )
        .orderBy('op_date')
        .orderBy('id')
        .execute();
      let capital = 0;
      let i = 0;
      while (i < rows.length && (rows[i]?.op_date ?? '') < start) {
        capital = Number(rows[i]?.balance_satang ?? capital);
        i += 1;
      }
      const points: CapitalPoint[] = [];
      for (let m = 0; m < months; m += 1) {
        const month = bangkokMonth(now(), -(months - 1) + m);
        while (i < rows.length && (rows[i]?.op_date ?? '').slice(0, 7) <= month) {
          capital = Number(rows[i]?.balance_satang ?? capital);
          i += 1;
        }
        points.push({ month, capitalSatang: capital });
      }
      return points;
    },

    getLoans: loans.list,
    getLoan: loans.one,

    async getLoanStatement(cred, contractNo, query) {
      const membershipNo = await memberOf(cred);
      const owned = await db
        .selectFrom('loans')
        .select('contract_no')
        .where('contract_no', '=', contractNo)
        .where('membership_no', '=', membershipNo)
        .executeTakeFirst();
      if (!owned) return null;
      return fetchStatementPage(
        db.selectFrom('loan_statements').where('contract_no', 'in', [contractNo]),
        (q) =>
          q
            .select(['op_date', 'period', 'item', 'principal_satang', 'interest_satang', 'balance_satang'])
            .orderBy('op_date', 'desc')
            .orderBy('id', 'desc'),
        query,
        (r) => ({
          date: r.op_date,
          period: r.period,
          item: r.item,
          principalSatang: Number(r.principal_satang),
          interestSatang: Number(r.interest_satang),
          balanceSatang: Number(r.balance_satang),
        }),
      );
    },

    getDepositAccounts: deposits.list,
    getDepositAccount: deposits.one,

    async getDepositStatement(cred, accountNo, query) {
      const membershipNo = await memberOf(cred);
      const [account] = await depositsOf(membershipNo, accountNo);
      if (!account) return null;
      return fetchStatementPage(
        db.selectFrom('deposit_statements').where('account_no', 'in', [accountNo]),
        (q) =>
          q
            .select(['op_date', 'description', 'amount_satang', 'balance_satang'])
            .orderBy('op_date', 'desc')
            .orderBy('seq', 'desc')
            .orderBy('id', 'desc'),
        query,
        movementOf,
      );
    },

    async getCollections(cred, kind) {
      const membershipNo = await memberOf(cred);
      return withLines(await collectionHeads(membershipNo, kind).execute());
    },

    async getCollectionPage(cred, kind, { page, pageSize }) {
      const membershipNo = await memberOf(cred);
      // The page's months and, in the same query, how many months there are in all.
      const heads = await collectionHeads(membershipNo, kind)
        .select((eb) => eb.fn.countAll<number>().over().as('total'))
        .limit(sql.lit(pageSize))
        .offset(sql.lit((page - 1) * pageSize))
        .execute();
      const total = heads[0]
        ? Number(heads[0].total)
        : Number(
            (
              await db
                .selectFrom('collections')
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .where('membership_no', '=', membershipNo)
                .where('kind', '=', kind)
                .executeTakeFirstOrThrow()
            ).n,
          );
      return { rows: await withLines(heads), total, page, pageSize };
    },

    async getGuarantees(cred) {
      const membershipNo = await memberOf(cred);
      const rows = await db
        .selectFrom('loan_collateral')
        .innerJoin('loans', 'loans.contract_no', 'loan_collateral.contract_no')
        .innerJoin('members', 'members.membership_no', 'loans.membership_no')
        .select([
          'loans.membership_no',
          'members.prename',
          'members.first_name',
          'members.last_name',
          'loans.contract_no',
          'loans.start_date',
          'loans.approved_satang',
          'loans.balance_satang',
          'loans.interest_arrear_satang',
          'loan_collateral.amount_satang',
        ])
        .where('loan_collateral.guarantor_no', 'in', [membershipNo])
        .where('loan_collateral.kind', 'in', ['member'])
        .where('loans.balance_satang', '>', 0)
        .orderBy('loans.start_date', 'desc')
        .execute();
      return rows.map((r): Guarantee => ({
        borrowerNo: r.membership_no,
        borrowerName: `${r.prename}${r.first_name} ${r.last_name}`,
        contractNo: r.contract_no,
        startDate: r.start_date,
        approvedSatang: Number(r.approved_satang),
        balanceSatang: Number(r.balance_satang),
        interestArrearSatang: Number(r.interest_arrear_satang),
        guaranteedSatang: Number(r.amount_satang),
      }));
    },

    async getBeneficiaries(cred) {
      const membershipNo = await memberOf(cred);
      const rows = await db
        .selectFrom('beneficiaries')
        .select(['seq', 'name', 'relationship'])
        .where('membership_no', 'in', [membershipNo])
        .orderBy('seq')
        .execute();
      return rows as Beneficiary[];
    },

    async getDividends(cred) {
      const membershipNo = await memberOf(cred);
      const rows = await db
        .selectFrom('dividends')
        .selectAll()
        .where('membership_no', 'in', [membershipNo])
        .orderBy('year', 'desc')
        .execute();
      return rows.map((r): Dividend => ({
        year: r.year,
        dividendRate: r.dividend_rate,
        dividendSatang: Number(r.dividend_satang),
        dividendWithheld: r.dividend_withheld === 1,
        averageReturnRate: r.average_return_rate,
        averageReturnSatang: Number(r.average_return_satang),
        averageReturnWithheld: r.average_return_withheld === 1,
        interestPaidSatang: Number(r.interest_paid_satang),
        payoutMethod: r.payout_method,
      }));
    },

    async getWelfare(cred) {
      const membershipNo = await memberOf(cred);
      const rows = await db
        .selectFrom('welfare_items')
        .selectAll()
        .where('membership_no', 'in', [membershipNo])
        .orderBy('tab')
        .orderBy('item_date', 'desc')
        .orderBy('id')
        .execute();
      return rows.map((r): WelfareItem => ({
        tab: r.tab,
        kind: r.kind,
        description: r.description,
        date: r.item_date,
        amountSatang: Number(r.amount_satang),
      }));
    },
  };
}
