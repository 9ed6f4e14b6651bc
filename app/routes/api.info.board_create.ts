import type { ActionFunctionArgs } from '@remix-run/node';

import { countBoardPost } from '~/server/board/board.server';
import { countedAddress } from '~/server/coop/forwarded-visitor.server';
import { env } from '~/server/env.server';
import { embeddedBackend, methodNotAllowed, notFound, readBody, vendorJson } from '~/server/coop/vendor/api.server';
import { idempotencyKeyOf, postedBody, refusedBody, tooMany, topicInput } from '~/server/coop/vendor/board.server';
import { publicContentChanged } from '~/server/content/public-content.server';
import { addressKey, BLOCKED_MESSAGE, refusesPostsFrom } from '~/server/staff/moderation.server';

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
  // Behind a front, the visitor the front names and signs (ADR 042), not the front's own address.
  const visitor = countedAddress(request, context.clientAddress, env().COOP_FORWARD_SECRET);
  // An address a moderator blocked (ADR 062): the envelope of a refusal, HTTP 403.
  if (await refusesPostsFrom(visitor)) return vendorJson(refusedBody(BLOCKED_MESSAGE), 403);
  const allowance = await countBoardPost(visitor);
  if (!allowance.ok) return tooMany(allowance.minutes);
  const posted = await backend.createBoardTopic(input.value, {
    idempotencyKey: idempotencyKeyOf(request),
    authorKey: addressKey(visitor),
  });
  await publicContentChanged();
  return vendorJson(postedBody(posted.topicId, posted.replayed));
}
