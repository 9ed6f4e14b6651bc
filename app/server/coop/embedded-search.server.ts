import { CompiledQuery, PostgresAdapter, sql, type Kysely, type SqlBool } from 'kysely';

import { ADVISORY_LOCKS, lockWithinTransaction } from '../db/locks';
import { contains } from '../db/contains.server';
import type { Database } from '../db/schema';
import { countMatches } from '../search/highlight';
import { SEGMENTER_VERSION, htmlToText, normalizeText, queryTerms, termCounts } from '../search/segment';
import { SEARCH_RESULT_LIMIT, type CoopBackend, type ContentSearchHit } from './types';

/**
 * The site search of the embedded store (ADR 013). Two tiers over the same visible items:
 *
 * 1. Words: the query is segmented like the stored text (Intl.Segmenter, Thai dictionary) and an
 *    item matches when it holds every query word in its title or body (`search_terms`).
 * 2. Substrings: an item also matches when each query word occurs anywhere in its normalised title
 *    or body (LIKE with escaped wildcards), which catches words the segmenter split differently
 *    ('สหกรณ์ฯ' is stored as สห | กรณ์ฯ) and partly typed words.
 *
 * Word matches rank first (more hits in the title first), then substring matches (title first);
 * newer items first among equals.
 */

type Store = Kysely<Database>;

/** `meta` key holding the version of the stored index (segmenter rules + ICU data). */
export const SEARCH_INDEX_META_KEY = 'search_index_version';

/** Vendor categories never searched (its smartsearch excludes them too). */
const UNSEARCHED_CATEGORIES = ['panel', 'employee', 'banner', 'contact'];
/** Category type of administrative texts (terms of use, privacy policy): not search results. */
const ADMIN_CATEGORY_TYPE = 'A';

/** Rows per multi-row insert: 4 columns × 500 stays far below both databases' parameter limits. */
const INSERT_BATCH = 500;

/** The index version this code writes: a different segmenter or ICU dictionary means a rebuild. */
export function searchIndexVersion(): string {
  return `${SEGMENTER_VERSION}:icu-${process.versions.icu ?? 'none'}`;
}

