import type { ActionFunctionArgs } from '@remix-run/node';

import { countBoardPost } from '~/server/board.server';
import { embeddedBackend, methodNotAllowed, notFound, readBody, vendorJson } from '~/server/coop/vendor/api.server';
import { idempotencyKeyOf, postedBody, refusedBody, tooManyBody, topicInput } from '~/server/coop/vendor/board.server';
import { publicContentChanged } from '~/server/public-content.server';

/**
 * Vendor API (ADR 019, ADR 025): `POST /api/info/board_create` with `{Question, QNote, QName}`. The
 * board form's rules, its per-address limit (HTTP 429) and its idempotency (the `Idempotency-Key`
 * header): `{rc_code: "1", No, replayed}`, or `{rc_code: "0", rc_des}` (HTTP 200) for a refused field.
 */
export const loader = () => methodNotAllowed();

export async function action({ request, context }: ActionFunctionArgs) {
  const backend = await embeddedBackend();
  if (!backend) return notFound();
  const input = topicInput(await readBody(request));
  if (!input.ok) return vendorJson(refusedBody(input.message));
  const allowance = await countBoardPost(context.clientAddress);
  if (!allowance.ok) return vendorJson(tooManyBody(), 429);
  const posted = await backend.createBoardTopic(input.value, { idempotencyKey: idempotencyKeyOf(request) });
  publicContentChanged();
  return vendorJson(postedBody(posted.topicId, posted.replayed));
}
