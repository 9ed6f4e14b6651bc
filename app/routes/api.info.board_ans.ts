import type { ActionFunctionArgs } from '@remix-run/node';

import { countBoardPost } from '~/server/board.server';
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
  // Behind a front, the visitor the front names and signs (ADR 042), not the front's own address.
  const allowance = await countBoardPost(countedAddress(request, context.clientAddress, env().COOP_FORWARD_SECRET));
  if (!allowance.ok) return tooMany(allowance.minutes);
  const posted = await backend.createBoardAnswer(topicId, input.value, { idempotencyKey: idempotencyKeyOf(request) });
  if (!posted) return topicNotFound();
  publicContentChanged();
  return vendorJson(postedBody(posted.answerId, posted.replayed));
}
