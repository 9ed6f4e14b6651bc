import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';

import { ErrorSummary } from '~/components/error-summary';
import { Pager } from '~/components/member/data';
import { CoreOwnsTheBoard, ModerationPage, ReasonField } from '~/components/staff/moderation';
import { SubmitButton } from '~/components/staff/fields';
import { FilterSelect, ListFilters, SelectedActions, type FilterOption } from '~/components/staff/list-filters';
import { titleFor } from '~/lib/meta';
import { usePageHref } from '~/lib/statement';
import { MOD_MESSAGES } from '~/lib/staff-moderation';
import { formatDateTime, formatNumber, truncate } from '~/lib/thai-format';
import { publicContentChanged } from '~/server/content/public-content.server';
import { requireStaff, staffAudit } from '~/server/staff/guard.server';
import { doneRedirect, readIntent, readReason } from '~/server/staff/moderation-forms.server';
import { QUEUE_ORDERS, type PostKind, type QueueOrder } from '~/server/staff/moderation.server';
import { moderationList } from '~/server/staff/moderation-list.server';
import { requireCoopStore, staffStore } from '~/server/staff/store.server';
import moderationStyles from '~/styles/staff-moderation.css';
import { PRIVATE_NO_STORE } from '~/server/http/responses.server';

const TITLE = 'รายการรอตรวจ';
const NONE_SELECTED = 'กรุณาเลือกอย่างน้อยหนึ่งรายการ';
/** The most posts one bulk action takes (a page holds 20). */
const BULK_MAX = 100;

const readOrder = (params: URLSearchParams): QueueOrder =>
  (QUEUE_ORDERS as readonly string[]).includes(params.get('order') ?? '')
    ? (params.get('order') as QueueOrder)
    : 'newest';

/**
 * The moderation queue (ADR 062, ADR 122): new topics and answers no moderator has seen, newest first
 * (oldest first on request), with "seen" per post and, for the posts ticked, "seen" or "hide" at once.
 */
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: moderationStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const order = readOrder(new URL(request.url).searchParams);
  const list = await moderationList(
    request,
    (coop, page) => coop.board.queue(page, order),
    (r) => ({
      kind: r.kind,
      id: r.id,
      topicId: r.topicId,
      topicTitle: truncate(r.topicTitle),
      excerpt: truncate(r.body.replace(/\s+/g, ' '), 160),
      displayName: r.displayName,
      posted: formatDateTime(r.createdAt, 'short'),
    }),
  );
  const data = await list.json();
  return json({ ...data, order }, { headers: PRIVATE_NO_STORE });
}

/** `topic:12` / `answer:5`, as a checkbox or a row's button sends a post. */
function readPostRef(value: FormDataEntryValue | null): { kind: PostKind; id: number } | null {
  const match = typeof value === 'string' ? /^(topic|answer):([1-9]\d{0,9})$/.exec(value) : null;
  if (!match) return null;
  const id = Number(match[2]);
  return id <= 2_147_483_647 ? { kind: match[1] as PostKind, id } : null;
}

type BulkFailure = { errors: { posts?: string; reason?: string }; selected: string[]; reason: string };

