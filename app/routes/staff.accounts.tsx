import { getFormProps, getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import type * as z from 'zod';

import { FieldShell } from '~/components/field-shell';
import { ErrorSummary, Field, summaryItems } from '~/components/forms';
import { ConfirmAction, ConfirmStep } from '~/components/staff/confirm-action';
import { SubmitButton } from '~/components/staff/fields';
import { DISPLAY_NAME_MAX, STAFF_ACCOUNT_MESSAGES, StaffAccountFormSchema } from '~/lib/forms/staff-accounts';
import { titleFor } from '~/lib/meta';
import type { RouteHandle } from '~/root';
import type { StaffRole } from '~/server/staff/guard.server';
import { STAFF_ROLE_LABELS, STAFF_ROLES } from '~/lib/staff';
import { formatDateTime } from '~/lib/thai-format';
import { env } from '~/server/env.server';
import { setFlash } from '~/server/flash.server';
import { enrolUrl, staffSubject } from '~/server/staff/accounts.server';
import { requireStaff, staffAudit } from '~/server/staff/guard.server';
import { staffTotp } from '~/server/staff/login.server';
import { staffStore } from '~/server/staff/store.server';
import dialogStyles from '~/styles/staff-dialog.css';
import { PRIVATE_NO_STORE } from '~/server/http/responses.server';

/** Hydrates for the confirmation dialog (Radix AlertDialog, ADR 119); without script the server asks. */
export const handle: RouteHandle = { hydrate: true };

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: dialogStyles }];

const TITLE = 'บัญชีเจ้าหน้าที่';

const M = {
  ...STAFF_ACCOUNT_MESSAGES,
  created: (username: string) => `สร้างบัญชี ${username} แล้ว`,
  taken: 'มีบัญชีเจ้าหน้าที่ชื่อผู้ใช้นี้อยู่แล้ว',
  self: 'ไม่สามารถเปลี่ยนสิทธิ์ ปิดใช้งาน หรือตั้งค่าใหม่ให้บัญชีของตนเองได้',
  lastAdmin: 'ต้องมีผู้ดูแลระบบที่ใช้งานได้อย่างน้อยหนึ่งบัญชี',
  roleChanged: (username: string) => `เปลี่ยนสิทธิ์ของ ${username} แล้ว`,
  disabled: (username: string) => `ปิดใช้งานบัญชี ${username} แล้ว`,
  enabled: (username: string) => `เปิดใช้งานบัญชี ${username} แล้ว`,
  reset: (username: string) => `ตั้งค่าบัญชี ${username} ใหม่แล้ว`,
  unlocked: (username: string) => `ปลดล็อกการเข้าสู่ระบบของ ${username} แล้ว`,
  notLocked: (username: string) => `การเข้าสู่ระบบของ ${username} ไม่ได้ถูกล็อก`,
};

/** What disabling or resetting a colleague does, said before it is done (ADR 119). */
const CONFIRM = {
  disable: {
    title: (username: string) => `ปิดใช้งานบัญชี ${username}?`,
    consequences: (username: string) => [
      `${username} จะออกจากระบบทันทีในทุกอุปกรณ์ และเข้าสู่ระบบไม่ได้จนกว่าผู้ดูแลระบบจะเปิดใช้งานอีกครั้ง`,
      'บัญชีและประวัติการทำงานในบันทึกการตรวจสอบยังอยู่ครบ เปิดใช้งานอีกครั้งได้ภายหลัง',
    ],
    confirm: 'ยืนยันการปิดใช้งาน',
  },
  reset: {
    title: (username: string) => `ตั้งค่าบัญชี ${username} ใหม่?`,
    consequences: (username: string) => [
      `รหัสผ่านและแอปยืนยันตัวตนเดิมของ ${username} จะใช้ไม่ได้ทันที และ ${username} จะออกจากระบบในทุกอุปกรณ์`,
      'ระบบจะสร้างลิงก์ตั้งค่าบัญชีใหม่ที่ใช้ได้ครั้งเดียว ท่านต้องส่งลิงก์นั้นให้เจ้าของบัญชีด้วยตนเองหรือทางช่องทางที่ปลอดภัย',
    ],
    confirm: 'ยืนยันการตั้งค่าบัญชีใหม่',
  },
} as const;

