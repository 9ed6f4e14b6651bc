/**
 * For the content editors' tests: a scratch store (SQLite, or PostgreSQL with TEST_DATABASE_URL) with
 * the categories a file needs, a media folder, and the content form's usual fields parsed as a draft.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll } from 'vitest';

import { scratchStore } from '../db-instances.test-support';
import type { Db } from '../db/index.server';
import type { ContentCategoriesTable } from '../db/schema';
import { listCategories, parseDraft } from './content.server';

/** A category as the tests insert it: the stored row's required columns. */
export type CategoryRow = Pick<
  ContentCategoriesTable,
  'code' | 'description' | 'type' | 'content_type' | 'status' | 'sort'
>;

/** A category row as the seed writes it: `content`, shown unless `status` is 0. */
export const category = (code: string, description: string, type: string, sort: number, status = 1): CategoryRow => ({
  code,
  description,
  type,
  content_type: 'content',
  status,
  sort,
});

/**
 * Opens a store named `name` with `categories`, and a media folder; both are removed after the
 * file's tests. Call the answer in `beforeAll`.
 */
export function contentStore(name: string, categories: CategoryRow[]): () => Promise<{ db: Db; media: string }> {
  const open = scratchStore(name);
  const media = fs.mkdtempSync(path.join(os.tmpdir(), `sahakorn-${name}-media-`));
  afterAll(() => fs.rmSync(media, { recursive: true, force: true }));
  return async () => {
    const db = await open();
    await db.insertInto('content_categories').values(categories).execute();
    return { db, media };
  };
}

/** The content form's fields: a news item's usual values, with `values` on top. */
export const draftFields = (values: Record<string, string> = {}) =>
  new Map(
    Object.entries({
      category: 'news',
      title: 'ประชุมใหญ่สามัญประจำปี',
      excerpt: '',
      body: '<p>เชิญสมาชิกร่วมประชุม</p>',
      date: '25/11/2569',
      time: '09:30',
      ...values,
    }),
  );

/** The form's fields parsed as a draft (throws when they do not parse). */
export async function draftOf(db: Db, values: Record<string, string> = {}) {
  const parsed = parseDraft(draftFields(values), await listCategories(db));
  if (!parsed.draft) throw new Error(JSON.stringify(parsed.errors));
  return parsed.draft;
}
