import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';

import { PlainText } from '~/components/info/board';
import { BlockDaysField, ModerationNav, PlainField, ReasonField } from '~/components/staff/moderation';
import { OFFICIAL_ANSWER_LABEL } from '~/lib/board-moderation';
import { BOARD_LIMITS } from '~/lib/forms/board';
import { titleFor } from '~/lib/meta';
import { MOD_MESSAGES } from '~/lib/staff-moderation';
import { formatDateTime, truncate } from '~/lib/thai-format';
import { publicContentChanged } from '~/server/content/public-content.server';
import { staffAudit } from '~/server/staff/guard.server';
import {
  doneRedirect,
  formFailed,
  moderatorOnPost,
  postNotFound,
  readAnswerBody,
  readDays,
  readDisplayName,
  readIntent,
  readPost,
  readReason,
  type FormFailure,
} from '~/server/staff/moderation-forms.server';
import moderationStyles from '~/styles/staff-moderation.css';
import { PRIVATE_NO_STORE } from '~/server/http/responses.server';

/** The default name an official answer is shown under; the moderator may name a department instead. */
const DEFAULT_ANSWER_NAME = 'เจ้าหน้าที่สหกรณ์';

/** One topic as moderators see it: hidden parts too, and every action on it (ADR 062). */
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: moderationStyles }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { coop, id } = await moderatorOnPost(request, params.topicId);
  const topic = await coop.board.topic(id);
  if (!topic) throw postNotFound();
  const { createdAt, answers, ...rest } = topic;
  return json(
    {
      topic: {
        ...rest,
        posted: formatDateTime(createdAt, 'short'),
        answers: answers.map(({ createdAt: at, ...a }) => ({ ...a, posted: formatDateTime(at, 'short') })),
      },
    },
    { headers: PRIVATE_NO_STORE },
  );
}

const INTENTS = ['hide', 'restore', 'reviewed', 'close', 'reopen', 'answer', 'block'] as const;

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, coop, id: topicId } = await moderatorOnPost(request, params.topicId);
  const form = await request.formData();
  const intent = readIntent(form, INTENTS);
  if (!intent) throw new Response('Bad Request', { status: 400 });
  const here = `/staff/board/${topicId}`;

  if (intent === 'close' || intent === 'reopen') {
    const outcome = await coop.board.setTopicClosed(topicId, intent === 'close');
    if (outcome === 'missing') throw postNotFound();
    if (outcome === 'unchanged') return doneRedirect(here, MOD_MESSAGES.changedMeanwhile, 'info');
    await publicContentChanged({ scope: 'board', topicId });
    await staffAudit(request, user, intent === 'close' ? 'board_closed' : 'board_reopened', {
      target: `topic:${topicId}`,
    });
    return doneRedirect(here, intent === 'close' ? MOD_MESSAGES.closed : MOD_MESSAGES.reopened);
  }

  if (intent === 'answer') {
    const body = readAnswerBody(form);
    const name = readDisplayName(form);
    if (!body.ok || !name.ok) {
      const errors: Record<string, string> = {};
      if (!body.ok) errors.body = body.error;
      if (!name.ok) errors.displayName = name.error;
      return formFailed({ form: 'answer', errors });
    }
    const answerId = await coop.board.postOfficialAnswer({ topicId, body: body.value, displayName: name.value });
    if (answerId === null) throw postNotFound();
    await publicContentChanged({ scope: 'board', topicId });
    await staffAudit(request, user, 'board_answered', { target: `answer:${answerId}` });
    return doneRedirect(`${here}#answer-${answerId}`, MOD_MESSAGES.answered);
  }

  const post = readPost(form);
  if (!post) throw new Response('Bad Request', { status: 400 });
  const formId = `${intent}-${post.kind}-${post.id}`;
  const target = `${post.kind}:${post.id}`;

  if (intent === 'reviewed') {
    if (!(await coop.board.markReviewed(post.kind, post.id)))
      return doneRedirect(here, MOD_MESSAGES.changedMeanwhile, 'info');
    await staffAudit(request, user, 'board_reviewed', { target });
    return doneRedirect(here, MOD_MESSAGES.reviewed);
  }

  const reason = readReason(form);
  if (intent === 'block') {
    const days = readDays(form);
    if (!reason.ok || !days.ok) {
      const errors: Record<string, string> = {};
      if (!reason.ok) errors.reason = reason.error;
      if (!days.ok) errors.days = days.error;
      return formFailed({ form: formId, errors });
    }
    const outcome = await coop.board.blockAuthorOf({
      ...post,
      reason: reason.value,
      days: days.value,
      by: user.username,
    });
    if (!outcome.ok) return formFailed({ form: formId, errors: { reason: MOD_MESSAGES.noAuthor } });
    await staffAudit(request, user, 'board_block_added', {
      target: `${outcome.label} (${days.value} วัน)`,
      reason: reason.value,
    });
    return doneRedirect(here, MOD_MESSAGES.blocked(outcome.label));
  }

  if (!reason.ok) return formFailed({ form: formId, errors: { reason: reason.error } });
  const hidden = intent === 'hide';
  const outcome = await coop.board.setPostHidden({ ...post, hidden, reason: reason.value });
  if (outcome === 'missing') throw postNotFound();
  if (outcome === 'unchanged') return doneRedirect(here, MOD_MESSAGES.changedMeanwhile, 'info');
  await publicContentChanged({ scope: 'board', topicId });
  await staffAudit(request, user, hidden ? 'board_hidden' : 'board_restored', { target, reason: reason.value });
  const text =
    post.kind === 'topic'
      ? hidden
        ? MOD_MESSAGES.topicHidden
        : MOD_MESSAGES.topicRestored
      : hidden
        ? MOD_MESSAGES.answerHidden
        : MOD_MESSAGES.answerRestored;
  return doneRedirect(post.kind === 'answer' ? `${here}#answer-${post.id}` : here, text);
}