function Consequences({ lines }: { lines: readonly string[] }) {
  return (
    <ul>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaff(request, 'admin');
  const { own } = await staffStore();
  const accounts = await own.accounts.list();
  const locked = await Promise.all(accounts.map((a) => own.accounts.signInLocked(a)));
  return json(
    {
      me: user.id,
      accounts: accounts.map((a, i) => ({
        id: a.id,
        username: a.username,
        displayName: a.displayName,
        role: a.role,
        state: a.disabledAt !== null ? 'disabled' : a.enrolledAt !== null ? 'active' : 'waiting',
        locked: locked[i] ?? false,
        since: formatDateTime(a.createdAt),
      })),
    },
    { headers: PRIVATE_NO_STORE },
  );
}

type ActionData =
  | { kind: 'link'; username: string; link: string; until: string; message: string }
  /** The unlock asks once more before it is done (a form of its own: no script needed). */
  | { kind: 'confirm-unlock'; id: number; username: string }
  /** Disabling or resetting a colleague asks first; without script this is that question's page (ADR 119). */
  | { kind: 'confirm'; intent: 'disable' | 'reset'; id: number; username: string }
  /** The new account's fields refused: conform's submission result, for the form's fields. */
  | { kind: 'create-error'; result: SubmissionResult<string[]>; attempt: number }
  | { kind: 'error'; error: string; attempt: number };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireStaff(request, 'admin');
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: StaffAccountFormSchema });
  const { accounts, sessions } = (await staffStore()).own;
  const fail = (status: number, error: string) => {
    context.formErrors = true;
    return json({ kind: 'error', error, attempt: Date.now() } as ActionData, { status, headers: PRIVATE_NO_STORE });
  };
  const refuseFields = (result: SubmissionResult<string[]>) => {
    context.formErrors = true;
    return json({ kind: 'create-error', result, attempt: Date.now() } as ActionData, {
      status: 400,
      headers: PRIVATE_NO_STORE,
    });
  };
  const done = async (text: string) =>
    redirect('/staff/accounts', {
      status: 303,
      headers: { ...PRIVATE_NO_STORE, 'Set-Cookie': await setFlash({ kind: 'success', text }) },
    });
  const showLink = (username: string, token: string, expiresAt: number, message: string) =>
    json(
      {
        kind: 'link',
        username,
        link: enrolUrl(env().publicUrl, token),
        until: formatDateTime(expiresAt),
        message,
      } as ActionData,
      { headers: PRIVATE_NO_STORE },
    );

  if (submission.status !== 'success') {
    if (submission.payload.intent === 'create') return refuseFields(submission.reply());
    // A button's post that no page writes: an account that is not there, a role not offered.
    if (submission.error?.id) return fail(404, M.notFound);
    return fail(400, submission.error?.role ? M.badRole : M.notFound);
  }
  const posted = submission.value;

  if (posted.intent === 'create') {
    const { role } = posted;
    const created = await accounts.create({
      username: posted.username,
      displayName: posted.displayName,
      role,
    });
    if (!created.ok) {
      const field = created.reason === 'bad_name' ? 'displayName' : 'username';
      const message = created.reason === 'bad_name' ? M.badName : created.reason === 'taken' ? M.taken : M.badUsername;
      return refuseFields(submission.reply({ fieldErrors: { [field]: [message] } }));
    }
    await staffAudit(request, user, 'account_created', { target: `${created.account.username}; role=${role}` });
    return showLink(created.account.username, created.token, created.expiresAt, M.created(created.account.username));
  }

  const id = posted.id;
  const account = await accounts.findById(id);
  if (!account) return fail(404, M.notFound);
  if (account.id === user.id) return fail(400, M.self);
  const isActiveAdmin = account.role === 'admin' && account.disabledAt === null && account.enrolledAt !== null;
  const lastAdmin = isActiveAdmin && (await accounts.activeAdminCount()) <= 1;
  const confirmFirst = (which: 'disable' | 'reset') =>
    json({ kind: 'confirm', intent: which, id: account.id, username: account.username } as ActionData, {
      headers: PRIVATE_NO_STORE,
    });
  const confirmed = 'confirmed' in posted && posted.confirmed;

  switch (posted.intent) {
    case 'role': {
      const { role } = posted;
      if (role === account.role) return done(M.roleChanged(account.username));
      if (lastAdmin) return fail(400, M.lastAdmin);
      const changed = await accounts.setRole(account.id, role);
      if (changed !== 'changed') return changed === 'last_admin' ? fail(400, M.lastAdmin) : fail(404, M.notFound);
      // A new role takes effect at the next sign-in: the sessions of the old one end.
      await sessions.endAll(account.id);
      await staffAudit(request, user, 'role_changed', { target: `${account.username}; ${account.role} → ${role}` });
      return done(M.roleChanged(account.username));
    }
    case 'disable': {
      if (lastAdmin) return fail(400, M.lastAdmin);
      if (!confirmed) return confirmFirst('disable');
      const changed = await accounts.setDisabled(account.id, true);
      if (changed !== 'changed') return changed === 'last_admin' ? fail(400, M.lastAdmin) : fail(404, M.notFound);
      await sessions.endAll(account.id);
      await staffAudit(request, user, 'account_disabled', { target: account.username });
      return done(M.disabled(account.username));
    }
    case 'enable': {
      if ((await accounts.setDisabled(account.id, false)) === 'missing') return fail(404, M.notFound);
      await staffAudit(request, user, 'account_enabled', { target: account.username });
      return done(M.enabled(account.username));
    }
    case 'unlock': {
      return json({ kind: 'confirm-unlock', id: account.id, username: account.username } as ActionData, {
        headers: PRIVATE_NO_STORE,
      });
    }
    case 'unlock-confirm': {
      const removed = await accounts.unlockSignIn(account);
      if (removed === 0) return done(M.notLocked(account.username));
      await staffAudit(request, user, 'sign_in_unlocked', { target: account.username });
      return done(M.unlocked(account.username));
    }
    case 'reset': {
      if (lastAdmin) return fail(400, M.lastAdmin);
      if (!confirmed) return confirmFirst('reset');
      const reset = await accounts.resetEnrolment(account.id);
      if (reset === 'last_admin') return fail(400, M.lastAdmin);
      if (reset === 'missing') return fail(404, M.notFound);
      await (await staffTotp()).disable(staffSubject(account.id));
      await sessions.endAll(account.id);
      await staffAudit(request, user, 'enrolment_reset', { target: account.username });
      return showLink(account.username, reset.token, reset.expiresAt, M.reset(account.username));
    }
  }
}

