import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';

import { FailureSummary, StaffField, SubmitButton } from '~/components/staff/fields';
import { ReasonField } from '~/components/staff/moderation';
import { titleFor } from '~/lib/meta';
import { formatDateTime } from '~/lib/thai-format';
import { LINK_TTL_MS } from '~/server/auth/impersonation.server';
import { env } from '~/server/env.server';
import { formText } from '~/server/staff/form.server';
import { requireStaff, staffAudit } from '~/server/staff/guard.server';
import { SHOW_ONCE_TTL_MS } from '~/server/staff/handoff.server';
import { presentedStaffId } from '~/server/staff/session.server';
import { staffStore } from '~/server/staff/store.server';
import {
  SEARCH_MAX,
  STAFF_CODE_MAX_TRIES,
  type MemberSupportView,
  type MemberSummary,
} from '~/server/staff/support.server';
import { PRIVATE_NO_STORE } from '~/server/http/responses.server';

/**
 * Member support (ADR 060): find a member, see what keeps them out, unlock them, issue a one-time code
 * for a member with no phone or email on file, remove a lost second factor with a reason (ADR 091), and
 * issue an impersonation link with a reason. Every
 * request is a POST, so no member number or name ever sits in a URL; every action is audited.
 */
const TITLE = 'ช่วยเหลือสมาชิก';

const M = {
  httpMode:
    'เว็บไซต์นี้เชื่อมต่อกับระบบหลักของสหกรณ์ ข้อมูลสมาชิกอยู่ที่ระบบหลัก การค้นหาสมาชิก การปลดล็อก และการออกรหัสลงทะเบียนหรือรหัสตั้งรหัสผ่านใหม่จึงทำที่ระบบหลัก ไม่ใช่ที่หน้านี้ ลิงก์เข้าใช้แทนสมาชิกออกจากระบบหลักเช่นกัน (เมื่อระบบหลักรองรับ)',
  termRequired: 'กรุณากรอกเลขที่สมาชิกหรือชื่อ',
  notFound: 'ไม่พบสมาชิกเลขที่นี้',
  noResults: 'ไม่พบสมาชิกที่ตรงกับคำค้น',
  unlocked: 'ปลดล็อกแล้ว และสมาชิกออกจากระบบทุกอุปกรณ์แล้ว',
  codesUnlocked: 'ปลดล็อกรหัสยืนยันแล้ว สมาชิกขอรหัสยืนยันใหม่และกรอกรหัสได้อีกครั้ง',
  reasonRequired: 'กรุณากรอกเหตุผล',
  factorRemoved: 'ปิดการยืนยันตัวตนสองขั้นตอนของสมาชิกแล้ว สมาชิกเข้าสู่ระบบด้วยรหัสผ่านได้ และเปิดใช้ใหม่ได้ที่หน้าความปลอดภัยของบัญชี',
  noFactor: 'สมาชิกไม่ได้เปิดใช้การยืนยันตัวตนสองขั้นตอน',
  notActive: 'สมาชิกพ้นสภาพแล้ว เข้าใช้แทนสมาชิกไม่ได้',
  impersonationOff: 'ยังไม่ได้เปิดใช้การเข้าใช้แทนสมาชิกในเว็บไซต์นี้ (ไม่ได้ตั้งค่า IMPERSONATION_SECRET)',
  codeRefused: {
    unknown: 'ไม่พบสมาชิกเลขที่นี้',
    inactive: 'สมาชิกพ้นสภาพแล้ว ออกรหัสไม่ได้',
    has_contact: 'สมาชิกมีอีเมลหรือเบอร์โทรศัพท์มือถือในระบบ ให้สมาชิกใช้หน้าลงทะเบียนหรือลืมรหัสผ่านตามปกติ ระบบจะส่งรหัสให้เอง',
    registered: 'สมาชิกลงทะเบียนแล้ว ให้ออกรหัสตั้งรหัสผ่านใหม่แทน',
    not_registered: 'สมาชิกยังไม่ได้ลงทะเบียน ให้ออกรหัสลงทะเบียนแทน',
  },
};

