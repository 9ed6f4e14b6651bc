import type { ActionFunctionArgs, HeadersFunction, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';

import { Field, TextAreaField } from '~/components/forms';
import { BoardForm, DisplayNameField, useBoardForm } from '~/components/info/board-form';
import { BackLink } from '~/components/info/board';
import { BOARD_LIMITS, BOARD_MESSAGES, TopicSchema, type TopicFields } from '~/lib/forms/board';
import { titleFor } from '~/lib/meta';
import { app } from '~/server/app.server';
import { PRIVATE_NO_STORE } from '~/server/http/responses.server';
import { boardPostingAction } from '~/server/board/board-posting.server';
import { newIdempotencyKey } from '~/server/idempotency.server';

/** Each rendering of the form gets its own submission key (ADR 012). */
export function loader() {
  return json({ formKey: newIdempotencyKey() }, { headers: PRIVATE_NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { backend } = await app();
  return boardPostingAction(request, context, {
    schema: TopicSchema,
    kind: 'topic',
    savedText: BOARD_MESSAGES.topicSaved,
    trapTo: '/board',
    fingerprint: ({ title, body }) => [title, body],
    create: async ({ title, body, displayName }, from) => {
      const posted = await backend.createBoardTopic({ title, body, displayName }, from);
      // A core that does not say where it stored the topic (ADR 025) sends the visitor to the board.
      return {
        to: posted.topicId === null ? '/board' : `/boardShow/${posted.topicId}`,
        topicId: posted.topicId,
        replayed: posted.replayed,
      };
    },
  });
}

export const headers: HeadersFunction = () => PRIVATE_NO_STORE;

export const meta: MetaFunction = (args) => [
  titleFor(args, 'ตั้งกระทู้ใหม่'),
  { name: 'description', content: 'ตั้งกระทู้ถามคำถามหรือแลกเปลี่ยนความคิดเห็นในกระดานถาม-ตอบของสหกรณ์' },
];

export default function BoardPostPage() {
  const { formKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const board = useBoardForm<TopicFields>('topic', TopicSchema, actionData?.result);
  const { fields } = board;
  return (
    <>
      <BackLink href="/board">กลับไปหน้ากระดานถาม-ตอบ</BackLink>
      <h1>ตั้งกระทู้ใหม่</h1>
      <p>กระทู้จะแสดงบนเว็บไซต์ทันทีที่บันทึก โปรดใช้ถ้อยคำสุภาพ และอย่าใส่ข้อมูลส่วนตัว เช่น เลขประจำตัวประชาชน เลขบัญชี หรือหมายเลขโทรศัพท์</p>
      <BoardForm
        board={board}
        formKey={formKey}
        summaryFields={[fields.title, fields.body, fields.displayName]}
        submit="ตั้งกระทู้"
      >
        <Field meta={fields.title} label="หัวข้อกระทู้" inputProps={{ maxLength: BOARD_LIMITS.title }} />
        <TextAreaField meta={fields.body} label="รายละเอียด" textareaProps={{ maxLength: BOARD_LIMITS.body, rows: 8 }} />
        <DisplayNameField meta={fields.displayName} label="ชื่อผู้ตั้งกระทู้" />
      </BoardForm>
    </>
  );
}
