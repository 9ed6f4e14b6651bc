import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import type { ActionFunctionArgs, HeadersFunction, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';

import { ErrorSummary, Field, HoneypotField, TextAreaField, summaryItems } from '~/components/forms';
import { BOARD_LIMITS, BOARD_MESSAGES, HONEYPOT_FIELD, TopicSchema, type TopicFields } from '~/lib/forms/board';
import { UNAVAILABLE_MESSAGE } from '~/lib/messages';
import { titleFor } from '~/lib/meta';
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
import { BLOCKED_MESSAGE } from '~/lib/board-moderation';

/** Each rendering of the form gets its own submission key (ADR 012). */
export function loader() {
  return json({ formKey: newIdempotencyKey() }, { headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const saved = { 'Set-Cookie': await setFlash({ kind: 'success', text: BOARD_MESSAGES.topicSaved }) };
  // A robot filled the trap: store nothing, answer as if all went well.
  if (honeypotFilled(formData)) return redirect('/board', { status: 303, headers: { ...NO_STORE, ...saved } });

  const submission = parseWithZod(formData, { schema: TopicSchema });
  const fail = (status: number, result: ReturnType<typeof submission.reply>) => {
    context.formErrors = true;
    return json({ result }, { status, headers: NO_STORE });
  };
  if (submission.status !== 'success') return fail(400, submission.reply());

  // An address a moderator blocked (ADR 062): refused before anything is counted or stored.
  if (await refusesPostsFrom(context.clientAddress))
    return fail(403, submission.reply({ formErrors: [BLOCKED_MESSAGE] }));

  const { title, body, displayName, formKey } = submission.value;
  // Sent again after Back (a new key, the same text): nothing new, the same topic (ADR 044), not counted.
  const fingerprint = postingFingerprint(context.clientAddress, [title, body]);
  const earlier = await earlierPosting('topic', fingerprint);
  if (earlier) return redirect(earlier, { status: 303, headers: { ...NO_STORE, ...saved } });

  const allowance = await countBoardPost(context.clientAddress);
  if (!allowance.ok) return fail(429, submission.reply({ formErrors: [BOARD_MESSAGES.tooMany(allowance.minutes)] }));

  const { backend } = await app();
  let posted;
  try {
    posted = await backend.createBoardTopic(
      { title, body, displayName },
      { idempotencyKey: formKey, clientAddress: context.clientAddress, authorKey: addressKey(context.clientAddress) },
    );
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    const minutes = throttledMinutes(error);
    if (minutes !== null) return fail(429, submission.reply({ formErrors: [BOARD_MESSAGES.tooMany(minutes)] }));
    return fail(503, submission.reply({ formErrors: [UNAVAILABLE_MESSAGE] }));
  }
  await publicContentChanged();
  // A repeated submission (double click, resend) stored nothing and lands on the same topic; a core
  // that does not say where it stored the topic (ADR 025) sends the visitor to the board.
  const to = posted.topicId === null ? '/board' : `/boardShow/${posted.topicId}`;
  if (posted.replayed) await refundBoardPost(context.clientAddress);
  else await rememberPosting('topic', fingerprint, to);
  return redirect(to, { status: 303, headers: { ...NO_STORE, ...saved } });
}

export const headers: HeadersFunction = () => NO_STORE;

export const meta: MetaFunction = (args) => [
  titleFor(args, 'ตั้งกระทู้ใหม่'),
  { name: 'description', content: 'ตั้งกระทู้ถามคำถามหรือแลกเปลี่ยนความคิดเห็นในกระดานถาม-ตอบของสหกรณ์' },
];

export default function BoardPostPage() {
  const { formKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<TopicFields>({
    id: 'topic',
    lastResult: actionData?.result,
    constraint: getZodConstraint(TopicSchema),
    shouldValidate: 'onSubmit',
  });
  const formErrors = [...(form.errors ?? []), ...(fields.formKey.errors ?? [])];
  return (
    <>
      <p>
        <a href="/board">กลับไปหน้ากระดานถาม-ตอบ</a>
      </p>
      <h1>ตั้งกระทู้ใหม่</h1>
      <p>กระทู้จะแสดงบนเว็บไซต์ทันทีที่บันทึก โปรดใช้ถ้อยคำสุภาพ และอย่าใส่ข้อมูลส่วนตัว เช่น เลขประจำตัวประชาชน เลขบัญชี หรือหมายเลขโทรศัพท์</p>
      <ErrorSummary items={summaryItems([fields.title, fields.body, fields.displayName], formErrors)} />
      <Form method="post" {...getFormProps(form)} className="stack">
        <input type="hidden" name={fields.formKey.name} value={formKey} />
        <Field meta={fields.title} label="หัวข้อกระทู้" inputProps={{ maxLength: BOARD_LIMITS.title }} />
        <TextAreaField meta={fields.body} label="รายละเอียด" textareaProps={{ maxLength: BOARD_LIMITS.body, rows: 8 }} />
        <Field
          meta={fields.displayName}
          label="ชื่อผู้ตั้งกระทู้"
          hint="ชื่อนี้จะแสดงต่อสาธารณะ จะใช้ชื่อเล่นก็ได้"
          inputProps={{ maxLength: BOARD_LIMITS.name, autoComplete: 'nickname' }}
        />
        <HoneypotField name={HONEYPOT_FIELD} id="topic-website" />
        <button type="submit" className="button">
          ตั้งกระทู้
        </button>
      </Form>
    </>
  );
}
