import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';

import { sql, type Selectable, type UpdateResult } from 'kysely';

import { app } from '../app.server';
import type { Db } from '../db/index.server';
import { contains } from '../db/contains.server';
import type { BoardBlocksTable, DemandItemsTable } from '../db/schema';
import { answerCountColumn, answersOf, demandItemOf, postOf, topicSummaryOf } from '../coop/embedded-board.server';
import { env } from '../env.server';
import { postsWaiting } from './dashboard.server';

/**
 * Moderation of the web board and the demand section (ADR 062): the queue of new posts and answers,
 * hiding and restoring with a reason, answers from the cooperative, closing topics and the
 * per-address block list. Every change is one statement whose WHERE clause says what it expects
 * (hidden or not, open or closed, still in the queue), so two moderators acting at once cannot both
 * "hide" a row or both take it out of the queue: the second one is told it had changed already.
 * Functions take the database so the tests run them on SQLite and PostgreSQL alike.
 */

/** Rows of the moderation queue per page. */
export const QUEUE_PAGE_SIZE = 20;
/** Topics, demand items and blocks per page of the staff lists. */
export const STAFF_LIST_PAGE_SIZE = 20;
/** Longest reason kept (hiding, restoring, blocking). */
export const REASON_MAX = 300;
/** How long a block may last, in days (the form offers these). */
export const BLOCK_DAYS = [1, 7, 30, 90, 365] as const;

export { BLOCKED_MESSAGE, OFFICIAL_ANSWER_LABEL, TOPIC_CLOSED_MESSAGE } from '~/lib/board-moderation';

const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------------
// Addresses

/**
 * The address as one spelling: IPv4-mapped IPv6 (`::ffff:203.0.113.5`, what Node reports on a dual
 * stack) becomes the IPv4 address, IPv6 is lower case and compressed. null for anything that is not
 * an IP address.
 */
export function normaliseAddress(value: string | null | undefined): string | null {
  let text = (value ?? '').trim().toLowerCase();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (mapped?.[1]) text = mapped[1];
  const kind = isIP(text);
  if (kind === 4) return text.split('.').map(Number).join('.');
  if (kind === 6) {
    // The URL parser writes an IPv6 host in its one canonical, compressed form.
    const host = new URL(`http://[${text}]/`).hostname;
    const canonical = host.slice(1, -1);
    const again = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
    if (again?.[1] && again[2]) {
      const [hi, lo] = [parseInt(again[1], 16), parseInt(again[2], 16)];
      return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
    }
    return canonical;
  }
  return null;
}

/**
 * The key under which an address is blocked and a post remembers its author: an HMAC keyed with the
 * session secret, so the store holds no address (as the board's repeat check, ADR 044). null when the
 * address is unknown or not an address: such postings can be neither blocked nor traced.
 */
export function addressKey(address: string | null | undefined): string | null {
  return addressKeys(address)[0] ?? null;
}

/** The address's key under every listed session secret, the current one first (ADR 124). */
function addressKeys(address: string | null | undefined): string[] {
  const normal = normaliseAddress(address);
  if (!normal) return [];
  return env().sessionSecrets.map((secret) =>
    createHmac('sha256', secret).update(`board-address\u0000${normal}`).digest('base64url'),
  );
}

/** What a moderator sees of an address they typed: the network part only (`203.0.113.*`, `2001:db8:1:*`). */
export function maskAddress(normal: string): string {
  if (isIP(normal) === 4) return `${normal.split('.').slice(0, 3).join('.')}.*`;
  return `${normal.split(':').slice(0, 3).join(':')}:*`;
}

// ---------------------------------------------------------------------------------------------------
// The block list

export interface BlockRow {
  addressKey: string;
  label: string;
  reason: string;
  createdBy: string;
  createdAt: Date;
  expiresAt: Date;
}

