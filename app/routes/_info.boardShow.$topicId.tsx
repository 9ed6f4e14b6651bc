import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';

import { ErrorSummary, Field, HoneypotField, TextAreaField, summaryItems } from '~/components/forms';
import { PlainText } from '~/components/info/board';
import {
  AnswerSchema,
  BOARD_LIMITS,
  BOARD_MESSAGES,
  HONEYPOT_FIELD,
  parseRecordId,
  type AnswerFields,
} from '~/lib/forms/board';
import { UNAVAILABLE_MESSAGE } from '~/lib/messages';
import { titleFor } from '~/lib/meta';
import { formatRelativeTime, truncate } from '~/lib/thai-format';
import { app } from '~/server/app.server';
import { publicContentChanged } from '~/server/content/public-content.server';
import { countBoardPost, honeypotFilled, NO_STORE, throttledMinutes } from '~/server/board/board.server';
import { isUnavailable } from '~/server/coop/unavailable.server';
import {
  earlierPosting,
  postingFingerprint,
  refundBoardPost,
  rememberPosting,
} from '~/server/board/board-repeat.server';
import { setFlash } from '~/server/flash.server';
import { newIdempotencyKey } from '~/server/idempotency.server';
import { addressKey, refusesPostsFrom } from '~/server/staff/moderation.server';
import { BLOCKED_MESSAGE, OFFICIAL_ANSWER_LABEL, TOPIC_CLOSED_MESSAGE } from '~/lib/board-moderation';
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
    { headers: NO_STORE },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const id = parseRecordId(params.topicId);
  if (id === null) throw notFound();
  const formData = await request.formData();
  const saved = { 'Set-Cookie': await setFlash({ kind: 'success', text: BOARD_MESSAGES.answerSaved }) };
  // A robot filled the trap: store nothing, answer as if all went well.
  if (honeypotFilled(formData))
    return redirect(`/boardShow/${id}`, { status: 303, headers: { ...NO_STORE, ...saved } });

  const submission = parseWithZod(formData, { schema: AnswerSchema });
  const fail = (status: number, result: ReturnType<typeof submission.reply>) => {
    context.formErrors = true;
    return json({ result }, { status, headers: NO_STORE });
  };
  if (submission.status !== 'success') return fail(400, submission.reply());

  // An address a moderator blocked (ADR 062): refused before anything is counted or stored.
  if (await refusesPostsFrom(context.clientAddress))
    return fail(403, submission.reply({ formErrors: [BLOCKED_MESSAGE] }));

  const { body, displayName, formKey } = submission.value;
  // Sent again after Back (a new key, the same text): nothing new, the same answer (ADR 044), not counted.
  const fingerprint = postingFingerprint(context.clientAddress, [id, body]);
  const earlier = await earlierPosting('answer', fingerprint);
  if (earlier) return redirect(earlier, { status: 303, headers: { ...NO_STORE, ...saved } });

  const allowance = await countBoardPost(context.clientAddress);
  if (!allowance.ok) return fail(429, submission.reply({ formErrors: [BOARD_MESSAGES.tooMany(allowance.minutes)] }));

  const { backend } = await app();
  let posted;
  try {
    posted = await backend.createBoardAnswer(
      id,
      { body, displayName },
      { idempotencyKey: formKey, clientAddress: context.clientAddress, authorKey: addressKey(context.clientAddress) },
    );
  } catch (error) {
    // Closed by a moderator since the page was shown: the posting was not counted as stored.
    if (error instanceof BoardTopicClosedError) {
      await refundBoardPost(context.clientAddress);
      return fail(409, submission.reply({ formErrors: [TOPIC_CLOSED_MESSAGE] }));
    }
    if (!isUnavailable(error)) throw error;
    const minutes = throttledMinutes(error);
    if (minutes !== null) return fail(429, submission.reply({ formErrors: [BOARD_MESSAGES.tooMany(minutes)] }));
    return fail(503, submission.reply({ formErrors: [UNAVAILABLE_MESSAGE] }));
  }
  if (!posted) throw notFound();
  await publicContentChanged();
  const anchor = posted.answerId === null ? '' : `#answer-${posted.answerId}`;
  const to = `/boardShow/${posted.topicId}${anchor}`;
  if (posted.replayed) await refundBoardPost(context.clientAddress);
  else await rememberPosting('answer', fingerprint, to);
  return redirect(to, {
    status: 303,
    headers: { ...NO_STORE, ...saved },
  });
}

export const headers: HeadersFunction = () => NO_STORE;

export const meta: MetaFunction<typeof loader> = (args) => [
  titleFor(args, args.data ? `${truncate(args.data.topic.title)} | กระดานถาม-ตอบ` : 'กระดานถาม-ตอบ'),
  ...(args.data ? [{ name: 'description', content: truncate(args.data.topic.body.replace(/\s+/g, ' '), 150) }] : []),
];

export default function BoardTopicPage() {
  const { formKey, closed, topic, answers } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<AnswerFields>({
    id: 'answer',
    lastResult: actionData?.result,
    constraint: getZodConstraint(AnswerSchema),
    shouldValidate: 'onSubmit',
  });
  const formErrors = [...(form.errors ?? []), ...(fields.formKey.errors ?? [])];
  return (
    <>
      <p>
        <a href="/board">กลับไปหน้ากระดานถาม-ตอบ</a>
      </p>
      <article className="post" aria-labelledby="topic-title">
        <h1 id="topic-title" className="post-title">
          {topic.title}
        </h1>
        <p className="post__meta">
          <span>โดย {topic.displayName}</span>
          <time dateTime={topic.postedIso}>{topic.posted}</time>
        </p>
        <div className="post__body">
          <PlainText text={topic.body} />
        </div>
      </article>

      <section aria-labelledby="answers-title">
        <h2 id="answers-title">{answers.length ? `คำตอบ ${answers.length} ความเห็น` : 'ยังไม่มีคำตอบ'}</h2>
        {answers.length ? (
          <ol className="answers">
            {answers.map((a, i) => (
              <li key={a.id} id={`answer-${a.id}`} className={a.staff ? 'post post--staff' : 'post'}>
                <h3 className="post__heading">ความเห็นที่ {i + 1}</h3>
                <p className="post__meta">
                  <span>โดย {a.displayName}</span>
                  {a.staff ? <strong className="post__official">{OFFICIAL_ANSWER_LABEL}</strong> : null}
                  {a.staff ? <span className="badge tone--green">เจ้าหน้าที่สหกรณ์</span> : null}
                  <time dateTime={a.postedIso}>{a.posted}</time>
                </p>
                <div className="post__body">
                  <PlainText text={a.body} />
                </div>
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
            <ErrorSummary items={summaryItems([fields.body, fields.displayName], formErrors)} />
            <Form method="post" {...getFormProps(form)} className="stack">
              <input type="hidden" name={fields.formKey.name} value={formKey} />
              <TextAreaField
                meta={fields.body}
                label="ข้อความตอบกระทู้"
                textareaProps={{ maxLength: BOARD_LIMITS.body, rows: 5 }}
              />
              <Field
                meta={fields.displayName}
                label="ชื่อผู้ตอบ"
                hint="ชื่อนี้จะแสดงต่อสาธารณะ จะใช้ชื่อเล่นก็ได้"
                inputProps={{ maxLength: BOARD_LIMITS.name, autoComplete: 'nickname' }}
              />
              <HoneypotField name={HONEYPOT_FIELD} id="answer-website" />
              <button type="submit" className="button">
                ส่งคำตอบ
              </button>
            </Form>
          </>
        )}
      </section>
    </>
  );
}
