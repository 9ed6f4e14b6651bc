import type { ActionFunctionArgs } from '@remix-run/node';

import { countBoardPost } from '~/server/board/board.server';
import { countedAddress } from '~/server/coop/forwarded-visitor.server';
import { env } from '~/server/env.server';
import {
  embeddedBackend,
  field,
  methodNotAllowed,
  notFound,
  readBody,
  vendorJson,
} from '~/server/coop/vendor/api.server';
import {
  TOPIC_NOT_FOUND_MESSAGE,
  answerInput,
  idempotencyKeyOf,
  postedBody,
  refusedBody,
  tooMany,
  vendorRecordId,
} from '~/server/coop/vendor/board.server';
import { publicContentChanged } from '~/server/content/public-content.server';
import { refundBoardPost } from '~/server/board/board-repeat.server';
import { BoardTopicClosedError } from '~/server/coop/types';
import { addressKey, BLOCKED_MESSAGE, refusesPostsFrom, TOPIC_CLOSED_MESSAGE } from '~/server/staff/moderation.server';

/**
 * Vendor API (ADR 019, ADR 025): `POST /api/info/board_ans` with `{QNo, QName, QNote}`: an answer,
 * checked, limited and made idempotent as `board_create`; HTTP 404 `{rc_code: "0"}` when the topic
 * is not shown, HTTP 409 `{rc_code: "0"}` when a moderator closed it, HTTP 403 `{rc_code: "0"}` from
 * a blocked address (ADR 062).
 */
export const loader = () => methodNotAllowed();

const topicNotFound = () => vendorJson(refusedBody(TOPIC_NOT_FOUND_MESSAGE), 404);

export async function action({ request, context }: ActionFunctionArgs) {
  const backend = await embeddedBackend();
  if (!backend) return notFound();
  const body = await readBody(request);
  const topicId = vendorRecordId(field(body, 'QNo').trim());
  if (topicId === null) return topicNotFound();
  const input = answerInput(body);
  if (!input.ok) return vendorJson(refusedBody(input.message));
  // Behind a front, the visitor the front names and signs (ADR 042), not the front's own address.
  const visitor = countedAddress(request, context.clientAddress, env().COOP_FORWARD_SECRET);
  // An address a moderator blocked (ADR 062): the envelope of a refusal, HTTP 403.
  if (await refusesPostsFrom(visitor)) return vendorJson(refusedBody(BLOCKED_MESSAGE), 403);
  const allowance = await countBoardPost(visitor);
  if (!allowance.ok) return tooMany(allowance.minutes);
  let posted;
  try {
    posted = await backend.createBoardAnswer(topicId, input.value, {
      idempotencyKey: idempotencyKeyOf(request),
      authorKey: addressKey(visitor),
    });
  } catch (error) {
    if (!(error instanceof BoardTopicClosedError)) throw error;
    // Closed by a moderator (ADR 062): nothing stored, so not counted; HTTP 409 with the envelope.
    await refundBoardPost(visitor);
    return vendorJson(refusedBody(TOPIC_CLOSED_MESSAGE), 409);
  }
  if (!posted) return topicNotFound();
  await publicContentChanged();
  return vendorJson(postedBody(posted.answerId, posted.replayed));
}