/** True when posts from this address are refused now. An unknown address is never blocked. */
export async function isAddressBlocked(db: Db, address: string | null | undefined, now = Date.now()) {
  const keys = addressKeys(address);
  if (keys.length === 0) return false;
  const row = await db
    .selectFrom('board_blocks')
    .select('address_key')
    .where('address_key', 'in', keys)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** `isAddressBlocked` on the app's store: what the board's forms and the vendor API ask before a posting. */
export async function refusesPostsFrom(address: string | null | undefined): Promise<boolean> {
  if (!addressKey(address)) return false;
  const { db } = await app();
  return isAddressBlocked(db, address);
}

/**
 * Blocks an address key until `now + days`, or renews an existing block (the later expiry and the new
 * reason win): one upsert.
 */
async function putBlock(
  db: Db,
  input: { key: string; label: string; reason: string; days: number; by: string },
  now: number,
): Promise<void> {
  const expiresAt = now + input.days * DAY_MS;
  await db
    .insertInto('board_blocks')
    .values({
      address_key: input.key,
      label: input.label,
      reason: input.reason,
      created_by: input.by,
      created_at: now,
      expires_at: expiresAt,
    })
    .onConflict((oc) =>
      oc.column('address_key').doUpdateSet({
        label: input.label,
        reason: input.reason,
        created_by: input.by,
        created_at: now,
        expires_at: expiresAt,
      }),
    )
    .execute();
}

export type BlockOutcome =
  { ok: true; label: string; key: string } | { ok: false; reason: 'bad-address' | 'no-author' };

/** Blocks an address a moderator typed. */
export async function blockAddress(
  db: Db,
  input: { address: string; reason: string; days: number; by: string },
  now = Date.now(),
): Promise<BlockOutcome> {
  const normal = normaliseAddress(input.address);
  const key = addressKey(normal);
  if (!normal || !key) return { ok: false, reason: 'bad-address' };
  const label = maskAddress(normal);
  await putBlock(db, { key, label, reason: input.reason, days: input.days, by: input.by }, now);
  return { ok: true, label, key };
}

/** Blocks whoever wrote a topic or an answer, by the key the post keeps (the address is not known). */
export async function blockAuthorOf(
  db: Db,
  input: { kind: PostKind; id: number; reason: string; days: number; by: string },
  now = Date.now(),
): Promise<BlockOutcome> {
  const row =
    input.kind === 'topic'
      ? await db.selectFrom('board_topics').select('author_key').where('id', '=', input.id).executeTakeFirst()
      : await db.selectFrom('board_answers').select('author_key').where('id', '=', input.id).executeTakeFirst();
  if (!row?.author_key) return { ok: false, reason: 'no-author' };
  const label = input.kind === 'topic' ? `ผู้ตั้งกระทู้ #${input.id}` : `ผู้เขียนความเห็น #${input.id}`;
  await putBlock(db, { key: row.author_key, label, reason: input.reason, days: input.days, by: input.by }, now);
  return { ok: true, label, key: row.author_key };
}

/** Ends a block at once. false when there was none (removed meanwhile). */
export async function removeBlock(db: Db, key: string): Promise<BlockRow | null> {
  const rows = await db.deleteFrom('board_blocks').where('address_key', '=', key).returningAll().execute();
  const r = rows[0];
  return r ? blockRow(r) : null;
}

function blockRow(r: Selectable<BoardBlocksTable>): BlockRow {
  return {
    addressKey: r.address_key,
    label: r.label,
    reason: r.reason,
    createdBy: r.created_by,
    createdAt: new Date(Number(r.created_at)),
    expiresAt: new Date(Number(r.expires_at)),
  };
}

/** Blocks still running, the soonest to end first. */
export async function listBlocks(db: Db, page: number, now = Date.now()): Promise<Paged<BlockRow>> {
  const running = db.selectFrom('board_blocks').where('expires_at', '>', now);
  const [count, rows] = await Promise.all([
    running.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    running
      .selectAll()
      .orderBy('expires_at')
      .orderBy('address_key')
      .limit(STAFF_LIST_PAGE_SIZE)
      .offset((page - 1) * STAFF_LIST_PAGE_SIZE)
      .execute(),
  ]);
  return { rows: rows.map(blockRow), total: Number(count.n), page, pageSize: STAFF_LIST_PAGE_SIZE };
}

// ---------------------------------------------------------------------------------------------------
// The queue

export type PostKind = 'topic' | 'answer';

export interface Paged<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface QueueRow {
  kind: PostKind;
  id: number;
  topicId: number;
  topicTitle: string;
  /** The answer's text, or the topic's body. */
  body: string;
  displayName: string;
  createdAt: Date;
}

/** The queue's orders: newest first (the default: what just arrived is on page 1), or oldest first. */
export const QUEUE_ORDERS = ['newest', 'oldest'] as const;
export type QueueOrder = (typeof QUEUE_ORDERS)[number];

/** Posts and answers no moderator has seen yet, newest first unless asked for the oldest first. */
export async function listQueue(db: Db, page: number, order: QueueOrder = 'newest'): Promise<Paged<QueueRow>> {
  const direction = order === 'oldest' ? 'asc' : 'desc';
  const topics = db
    .selectFrom('board_topics')
    .select([
      sql<string>`'topic'`.as('kind'),
      'board_topics.id as id',
      'board_topics.id as topic_id',
      'board_topics.title as topic_title',
      'board_topics.body as body',
      'board_topics.display_name as display_name',
      'board_topics.created_at as created_at',
    ])
    .where('board_topics.reviewed_at', 'is', null);
  const answers = db
    .selectFrom('board_answers')
    .innerJoin('board_topics', 'board_topics.id', 'board_answers.topic_id')
    .select([
      sql<string>`'answer'`.as('kind'),
      'board_answers.id as id',
      'board_answers.topic_id as topic_id',
      'board_topics.title as topic_title',
      'board_answers.body as body',
      'board_answers.display_name as display_name',
      'board_answers.created_at as created_at',
    ])
    .where('board_answers.reviewed_at', 'is', null);
  const [total, rows] = await Promise.all([
    postsWaiting(db),
    db
      .selectFrom(topics.unionAll(answers).as('q'))
      .selectAll()
      // A topic before its own answers of the same instant when oldest first, after them when newest first.
      .orderBy('created_at', direction)
      .orderBy('kind', direction === 'asc' ? 'desc' : 'asc')
      .orderBy('id', direction)
      .limit(QUEUE_PAGE_SIZE)
      .offset((page - 1) * QUEUE_PAGE_SIZE)
      .execute(),
  ]);
  return {
    rows: rows.map((r) => ({
      kind: r.kind === 'topic' ? 'topic' : 'answer',
      id: Number(r.id),
      topicId: Number(r.topic_id),
      topicTitle: r.topic_title,
      body: r.body,
      displayName: r.display_name,
      createdAt: new Date(Number(r.created_at)),
    })),
    total,
    page,
    pageSize: QUEUE_PAGE_SIZE,
  };
}

const TABLE = { topic: 'board_topics', answer: 'board_answers' } as const;

/** Takes a post out of the queue as seen. false when it was not in the queue (another moderator). */
export async function markReviewed(db: Db, kind: PostKind, id: number, now = Date.now()): Promise<boolean> {
  const result = await db
    .updateTable(TABLE[kind])
    .set({ reviewed_at: now })
    .where('id', '=', id)
    .where('reviewed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---------------------------------------------------------------------------------------------------
// Hiding and restoring

type ChangeOutcome = 'done' | 'unchanged' | 'missing';

/**
 * What a moderator's one-statement change did to row `id` of `table`: 'done' when the UPDATE changed
 * it, else 'unchanged' when the row is there (it already was so: someone else acted first) or 'missing'.
 */
async function outcomeOf(
  db: Db,
  table: 'board_topics' | 'board_answers' | 'demand_items',
  id: number,
  result: UpdateResult,
): Promise<ChangeOutcome> {
  if (Number(result.numUpdatedRows) === 1) return 'done';
  const exists = await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  return exists ? 'unchanged' : 'missing';
}

/**
 * Hides (or restores) a topic or an answer, with the moderator's reason. Hiding also takes it out of
 * the queue. 'unchanged' when it already was so (someone else acted first), 'missing' when there is no
 * such row.
 */
export async function setPostHidden(
  db: Db,
  input: { kind: PostKind; id: number; hidden: boolean; reason: string },
  now = Date.now(),
): Promise<'done' | 'unchanged' | 'missing'> {
  const table = TABLE[input.kind];
  const result = await db
    .updateTable(table)
    .set(
      input.hidden
        ? {
            hidden: 1,
            hidden_reason: input.reason,
            hidden_at: now,
            reviewed_at: sql<number>`coalesce(reviewed_at, ${now})`,
          }
        : { hidden: 0, hidden_reason: null, hidden_at: null, reviewed_at: sql<number>`coalesce(reviewed_at, ${now})` },
    )
    .where('id', '=', input.id)
    .where('hidden', '=', input.hidden ? 0 : 1)
    .executeTakeFirst();
  return outcomeOf(db, table, input.id, result);
}

/** Closes (or reopens) a topic to visitors' answers; the same outcomes as `setPostHidden`. */
export async function setTopicClosed(
  db: Db,
  id: number,
  closed: boolean,
  now = Date.now(),
): Promise<'done' | 'unchanged' | 'missing'> {
  const result = await db
    .updateTable('board_topics')
    .set({ closed_at: closed ? now : null })
    .where('id', '=', id)
    .where('closed_at', closed ? 'is' : 'is not', null)
    .executeTakeFirst();
  return outcomeOf(db, 'board_topics', id, result);
}

/**
 * An answer from the cooperative: marked as staff (shown with `OFFICIAL_ANSWER_LABEL`), seen at once,
 * allowed on a closed topic (a closing word) but not on a missing one. The answer's id, or null.
 */
export async function postOfficialAnswer(
  db: Db,
  input: { topicId: number; body: string; displayName: string },
  now = Date.now(),
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const topic = await trx.selectFrom('board_topics').select('id').where('id', '=', input.topicId).executeTakeFirst();
    if (!topic) return null;
    const row = await trx
      .insertInto('board_answers')
      .values({
        topic_id: input.topicId,
        body: input.body,
        display_name: input.displayName,
        staff: 1,
        created_at: now,
        hidden: 0,
        reviewed_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

// ---------------------------------------------------------------------------------------------------
// What the staff pages show

export interface StaffAnswer {
  id: number;
  body: string;
  displayName: string;
  official: boolean;
  createdAt: Date;
  hidden: boolean;
  hiddenReason: string | null;
  reviewed: boolean;
  /** Whether the author can be blocked (the post kept its key). */
  traceable: boolean;
}

export interface StaffTopic {
  id: number;
  title: string;
  body: string;
  displayName: string;
  createdAt: Date;
  hidden: boolean;
  hiddenReason: string | null;
  reviewed: boolean;
  closed: boolean;
  traceable: boolean;
  answers: StaffAnswer[];
}

/** A topic's or an answer's state as moderators see it: hidden (and why), seen, its author blockable. */
function postState(r: {
  hidden: number;
  hidden_reason: string | null;
  reviewed_at: number | null;
  author_key: string | null;
}) {
  return {
    hidden: r.hidden === 1,
    hiddenReason: r.hidden_reason,
    reviewed: r.reviewed_at !== null,
    traceable: r.author_key !== null,
  };
}

/** A topic as moderators see it: hidden or not, with every answer. */
export async function getStaffTopic(db: Db, id: number): Promise<StaffTopic | null> {
  const t = await db.selectFrom('board_topics').selectAll().where('id', '=', id).executeTakeFirst();
  if (!t) return null;
  const answers = await answersOf(db, id).selectAll().execute();
  return {
    ...postOf(t),
    title: t.title,
    ...postState(t),
    closed: t.closed_at !== null,
    answers: answers.map((a) => ({ ...postOf(a), official: a.staff === 1, ...postState(a) })),
  };
}

export interface StaffTopicSummary {
  id: number;
  title: string;
  displayName: string;
  createdAt: Date;
  hidden: boolean;
  closed: boolean;
  answerCount: number;
}

/** What the topics list can be narrowed to: shown, hidden, closed or waiting for a moderator. */
export const TOPIC_STATES = ['shown', 'hidden', 'closed', 'waiting'] as const;
export type TopicState = (typeof TOPIC_STATES)[number];
export const TOPIC_SORTS = ['newest', 'oldest', 'answers'] as const;
export type TopicSort = (typeof TOPIC_SORTS)[number];

export interface TopicQuery {
  /** Words of the title or of the author's display name. */
  q?: string;
  state?: TopicState | null;
  sort?: TopicSort;
}

/** Every topic, hidden and closed ones too, newest first; narrowed by words, a state, and sorted. */
export async function listStaffTopics(db: Db, page: number, query: TopicQuery = {}): Promise<Paged<StaffTopicSummary>> {
  let base = db.selectFrom('board_topics');
  const words = (query.q ?? '').trim().slice(0, 100);
  if (words) {
    const lower = words.toLowerCase();
    base = base.where((eb) =>
      eb.or([contains(sql`lower(board_topics.title)`, lower), contains(sql`lower(board_topics.display_name)`, lower)]),
    );
  }
  if (query.state === 'shown') base = base.where('board_topics.hidden', '=', 0);
  if (query.state === 'hidden') base = base.where('board_topics.hidden', '=', 1);
  if (query.state === 'closed') base = base.where('board_topics.closed_at', 'is not', null);
  if (query.state === 'waiting') base = base.where('board_topics.reviewed_at', 'is', null);
  const sort = query.sort ?? 'newest';
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select((eb) => [
        'board_topics.id',
        'board_topics.title',
        'board_topics.display_name',
        'board_topics.created_at',
        'board_topics.hidden',
        'board_topics.closed_at',
        answerCountColumn(eb, 'all'),
      ])
      .$if(sort === 'answers', (qb) => qb.orderBy('answer_count', 'desc'))
      .orderBy('board_topics.created_at', sort === 'oldest' ? 'asc' : 'desc')
      .orderBy('board_topics.id', sort === 'oldest' ? 'asc' : 'desc')
      .limit(STAFF_LIST_PAGE_SIZE)
      .offset((page - 1) * STAFF_LIST_PAGE_SIZE)
      .execute(),
  ]);
  return {
    rows: rows.map((r) => ({ ...topicSummaryOf(r), hidden: r.hidden === 1, closed: r.closed_at !== null })),
    total: Number(count.n),
    page,
    pageSize: STAFF_LIST_PAGE_SIZE,
  };
}

// ---------------------------------------------------------------------------------------------------
// The demand section

export type DemandStatus = 'received' | 'in_progress' | 'done';
export const DEMAND_STATUSES: readonly DemandStatus[] = ['received', 'in_progress', 'done'];

export interface StaffDemandItem {
  id: number;
  question: string;
  detail: string;
  askerName: string;
  askedAt: Date;
  status: DemandStatus;
  answer: string | null;
  answeredBy: string | null;
  answeredAt: Date | null;
  hidden: boolean;
  hiddenReason: string | null;
}

function staffDemand(r: Omit<Selectable<DemandItemsTable>, 'hidden_at'>): StaffDemandItem {
  return { ...demandItemOf(r), hidden: r.hidden === 1, hiddenReason: r.hidden_reason };
}

/** Every demand item, hidden ones too, newest first. */
export async function listStaffDemand(db: Db, page: number): Promise<Paged<StaffDemandItem>> {
  const [count, rows] = await Promise.all([
    db
      .selectFrom('demand_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('demand_items')
      .selectAll()
      .orderBy('asked_at', 'desc')
      .orderBy('id', 'desc')
      .limit(STAFF_LIST_PAGE_SIZE)
      .offset((page - 1) * STAFF_LIST_PAGE_SIZE)
      .execute(),
  ]);
  return { rows: rows.map(staffDemand), total: Number(count.n), page, pageSize: STAFF_LIST_PAGE_SIZE };
}

export async function getStaffDemand(db: Db, id: number): Promise<StaffDemandItem | null> {
  const r = await db.selectFrom('demand_items').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? staffDemand(r) : null;
}

/** Hides or restores a demand item; outcomes as `setPostHidden`. */
export async function setDemandHidden(
  db: Db,
  input: { id: number; hidden: boolean; reason: string },
  now = Date.now(),
): Promise<'done' | 'unchanged' | 'missing'> {
  const result = await db
    .updateTable('demand_items')
    .set(
      input.hidden
        ? { hidden: 1, hidden_reason: input.reason, hidden_at: now }
        : { hidden: 0, hidden_reason: null, hidden_at: null },
    )
    .where('id', '=', input.id)
    .where('hidden', '=', input.hidden ? 0 : 1)
    .executeTakeFirst();
  return outcomeOf(db, 'demand_items', input.id, result);
}

/** The cooperative's answer to a demand item and its status. false when there is no such item. */
export async function answerDemand(
  db: Db,
  input: { id: number; answer: string; answeredBy: string; status: DemandStatus },
  now = Date.now(),
): Promise<boolean> {
  const result = await db
    .updateTable('demand_items')
    .set({ answer: input.answer, answered_by: input.answeredBy, answered_at: now, status: input.status })
    .where('id', '=', input.id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
