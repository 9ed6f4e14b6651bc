import { parseWithZod } from '@conform-to/zod/v4';
import { json, redirect, type AppLoadContext, type TypedResponse } from '@remix-run/node';
import type { SubmissionResult } from '@conform-to/react';
import type * as z from 'zod';

import { BLOCKED_MESSAGE } from '~/lib/board-moderation';
import { BOARD_MESSAGES } from '~/lib/forms/board';
import { DISK_FULL_MESSAGE, UNAVAILABLE_MESSAGE } from '~/lib/messages';

import { publicContentChanged } from '../content/public-content.server';
import { isUnavailable } from '../coop/unavailable.server';
import { isDiskFull, reportDiskFull } from '../ops/disk-full.server';
import { setFlash } from '../flash.server';
import { addressKey, refusesPostsFrom } from '../staff/moderation.server';
import { PRIVATE_NO_STORE } from '../http/responses.server';
import { countBoardPost, honeypotFilled, throttledMinutes } from './board.server';
import { earlierPosting, postingFingerprint, refundBoardPost, rememberPosting } from './board-repeat.server';

/** Who posts, as the backend is told. */
export interface PostingFrom {
  idempotencyKey: string;
  clientAddress: string | null;
  authorKey: string | null;
}

/** A refusal the backend's error stands for: its status and the message for the form. */
export interface Refusal {
  status: number;
  message: string;
}

/**
 * The action of a public board form (a new topic, an answer): every step the two share, in order.
 * A filled spam trap stores nothing and answers as if all went well; a form that does not check out
 * comes back with its messages (400); a blocked address is refused before anything is counted (403,
 * ADR 062); the same text sent again after Back lands where it landed before, not counted (ADR 044);
 * the address's posting count (429 over it); the backend (`create`), whose refusals `refusal` may
 * name, a throttling core says when to come back (429, ADR 042), an unreachable one 503; a replayed
 * submission gives back its count. Then the flash `savedText` and a 303 to where the post is.
 */
export async function boardPostingAction<Schema extends z.ZodType<{ formKey: string }>>(
  request: Request,
  context: AppLoadContext,
  options: {
    schema: Schema;
    kind: 'topic' | 'answer';
    savedText: string;
    /** Where a robot that filled the trap is sent. */
    trapTo: string;
    /** What makes two postings the same (with the client address). */
    fingerprint: (value: z.output<Schema>) => (string | number)[];
    /** Store the post; where it is now, its topic (when known), and whether the backend had it already. */
    create: (
      value: z.output<Schema>,
      from: PostingFrom,
    ) => Promise<{ to: string; topicId: number | null; replayed: boolean }>;
    /** A refusal of the backend's own, or null for any other error. */
    refusal?: (error: unknown) => Promise<Refusal | null>;
  },
): Promise<TypedResponse<{ result: SubmissionResult<string[]> }>> {
  const formData = await request.formData();
  const saved = { 'Set-Cookie': await setFlash({ kind: 'success', text: options.savedText }) };
  const done = (to: string) => redirect(to, { status: 303, headers: { ...PRIVATE_NO_STORE, ...saved } });
  // A robot filled the trap: store nothing, answer as if all went well.
  if (honeypotFilled(formData)) return done(options.trapTo);

  const submission = parseWithZod(formData, { schema: options.schema });
  const fail = (status: number, result: SubmissionResult<string[]>) => {
    context.formErrors = true;
    return json({ result }, { status, headers: PRIVATE_NO_STORE });
  };
  if (submission.status !== 'success') return fail(400, submission.reply());
  const refuse = (status: number, message: string) => fail(status, submission.reply({ formErrors: [message] }));

  // An address a moderator blocked (ADR 062): refused before anything is counted or stored.
  if (await refusesPostsFrom(context.clientAddress)) return refuse(403, BLOCKED_MESSAGE);

  const value = submission.value;
  // Sent again after Back (a new key, the same text): nothing new, the same post (ADR 044), not counted.
  const fingerprint = postingFingerprint(context.clientAddress, options.fingerprint(value));
  const earlier = await earlierPosting(options.kind, fingerprint);
  if (earlier) return done(earlier);

  const allowance = await countBoardPost(context.clientAddress);
  if (!allowance.ok) return refuse(429, BOARD_MESSAGES.tooMany(allowance.minutes));

  let posted;
  try {
    posted = await options.create(value, {
      idempotencyKey: value.formKey,
      clientAddress: context.clientAddress,
      authorKey: addressKey(context.clientAddress),
    });
  } catch (error) {
    const refused = await options.refusal?.(error);
    if (refused) return refuse(refused.status, refused.message);
    if (isDiskFull(error)) {
      reportDiskFull('board post', error);
      return refuse(503, DISK_FULL_MESSAGE);
    }
    if (!isUnavailable(error)) throw error;
    const minutes = throttledMinutes(error);
    if (minutes !== null) return refuse(429, BOARD_MESSAGES.tooMany(minutes));
    return refuse(503, UNAVAILABLE_MESSAGE);
  }
  // Only the board's copies: the news, home and menu kept for an outage stay (ADR 096).
  await publicContentChanged({ scope: 'board', ...(posted.topicId === null ? {} : { topicId: posted.topicId }) });
  // A repeated submission (double click, resend) stored nothing and lands on the same post.
  if (posted.replayed) await refundBoardPost(context.clientAddress);
  else await rememberPosting(options.kind, fingerprint, posted.to);
  return done(posted.to);
}
