import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';

import { TextAreaField } from '~/components/forms';
import { BoardForm, DisplayNameField, useBoardForm } from '~/components/info/board-form';
import { BackLink, PostArticle, PostMetaBody } from '~/components/info/board';
import { AnswerSchema, BOARD_LIMITS, BOARD_MESSAGES, parseRecordId, type AnswerFields } from '~/lib/forms/board';
import { titleFor } from '~/lib/meta';
import { formatRelativeTime, truncate } from '~/lib/thai-format';
import { app } from '~/server/app.server';
import { PRIVATE_NO_STORE } from '~/server/http/responses.server';
import { refundBoardPost } from '~/server/board/board-repeat.server';
import { boardPostingAction } from '~/server/board/board-posting.server';
import { newIdempotencyKey } from '~/server/idempotency.server';
import { OFFICIAL_ANSWER_LABEL, TOPIC_CLOSED_MESSAGE } from '~/lib/board-moderation';
import { BoardTopicClosedError } from '~/server/coop/types';

function notFound(): Response {
  return new Response('Not Found', { status: 404 });
}

export async function loader({ params }: LoaderFunctionArgs) {
  const id = parseRecordId(params.topicId);
  if (id === null) throw notFound();
  const { backend } = await app();
  const topic = await backend.getBoardTopic(id);
  if (!topic) throw notFound();
  const now = new Date();
  return json(
    {
      formKey: newIdempotencyKey(),
      closed: topic.closed === true,
      topic: {
        id: topic.id,
        title: topic.title,
        body: topic.body,
        displayName: topic.displayName,
        posted: formatRelativeTime(topic.createdAt, now),
        postedIso: topic.createdAt.toISOString(),
      },
      answers: topic.answers.map((a) => ({
        id: a.id,
        body: a.body,
        displayName: a.displayName,
        staff: a.staff,
        posted: formatRelativeTime(a.createdAt, now),
        postedIso: a.createdAt.toISOString(),
      })),
    },
    { headers: PRIVATE_NO_STORE },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const id = parseRecordId(params.topicId);
  if (id === null) throw notFound();
  const { backend } = await app();
  return boardPostingAction(request, context, {
    schema: AnswerSchema,
    kind: 'answer',
    savedText: BOARD_MESSAGES.answerSaved,
    trapTo: `/boardShow/${id}`,
    fingerprint: ({ body }) => [id, body],
    create: async ({ body, displayName }, from) => {
      const posted = await backend.createBoardAnswer(id, { body, displayName }, from);
      if (!posted) throw notFound();
      const anchor = posted.answerId === null ? '' : `#answer-${posted.answerId}`;
      return { to: `/boardShow/${posted.topicId}${anchor}`, topicId: posted.topicId, replayed: posted.replayed };
    },
    // Closed by a moderator since the page was shown: the posting was not counted as stored.
    refusal: async (error) => {
      if (!(error instanceof BoardTopicClosedError)) return null;
      await refundBoardPost(context.clientAddress);
      return { status: 409, message: TOPIC_CLOSED_MESSAGE };
    },
  });
}

export const headers: HeadersFunction = () => PRIVATE_NO_STORE;

export const meta: MetaFunction<typeof loader> = (args) => [
  titleFor(args, args.data ? `${truncate(args.data.topic.title)} | กระดานถาม-ตอบ` : 'กระดานถาม-ตอบ'),
  ...(args.data ? [{ name: 'description', content: truncate(args.data.topic.body.replace(/\s+/g, ' '), 150) }] : []),
];

export default function BoardTopicPage() {
  const { formKey, closed, topic, answers } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const board = useBoardForm<AnswerFields>('answer', AnswerSchema, actionData?.result);
  const { fields } = board;
  return (
    <>
      <BackLink href="/board">กลับไปหน้ากระดานถาม-ตอบ</BackLink>
      <PostArticle
        titleId="topic-title"
        title={topic.title}
        meta={
          <>
            <span>โดย {topic.displayName}</span>
            <time dateTime={topic.postedIso}>{topic.posted}</time>
          </>
        }
        text={topic.body}
      />

      <section aria-labelledby="answers-title">
        <h2 id="answers-title">{answers.length ? `คำตอบ ${answers.length} ความเห็น` : 'ยังไม่มีคำตอบ'}</h2>
        {answers.length ? (
          <ol className="answers">
            {answers.map((a, i) => (
              <li key={a.id} id={`answer-${a.id}`} className={a.staff ? 'post post--staff' : 'post'}>
                <h3 className="post__heading">ความเห็นที่ {i + 1}</h3>
                <PostMetaBody
                  meta={
                    <>
                      <span>โดย {a.displayName}</span>
                      {a.staff ? <strong className="post__official">{OFFICIAL_ANSWER_LABEL}</strong> : null}
                      {a.staff ? <span className="badge tone--green">เจ้าหน้าที่สหกรณ์</span> : null}
                      <time dateTime={a.postedIso}>{a.posted}</time>
                    </>
                  }
                  text={a.body}
                />
              </li>
            ))}
          </ol>
        ) : null}
      </section>

      <section aria-labelledby="answer-form-title" className="panel">
        <h2 id="answer-form-title">ร่วมตอบกระทู้</h2>
        {closed ? (
          <p className="notice notice--info">{TOPIC_CLOSED_MESSAGE}</p>
        ) : (
          <>
            <p>ความเห็นจะแสดงทันทีที่บันทึก โปรดใช้ถ้อยคำสุภาพและอย่าใส่ข้อมูลส่วนตัว</p>
            <BoardForm
              board={board}
              formKey={formKey}
              summaryFields={[fields.body, fields.displayName]}
              submit="ส่งคำตอบ"
            >
              <TextAreaField
                meta={fields.body}
                label="ข้อความตอบกระทู้"
                textareaProps={{ maxLength: BOARD_LIMITS.body, rows: 5 }}
              />
              <DisplayNameField meta={fields.displayName} label="ชื่อผู้ตอบ" />
            </BoardForm>
          </>
        )}
      </section>
    </>
  );
}
