import type { ExpressionBuilder, Selectable, Transaction } from 'kysely';

import type { Db } from '../db/index.server';
import type { BoardAnswersTable, BoardTopicsTable, Database, DemandItemsTable } from '../db/schema';
import { once } from '../idempotency.server';
import { fetchPage } from './embedded-page.server';
import {
  BoardTopicClosedError,
  type CoopBackend,
  type DemandItem,
  type DemandStatus,
  type DemandSummary,
} from './types';

type BoardFeeds = Pick<
  CoopBackend,
  'listBoardTopics' | 'getBoardTopic' | 'createBoardTopic' | 'createBoardAnswer' | 'listDemandItems' | 'getDemandItem'
>;

/** Idempotency scopes of the board's two forms. */
export const BOARD_SCOPES = { topic: 'board_topic', answer: 'board_answer' } as const;

const DEMAND_STATUSES: readonly DemandStatus[] = ['received', 'in_progress', 'done'];

/** The columns a visitor's topic and answer share: shown, by the name typed, at `at`. */
function posted(input: { body: string; displayName: string }, at: number, authorKey?: string | null) {
  return {
    body: input.body,
    display_name: input.displayName,
    created_at: at,
    hidden: 0,
    author_key: authorKey ?? null,
  };
}

/**
 * What a topic and an answer both show, from its row: the text, the name it was posted under and when.
 * The staff's moderation pages show their posts through it too.
 */
export function postOf(r: Pick<Selectable<BoardAnswersTable>, 'id' | 'body' | 'display_name' | 'created_at'>) {
  return { id: r.id, body: r.body, displayName: r.display_name, createdAt: new Date(Number(r.created_at)) };
}

/** A topic's answers, oldest first: the caller picks the columns, and whether hidden ones are left out. */
export function answersOf(db: Db, topicId: number) {
  return db.selectFrom('board_answers').where('topic_id', '=', topicId).orderBy('created_at').orderBy('id');
}

/**
 * A topic's answers counted, as the column `answer_count` of a select from `board_topics`: only the
 * answers visitors see (`'shown'`), or every one (the staff's lists).
 */
export function answerCountColumn(eb: ExpressionBuilder<Database, 'board_topics'>, answers: 'shown' | 'all') {
  return eb
    .selectFrom('board_answers')
    .select((sub) => sub.fn.countAll<number>().as('n'))
    .whereRef('board_answers.topic_id', '=', 'board_topics.id')
    .$if(answers === 'shown', (q) => q.where('board_answers.hidden', '=', 0))
    .as('answer_count');
}

/** A topic's row in a list (with `answerCountColumn`): its title, who posted it and when, its answers. */
export function topicSummaryOf(
  r: Pick<Selectable<BoardTopicsTable>, 'id' | 'title' | 'display_name' | 'created_at'> & {
    answer_count: number | null;
  },
) {
  return {
    id: r.id,
    title: r.title,
    displayName: r.display_name,
    createdAt: new Date(Number(r.created_at)),
    answerCount: Number(r.answer_count ?? 0),
  };
}

function demandStatus(value: string): DemandStatus {
  return (DEMAND_STATUSES as readonly string[]).includes(value) ? (value as DemandStatus) : 'received';
}

/**
 * A demand item's row as its list shows it: the date from its stored milliseconds, an unknown status
 * read as received.
 */
function demandSummaryOf(
  r: Pick<Selectable<DemandItemsTable>, 'id' | 'question' | 'asker_name' | 'asked_at' | 'status'>,
): DemandSummary {
  return {
    id: r.id,
    question: r.question,
    askerName: r.asker_name,
    askedAt: new Date(Number(r.asked_at)),
    status: demandStatus(r.status),
  };
}

/**
 * A demand item's row as the feed shows it: its summary with the detail and the answer. The staff's
 * moderation list can show its rows through it too, adding whether the item is hidden and why.
 */
export function demandItemOf(
  r: Pick<
    Selectable<DemandItemsTable>,
    'id' | 'question' | 'detail' | 'asker_name' | 'asked_at' | 'status' | 'answer' | 'answered_by' | 'answered_at'
  >,
): DemandItem {
  return {
    ...demandSummaryOf(r),
    detail: r.detail,
    answer: r.answer,
    answeredBy: r.answered_by,
    answeredAt: r.answered_at === null ? null : new Date(Number(r.answered_at)),
  };
}

/**
 * The web board and the demand section of the embedded backend. Hidden rows (moderation) are left
 * out everywhere: a hidden topic is not listed, not shown and cannot be answered.
 */