/**
 * "Seen" for one post (its row's button), or for every ticked post; "hide" for every ticked post,
 * with one reason. Each post is changed by its own guarded statement and audited on its own.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireStaff(request, 'moderator');
  const coop = await requireCoopStore(await staffStore());
  const form = await request.formData();
  const url = new URL(request.url);
  url.searchParams.delete('index'); // Remix's own marker of an index route's form

  const one = readPostRef(form.get('review'));
  if (one) {
    const back = `/staff/board${url.search}`;
    if (!(await coop.board.markReviewed(one.kind, one.id)))
      return doneRedirect(back, MOD_MESSAGES.changedMeanwhile, 'info');
    await staffAudit(request, user, 'board_reviewed', { target: `${one.kind}:${one.id}` });
    return doneRedirect(back, MOD_MESSAGES.reviewed);
  }

  const intent = readIntent(form, ['hide-selected', 'review-selected'] as const);
  if (!intent) throw new Response('Bad Request', { status: 400 });
  const raw = form.getAll('post').slice(0, BULK_MAX);
  const posts = raw.map(readPostRef).filter((p): p is { kind: PostKind; id: number } => p !== null);
  const reason = intent === 'hide-selected' ? readReason(form) : null;
  const errors: BulkFailure['errors'] = {};
  if (!posts.length) errors.posts = NONE_SELECTED;
  if (reason && !reason.ok) errors.reason = reason.error;
  if (errors.posts || errors.reason) {
    const failure: BulkFailure = {
      errors,
      selected: posts.map((p) => `${p.kind}:${p.id}`),
      reason: typeof form.get('reason') === 'string' ? String(form.get('reason')).slice(0, 400) : '',
    };
    return json({ failure }, { status: 400, headers: PRIVATE_NO_STORE });
  }

  let done = 0;
  for (const post of posts) {
    const target = `${post.kind}:${post.id}`;
    if (intent === 'review-selected') {
      if (!(await coop.board.markReviewed(post.kind, post.id))) continue;
      await staffAudit(request, user, 'board_reviewed', { target });
    } else {
      const reasonText = reason?.ok ? reason.value : '';
      if ((await coop.board.setPostHidden({ ...post, hidden: true, reason: reasonText })) !== 'done') continue;
      await staffAudit(request, user, 'board_hidden', { target, reason: reasonText });
    }
    done++;
  }
  if (intent === 'hide-selected' && done) await publicContentChanged({ scope: 'board' });
  const order = readOrder(url.searchParams);
  const back = order === 'newest' ? '/staff/board' : `/staff/board?order=${order}`;
  const skipped = posts.length - done;
  const text =
    (intent === 'hide-selected'
      ? `ซ่อนแล้ว ${formatNumber(done, 0)} รายการ รายการเหล่านี้ไม่แสดงบนเว็บไซต์`
      : `ทำเครื่องหมายว่าตรวจแล้ว ${formatNumber(done, 0)} รายการ`) +
    (skipped ? ` (${formatNumber(skipped, 0)} รายการถูกเปลี่ยนไปแล้วโดยเจ้าหน้าที่ท่านอื่น)` : '');
  return doneRedirect(back, text, done ? 'success' : 'info');
}

export const meta: MetaFunction = (args) => [titleFor(args, TITLE)];

const QUEUE_ORDERS_CHOICES: readonly FilterOption[] = [
  ['newest', 'ใหม่ไปเก่า'],
  ['oldest', 'เก่าไปใหม่'],
];

export default function ModerationQueue() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const hrefFor = usePageHref();
  if (data.ownDataOnly) return <CoreOwnsTheBoard title={TITLE} />;
  const failure = result && 'failure' in result ? result.failure : null;
  const selected = new Set(failure?.selected ?? []);
  const summary = [
    ...(failure?.errors.posts && data.rows[0]
      ? [{ fieldId: `queue-${data.rows[0].kind}-${data.rows[0].id}`, message: failure.errors.posts }]
      : []),
    ...(failure?.errors.reason ? [{ fieldId: 'bulk-reason', message: failure.errors.reason }] : []),
  ];
  return (
    <ModerationPage title={TITLE}>
      <ErrorSummary items={summary} />
      <p>
        กระทู้และความเห็นใหม่ที่ยังไม่มีผู้ดูแลตรวจ ทั้งหมด {formatNumber(data.total, 0)} รายการ กด &ldquo;ตรวจแล้ว&rdquo;
        เมื่อเนื้อหาเหมาะสม หรือเปิดกระทู้เพื่อซ่อน ตอบ ปิดกระทู้ หรือระงับผู้เขียน เลือกหลายรายการเพื่อตรวจหรือซ่อนพร้อมกันได้
      </p>
      <ListFilters action="/staff/board" label="ลำดับรายการรอตรวจ" idPrefix="queue" values={{ order: data.order }}>
        <FilterSelect name="order" label="เรียงลำดับ" options={QUEUE_ORDERS_CHOICES} />
      </ListFilters>
      {data.rows.length ? (
        <Form method="post" className="stack" aria-label="รายการรอตรวจ">
          <ul className="staff-queue">
            {data.rows.map((r) => {
              const ref = `${r.kind}:${r.id}`;
              const checkboxId = `queue-${r.kind}-${r.id}`;
              const what = r.kind === 'topic' ? `กระทู้ ${r.topicTitle}` : `ความเห็นที่ ${r.id}`;
              return (
                <li key={ref} className="panel stack staff-queue__item">
                  <div className="checkbox staff-select">
                    <input id={checkboxId} type="checkbox" name="post" value={ref} defaultChecked={selected.has(ref)} />
                    <label htmlFor={checkboxId}>
                      เลือก<span className="visually-hidden"> {what}</span>
                    </label>
                  </div>
                  <h2 className="staff-queue__title">
                    {r.kind === 'topic' ? 'กระทู้ใหม่' : 'ความเห็นใหม่ในกระทู้'}:{' '}
                    <Link to={`/staff/board/${r.topicId}${r.kind === 'answer' ? `#answer-${r.id}` : ''}`}>
                      {r.topicTitle}
                    </Link>
                  </h2>
                  <p className="staff-queue__meta">
                    โดย {r.displayName} · {r.posted}
                  </p>
                  <p>{r.excerpt}</p>
                  <p>
                    <button type="submit" name="review" value={ref} className="button button--secondary">
                      ตรวจแล้ว<span className="visually-hidden"> {what}</span>
                    </button>
                  </p>
                </li>
              );
            })}
          </ul>
          <SelectedActions error={failure?.errors.posts} stack>
            <p>
              <SubmitButton intent="review-selected" secondary>
                ตรวจแล้วทุกรายการที่เลือก
              </SubmitButton>
            </p>
            <div className="staff-danger-zone stack">
              <ReasonField id="bulk-reason" label="เหตุผลที่ซ่อน" error={failure?.errors.reason} />
              <p>
                <button type="submit" name="intent" value="hide-selected" className="button button--danger">
                  ซ่อนรายการที่เลือก
                </button>
              </p>
            </div>
          </SelectedActions>
        </Form>
      ) : (
        <p>ไม่มีรายการรอตรวจ</p>
      )}
      <Pager page={data.page} pages={data.pages} hrefFor={hrefFor} label="หน้าของรายการรอตรวจ" />
    </ModerationPage>
  );
}
