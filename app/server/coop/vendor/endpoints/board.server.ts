import { refundBoardPost } from '../../../board/board-repeat.server';
import { countBoardPost } from '../../../board/board.server';
import { publicContentChanged } from '../../../content/public-content.server';
import { env } from '../../../env.server';
import { addressKey, BLOCKED_MESSAGE, refusesPostsFrom, TOPIC_CLOSED_MESSAGE } from '../../../staff/moderation.server';
import { countedAddress } from '../../forwarded-visitor.server';
import { BoardTopicClosedError } from '../../types';
import { embeddedBackend, field, infoRoute, notFound, pathOf, readBody, vendorJson, vendorPage } from '../api.server';
import {
  TOPIC_NOT_FOUND_MESSAGE,
  VENDOR_BOARD_PAGE,
  VENDOR_DEMAND_PAGE,
  answerInput,
  boardListBody,
  boardShowBody,
  demandListBody,
  demandShowBody,
  idempotencyKeyOf,
  postedBody,
  refusedBody,
  tooMany,
  topicInput,
  unknownBoardShowBody,
  vendorRecordId,
} from '../board.server';
import type { Endpoint } from '../endpoints.server';

/**
 * Vendor API (ADR 019, ADR 025): `GET /api/info/board?page=N`: a page of 15 board topics. The
 * vendor's list wants a login; ours is public, as the board is.
 */
export const board: Endpoint = {
  loader({ request }) {
    return infoRoute(request, async (backend) => {
      const page = await backend.listBoardTopics({ page: vendorPage(request), pageSize: VENDOR_BOARD_PAGE });
      return vendorJson(boardListBody(page, pathOf(request)));
    });
  },
};

/**
 * Vendor API (ADR 019, ADR 025): `GET /api/info/board_show/{No}`: the topic, its answers as the
 * vendor's HTML and as `board_ans` rows; `{showboard: null}` (HTTP 200) for a topic not shown.
 */
export const boardShow: Endpoint = {
  loader({ request, params }) {
    return infoRoute(request, async (backend) => {
      const id = vendorRecordId(params.no ?? '');
      const topic = id === null ? null : await backend.getBoardTopic(id);
      return vendorJson(topic ? boardShowBody(topic) : unknownBoardShowBody());
    });
  },
};

/**
 * Vendor API (ADR 019, ADR 025): `POST /api/info/board_create` with `{Question, QNote, QName}`. The
 * board form's rules, its per-address limit (HTTP 429) and its idempotency (the `Idempotency-Key`
 * header): `{rc_code: "1", No, replayed}`, or `{rc_code: "0", rc_des}` (HTTP 200) for a refused field.
 */
export const boardCreate: Endpoint = {
  async action({ request, context }) {
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
    await publicContentChanged({ scope: 'board', ...(posted.topicId === null ? {} : { topicId: posted.topicId }) });
    return vendorJson(postedBody(posted.topicId, posted.replayed));
  },
};

const topicNotFound = () => vendorJson(refusedBody(TOPIC_NOT_FOUND_MESSAGE), 404);

/**
 * Vendor API (ADR 019, ADR 025): `POST /api/info/board_ans` with `{QNo, QName, QNote}`: an answer,
 * checked, limited and made idempotent as `board_create`; HTTP 404 `{rc_code: "0"}` when the topic
 * is not shown, HTTP 409 `{rc_code: "0"}` when a moderator closed it, HTTP 403 `{rc_code: "0"}` from
 * a blocked address (ADR 062).
 */
export const boardAnswer: Endpoint = {
  async action({ request, context }) {
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
    await publicContentChanged({ scope: 'board', topicId: posted.topicId });
    return vendorJson(postedBody(posted.answerId, posted.replayed));
  },
};

/**
 * Sahakorn API (ADR 025; the vendor's web API has no demand feed): `GET /api/info/demand?page=N`: a
 * page of 10 demand items.
 */
export const demand: Endpoint = {
  loader({ request }) {
    return infoRoute(request, async (backend) => {
      const page = await backend.listDemandItems({ page: vendorPage(request), pageSize: VENDOR_DEMAND_PAGE });
      return vendorJson(demandListBody(page, pathOf(request)));
    });
  },
};

/**
 * Sahakorn API (ADR 025): `GET /api/info/demand_show/{No}`: one demand item with the cooperative's
 * answer, or `{showdemand: null}`.
 */
export const demandShow: Endpoint = {
  loader({ request, params }) {
    return infoRoute(request, async (backend) => {
      const id = vendorRecordId(params.no ?? '');
      return vendorJson(demandShowBody(id === null ? null : await backend.getDemandItem(id)));
    });
  },
};
