import type { Kysely } from 'kysely';

import { dropTables, indexMember, memberKey, memberRef, tableWithId } from './columns';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and use an untyped Kysely. */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('share_accounts')
    .addColumn('membership_no', 'text', memberKey)
    .addColumn('capital_satang', 'bigint', (c) => c.notNull())
    .addColumn('monthly_satang', 'bigint', (c) => c.notNull())
    .addColumn('last_period', 'integer', (c) => c.notNull())
    .addColumn('suspended', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await tableWithId(db, 'share_statements')
    .addColumn('membership_no', 'text', memberRef)
    .addColumn('op_date', 'text', (c) => c.notNull())
    .addColumn('period', 'integer')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('amount_satang', 'bigint', (c) => c.notNull())
    .addColumn('balance_satang', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('share_statements_member_date')
    .on('share_statements')
    .columns(['membership_no', 'op_date'])
    .execute();

  await db.schema
    .createTable('loans')
    .addColumn('contract_no', 'text', (c) => c.primaryKey())
    .addColumn('membership_no', 'text', memberRef)
    .addColumn('loan_type', 'text', (c) => c.notNull())
    .addColumn('approved_satang', 'bigint', (c) => c.notNull())
    .addColumn('balance_satang', 'bigint', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('instalment_satang', 'bigint', (c) => c.notNull())
    .addColumn('periods', 'integer', (c) => c.notNull())
    .addColumn('last_period', 'integer', (c) => c.notNull())
    .addColumn('interest_rate', 'text', (c) => c.notNull())
    .addColumn('interest_arrear_satang', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await indexMember(db, 'loans');

  await tableWithId(db, 'loan_collateral')
    .addColumn('contract_no', 'text', (c) => c.notNull().references('loans.contract_no').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('guarantor_no', 'text', (c) => c.references('members.membership_no').onDelete('set null'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('amount_satang', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('loan_collateral_contract').on('loan_collateral').column('contract_no').execute();
  await db.schema.createIndex('loan_collateral_guarantor').on('loan_collateral').column('guarantor_no').execute();

  await tableWithId(db, 'loan_statements')
    .addColumn('contract_no', 'text', (c) => c.notNull().references('loans.contract_no').onDelete('cascade'))
    .addColumn('op_date', 'text', (c) => c.notNull())
    .addColumn('period', 'integer')
    .addColumn('item', 'text', (c) => c.notNull())
    .addColumn('principal_satang', 'bigint', (c) => c.notNull())
    .addColumn('interest_satang', 'bigint', (c) => c.notNull())
    .addColumn('balance_satang', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('loan_statements_contract_date')
    .on('loan_statements')
    .columns(['contract_no', 'op_date'])
    .execute();

  await db.schema
    .createTable('deposit_accounts')
    .addColumn('account_no', 'text', (c) => c.primaryKey())
    .addColumn('membership_no', 'text', memberRef)
    .addColumn('type_code', 'text', (c) => c.notNull())
    .addColumn('type_name', 'text', (c) => c.notNull())
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('balance_satang', 'bigint', (c) => c.notNull())
    .addColumn('accrued_interest_satang', 'bigint', (c) => c.notNull())
    .addColumn('held_satang', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('opened_date', 'text', (c) => c.notNull())
    .execute();
  await indexMember(db, 'deposit_accounts');

  await tableWithId(db, 'deposit_statements')
    .addColumn('account_no', 'text', (c) => c.notNull().references('deposit_accounts.account_no').onDelete('cascade'))
    .addColumn('op_date', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('amount_satang', 'bigint', (c) => c.notNull())
    .addColumn('balance_satang', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('deposit_statements_account_date')
    .on('deposit_statements')
    .columns(['account_no', 'op_date'])
    .execute();

  // Monthly collections: kind 'kep' (the cooperative) or 'crem' (the cremation welfare association).
  await tableWithId(db, 'collections')
    .addColumn('membership_no', 'text', memberRef)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('billed_satang', 'bigint', (c) => c.notNull())
    .addColumn('collected_satang', 'bigint', (c) => c.notNull())
    .addColumn('posted', 'integer', (c) => c.notNull())
    .addColumn('receipt_no', 'text')
    .addColumn('receipt_date', 'text')
    .addUniqueConstraint('collections_member_month', ['membership_no', 'kind', 'year', 'month'])
    .execute();

  await tableWithId(db, 'collection_lines')
    .addColumn('collection_id', 'bigint', (c) => c.notNull().references('collections.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('item_code', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('contract_no', 'text')
    .addColumn('period', 'integer')
    .addColumn('principal_satang', 'bigint', (c) => c.notNull())
    .addColumn('interest_satang', 'bigint', (c) => c.notNull())
    .addColumn('amount_satang', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('collection_lines_collection').on('collection_lines').column('collection_id').execute();

  await tableWithId(db, 'beneficiaries')
    .addColumn('membership_no', 'text', memberRef)
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('relationship', 'text', (c) => c.notNull())
    .execute();
  await indexMember(db, 'beneficiaries');

  await db.schema
    .createTable('dividends')
    .addColumn('membership_no', 'text', memberRef)
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('dividend_rate', 'text', (c) => c.notNull())
    .addColumn('dividend_satang', 'bigint', (c) => c.notNull())
    .addColumn('dividend_withheld', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('average_return_rate', 'text', (c) => c.notNull())
    .addColumn('average_return_satang', 'bigint', (c) => c.notNull())
    .addColumn('average_return_withheld', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('interest_paid_satang', 'bigint', (c) => c.notNull())
    .addColumn('payout_method', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('dividends_pk', ['membership_no', 'year'])
    .execute();

  // Welfare: tab 'received' (paid out) or 'eligible' (can be claimed).
  await tableWithId(db, 'welfare_items')
    .addColumn('membership_no', 'text', memberRef)
    .addColumn('tab', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('item_date', 'text')
    .addColumn('amount_satang', 'bigint', (c) => c.notNull())
    .execute();
  await indexMember(db, 'welfare_items');
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, [
    'welfare_items',
    'dividends',
    'beneficiaries',
    'collection_lines',
    'collections',
    'deposit_statements',
    'deposit_accounts',
    'loan_statements',
    'loan_collateral',
    'loans',
    'share_statements',
    'share_accounts',
  ]);
}