const PURPOSE_LABELS = { register: 'รหัสลงทะเบียน', forget: 'รหัสตั้งรหัสผ่านใหม่' } as const;
const LOCK_LABELS = {
  login: 'ล็อกการเข้าสู่ระบบ (กรอกรหัสผ่านผิดหลายครั้ง)',
  second_factor: 'ล็อกการยืนยันตัวตนสองขั้นตอน (กรอกรหัสผิดหลายครั้ง)',
  recovery: 'ล็อกการลงทะเบียนและลืมรหัสผ่าน (ตรวจสอบตัวตนหลายครั้ง)',
  recovery_codes: 'ล็อกรหัสยืนยันสำหรับลงทะเบียนและลืมรหัสผ่าน (กรอกรหัสยืนยันผิดหลายครั้ง)',
  recovery_sends: 'งดส่งรหัสยืนยัน (ส่งรหัสยืนยันครบจำนวนต่อวันแล้ว)',
  password_change: 'ล็อกการเปลี่ยนรหัสผ่าน (กรอกรหัสผ่านเดิมผิดหลายครั้ง)',
} as const;

const PATH = '/staff/members';

/** A code just issued, as the page after the issuing post shows it once (ADR 116). */
interface IssuedCode {
  membershipNo: string;
  code: { value: string; label: string; until: string };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaff(request, 'support');
  // The code the post just issued (post/redirect/get): read once from the server, so a reload shows
  // it no more and issues nothing.
  const ownerHash = await presentedStaffId(request);
  const { own, coop } = await staffStore();
  const taken = ownerHash
    ? ((await own.handoffs.take({ ownerHash, kind: 'member_code', path: PATH, staffId: user.id })) as IssuedCode | null)
    : null;
  const view = taken && coop ? await coop.members.view(taken.membershipNo) : null;
  return json(
    {
      ownDataOnly: coop === null,
      impersonation: Boolean(env().IMPERSONATION_SECRET),
      issued: taken && view ? { member: shown(view), code: taken.code } : null,
    },
    { headers: PRIVATE_NO_STORE },
  );
}

/** A member as the page shows them (dates already in Thai). */
function shown(view: MemberSupportView) {
  return {
    membershipNo: view.membershipNo,
    name: view.name,
    status: view.statusCode === '0' ? 'ปกติ' : view.statusCode === '3' ? 'ลาออก' : `รหัส ${view.statusCode}`,
    active: view.active,
    registered: view.registered,
    resetRequired: view.resetRequired,
    hasContact: view.hasEmail || view.hasMobile,
    hasEmail: view.hasEmail,
    hasMobile: view.hasMobile,
    locks: view.locks.map((lock) => ({ label: LOCK_LABELS[lock.kind], until: formatDateTime(lock.until) })),
    codesLocked: view.locks.some((lock) => lock.kind === 'recovery_codes' || lock.kind === 'recovery_sends'),
    sessions: view.sessions,
    tokens: view.tokens,
    pendingCode: view.pendingCode
      ? { label: PURPOSE_LABELS[view.pendingCode.purpose], until: formatDateTime(view.pendingCode.expiresAt) }
      : null,
    secondFactor: view.secondFactor,
  };
}

type ShownMember = ReturnType<typeof shown>;