export const meta: MetaFunction<typeof loader> = (args) => [
  titleFor(args, args.data ? `${truncate(args.data.topic.title)} | ดูแลกระทู้` : 'ดูแลกระทู้'),
];

type Failure = FormFailure | undefined;

/** Hide or restore (reason required), "seen" while in the queue, and block the author. */
function PostActions({
  kind,
  post,
  failure,
  name,
}: {
  kind: 'topic' | 'answer';
  post: { id: number; hidden: boolean; reviewed: boolean; traceable: boolean };
  failure: Failure;
  name: string;
}) {
  const { id, hidden, reviewed, traceable } = post;
  const toggle = hidden ? 'restore' : 'hide';
  const toggleId = `${toggle}-${kind}-${id}`;
  const blockId = `block-${kind}-${id}`;
  const errorsOf = (form: string) => (failure?.form === form ? failure.errors : {});
  return (
    <div className="staff-post-actions">
      {reviewed ? null : (
        <Form method="post" className="staff-inline-form">
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="id" value={id} />
          <button type="submit" name="intent" value="reviewed" className="button button--secondary">
            ตรวจแล้ว<span className="visually-hidden"> {name}</span>
          </button>
        </Form>
      )}
      <details open={failure?.form === toggleId}>
        <summary>{hidden ? `แสดง${name}อีกครั้ง` : `ซ่อน${name}`}</summary>
        <Form method="post" className="stack">
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="id" value={id} />
          <ReasonField id={`${toggleId}-reason`} error={errorsOf(toggleId).reason} />
          <button type="submit" name="intent" value={toggle} className={hidden ? 'button' : 'button button--danger'}>
            {hidden ? `แสดง${name}อีกครั้ง` : `ซ่อน${name}`}
          </button>
        </Form>
      </details>
      {traceable ? (
        <details open={failure?.form === blockId}>
          <summary>ระงับการโพสต์ของผู้เขียน{name}</summary>
          <Form method="post" className="stack">
            <input type="hidden" name="kind" value={kind} />
            <input type="hidden" name="id" value={id} />
            <BlockDaysField id={`${blockId}-days`} error={errorsOf(blockId).days} />
            <ReasonField id={`${blockId}-reason`} error={errorsOf(blockId).reason} />
            <button type="submit" name="intent" value="block" className="button button--danger">
              ระงับผู้เขียน{name}
            </button>
          </Form>
        </details>
      ) : null}
    </div>
  );
}

