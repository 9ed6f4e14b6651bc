import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';

import { Pager } from '~/components/member/data';
import { CoreOwnsTheBoard, ModerationNav } from '~/components/staff/moderation';
import { titleFor } from '~/lib/meta';
import { usePageHref } from '~/lib/statement';
import { MOD_MESSAGES } from '~/lib/staff-moderation';
import { formatDateTime, truncate } from '~/lib/thai-format';
import { app } from '~/server/app.server';
import { requireStaff, staffAudit, staffHoldsOnlyOwnData } from '~/server/staff/guard.server';
import { doneRedirect, readPost } from '~/server/staff/moderation-forms.server';
import { listQueue, markReviewed } from '~/server/staff/moderation.server';
import { moderationList } from '~/server/staff/moderation-list.server';
import moderationStyles from '~/styles/staff-moderation.css';

const TITLE = 'รายการรอตรวจ';

/** The moderation queue (ADR 062): new topics and answers no moderator has seen, oldest first. */
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: moderationStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  return moderationList(request, listQueue, (r) => ({
    kind: r.kind,
    id: r.id,
    topicId: r.topicId,
    topicTitle: truncate(r.topicTitle),
    excerpt: truncate(r.body.replace(/\s+/g, ' '), 160),
    displayName: r.displayName,
    posted: formatDateTime(r.createdAt, 'short'),
  }));
}

/** "Seen": takes one post out of the queue, kept as it is. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireStaff(request, 'moderator');
  if (staffHoldsOnlyOwnData()) throw new Response('Not Found', { status: 404 });
  const form = await request.formData();
  const post = readPost(form);
  if (!post) throw new Response('Bad Request', { status: 400 });
  const back = `/staff/board${new URL(request.url).search}`;
  const { db } = await app();
  if (!(await markReviewed(db, post.kind, post.id))) return doneRedirect(back, MOD_MESSAGES.changedMeanwhile, 'info');
  await staffAudit(request, user, 'board_reviewed', { target: `${post.kind}:${post.id}` });
  return doneRedirect(back, MOD_MESSAGES.reviewed);
}

export const meta: MetaFunction = (args) => [titleFor(args, TITLE)];

export default function ModerationQueue() {
  const data = useLoaderData<typeof loader>();
  const hrefFor = usePageHref();
  if (data.ownDataOnly) return <CoreOwnsTheBoard title={TITLE} />;
  return (
    <>
      <ModerationNav />
      <h1>{TITLE}</h1>
      <p>
        กระทู้และความเห็นใหม่ที่ยังไม่มีผู้ดูแลตรวจ เรียงจากเก่าไปใหม่ ทั้งหมด {data.total} รายการ กด &ldquo;ตรวจแล้ว&rdquo;
        เมื่อเนื้อหาเหมาะสม หรือเปิดกระทู้เพื่อซ่อน ตอบ ปิดกระทู้ หรือระงับผู้เขียน
      </p>
      {data.rows.length ? (
        <ul className="staff-queue">
          {data.rows.map((r) => (
            <li key={`${r.kind}-${r.id}`} className="panel stack">
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
              <Form method="post" className="staff-inline-form">
                <input type="hidden" name="kind" value={r.kind} />
                <input type="hidden" name="id" value={r.id} />
                <button type="submit" className="button button--secondary">
                  ตรวจแล้ว
                  <span className="visually-hidden">
                    {' '}
                    {r.kind === 'topic' ? `กระทู้ ${r.topicTitle}` : `ความเห็นที่ ${r.id}`}
                  </span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p>ไม่มีรายการรอตรวจ</p>
      )}
      <Pager page={data.page} pages={data.pages} hrefFor={hrefFor} label="หน้าของรายการรอตรวจ" />
    </>
  );
}