type ActionData =
  | { kind: 'results'; term: string; results: MemberSummary[]; attempt: number }
  | {
      kind: 'member';
      member: ShownMember;
      notice?: string;
      code?: { value: string; label: string; until: string };
      link?: { url: string; seconds: number };
      attempt: number;
    }
  | { kind: 'error'; field?: string; error: string; term?: string; member?: ShownMember; attempt: number };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireStaff(request, 'support');
  const form = await request.formData();
  const intent = formText(form, 'intent', 20);
  const attempt = Date.now();
  const fail = (status: number, data: Omit<Extract<ActionData, { kind: 'error' }>, 'kind' | 'attempt'>) => {
    context.formErrors = true;
    return json({ kind: 'error', attempt, ...data } as ActionData, { status, headers: PRIVATE_NO_STORE });
  };
  const { own, coop } = await staffStore();
  if (!coop) return fail(404, { error: M.httpMode });
  const e = env();

  if (intent === 'find') {
    const term = formText(form, 'q', SEARCH_MAX).trim();
    if (!term) return fail(400, { field: 'member-q', error: M.termRequired, term });
    const results = await coop.members.find(term);
    const byNumber = /^\d+$/.test(term);
    await staffAudit(request, user, 'member_search', {
      membershipNo: byNumber && results.length === 1 ? results[0]!.membershipNo : undefined,
      target: `by=${byNumber ? 'number' : 'name'}; results=${results.length}`,
    });
    return json({ kind: 'results', term, results, attempt } as ActionData, { headers: PRIVATE_NO_STORE });
  }

  const membershipNo = formText(form, 'membershipNo', 20).trim();
  const view = /^\d{1,20}$/.test(membershipNo) ? await coop.members.view(membershipNo) : null;
  if (!view) return fail(404, { error: M.notFound });
  const again = async () => shown((await coop.members.view(membershipNo)) ?? view);
  const answer = (
    data: Omit<Extract<ActionData, { kind: 'member' }>, 'kind' | 'attempt' | 'member'>,
    member: ShownMember,
  ) => json({ kind: 'member', member, attempt, ...data } as ActionData, { headers: PRIVATE_NO_STORE });

  switch (intent) {
    case 'show': {
      await staffAudit(request, user, 'member_viewed', { membershipNo });
      return answer({}, shown(view));
    }
    case 'unlock': {
      // The core's tokens behind the ended sessions are handed back too (the store does).
      const ended = await coop.members.unlock(membershipNo);
      await staffAudit(request, user, 'member_unlocked', {
        membershipNo,
        target: `locks=${view.locks.map((l) => l.kind).join(',') || 'none'}; sessions=${ended.sessions}; tokens=${ended.tokens}; links=${ended.links}`,
      });
      return answer({ notice: M.unlocked }, await again());
    }
    case 'unlock-codes': {
      // Only the one-time code counters (ADR 094): the member's sessions and other locks are left as they are.
      const cleared = await coop.members.clearCodeLimits(membershipNo);
      await staffAudit(request, user, 'member_codes_unlocked', {
        membershipNo,
        target: `locks=${
          view.locks
            .map((l) => l.kind)
            .filter((k) => k.startsWith('recovery_'))
            .join(',') || 'none'
        }; counters=${cleared}`,
      });
      return answer({ notice: M.codesUnlocked }, await again());
    }
    case 'code': {
      const purpose = formText(form, 'purpose', 20);
      if (purpose !== 'register' && purpose !== 'forget') return fail(400, { error: M.notFound, member: shown(view) });
      const issued = await coop.members.issueCode({
        membershipNo,
        purpose,
        issuedBy: user.username,
      });
      if (!issued.ok) {
        await staffAudit(request, user, 'member_code_refused', {
          membershipNo,
          target: `${purpose}; ${issued.reason}`,
        });
        return fail(400, { error: M.codeRefused[issued.reason], member: shown(view) });
      }
      await staffAudit(request, user, 'member_code_issued', { membershipNo, target: purpose });
      // Post/redirect/get: the code waits server-side for the page the redirect opens, which shows it
      // once; reloading that page neither shows it again nor issues another (ADR 116).
      const ownerHash = await presentedStaffId(request);
      const handed: IssuedCode = {
        membershipNo,
        code: { value: issued.code, label: PURPOSE_LABELS[purpose], until: formatDateTime(issued.expiresAt) },
      };
      if (!ownerHash) return answer({ code: handed.code }, await again());
      await own.handoffs.put({
        ownerHash,
        kind: 'member_code',
        path: PATH,
        staffId: user.id,
        payload: handed,
        ttlMs: SHOW_ONCE_TTL_MS,
      });
      return redirect(PATH, { status: 303, headers: PRIVATE_NO_STORE });
    }
    case 'remove-factor': {
      const reason = formText(form, 'reason', 300).trim();
      if (!reason) return fail(400, { field: 'factor-reason', error: M.reasonRequired, member: shown(view) });
      const removed = await coop.members.removeSecondFactor(membershipNo);
      if (!removed) return fail(400, { error: M.noFactor, member: shown(view) });
      await staffAudit(request, user, 'member_second_factor_removed', { membershipNo, reason });
      return answer({ notice: M.factorRemoved }, await again());
    }
    case 'impersonate': {
      const reason = formText(form, 'reason', 300).trim();
      if (!reason) return fail(400, { field: 'impersonate-reason', error: M.reasonRequired, member: shown(view) });
      if (!e.IMPERSONATION_SECRET) return fail(400, { error: M.impersonationOff, member: shown(view) });
      const issued = await coop.members.impersonationLink({
        membershipNo,
        staff: user.username,
        secret: e.IMPERSONATION_SECRET,
        baseUrl: e.publicUrl,
      });
      if (!issued.ok) return fail(400, { error: M.notActive, member: shown(view) });
      await staffAudit(request, user, 'impersonation_link_issued', {
        membershipNo,
        target: `grant=${issued.grant}`,
        reason,
      });
      return answer({ link: { url: issued.url, seconds: LINK_TTL_MS / 1000 } }, shown(view));
    }
    default:
      return fail(400, { error: M.notFound });
  }
}