export function createBoardFeeds(db: Db, now: () => number): BoardFeeds {
  async function visibleTopic(id: number) {
    return db
      .selectFrom('board_topics')
      .select(['id', 'title', 'body', 'display_name', 'created_at', 'closed_at'])
      .where('id', '=', id)
      .where('hidden', '=', 0)
      .executeTakeFirst();
  }

  /**
   * Stores a visitor's post once per idempotency key: `insert` writes it at `at` in the transaction
   * that claims the key and answers its id, or null to store nothing.
   */
  function postOnce(
    scope: string,
    idempotencyKey: string,
    insert: (trx: Transaction<Database>, at: number) => Promise<number | null>,
  ) {
    const at = now();
    return once(
      db,
      scope,
      idempotencyKey,
      async (trx) => {
        const id = await insert(trx, at);
        return id === null ? null : String(id);
      },
      at,
    );
  }

  return {
    async listBoardTopics(query) {
      const visible = db.selectFrom('board_topics').where('hidden', '=', 0);
      return fetchPage(
        visible,
        (q) =>
          q
            .select((eb) => [
              'board_topics.id',
              'board_topics.title',
              'board_topics.display_name',
              'board_topics.created_at',
              answerCountColumn(eb, 'shown'),
            ])
            .orderBy('board_topics.created_at', 'desc')
            .orderBy('board_topics.id', 'desc'),
        query,
        topicSummaryOf,
      );
    },

    async getBoardTopic(id) {
      const topic = await visibleTopic(id);
      if (!topic) return null;
      const answers = await answersOf(db, id)
        .select(['id', 'body', 'display_name', 'staff', 'created_at'])
        .where('hidden', '=', 0)
        .execute();
      return {
        ...postOf(topic),
        title: topic.title,
        answerCount: answers.length,
        closed: topic.closed_at !== null,
        answers: answers.map((a) => ({ ...postOf(a), staff: a.staff === 1 })),
      };
    },

    async createBoardTopic(input, { idempotencyKey, authorKey }) {
      const result = await postOnce(BOARD_SCOPES.topic, idempotencyKey, async (trx, at) => {
        const row = await trx
          .insertInto('board_topics')
          .values({ title: input.title, ...posted(input, at, authorKey) })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
      // `create` never answers null here, so neither does `once`.
      if (!result) throw new Error('board topic was not stored');
      return { topicId: Number(result.ref), replayed: result.replayed };
    },

    async createBoardAnswer(topicId, input, { idempotencyKey, authorKey }) {
      const result = await postOnce(BOARD_SCOPES.answer, idempotencyKey, async (trx, at) => {
        const topic = await trx
          .selectFrom('board_topics')
          .select(['id', 'closed_at'])
          .where('id', '=', topicId)
          .where('hidden', '=', 0)
          .executeTakeFirst();
        if (!topic) return null;
        // Checked in the transaction that stores the answer (ADR 062): the claim rolls back with it.
        if (topic.closed_at !== null) throw new BoardTopicClosedError('the topic is closed');
        const row = await trx
          .insertInto('board_answers')
          .values({ topic_id: topicId, staff: 0, ...posted(input, at, authorKey) })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
      if (!result) return null;
      const answerId = Number(result.ref);
      if (!result.replayed) return { topicId, answerId, replayed: false };
      // A repeat lands where the first submission did (its topic, even if this URL named another).
      const first = await db
        .selectFrom('board_answers')
        .innerJoin('board_topics', 'board_topics.id', 'board_answers.topic_id')
        .select('board_answers.topic_id')
        .where('board_answers.id', '=', answerId)
        .where('board_topics.hidden', '=', 0)
        .executeTakeFirst();
      return first ? { topicId: first.topic_id, answerId, replayed: true } : null;
    },

    async listDemandItems(query) {
      const visible = db.selectFrom('demand_items').where('hidden', '=', 0);
      return fetchPage(
        visible,
        (q) =>
          q
            .select(['id', 'question', 'asker_name', 'asked_at', 'status'])
            .orderBy('asked_at', 'desc')
            .orderBy('id', 'desc'),
        query,
        demandSummaryOf,
      );
    },

    async getDemandItem(id) {
      const r = await db
        .selectFrom('demand_items')
        .selectAll()
        .where('id', '=', id)
        .where('hidden', '=', 0)
        .executeTakeFirst();
      return r ? demandItemOf(r) : null;
    },
  };
}