/** Run `work` in a transaction, or in the caller's when `db` already is one (the seed's). */
async function inTransaction<T>(db: Store, work: (trx: Store) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

interface ItemText {
  no: number;
  title: string;
  body_html: string;
}

/**
 * Multi-row insert compiled by hand (the query builder is slow for thousands of rows). Table and
 * column names are constants of this module; every value is a bound parameter.
 */
async function insertMany(db: Store, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const head = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values `;
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const params: unknown[] = [];
    const tuples = rows.slice(start, start + INSERT_BATCH).map((row) => {
      const marks = row.map((value) => {
        params.push(value);
        return pg ? `$${params.length}` : '?';
      });
      return `(${marks.join(', ')})`;
    });
    await db.executeQuery(CompiledQuery.raw(head + tuples.join(', '), params));
  }
}

/** Write the index rows of `items` (their old rows must be gone already). */
async function writeItems(db: Store, items: ItemText[], now: number): Promise<void> {
  const documents: unknown[][] = [];
  const terms: unknown[][] = [];
  for (const item of items) {
    const question = normalizeSpaces(item.title);
    const note = htmlToText(item.body_html);
    documents.push([item.no, question, note, normalizeText(question), normalizeText(note), now]);
    for (const [field, text] of [
      ['q', question],
      ['n', note],
    ] as const) {
      for (const [term, hits] of termCounts(text)) terms.push([term, item.no, field, hits]);
    }
  }
  await insertMany(
    db,
    'search_documents',
    ['content_no', 'question', 'note', 'question_norm', 'note_norm', 'indexed_at'],
    documents,
  );
  await insertMany(db, 'search_terms', ['term', 'content_no', 'field', 'hits'], terms);
}

const normalizeSpaces = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * (Re)index one content item after it was published, edited or deleted: its old rows go, and if
 * the item still exists its current title and body are indexed. Whether it is shown (disabled
 * flag, category status) is decided at query time, so hiding an item needs no re-index.
 */
export async function indexContentItem(db: Store, no: number, now: number = Date.now()): Promise<void> {
  await inTransaction(db, async (trx) => {
    await lockWithinTransaction(trx, ADVISORY_LOCKS.searchIndex);
    // Terms go with their document (ON DELETE CASCADE); deleted explicitly to not depend on it.
    await trx.deleteFrom('search_terms').where('content_no', '=', no).execute();
    await trx.deleteFrom('search_documents').where('content_no', '=', no).execute();
    const item = await trx
      .selectFrom('content_items')
      .select(['no', 'title', 'body_html'])
      .where('no', '=', no)
      .executeTakeFirst();
    if (item) await writeItems(trx, [item], now);
  });
}

/** Rebuild the whole index from the content items that exist now; returns how many were indexed. */
export async function rebuildSearchIndex(db: Store, now: number = Date.now()): Promise<number> {
  return inTransaction(db, async (trx) => {
    // One writer of the index at a time across instances (ADR 017): two rebuilds interleaved would
    // both delete, then both insert the same rows.
    await lockWithinTransaction(trx, ADVISORY_LOCKS.searchIndex);
    await trx.deleteFrom('search_terms').execute();
    await trx.deleteFrom('search_documents').execute();
    let count = 0;
    let after: number | null = null;
    for (;;) {
      let page = trx.selectFrom('content_items').select(['no', 'title', 'body_html']);
      if (after !== null) page = page.where('no', '>', after);
      const items = await page.orderBy('no').limit(200).execute();
      const last = items[items.length - 1];
      if (!last) break;
      await writeItems(trx, items, now);
      count += items.length;
      after = last.no;
    }
    const version = searchIndexVersion();
    await trx
      .insertInto('meta')
      .values({ key: SEARCH_INDEX_META_KEY, value: version })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: version }))
      .execute();
    return count;
  });
}

/**
 * At start-up: rebuild the index when it was built by another segmenter/ICU version, or when the
 * number of indexed items differs from the content (a store seeded or imported without it).
 * Returns true when it rebuilt. Instances starting together rebuild it once: the check is repeated
 * under the index's lock (ADR 017).
 */
export async function ensureSearchIndex(db: Store): Promise<boolean> {
  if (await searchIndexCurrent(db)) return false;
  return inTransaction(db, async (trx) => {
    await lockWithinTransaction(trx, ADVISORY_LOCKS.searchIndex);
    if (await searchIndexCurrent(trx)) return false;
    await rebuildSearchIndex(trx);
    return true;
  });
}

async function searchIndexCurrent(db: Store): Promise<boolean> {
  const meta = await db.selectFrom('meta').select('value').where('key', '=', SEARCH_INDEX_META_KEY).executeTakeFirst();
  const content = await db
    .selectFrom('content_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const indexed = await db
    .selectFrom('search_documents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return meta?.value === searchIndexVersion() && Number(content.n) === Number(indexed.n);
}

interface Candidate {
  no: number;
  postedAt: number;
  /** 0 = word tier, 1 = substring tier. */
  tier: 0 | 1;
  /** Title strength: query-word hits in the title (word tier), or 1/0 all words in the title. */
  title: number;
  body: number;
}

/** The `searchContent` method of the embedded backend. */
export function createSearchFeed(db: Store, now: () => number = Date.now): Pick<CoopBackend, 'searchContent'> {
  return {
    async searchContent(query, page = 1) {
      const terms = queryTerms(query);
      const recommended = await db
        .selectFrom('search_recommended')
        .select(['question', 'note'])
        .where('status', '=', 1)
        .orderBy('sort')
        .orderBy('seq')
        .execute();
      if (!terms.length) return { found: false, total: 0, hits: [], recommended };

      // Shown items only: decided here, so hiding an item or a category needs no re-index.
      // A scheduled item is found from its publish time on (ADR 120).
      const visible = sql<SqlBool>`content_items.disabled = 0 and content_items.posted_at <= ${now()}
        and content_categories.status = 1
        and content_categories.type <> ${ADMIN_CATEGORY_TYPE}
        and content_categories.code not in (${sql.join(UNSEARCHED_CATEGORIES)})`;

      const [words, substrings] = await Promise.all([
        db
          .selectFrom('search_terms')
          .innerJoin('content_items', 'content_items.no', 'search_terms.content_no')
          .innerJoin('content_categories', 'content_categories.code', 'content_items.category')
          .select([
            'search_terms.content_no as no',
            'content_items.posted_at as posted_at',
            sql<number>`sum(case when search_terms.field = 'q' then search_terms.hits else 0 end)`.as('title_hits'),
            sql<number>`sum(case when search_terms.field = 'n' then search_terms.hits else 0 end)`.as('body_hits'),
          ])
          .where('search_terms.term', 'in', terms)
          .where(visible)
          .groupBy(['search_terms.content_no', 'content_items.posted_at'])
          .having(sql`count(distinct search_terms.term)`, '=', terms.length)
          .execute(),
        db
          .selectFrom('search_documents')
          .innerJoin('content_items', 'content_items.no', 'search_documents.content_no')
          .innerJoin('content_categories', 'content_categories.code', 'content_items.category')
          .select(['search_documents.content_no as no', 'content_items.posted_at as posted_at', 'question_norm'])
          .where(visible)
          .where((eb) =>
            eb.and(
              terms.map((term) =>
                eb.or([
                  contains(sql`search_documents.question_norm`, term),
                  contains(sql`search_documents.note_norm`, term),
                ]),
              ),
            ),
          )
          .execute(),
      ]);

      const candidates = new Map<number, Candidate>();
      for (const w of words) {
        candidates.set(w.no, {
          no: w.no,
          postedAt: Number(w.posted_at),
          tier: 0,
          title: Number(w.title_hits),
          body: Number(w.body_hits),
        });
      }
      for (const s of substrings) {
        if (candidates.has(s.no)) continue;
        const inTitle = terms.every((t) => s.question_norm.includes(t)) ? 1 : 0;
        candidates.set(s.no, { no: s.no, postedAt: Number(s.posted_at), tier: 1, title: inTitle, body: 0 });
      }
      const ranked = [...candidates.values()].sort(
        (a, b) => a.tier - b.tier || b.title - a.title || b.body - a.body || b.postedAt - a.postedAt || b.no - a.no,
      );
      const first = (Math.max(1, page) - 1) * SEARCH_RESULT_LIMIT;
      const top = ranked.slice(first, first + SEARCH_RESULT_LIMIT).map((c) => c.no);
      const docs = top.length
        ? await db
            .selectFrom('search_documents')
            .select(['content_no', 'question', 'note'])
            .where('content_no', 'in', top)
            .execute()
        : [];
      const byNo = new Map(docs.map((d) => [d.content_no, d]));
      const hits: ContentSearchHit[] = [];
      for (const no of top) {
        const doc = byNo.get(no);
        if (doc) hits.push({ no, question: doc.question, note: doc.note, findNote: countMatches(doc.note, terms) });
      }
      return { found: candidates.size > 0, total: candidates.size, hits, recommended };
    },
  };
}