export const meta: MetaFunction = (args) => [titleFor(args, TITLE)];

export default function StaffMembersPage() {
  const { ownDataOnly, impersonation, issued } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>() as ActionData | undefined;
  // After a code was issued the page is the redirect's GET: it shows the member and the code once.
  const result: ActionData | undefined =
    posted ?? (issued ? { kind: 'member', member: issued.member, code: issued.code, attempt: 0 } : undefined);
  if (ownDataOnly) {
    return (
      <>
        <h1>{TITLE}</h1>
        <p className="callout">{M.httpMode}</p>
      </>
    );
  }
  const failed = result?.kind === 'error' ? result : undefined;
  const member = result?.kind === 'member' ? result.member : failed?.member;
  const term = result?.kind === 'results' ? result.term : (failed?.term ?? '');
  return (
    <>
      <h1>{TITLE}</h1>
      <FailureSummary failed={failed} />
      <section className="panel stack" aria-labelledby="find-title">
        <h2 id="find-title">ค้นหาสมาชิก</h2>
        <Form method="post" className="stack" noValidate>
          <StaffField
            id="member-q"
            name="q"
            label="เลขที่สมาชิกหรือชื่อ"
            hint="เลขที่สมาชิกทั้งหมด หรือบางส่วนของชื่อหรือนามสกุล"
            error={failed?.field === 'member-q' ? failed.error : undefined}
            defaultValue={term}
            key={`q-${result?.attempt ?? 0}`}
            autoComplete="off"
            spellCheck={false}
            maxLength={SEARCH_MAX}
          />
          <SubmitButton intent="find">ค้นหาสมาชิก</SubmitButton>
        </Form>
        {result?.kind === 'results' ? (
          result.results.length ? (
            <ul className="stack" aria-label="ผลการค้นหา">
              {result.results.map((r) => (
                <li key={r.membershipNo}>
                  <Form method="post" className="staff-inline-form">
                    <input type="hidden" name="membershipNo" value={r.membershipNo} />
                    <span>
                      {r.membershipNo} {r.name}
                      {r.active ? '' : ' (ลาออก)'}
                    </span>
                    <SubmitButton intent="show" secondary>
                      เปิดข้อมูล<span className="visually-hidden"> {r.name}</span>
                    </SubmitButton>
                  </Form>
                </li>
              ))}
            </ul>
          ) : (
            <p role="status">{M.noResults}</p>
          )
        ) : null}
      </section>

      {member ? (
        <MemberPanel
          member={member}
          notice={result?.kind === 'member' ? result.notice : undefined}
          code={result?.kind === 'member' ? result.code : undefined}
          link={result?.kind === 'member' ? result.link : undefined}
          reasonError={failed?.field === 'impersonate-reason' ? failed.error : undefined}
          factorReasonError={failed?.field === 'factor-reason' ? failed.error : undefined}
          impersonation={impersonation}
        />
      ) : null}
    </>
  );
}

