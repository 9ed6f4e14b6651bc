import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';

import {
  CurrentPasswordField,
  FailureSummary,
  NewPasswordFields,
  StaffFreshCodes,
  SubmitButton,
} from '~/components/staff/fields';
import { PASSWORD_MAX } from '~/lib/forms/password-rules';
import { titleFor } from '~/lib/meta';
import { STAFF_ROLE_LABELS } from '~/lib/staff';
import { audit } from '~/server/audit.server';
import { setFlash } from '~/server/flash.server';
import { staffSubject } from '~/server/staff/accounts.server';
import { formText } from '~/server/staff/form.server';
import { requireStaff } from '~/server/staff/guard.server';
import { staffTotp } from '~/server/staff/login.server';
import { OWN_ACCOUNT_MESSAGES as M } from '~/server/staff/own-account.server';
import { presentedStaffId } from '~/server/staff/session.server';
import { staffStore } from '~/server/staff/store.server';
import { PRIVATE_NO_STORE } from '~/server/http/responses.server';

/**
 * A staff member's own account (ADR 101), for every role: change the password, make new recovery
 * codes (shown once, to this session, until kept). Plain forms: POST → 303 with a flash, or the form
 * again with the GOV.UK error summary.
 */
const TITLE = 'บัญชีของฉัน';

/** The session hash `requireStaff` has just accepted (the cookie it read). */
async function sessionOf(request: Request): Promise<string> {
  const idHash = await presentedStaffId(request);
  if (!idHash) throw redirect('/staff/login', { headers: PRIVATE_NO_STORE });
  return idHash;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaff(request);
  const idHash = await sessionOf(request);
  const totp = await staffTotp();
  const subject = staffSubject(user.id);
  const [status, codes] = await Promise.all([totp.status(subject), totp.revealedRecoveryCodes(subject, idHash)]);
  return json(
    {
      user: { username: user.username, displayName: user.displayName, role: user.role },
      codesLeft: status.recoveryCodesLeft,
      codes,
    },
    { headers: PRIVATE_NO_STORE },
  );
}

type Failure = { field: string; error: string; attempt: number };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireStaff(request);
  const idHash = await sessionOf(request);
  const form = await request.formData();
  const intent = formText(form, 'intent', 20);
  const { own } = await staffStore();
  const fail = (field: string, error: string) => {
    context.formErrors = true;
    return json({ field, error, attempt: Date.now() } as Failure, { status: 400, headers: PRIVATE_NO_STORE });
  };
  const done = async (text: string) =>
    redirect('/staff/account', {
      status: 303,
      headers: { ...PRIVATE_NO_STORE, 'Set-Cookie': await setFlash({ kind: 'success', text }) },
    });

  if (intent === 'password') {
    const outcome = await own.ownAccount.changePassword(user, idHash, {
      current: formText(form, 'current', PASSWORD_MAX * 4),
      password: formText(form, 'password', PASSWORD_MAX * 4),
      confirm: formText(form, 'confirm', PASSWORD_MAX * 4),
    });
    if (!outcome.ok) return fail(outcome.field === 'current' ? 'account-current' : 'account-password', outcome.message);
    return done(M.changed);
  }
  if (intent === 'codes') {
    const outcome = await own.ownAccount.regenerateRecoveryCodes(
      user,
      idHash,
      formText(form, 'current', PASSWORD_MAX * 4),
    );
    if (!outcome.ok) return fail('codes-current', outcome.message);
    return done(M.codesMade);
  }
  if (intent === 'codes-kept') {
    const totp = await staffTotp();
    const subject = staffSubject(user.id);
    if (await totp.revealedRecoveryCodes(subject, idHash)) {
      await totp.dismissRecoveryCodes(subject);
      await audit('staff_recovery_codes_kept', { actor: user.username });
    }
    return done(M.codesKept);
  }
  return fail('account-current', M.currentRequired);
}

export const meta: MetaFunction = (args) => [titleFor(args, TITLE)];

export default function StaffAccountPage() {
  const { user, codesLeft, codes } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>() as Failure | undefined;
  const fieldError = (id: string) => (failed?.field === id ? failed.error : undefined);
  return (
    <>
      <h1>{TITLE}</h1>
      <FailureSummary failed={failed} />
      <p>
        {user.displayName} ชื่อผู้ใช้ <strong>{user.username}</strong> สิทธิ์ {STAFF_ROLE_LABELS[user.role]}
      </p>

      {codes ? (
        <StaffFreshCodes
          codes={codes}
          title="รหัสสำรองชุดใหม่ของท่าน"
          titleId="new-codes-title"
          className="callout stack"
          intent="codes-kept"
        />
      ) : null}

      <section className="panel stack" aria-labelledby="password-title">
        <h2 id="password-title">เปลี่ยนรหัสผ่าน</h2>
        <p>เมื่อเปลี่ยนรหัสผ่านแล้ว อุปกรณ์อื่นที่เข้าสู่ระบบด้วยบัญชีนี้จะถูกออกจากระบบ</p>
        <Form method="post" className="stack" noValidate>
          <CurrentPasswordField id="account-current" error={fieldError('account-current')} />
          <NewPasswordFields idPrefix="account" label="รหัสผ่านใหม่" error={fieldError('account-password')} />
          <SubmitButton intent="password">เปลี่ยนรหัสผ่าน</SubmitButton>
        </Form>
      </section>

      <section className="panel stack" aria-labelledby="codes-title">
        <h2 id="codes-title">รหัสสำรอง</h2>
        <p data-testid="codes-left">เหลือรหัสสำรองที่ยังไม่ได้ใช้ {codesLeft} รหัส</p>
        <p>สร้างรหัสสำรองชุดใหม่เมื่อใช้ไปมากแล้วหรือเกรงว่าผู้อื่นอาจเห็น รหัสชุดเดิมทั้งหมดจะใช้ไม่ได้อีก</p>
        <Form method="post" className="stack" noValidate>
          <CurrentPasswordField id="codes-current" error={fieldError('codes-current')} />
          <SubmitButton intent="codes" secondary>
            สร้างรหัสสำรองชุดใหม่
          </SubmitButton>
        </Form>
      </section>
    </>
  );
}
