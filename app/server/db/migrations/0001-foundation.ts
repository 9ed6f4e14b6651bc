import type { Kysely } from 'kysely';

import {
  createdAndUpdated,
  dropTables,
  indexExpires,
  indexMember,
  memberKey,
  memberRef,
  statusAndSort,
  tableWithId,
} from './columns';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and use an untyped Kysely. */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('members')
    .addColumn('membership_no', 'text', (c) => c.primaryKey())
    .addColumn('prename', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('id_card', 'text', (c) => c.notNull().unique())
    .addColumn('sex', 'text', (c) => c.notNull())
    .addColumn('birth_date', 'text', (c) => c.notNull())
    .addColumn('approve_date', 'text', (c) => c.notNull())
    .addColumn('member_group_no', 'text', (c) => c.notNull())
    .addColumn('member_group_name', 'text', (c) => c.notNull())
    .addColumn('position_name', 'text')
    .addColumn('salary_satang', 'bigint', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('status_code', 'text', (c) => c.notNull().defaultTo('0'))
    .execute();

  await db.schema
    .createTable('member_credentials')
    .addColumn('membership_no', 'text', memberKey)
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('reset_required', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(createdAndUpdated)
    .execute();

  await db.schema
    .createTable('terms_acceptances')
    .addColumn('membership_no', 'text', memberRef)
    .addColumn('terms_no', 'integer', (c) => c.notNull())
    .addColumn('accepted_at', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addPrimaryKeyConstraint('terms_acceptances_pk', ['membership_no', 'terms_no'])
    .execute();

  await db.schema
    .createTable('coop_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('membership_no', 'text', memberRef)
    .addColumn('issued_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await indexMember(db, 'coop_tokens');

  await db.schema
    .createTable('content_categories')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .$call(statusAndSort)
    .execute();

  await tableWithId(db, 'content_items', 'integer', 'no')
    .addColumn('category', 'text', (c) => c.notNull().references('content_categories.code'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text', (c) => c.notNull())
    .addColumn('author', 'text')
    .addColumn('posted_at', 'bigint', (c) => c.notNull())
    .addColumn('event_date', 'text')
    .addColumn('cover_image', 'text')
    .addColumn('attachment', 'text')
    .addColumn('video_url', 'text')
    .addColumn('pageview', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('content_items_category')
    .on('content_items')
    .columns(['category', 'posted_at'])
    .execute();

  await db.schema
    .createTable('menu_items')
    .addColumn('seq', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text')
    .addColumn('url', 'text')
    .addColumn('icon', 'text')
    .addColumn('is_parent', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(statusAndSort)
    .execute();

  await db.schema
    .createTable('menu_sub_items')
    .addColumn('seq', 'integer', (c) => c.primaryKey())
    .addColumn('menu_seq', 'integer', (c) => c.notNull().references('menu_items.seq').onDelete('cascade'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .$call(statusAndSort)
    .execute();

  await db.schema
    .createTable('footer_phones')
    .addColumn('seq', 'integer', (c) => c.primaryKey())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('membership_no', 'text', (c) => c.notNull())
    .addColumn('member_name', 'text', (c) => c.notNull())
    .addColumn('upstream_token', 'text', (c) => c.notNull())
    .addColumn('remember', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await indexMember(db, 'sessions');
  await indexExpires(db, 'sessions');

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();

  await tableWithId(db, 'audit_events')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('membership_no', 'text')
    .addColumn('ip', 'text')
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('audit_events_at').on('audit_events').column('at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, [
    'audit_events',
    'rate_limits',
    'sessions',
    'footer_phones',
    'menu_sub_items',
    'menu_items',
    'content_items',
    'content_categories',
    'coop_tokens',
    'terms_acceptances',
    'member_credentials',
    'members',
    'meta',
  ]);
}
