import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';

import { AuthenticatorSteps } from '~/components/authenticator-steps';
import { ErrorSummary, type SummaryItem } from '~/components/error-summary';
import { FieldShell } from '~/components/field-shell';
import { FreshRecoveryCodes } from '~/components/recovery-codes';
import { SECURITY_FIELD_MAX, type SecurityIntent } from '~/lib/forms/account-security';
import { SECOND_FACTOR_MESSAGES as M } from '~/lib/forms/second-factor';
import { titleFor } from '~/lib/meta';
import { formatDateTime } from '~/lib/thai-format';
import {
  endEverywhereElse,
  endSession,
  listApiTokens,
  listSessions,
  secondFactorView,
} from '~/server/auth/account-security.server';
import { parseSecurityForm } from '~/server/auth/account-security-form.server';
import { app } from '~/server/app.server';
import { audit, refusedToStaff } from '~/server/audit.server';
import { requireMember } from '~/server/auth/auth.server';
import { confirmIdentity } from '~/server/auth/reauth.server';
import { newSessionId, renewSessionId } from '~/server/auth/session.server';
import { setFlash, type Flash } from '~/server/flash.server';
import { clear, hit, peek } from '~/server/rate-limit.server';
import { memberSubject, memberTotp } from '~/server/auth/second-factor.server';
import type { RouteHandle } from '~/root';

/** Wrong enrolment codes per member in the window. */
const MAX_ENROL_FAILURES = 10;
const WINDOW_MS = 15 * 60_000;
type Intent = SecurityIntent;
/** Changes of the account's security: each asks for the current password in its form (ADR 090). */
const REAUTH: ReadonlySet<Intent> = new Set([
  'start',
  'confirm',
  'regenerate',
  'disable',
  'end-session',
  'revoke-token',
  'end-others',
]);

/** The id of a form's password field: one per form (a form of a listed item names its item). */
function passwordFieldId(intent: Intent, item?: string): string {
  return item ? `${intent}-password-${item.slice(0, 16)}` : `${intent}-password`;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context);
  const [factor, sessions, tokens] = await Promise.all([
    secondFactorView(member),
    listSessions(member),
    listApiTokens(member),
  ]);
  return json({
    acting: member.actingStaff !== null,
    factor,
    sessions: sessions.map((s) => ({
      id: s.id,
      device: s.device,
      ip: s.ip,
      lastSeen: formatDateTime(s.lastSeenAt),
      since: formatDateTime(s.createdAt),
      current: s.current,
      staff: s.actingStaff !== null,
    })),
    tokens: tokens?.map((t) => ({
      id: t.id,
      issued: formatDateTime(t.issuedAt),
      expires: formatDateTime(t.expiresAt),
    })),
  });
}

type Failure = { intent: Intent; field?: string; error: string; attempt: number };