/** A topic's or an answer's byline with its state (hidden, closed, waiting for review), why it is hidden, and its text. */
function PostText({
  post,
  byline,
}: {
  post: { hidden: boolean; hiddenReason: string | null; reviewed: boolean; closed?: boolean; body: string };
  byline: string;
}) {
  return (
    <>
      <p className="staff-queue__meta">
        {byline}
        {post.hidden ? <span className="badge tone--red">ซ่อนอยู่</span> : null}
        {post.closed ? <span className="badge tone--gray">ปิดแล้ว</span> : null}
        {post.reviewed ? null : <span className="badge tone--gold">รอตรวจ</span>}
      </p>
      {post.hidden && post.hiddenReason ? <p>เหตุผลที่ซ่อน: {post.hiddenReason}</p> : null}
      <div className="post__body">
        <PlainText text={post.body} />
      </div>
    </>
  );
}

export default function StaffTopic() {
  const { topic } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>()?.failure;
  const answerErrors = failure?.form === 'answer' ? failure.errors : {};
  return (
    <>
      <ModerationNav />
      <p>
        <Link to="/staff/board/topics">กลับไปรายการกระทู้</Link>
        {topic.hidden ? null : (
          <>
            {' · '}
            <a href={`/boardShow/${topic.id}`}>ดูกระทู้นี้บนเว็บไซต์</a>
          </>
        )}
      </p>
      <article className="panel stack" aria-labelledby="topic-title">
        <h1 id="topic-title">{topic.title}</h1>
        <PostText post={topic} byline={`กระทู้ #${topic.id} โดย ${topic.displayName} · ${topic.posted}`} />
        <PostActions kind="topic" post={topic} failure={failure} name="กระทู้" />
        <Form method="post">
          <button
            type="submit"
            name="intent"
            value={topic.closed ? 'reopen' : 'close'}
            className="button button--secondary"
          >
            {topic.closed ? 'เปิดรับคำตอบอีกครั้ง' : 'ปิดกระทู้ (ไม่รับคำตอบเพิ่ม)'}
          </button>
        </Form>
      </article>

      <section aria-labelledby="answers-title" className="stack">
        <h2 id="answers-title">{topic.answers.length ? `ความเห็น ${topic.answers.length} รายการ` : 'ยังไม่มีความเห็น'}</h2>
        {topic.answers.map((a, i) => (
          <article key={a.id} id={`answer-${a.id}`} className="panel stack" aria-labelledby={`answer-${a.id}-title`}>
            <h3 id={`answer-${a.id}-title`}>
              ความเห็นที่ {i + 1}
              {a.official ? ` · ${OFFICIAL_ANSWER_LABEL}` : null}
            </h3>
            <PostText post={a} byline={`โดย ${a.displayName} · ${a.posted}`} />
            <PostActions kind="answer" post={a} failure={failure} name={`ความเห็นที่ ${i + 1}`} />
          </article>
        ))}
      </section>

      <section aria-labelledby="official-title" className="panel stack">
        <h2 id="official-title">ตอบในนามสหกรณ์</h2>
        <p>คำตอบจะแสดงทันทีพร้อมป้าย &ldquo;{OFFICIAL_ANSWER_LABEL}&rdquo; และตอบได้แม้กระทู้ปิดแล้ว</p>
        <Form method="post" className="stack">
          <PlainField
            id="official-body"
            name="body"
            label="ข้อความคำตอบ"
            multiline
            maxLength={BOARD_LIMITS.body}
            error={answerErrors.body}
          />
          <PlainField
            id="official-name"
            name="displayName"
            label="ชื่อที่แสดงเป็นผู้ตอบ"
            hint="เช่น ชื่อฝ่ายที่ตอบ"
            defaultValue={DEFAULT_ANSWER_NAME}
            maxLength={BOARD_LIMITS.name}
            error={answerErrors.displayName}
          />
          <button type="submit" name="intent" value="answer" className="button">
            ส่งคำตอบจากสหกรณ์
          </button>
        </Form>
      </section>
    </>
  );
}