function MemberPanel({
  member,
  notice,
  code,
  link,
  reasonError,
  factorReasonError,
  impersonation,
}: {
  member: ShownMember;
  notice?: string;
  code?: { value: string; label: string; until: string };
  link?: { url: string; seconds: number };
  reasonError?: string;
  factorReasonError?: string;
  impersonation: boolean;
}) {
  const purpose = member.registered ? 'forget' : 'register';
  const hidden = <input type="hidden" name="membershipNo" value={member.membershipNo} />;
  return (
    <section className="panel stack" aria-labelledby="member-title">
      <h2 id="member-title">
        สมาชิกเลขที่ {member.membershipNo} {member.name}
      </h2>
      {notice ? (
        <p className="callout" role="status">
          {notice}
        </p>
      ) : null}
      {code ? (
        <div className="callout stack" role="status">
          <p>
            {code.label} สำหรับสมาชิกเลขที่ {member.membershipNo} (แสดงครั้งเดียว ส่งให้สมาชิกด้วยตนเองเท่านั้น):
          </p>
          <p>
            <code className="staff-once" data-testid="member-code">
              {code.value}
            </code>
          </p>
          <p>
            ใช้ได้ครั้งเดียว ถึง {code.until} กรอกผิดได้ไม่เกิน {STAFF_CODE_MAX_TRIES} ครั้ง สมาชิกกรอกรหัสนี้ที่ช่อง “รหัสยืนยัน” ของหน้า
            {member.registered ? 'ลืมรหัสผ่าน' : 'ลงทะเบียน'}หลังกรอกข้อมูลยืนยันตัวตน
          </p>
        </div>
      ) : null}
      {link ? (
        <div className="callout stack" role="status">
          <p>ลิงก์เข้าใช้แทนสมาชิก ใช้ได้ครั้งเดียวภายใน {link.seconds} วินาที และจะไม่แสดงอีก:</p>
          <p>
            <a className="staff-once" href={link.url} data-testid="impersonation-link">
              {link.url}
            </a>
          </p>
        </div>
      ) : null}
      <dl className="staff-facts staff-member-facts">
        <dt>สถานะสมาชิก</dt>
        <dd>{member.status}</dd>
        <dt>การลงทะเบียนออนไลน์</dt>
        <dd>
          {member.registered ? (member.resetRequired ? 'ลงทะเบียนแล้ว ต้องตั้งรหัสผ่านใหม่' : 'ลงทะเบียนแล้ว') : 'ยังไม่ได้ลงทะเบียน'}
        </dd>
        <dt>ช่องทางรับรหัสยืนยัน</dt>
        <dd>
          อีเมล: {member.hasEmail ? 'มี' : 'ไม่มี'} · โทรศัพท์มือถือ: {member.hasMobile ? 'มี' : 'ไม่มี'}
        </dd>
        <dt>การล็อก</dt>
        <dd>
          {member.locks.length ? (
            <ul>
              {member.locks.map((lock) => (
                <li key={lock.label}>
                  {lock.label} ถึง {lock.until}
                </li>
              ))}
            </ul>
          ) : (
            'ไม่ถูกล็อก'
          )}
        </dd>
        <dt>การเข้าสู่ระบบที่ใช้งานอยู่</dt>
        <dd>
          เว็บไซต์ {member.sessions} · แอป {member.tokens}
        </dd>
        <dt>การยืนยันตัวตนสองขั้นตอน</dt>
        <dd>{member.secondFactor ? 'เปิดใช้งานอยู่' : 'ปิดอยู่'}</dd>
        <dt>รหัสที่เจ้าหน้าที่ออกให้</dt>
        <dd>{member.pendingCode ? `${member.pendingCode.label} ใช้ได้ถึง ${member.pendingCode.until}` : 'ไม่มี'}</dd>
      </dl>

      <h3>ปลดล็อก</h3>
      <p>ล้างการล็อกทั้งหมดของสมาชิก และให้สมาชิกออกจากระบบทุกอุปกรณ์ (เว็บไซต์ แอป และลิงก์เข้าใช้แทนที่ยังไม่ได้ใช้)</p>
      <Form method="post">
        {hidden}
        <SubmitButton intent="unlock">ปลดล็อกและออกจากระบบทุกอุปกรณ์</SubmitButton>
      </Form>

      {member.codesLocked ? (
        <>
          <h3>ปลดล็อกรหัสยืนยัน</h3>
          <p>สมาชิกกรอกรหัสยืนยันผิดหรือขอรหัสยืนยันเกินจำนวนครั้งต่อวัน ตรวจบัตรประจำตัวของสมาชิกก่อน การปลดล็อกนี้ไม่ทำให้สมาชิกออกจากระบบ</p>
          <Form method="post">
            {hidden}
            <SubmitButton intent="unlock-codes">ปลดล็อกรหัสยืนยัน</SubmitButton>
          </Form>
        </>
      ) : null}

      <h3>{member.registered ? 'ออกรหัสตั้งรหัสผ่านใหม่' : 'ออกรหัสลงทะเบียน'}</h3>
      {member.hasContact ? (
        <p>{M.codeRefused.has_contact}</p>
      ) : !member.active ? (
        <p>{M.codeRefused.inactive}</p>
      ) : (
        <>
          <p>
            สำหรับสมาชิกที่ไม่มีอีเมลหรือเบอร์โทรศัพท์มือถือในระบบ ตรวจบัตรประจำตัวของสมาชิกก่อน รหัสแสดงครั้งเดียว รหัสเดิมที่เคยออกให้จะใช้ไม่ได้อีก
          </p>
          <Form method="post">
            {hidden}
            <input type="hidden" name="purpose" value={purpose} />
            <SubmitButton intent="code">{member.registered ? 'ออกรหัสตั้งรหัสผ่านใหม่' : 'ออกรหัสลงทะเบียน'}</SubmitButton>
          </Form>
        </>
      )}

      {member.secondFactor ? (
        <>
          <h3>ปิดการยืนยันตัวตนสองขั้นตอน</h3>
          <p>
            สำหรับสมาชิกที่ไม่มีโทรศัพท์เครื่องเดิมและรหัสสำรองแล้ว ตรวจบัตรประจำตัวของสมาชิกก่อน
            เมื่อปิดแล้วการเข้าสู่ระบบจะใช้รหัสผ่านเพียงอย่างเดียว รหัสสำรองเดิมใช้ไม่ได้อีก และสมาชิกเปิดใช้ใหม่ได้เองที่หน้าความปลอดภัยของบัญชี
          </p>
          <Form method="post" className="stack" noValidate>
            {hidden}
            <ReasonField id="factor-reason" error={factorReasonError} />
            <SubmitButton intent="remove-factor" secondary>
              ปิดการยืนยันตัวตนสองขั้นตอนของสมาชิก
            </SubmitButton>
          </Form>
        </>
      ) : null}

      <h3>เข้าใช้แทนสมาชิก</h3>
      {impersonation ? (
        member.active ? (
          <Form method="post" className="stack" noValidate>
            {hidden}
            <ReasonField id="impersonate-reason" error={reasonError} />
            <SubmitButton intent="impersonate" secondary>
              ออกลิงก์เข้าใช้แทนสมาชิก
            </SubmitButton>
          </Form>
        ) : (
          <p>{M.notActive}</p>
        )
      ) : (
        <p>{M.impersonationOff}</p>
      )}
    </section>
  );
}