export async function action({ request, context }: ActionFunctionArgs) {
  const member = await requireMember(request, context);
  // The page's schema, on the server (ADR 125): an intent not of this page is not found.
  const form = parseSecurityForm(await request.formData());
  if (!form) return json({ intent: 'start', error: M.notFound, attempt: Date.now() } as Failure, { status: 400 });
  const { intent, currentPassword, code, id } = form;
  const ip = context.clientAddress;
  const membershipNo = member.membershipNo;

  // Security settings are the member's alone (ADR 010).
  if (await refusedToStaff(member, ip, `security ${intent}`)) {
    return json({ intent, error: M.acting, attempt: Date.now() } as Failure, { status: 403 });
  }

  const fail = (status: number, error: string, field?: string) => {
    context.formErrors = true;
    return json({ intent, field, error, attempt: Date.now() } as Failure, { status });
  };
  // A change made with the password confirmed continues the session under a new id (ASVS 7.2.4), given
  // as the action redirects (a page rendered by this request still reads the old cookie); fresh recovery
  // codes are kept for the new id already.
  const next = REAUTH.has(intent) ? newSessionId() : null;
  const holder = next?.idHash ?? member.session.idHash;
  const done = async (flash: Flash | null) => {
    const headers = new Headers();
    const renewed = next ? await renewSessionId(member.session, next) : null;
    if (renewed) headers.append('Set-Cookie', renewed.setCookie);
    if (flash) headers.append('Set-Cookie', await setFlash(flash));
    return redirect('/member/security', { headers });
  };

  if (REAUTH.has(intent)) {
    const field = passwordFieldId(intent, intent === 'end-session' || intent === 'revoke-token' ? id : undefined);
    const confirmed = await confirmIdentity(member, currentPassword);
    if (!confirmed.ok) {
      if (confirmed.reason === 'wrong') {
        // A refused attempt to turn the factor off keeps its own event; the other changes share one.
        if (intent === 'disable') await audit('totp_disable_failed', { membershipNo, ip });
        else await audit('reauth_failed', { membershipNo, ip, detail: intent });
      }
      switch (confirmed.reason) {
        case 'required':
          return fail(400, M.passwordRequired, field);
        case 'wrong':
          return fail(400, M.passwordWrong, field);
        case 'locked':
          return fail(429, M.tooMany(confirmed.minutes), field);
        case 'unavailable':
          return fail(503, M.unavailable, field);
      }
    }
  }

  const totp = await memberTotp();
  const subject = memberSubject(membershipNo);
  switch (intent) {
    case 'start': {
      if (await totp.startEnrolment(subject)) await audit('totp_enrolment_started', { membershipNo, ip });
      return done(null);
    }
    case 'cancel': {
      if ((await totp.status(subject)).pending) await totp.disable(subject);
      return done(null);
    }
    case 'confirm': {
      const key = `totp:enrol:member:${membershipNo}`;
      const count = (await peek([key])).get(key);
      if (count && count.count >= MAX_ENROL_FAILURES) {
        return fail(429, M.tooMany(minutesUntil(count.resetAt)), 'enrol-code');
      }
      const result = await totp.confirmEnrolment(subject, code, holder);
      if (!result.ok) {
        await hit(key, WINDOW_MS);
        await audit('totp_enrolment_failed', { membershipNo, ip });
        return fail(400, code.trim() ? M.enrolWrong : M.codeRequired, 'enrol-code');
      }
      await clear(key);
      await audit('totp_enabled', { membershipNo, ip });
      return done({ kind: 'success', text: M.enabled });
    }
    case 'dismiss-codes': {
      await totp.dismissRecoveryCodes(subject);
      return done({ kind: 'info', text: M.codesKept });
    }
    case 'regenerate': {
      if (!(await totp.regenerateRecoveryCodes(subject, holder))) return done(null);
      await audit('recovery_codes_regenerated', { membershipNo, ip });
      return done({ kind: 'success', text: M.regenerated });
    }
    case 'disable': {
      if (!(await totp.disable(subject))) return done(null);
      await audit('totp_disabled', { membershipNo, ip, detail: 'password' });
      return done({ kind: 'success', text: M.disabled });
    }
    case 'end-session': {
      if (!(await endSession(member, id))) return done({ kind: 'error', text: M.notFound });
      await audit('session_ended', { membershipNo, ip });
      return done({ kind: 'success', text: M.sessionEnded });
    }
    case 'revoke-token': {
      const { backend } = await app();
      const revoked = backend.revokeApiToken ? await backend.revokeApiToken(member.credentials, id) : false;
      if (!revoked) return done({ kind: 'error', text: M.notFound });
      await audit('api_token_revoked', { membershipNo, ip });
      return done({ kind: 'success', text: M.tokenRevoked });
    }
    case 'end-others': {
      const ended = await endEverywhereElse(member);
      await audit('other_sessions_ended', {
        membershipNo,
        ip,
        detail: `sessions=${ended.sessions}; tokens=${ended.tokens}`,
      });
      return done({ kind: 'success', text: M.othersEnded });
    }
  }
}

function minutesUntil(at: number): number {
  return Math.max(1, Math.ceil((at - Date.now()) / 60_000));
}

/** This page hydrates: its steps change in place with React (ADR 085). */
export const handle: RouteHandle = { hydrate: true };

export const meta: MetaFunction = (args) => [titleFor(args, M.pageTitle)];