export const meta: MetaFunction = (args) => [titleFor(args, TITLE)];

const STATE_LABELS = { active: 'ใช้งานได้', waiting: 'รอตั้งค่าบัญชี', disabled: 'ปิดใช้งาน' } as const;
const LOCKED_LABEL = 'ล็อกการเข้าสู่ระบบ';

/** The role select of an account form (conform's `role` field), its error beside it. */
function RoleField({ meta, label }: { meta: FieldMetadata<string>; label: string }) {
  const { key, ...selectProps } = getSelectProps(meta, { ariaAttributes: false });
  return (
    <FieldShell id={meta.id} errorId={meta.errorId} label={label} error={meta.errors?.[0]}>
      {(control) => (
        <select key={key} {...selectProps} {...control}>
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {STAFF_ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

/**
 * A colleague's role: checked in the browser with the action's schema. Its refusals (the last admin,
 * one's own account) are the server's and show in the page's error summary.
 */
function RoleForm({ id, username, role }: { id: number; username: string; role: StaffRole }) {
  const [form, fields] = useForm<z.input<typeof StaffAccountFormSchema>, z.output<typeof StaffAccountFormSchema>>({
    id: `account-${id}`,
    defaultValue: { intent: 'role', id: String(id), role },
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: StaffAccountFormSchema }),
  });
  return (
    <Form method="post" className="staff-inline-form" {...getFormProps(form)}>
      <input type="hidden" name="id" value={id} />
      <RoleField meta={fields.role} label={`สิทธิ์ของ ${username}`} />
      <SubmitButton intent="role" secondary>
        เปลี่ยนสิทธิ์<span className="visually-hidden"> ของ {username}</span>
      </SubmitButton>
    </Form>
  );
}

export default function StaffAccountsPage() {
  const { me, accounts } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionData | undefined;
  const failed = result?.kind === 'error' || result?.kind === 'create-error' ? result : undefined;
  const [createForm, fields] = useForm<z.input<typeof StaffAccountFormSchema>, z.output<typeof StaffAccountFormSchema>>(
    {
      id: 'new',
      lastResult: result?.kind === 'create-error' ? result.result : undefined,
      defaultValue: { intent: 'create', role: 'support' },
      shouldValidate: 'onSubmit',
      shouldRevalidate: 'onInput',
      onValidate: ({ formData }) => parseWithZod(formData, { schema: StaffAccountFormSchema }),
    },
  );
  if (result?.kind === 'confirm') {
    const text = CONFIRM[result.intent];
    return (
      <ConfirmStep
        action="/staff/accounts"
        fields={{ intent: result.intent, id: result.id }}
        title={text.title(result.username)}
        description={<Consequences lines={text.consequences(result.username)} />}
        confirmLabel={text.confirm}
        danger
        cancelHref="/staff/accounts"
      />
    );
  }
  return (
    <>
      <h1>{TITLE}</h1>
      <ErrorSummary
        key={failed?.attempt ?? 0}
        items={[
          ...summaryItems([fields.username, fields.displayName, fields.role], createForm.errors),
          ...(result?.kind === 'error' ? [{ message: result.error }] : []),
        ]}
      />
      {result?.kind === 'link' ? (
        <section className="callout stack" aria-labelledby="link-title">
          <h2 id="link-title">{result.message}</h2>
          <p>
            ส่งลิงก์นี้ให้ {result.username} ด้วยตนเองหรือทางช่องทางที่ปลอดภัย ลิงก์ใช้ได้ครั้งเดียว ถึง {result.until} และจะไม่แสดงอีก
          </p>
          <p>
            <code className="staff-once" data-testid="enrol-link">
              {result.link}
            </code>
          </p>
        </section>
      ) : null}

      {result?.kind === 'confirm-unlock' ? (
        <section className="callout stack" aria-labelledby="unlock-title">
          <h2 id="unlock-title">ปลดล็อกการเข้าสู่ระบบของ {result.username}?</h2>
          <p>
            บัญชีนี้ถูกล็อกเพราะกรอกรหัสผ่านหรือรหัสยืนยันตัวตนผิดหลายครั้ง ก่อนปลดล็อกควรสอบถามเจ้าของบัญชีว่าเป็นผู้พยายามเข้าสู่ระบบเอง หากไม่ใช่
            ให้ตั้งค่าบัญชีใหม่แทน
          </p>
          <Form method="post" className="staff-inline-form">
            <input type="hidden" name="id" value={result.id} />
            <SubmitButton intent="unlock-confirm">ยืนยันการปลดล็อก</SubmitButton>
            <Link className="button button--secondary" to="/staff/accounts">
              ยกเลิก
            </Link>
          </Form>
        </section>
      ) : null}

      <section className="panel stack" aria-labelledby="list-title">
        <h2 id="list-title">บัญชีทั้งหมด</h2>
        <div className="staff-table-wrap" role="region" aria-label="ตารางบัญชีเจ้าหน้าที่ (เลื่อนซ้ายขวาได้)" tabIndex={0}>
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">ชื่อผู้ใช้</th>
                <th scope="col">ชื่อที่แสดง</th>
                <th scope="col">สิทธิ์</th>
                <th scope="col">สถานะ</th>
                <th scope="col">จัดการ</th>
              </tr>
            </thead>
            <tbody>
              {accounts.map((a) => (
                <tr key={a.id}>
                  <th scope="row">{a.username}</th>
                  {/* On a phone each row is a card, each cell labelled with its column (staff.css). */}
                  <td data-label="ชื่อที่แสดง">{a.displayName}</td>
                  <td data-label="สิทธิ์">{STAFF_ROLE_LABELS[a.role]}</td>
                  <td data-label="สถานะ">
                    {STATE_LABELS[a.state as keyof typeof STATE_LABELS]}
                    {a.locked ? <> ({LOCKED_LABEL})</> : null}
                  </td>
                  <td data-label="จัดการ">
                    {a.id === me ? (
                      'บัญชีของท่าน'
                    ) : (
                      <div className="stack">
                        <RoleForm id={a.id} username={a.username} role={a.role} />
                        <div className="staff-inline-form">
                          {a.state === 'disabled' ? (
                            <Form method="post" className="staff-inline-form">
                              <input type="hidden" name="id" value={a.id} />
                              <SubmitButton intent="enable" secondary>
                                เปิดใช้งาน<span className="visually-hidden"> {a.username}</span>
                              </SubmitButton>
                            </Form>
                          ) : (
                            <ConfirmAction
                              action="/staff/accounts"
                              fields={{ intent: 'disable', id: a.id }}
                              triggerLabel={
                                <>
                                  ปิดใช้งาน<span className="visually-hidden"> {a.username}</span>
                                </>
                              }
                              title={CONFIRM.disable.title(a.username)}
                              description={<Consequences lines={CONFIRM.disable.consequences(a.username)} />}
                              confirmLabel={CONFIRM.disable.confirm}
                              danger
                            />
                          )}
                          <ConfirmAction
                            action="/staff/accounts"
                            fields={{ intent: 'reset', id: a.id }}
                            triggerLabel={
                              <>
                                ตั้งค่าบัญชีใหม่<span className="visually-hidden"> {a.username}</span>
                              </>
                            }
                            title={CONFIRM.reset.title(a.username)}
                            description={<Consequences lines={CONFIRM.reset.consequences(a.username)} />}
                            confirmLabel={CONFIRM.reset.confirm}
                            danger
                          />
                          {a.locked ? (
                            <Form method="post" className="staff-inline-form">
                              <input type="hidden" name="id" value={a.id} />
                              <SubmitButton intent="unlock" secondary>
                                ปลดล็อกการเข้าสู่ระบบ<span className="visually-hidden"> {a.username}</span>
                              </SubmitButton>
                            </Form>
                          ) : null}
                        </div>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="panel stack" aria-labelledby="create-title">
        <h2 id="create-title">เพิ่มบัญชีเจ้าหน้าที่</h2>
        <p>บัญชีใหม่จะได้ลิงก์ตั้งค่าบัญชีที่ใช้ได้ครั้งเดียว เพื่อตั้งรหัสผ่านและแอปยืนยันตัวตน</p>
        <Form method="post" className="stack" {...getFormProps(createForm)}>
          <Field
            meta={fields.username}
            label="ชื่อผู้ใช้"
            hint="อักษรภาษาอังกฤษตัวเล็ก ตัวเลข และ . _ - ยาว 3–32 ตัวอักษร"
            inputProps={{
              autoCapitalize: 'off',
              autoComplete: 'off',
              spellCheck: false,
              maxLength: 32,
              required: true,
            }}
          />
          <Field
            meta={fields.displayName}
            label="ชื่อที่แสดง"
            inputProps={{ autoComplete: 'off', maxLength: DISPLAY_NAME_MAX, required: true }}
          />
          <RoleField meta={fields.role} label="สิทธิ์" />
          <SubmitButton intent="create">สร้างบัญชีและลิงก์ตั้งค่า</SubmitButton>
        </Form>
      </section>
    </>
  );
}
