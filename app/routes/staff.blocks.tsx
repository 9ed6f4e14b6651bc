import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';

import { Pager } from '~/components/member/data';
import {
  BlockDaysField,
  CoreOwnsTheBoard,
  ModerationPage,
  PlainField,
  ReasonField,
} from '~/components/staff/moderation';
import { titleFor } from '~/lib/meta';
import { usePageHref } from '~/lib/statement';
import { MOD_MESSAGES } from '~/lib/staff-moderation';
import { formatDateTime } from '~/lib/thai-format';
import { requireStaff, staffAudit } from '~/server/staff/guard.server';
import {
  doneRedirect,
  readDays,
  readIntent,
  readReason,
  type FormFailure,
} from '~/server/staff/moderation-forms.server';
import { normaliseAddress } from '~/server/staff/moderation.server';
import { moderationList } from '~/server/staff/moderation-list.server';
import { requireCoopStore, staffStore } from '~/server/staff/store.server';
import moderationStyles from '~/styles/staff-moderation.css';
import { PRIVATE_NO_STORE } from '~/server/http/responses.server';

const TITLE = 'รายการระงับการโพสต์';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: moderationStyles }];

/** The per-address block list of the board (ADR 062): running blocks, add one, end one. */
export async function loader({ request }: LoaderFunctionArgs) {
  return moderationList(
    request,
    (coop, page) => coop.board.blocks(page),
    (b) => ({
      key: b.addressKey,
      label: b.label,
      reason: b.reason,
      createdBy: b.createdBy,
      created: formatDateTime(b.createdAt, 'short'),
      expires: formatDateTime(b.expiresAt, 'short'),
    }),
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireStaff(request, 'moderator');
  const coop = await requireCoopStore(await staffStore());
  const form = await request.formData();
  const intent = readIntent(form, ['add', 'remove'] as const);
  if (!intent) throw new Response('Bad Request', { status: 400 });

  if (intent === 'remove') {
    const key = form.get('key');
    if (typeof key !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(key)) throw new Response('Bad Request', { status: 400 });
    const removed = await coop.board.removeBlock(key);
    if (!removed) return doneRedirect('/staff/blocks', MOD_MESSAGES.blockGone, 'info');
    await staffAudit(request, user, 'board_block_removed', { target: removed.label });
    return doneRedirect('/staff/blocks', MOD_MESSAGES.unblocked(removed.label));
  }

  const address = form.get('address');
  const typed = typeof address === 'string' ? address.slice(0, 100) : '';
  const reason = readReason(form);
  const days = readDays(form);
  const errors: Record<string, string> = {};
  if (!normaliseAddress(typed)) errors.address = MOD_MESSAGES.addressInvalid;
  if (!reason.ok) errors.reason = reason.error;
  if (!days.ok) errors.days = days.error;
  const outcome =
    reason.ok && days.ok && !errors.address
      ? await coop.board.blockAddress({ address: typed, reason: reason.value, days: days.value, by: user.username })
      : null;
  if (!outcome?.ok || !reason.ok || !days.ok) {
    if (outcome && !outcome.ok) errors.address = MOD_MESSAGES.addressInvalid;
    const failure: FormFailure = { form: 'add', errors };
    return json({ failure, address: typed }, { status: 400, headers: PRIVATE_NO_STORE });
  }
  // The audit log, like the list, names the masked address only.
  await staffAudit(request, user, 'board_block_added', {
    target: `${outcome.label} (${days.value} วัน)`,
    reason: reason.value,
  });
  return doneRedirect('/staff/blocks', MOD_MESSAGES.blocked(outcome.label));
}

export const meta: MetaFunction = (args) => [titleFor(args, TITLE)];

export default function StaffBlocks() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hrefFor = usePageHref();
  if (data.ownDataOnly) return <CoreOwnsTheBoard title={TITLE} />;
  const errors = actionData?.failure.errors ?? {};
  return (
    <ModerationPage title={TITLE}>
      <p>
        การเชื่อมต่อในรายการนี้ตั้งกระทู้หรือตอบกระทู้ไม่ได้จนกว่าจะหมดเวลา ผู้ใช้จะเห็นเพียงข้อความว่าระบบรับข้อความไม่ได้ ระบบไม่เก็บที่อยู่ไอพีเต็ม
        จึงแสดงเพียงส่วนต้นของที่อยู่ หรือกระทู้ที่ใช้ระงับผู้เขียน
      </p>
      <section aria-labelledby="blocks-title">
        <h2 id="blocks-title">กำลังระงับ {data.total} รายการ</h2>
        {data.rows.length ? (
          <ul className="staff-queue">
            {data.rows.map((b) => (
              <li key={b.key} className="panel stack">
                <h3 className="staff-queue__title">{b.label}</h3>
                <dl className="staff-facts staff-blocks">
                  <dt>เหตุผล</dt>
                  <dd>{b.reason}</dd>
                  <dt>ระงับถึง</dt>
                  <dd>{b.expires}</dd>
                  <dt>โดย</dt>
                  <dd>
                    {b.createdBy} · {b.created}
                  </dd>
                </dl>
                <Form method="post">
                  <input type="hidden" name="key" value={b.key} />
                  <button type="submit" name="intent" value="remove" className="button button--secondary">
                    ยกเลิกการระงับ<span className="visually-hidden"> {b.label}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p>ไม่มีการระงับในขณะนี้</p>
        )}
        <Pager page={data.page} pages={data.pages} hrefFor={hrefFor} label="หน้าของรายการระงับ" />
      </section>

      <section aria-labelledby="block-add-title" className="panel stack">
        <h2 id="block-add-title">เพิ่มการระงับตามที่อยู่ไอพี</h2>
        <p>ระงับผู้เขียนกระทู้หรือความเห็นได้จากหน้ากระทู้ โดยไม่ต้องทราบที่อยู่ไอพี</p>
        <Form method="post" className="stack">
          <PlainField
            id="block-address"
            name="address"
            label="ที่อยู่ไอพี"
            hint="เช่น 203.0.113.5 หรือ 2001:db8::1"
            maxLength={100}
            defaultValue={actionData?.address}
            error={errors.address}
          />
          <BlockDaysField id="block-days" error={errors.days} />
          <ReasonField id="block-reason" error={errors.reason} />
          <button type="submit" name="intent" value="add" className="button button--danger">
            ระงับการโพสต์
          </button>
        </Form>
      </section>
    </ModerationPage>
  );
}