export default function SecurityPage() {
  const { acting, factor, sessions, tokens } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>() as Failure | undefined;
  const errors: SummaryItem[] = failed ? [{ fieldId: failed.field, message: failed.error }] : [];
  const others = sessions.filter((s) => !s.current).length + (tokens?.length ?? 0);
  /** The current-password field of a form (ADR 090). */
  const reauth = (intent: Intent, item?: { id: string; name: string }) => (
    <CurrentPassword
      id={passwordFieldId(intent, item?.id)}
      name={item?.name}
      error={failed && failed.field === passwordFieldId(intent, item?.id) ? failed.error : undefined}
    />
  );
  return (
    <>
      <h1>{M.pageTitle}</h1>
      {acting ? <p className="callout">{M.acting}</p> : null}
      <ErrorSummary key={failed?.attempt ?? 0} items={errors} />

      <section className="panel stack security-section" aria-labelledby="two-step-title">
        <h2 id="two-step-title">การยืนยันตัวตนสองขั้นตอน</h2>
        {factor.freshCodes ? <RecoveryCodes codes={factor.freshCodes} /> : null}
        {factor.enabled ? (
          <EnabledFactor left={factor.recoveryCodesLeft} reauth={reauth} />
        ) : factor.enrolment ? (
          <Enrolment secret={factor.enrolment.secret} qr={factor.enrolment.qr} failed={failed} reauth={reauth} />
        ) : (
          <>
            <p>
              <span className="badge tone--gray">ปิดอยู่</span>
            </p>
            <p>
              เพิ่มความปลอดภัยโดยให้ระบบถามรหัส 6 หลักจากแอปยืนยันตัวตนบนโทรศัพท์ (เช่น Google Authenticator หรือ Microsoft
              Authenticator) ทุกครั้งหลังกรอกรหัสผ่าน ผู้ที่รู้รหัสผ่านของท่านจะเข้าสู่ระบบไม่ได้หากไม่มีโทรศัพท์ของท่าน
            </p>
            <Form method="post" className="stack" noValidate>
              {reauth('start')}
              <SubmitButton intent="start">เปิดใช้การยืนยันตัวตนสองขั้นตอน</SubmitButton>
            </Form>
          </>
        )}
      </section>

      <section className="panel stack security-section" aria-labelledby="sessions-title">
        <h2 id="sessions-title">อุปกรณ์ที่เข้าสู่ระบบอยู่</h2>
        <ul className="cards security-list">
          {sessions.map((s) => (
            <li key={s.id} className="panel security-item">
              <p className="security-item__name">
                {s.device}
                {s.current ? <span className="badge tone--green">อุปกรณ์นี้</span> : null}
                {s.staff ? <span className="badge tone--gray">เจ้าหน้าที่ดำเนินการแทน</span> : null}
              </p>
              <dl className="security-item__facts">
                <div>
                  <dt>ที่อยู่ IP</dt>
                  <dd>{s.ip ?? 'ไม่ทราบ'}</dd>
                </div>
                <div>
                  <dt>ใช้งานล่าสุด</dt>
                  <dd>{s.lastSeen}</dd>
                </div>
                <div>
                  <dt>เข้าสู่ระบบเมื่อ</dt>
                  <dd>{s.since}</dd>
                </div>
              </dl>
              {s.current ? null : (
                <Form method="post" className="stack" noValidate>
                  <input type="hidden" name="id" value={s.id} />
                  {reauth('end-session', { id: s.id, name: s.device })}
                  <SubmitButton intent="end-session" secondary>
                    ออกจากระบบอุปกรณ์นี้<span className="visually-hidden"> ({s.device})</span>
                  </SubmitButton>
                </Form>
              )}
            </li>
          ))}
        </ul>
      </section>

      <section className="panel stack security-section" aria-labelledby="tokens-title">
        <h2 id="tokens-title">โทเคนของแอปพลิเคชัน</h2>
        {tokens === undefined ? (
          <p>โทเคนที่แอปพลิเคชันของสหกรณ์ใช้เข้าถึงข้อมูลของท่านจัดการโดยระบบหลักของสหกรณ์ ไม่สามารถดูหรือยกเลิกจากหน้านี้ได้</p>
        ) : tokens.length === 0 ? (
          <p>ไม่มีแอปพลิเคชันที่เข้าสู่ระบบด้วยบัญชีของท่านอยู่ในขณะนี้</p>
        ) : (
          <ul className="cards security-list">
            {tokens.map((t, index) => (
              <li key={t.id} className="panel security-item">
                <p className="security-item__name">แอปพลิเคชัน {index + 1}</p>
                <dl className="security-item__facts">
                  <div>
                    <dt>ออกให้เมื่อ</dt>
                    <dd>{t.issued}</dd>
                  </div>
                  <div>
                    <dt>หมดอายุ</dt>
                    <dd>{t.expires}</dd>
                  </div>
                </dl>
                <Form method="post" className="stack" noValidate>
                  <input type="hidden" name="id" value={t.id} />
                  {reauth('revoke-token', { id: t.id, name: `แอปพลิเคชัน ${index + 1}` })}
                  <SubmitButton intent="revoke-token" secondary>
                    ยกเลิกโทเคน<span className="visually-hidden"> แอปพลิเคชัน {index + 1}</span>
                  </SubmitButton>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="panel stack security-section" aria-labelledby="everywhere-title">
        <h2 id="everywhere-title">ออกจากระบบทุกอุปกรณ์</h2>
        <p>อุปกรณ์และแอปพลิเคชันอื่นทั้งหมดจะต้องเข้าสู่ระบบใหม่ อุปกรณ์นี้ยังคงเข้าสู่ระบบอยู่</p>
        <Form method="post" className="stack" noValidate>
          {others === 0 ? null : reauth('end-others')}
          <SubmitButton intent="end-others" disabled={others === 0}>
            ออกจากระบบทุกอุปกรณ์
          </SubmitButton>
        </Form>
      </section>
    </>
  );
}

type Reauth = (intent: Intent, item?: { id: string; name: string }) => ReactNode;

function Enrolment({
  secret,
  qr,
  failed,
  reauth,
}: {
  secret: string;
  qr: string;
  failed: Failure | undefined;
  reauth: Reauth;
}) {
  const error = failed?.field === 'enrol-code' ? failed.error : undefined;
  return (
    <>
      <AuthenticatorSteps qr={qr} secret={secret} qrClassName="security-qr" secretClassName="security-secret" />
      <Form method="post" className="stack" noValidate>
        <CodeField id="enrol-code" name="code" label="รหัส 6 หลักจากแอป" error={error} numeric />
        {reauth('confirm')}
        <div className="security-actions">
          <SubmitButton intent="confirm">ยืนยันและเปิดใช้งาน</SubmitButton>
        </div>
      </Form>
      <Form method="post">
        <SubmitButton intent="cancel" secondary>
          ยกเลิกการตั้งค่า
        </SubmitButton>
      </Form>
    </>
  );
}

function EnabledFactor({ left, reauth }: { left: number; reauth: Reauth }) {
  return (
    <>
      <p>
        <span className="badge tone--green">เปิดใช้งานอยู่</span>
      </p>
      <p>ทุกครั้งที่เข้าสู่ระบบ ระบบจะถามรหัส 6 หลักจากแอปยืนยันตัวตนหลังรหัสผ่าน</p>
      <h3>รหัสสำรอง</h3>
      <p>เหลือรหัสสำรองที่ยังไม่ได้ใช้ {left} รหัส ใช้แทนรหัสจากแอปเมื่อไม่มีโทรศัพท์ รหัสละหนึ่งครั้ง</p>
      <Form method="post" className="stack" noValidate>
        {reauth('regenerate')}
        <SubmitButton intent="regenerate" secondary>
          สร้างรหัสสำรองชุดใหม่
        </SubmitButton>
      </Form>
      <h3>ปิดการยืนยันตัวตนสองขั้นตอน</h3>
      <Form method="post" className="stack" noValidate>
        <p>เมื่อปิดแล้ว การเข้าสู่ระบบจะใช้รหัสผ่านเพียงอย่างเดียว และรหัสสำรองทั้งหมดจะใช้ไม่ได้อีก</p>
        {reauth('disable')}
        <div className="security-actions">
          <SubmitButton intent="disable" secondary>
            ปิดการยืนยันตัวตนสองขั้นตอน
          </SubmitButton>
        </div>
      </Form>
    </>
  );
}

/**
 * The current password a change of the account's security asks for (ADR 090). `name` names the
 * listed item the form acts on, for screen readers.
 */
function CurrentPassword({ id, name, error }: { id: string; name?: string; error: string | undefined }) {
  return (
    <FieldShell
      id={id}
      label={
        <>
          {M.passwordLabel}
          {name ? <span className="visually-hidden"> ({name})</span> : null}
        </>
      }
      hint={M.passwordHint}
      error={error}
    >
      {(control) => (
        <input
          {...control}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          maxLength={SECURITY_FIELD_MAX}
        />
      )}
    </FieldShell>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <FreshRecoveryCodes
      codes={codes}
      title="รหัสสำรองของท่าน"
      titleId="recovery-title"
      level={3}
      className="callout stack"
      listClassName="security-codes"
    >
      <Form method="post">
        <SubmitButton intent="dismiss-codes">บันทึกรหัสสำรองแล้ว</SubmitButton>
      </Form>
    </FreshRecoveryCodes>
  );
}

function CodeField({
  id,
  name,
  label,
  error,
  numeric = false,
}: {
  id: string;
  name: string;
  label: string;
  error: string | undefined;
  numeric?: boolean;
}) {
  return (
    <FieldShell id={id} label={label} error={error}>
      {(control) => (
        <input
          {...control}
          name={name}
          type="text"
          inputMode={numeric ? 'numeric' : 'text'}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={40}
        />
      )}
    </FieldShell>
  );
}

function SubmitButton({
  intent,
  secondary = false,
  disabled = false,
  children,
}: {
  intent: Intent;
  secondary?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className={`button${secondary ? ' button--secondary' : ''}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
