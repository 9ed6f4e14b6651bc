import type { ActionFunctionArgs } from '@remix-run/node';

import { countBoardPost } from '~/server/board.server';
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
  tooManyBody,
  vendorRecordId,
} from '~/server/coop/vendor/board.server';
import { publicContentChanged } from '~/server/public-content.server';

/**
 * Vendor API (ADR 019, ADR 025): `POST /api/info/board_ans` with `{QNo, QName, QNote}`: an answer,
 * checked, limited and made idempotent as `board_create`; HTTP 404 `{rc_code: "0"}` when the topic
 * is not shown.
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
  const allowance = await countBoardPost(context.clientAddress);
  if (!allowance.ok) return vendorJson(tooManyBody(), 429);
  const posted = await backend.createBoardAnswer(topicId, input.value, { idempotencyKey: idempotencyKeyOf(request) });
  if (!posted) return topicNotFound();
  publicContentChanged();
  return vendorJson(postedBody(posted.answerId, posted.replayed));
}
