import { createHmac } from 'node:crypto';

import { sql } from 'kysely';

import { app } from '../app.server';
import { env } from '../env.server';
import { addressLimitKey } from '../auth/limit-address.server';

/**
 * A board posting sent again after the browser's Back button (ADR 044): the page was fetched again
 * with a new one-time key and the browser refilled the fields, so the key cannot tell. The posting's
 * content can: the same text from the same address within REPEAT_WINDOW_MS is the same posting.
 */
export const REPEAT_WINDOW_MS = 10 * 60_000;

export type RepeatKind = 'topic' | 'answer';
const SCOPE: Record<RepeatKind, string> = { topic: 'board_topic_content', answer: 'board_answer_content' };

/**
 * The fingerprint of a posting: an HMAC (keyed with the session secret) over the client address and
 * the normalised fields, so the table holds no address and no text, only 43 characters.
 */
export function postingFingerprint(clientAddress: string | null, fields: readonly (string | number)[]): string {
  return createHmac('sha256', env().sessionSecret)
    .update(JSON.stringify([clientAddress ?? 'unknown', ...fields]))
    .digest('base64url');
}

/** Where the same posting from the same address landed within the window, or null. */
export async function earlierPosting(kind: RepeatKind, fingerprint: string, now = Date.now()): Promise<string | null> {
  const { db } = await app();
  const row = await db
    .selectFrom('idempotency_keys')
    .select('result_ref')
    .where('scope', '=', SCOPE[kind])
    .where('key', '=', fingerprint)
    .where('created_at', '>', now - REPEAT_WINDOW_MS)
    .executeTakeFirst();
  return row?.result_ref || null;
}

/** Remembers where a posting landed (`ref`: the redirect target), for the window. */
export async function rememberPosting(kind: RepeatKind, fingerprint: string, ref: string, now = Date.now()) {
  const { db } = await app();
  await db
    .insertInto('idempotency_keys')
    .values({ scope: SCOPE[kind], key: fingerprint, result_ref: ref, created_at: now })
    .onConflict((oc) => oc.columns(['scope', 'key']).doUpdateSet({ result_ref: ref, created_at: now }))
    .execute();
}

/**
 * Gives back one posting counted against this address (`countBoardPost`) when the backend answered
 * that the key had been used already: a replay stored nothing, so it must not use up the limit.
 * One atomic decrement of the running window.
 */
export async function refundBoardPost(clientAddress: string | null, now = Date.now()): Promise<void> {
  const { db } = await app();
  await db
    .updateTable('rate_limits')
    .set({ count: sql<number>`count - 1` })
    .where('key', '=', addressLimitKey('board', clientAddress))
    .where('count', '>', 0)
    .where('reset_at', '>', now)
    .execute();
}
