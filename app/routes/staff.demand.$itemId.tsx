import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';

import { DEMAND_STATUS, DemandStatusBadge, PlainText } from '~/components/info/board';
import { ModerationNav, PlainField, ReasonField } from '~/components/staff/moderation';
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
  readDisplayName,
  readIntent,
  readReason,
  readStatus,
} from '~/server/staff/moderation-forms.server';
import { DEMAND_STATUSES } from '~/server/staff/moderation.server';
import moderationStyles from '~/styles/staff-moderation.css';
import { PRIVATE_NO_STORE } from '~/server/http/responses.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: moderationStyles }];

/** One demand item: hide or restore it, and the cooperative's answer and status (ADR 062). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { coop, id } = await moderatorOnPost(request, params.itemId);
  const item = await coop.demand.get(id);
  if (!item) throw postNotFound();
  return json(
    {
      item: {
        id: item.id,
        question: item.question,
        detail: item.detail,
        askerName: item.askerName,
        asked: formatDateTime(item.askedAt, 'short'),
        status: item.status,
        answer: item.answer,
        answeredBy: item.answeredBy,
        answered: item.answeredAt ? formatDateTime(item.answeredAt, 'short') : null,
        hidden: item.hidden,
        hiddenReason: item.hiddenReason,
      },
    },
    { headers: PRIVATE_NO_STORE },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, coop, id } = await moderatorOnPost(request, params.itemId);
  const form = await request.formData();
  const intent = readIntent(form, ['hide', 'restore', 'answer'] as const);
  if (!intent) throw new Response('Bad Request', { status: 400 });
  const here = `/staff/demand/${id}`;

  if (intent === 'answer') {
    const answer = readAnswerBody(form);
    const by = readDisplayName(form);
    const status = readStatus(form);
    if (!answer.ok || !by.ok || !status.ok) {
      const errors: Record<string, string> = {};
      if (!answer.ok) errors.body = answer.error;
      if (!by.ok) errors.displayName = by.error;
      if (!status.ok) errors.status = status.error;
      return formFailed({ form: 'answer', errors });
    }
    if (!(await coop.demand.answer({ id, answer: answer.value, answeredBy: by.value, status: status.value })))
      throw postNotFound();
    await publicContentChanged({ scope: 'demand' });
    await staffAudit(request, user, 'demand_answered', { target: `demand:${id} (${status.value})` });
    return doneRedirect(here, MOD_MESSAGES.demandAnswered);
  }

  const reason = readReason(form);
  if (!reason.ok) return formFailed({ form: intent, errors: { reason: reason.error } });
  const hidden = intent === 'hide';
  const outcome = await coop.demand.setHidden({ id, hidden, reason: reason.value });
  if (outcome === 'missing') throw postNotFound();
  if (outcome === 'unchanged') return doneRedirect(here, MOD_MESSAGES.changedMeanwhile, 'info');
  await publicContentChanged({ scope: 'demand' });
  await staffAudit(request, user, hidden ? 'demand_hidden' : 'demand_restored', {
    target: `demand:${id}`,
    reason: reason.value,
  });
  return doneRedirect(here, hidden ? MOD_MESSAGES.demandHidden : MOD_MESSAGES.demandRestored);
}

export const meta: MetaFunction<typeof loader> = (args) => [
  titleFor(args, args.data ? `${truncate(args.data.item.question)} | ความต้องการของสมาชิก` : 'ความต้องการของสมาชิก'),
];

export default function StaffDemandItem() {
  const { item } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>()?.failure;
  const errorsOf = (form: string) => (failure?.form === form ? failure.errors : {});
  const toggle = item.hidden ? 'restore' : 'hide';
  return (
    <>
      <ModerationNav />
      <p>
        <Link to="/staff/demand">กลับไปรายการความต้องการของสมาชิก</Link>
        {item.hidden ? null : (
          <>
            {' · '}
            <a href={`/showdemand/${item.id}`}>ดูเรื่องนี้บนเว็บไซต์</a>
          </>
        )}
      </p>
      <article className="panel stack" aria-labelledby="demand-title">
        <h1 id="demand-title">{item.question}</h1>
        <p className="staff-queue__meta">
          <DemandStatusBadge status={item.status} />
          <span>
            เสนอโดย {item.askerName} · {item.asked}
          </span>
          {item.hidden ? <span className="badge tone--red">ซ่อนอยู่</span> : null}
        </p>
        {item.hidden && item.hiddenReason ? <p>เหตุผลที่ซ่อน: {item.hiddenReason}</p> : null}
        <div className="post__body">
          <PlainText text={item.detail} />
        </div>
        <details open={failure?.form === toggle}>
          <summary>{item.hidden ? 'แสดงเรื่องนี้อีกครั้ง' : 'ซ่อนเรื่องนี้'}</summary>
          <Form method="post" className="stack">
            <ReasonField id={`${toggle}-reason`} error={errorsOf(toggle).reason} />
            <button
              type="submit"
              name="intent"
              value={toggle}
              className={item.hidden ? 'button' : 'button button--danger'}
            >
              {item.hidden ? 'แสดงเรื่องนี้อีกครั้ง' : 'ซ่อนเรื่องนี้'}
            </button>
          </Form>
        </details>
      </article>

      <section aria-labelledby="demand-answer-title" className="panel stack">
        <h2 id="demand-answer-title">คำตอบของสหกรณ์</h2>
        {item.answer ? (
          <p className="staff-queue__meta">
            ตอบล่าสุดโดย {item.answeredBy ?? 'สหกรณ์'} · {item.answered}
          </p>
        ) : (
          <p>ยังไม่มีคำตอบ</p>
        )}
        <Form method="post" className="stack">
          <PlainField
            id="demand-answer"
            name="body"
            label="ข้อความคำตอบ"
            multiline
            defaultValue={item.answer ?? ''}
            maxLength={BOARD_LIMITS.body}
            error={errorsOf('answer').body}
          />
          <PlainField
            id="demand-answered-by"
            name="displayName"
            label="ชื่อที่แสดงเป็นผู้ตอบ"
            hint="เช่น ชื่อฝ่ายที่ตอบ"
            defaultValue={item.answeredBy ?? ''}
            maxLength={BOARD_LIMITS.name}
            error={errorsOf('answer').displayName}
          />
          <div className={`field${errorsOf('answer').status ? ' field--error' : ''}`}>
            <label htmlFor="demand-status" className="field__label">
              สถานะ
            </label>
            <p id="demand-status-error" className="field__error">
              {errorsOf('answer').status}
            </p>
            <div className="field__control">
              <select id="demand-status" name="status" defaultValue={item.status}>
                {DEMAND_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {DEMAND_STATUS[s].label}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <button type="submit" name="intent" value="answer" className="button">
            บันทึกคำตอบและสถานะ
          </button>
        </Form>
      </section>
    </>
  );
}
