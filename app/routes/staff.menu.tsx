import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type DefaultValue,
  type FieldMetadata,
  type FormMetadata,
  type Submission,
  type SubmissionResult,
} from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
  SerializeFrom,
} from '@remix-run/node';
import { json } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import type * as z from 'zod';

import { ErrorSummary, Field, summaryItems } from '~/components/forms';
import { ConfirmAction, ConfirmStep } from '~/components/staff/confirm-action';
import { ContentNav, CoreOwnsContent } from '~/components/staff/content-nav';
import { FieldShell } from '~/components/field-shell';
import { MenuDeleteSchema, MenuEntrySchema, PhoneSchema, subEntrySchema } from '~/lib/forms/staff-menu';
import { titleFor } from '~/lib/meta';
import type { RouteHandle } from '~/root';
import { CONTENT_TEXT as T } from '~/lib/staff-content';
import { redirectWithNotice } from '~/server/staff/content-submit.server';
import { requireStaff, staffAudit } from '~/server/staff/guard.server';
import { requireCoopStore, staffStore } from '~/server/staff/store.server';
import { contentChanged } from '~/server/staff/public-cache.server';
import contentStyles from '~/styles/staff-content.css';
import dialogStyles from '~/styles/staff-dialog.css';
import { PRIVATE_NO_STORE } from '~/server/http/responses.server';

/** Hydrates for the confirmation dialog (Radix AlertDialog, ADR 119); without script the server asks. */
export const handle: RouteHandle = { hydrate: true };

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: contentStyles },
  { rel: 'stylesheet', href: dialogStyles },
];

/** The public menu (entries, submenus, order, visibility) and the footer phones. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, 'editor');
  const { coop } = await staffStore();
  if (!coop) return json({ ownDataOnly: true as const }, { headers: PRIVATE_NO_STORE });
  const [menu, phones] = await Promise.all([coop.menu.tree(), coop.menu.phones()]);
  return json({ ownDataOnly: false as const, menu, phones }, { headers: PRIVATE_NO_STORE });
}

interface MenuActionData {
  /** Which form the answer belongs to (`entry-3`, `sub-new`, `phone-2` …): the form's id. */
  formKey: string;
  /** Its fields' errors and what was typed (conform's submission result). */
  result?: SubmissionResult<string[]>;
  /** Deleting an entry with submenus asks first; without script this is that question's page (ADR 119). */
  confirm?: { seq: number; name: string; children: string[] };
}

/** The id of the form a post came from: `entry-3`, `sub-new`, `phone-2` … */
function formKeyOf(intent: string, seq: unknown): string {
  return `${intent.replace(/^(save|delete)-/, '')}-${typeof seq === 'string' && seq ? seq : 'new'}`;
}

/** What deleting a top entry with submenus does, said before it is done. */
const DELETE_ENTRY = {
  title: (name: string) => `ลบเมนู ${name} และเมนูย่อยทั้งหมด?`,
  consequences: (children: readonly string[]) => (
    <>
      <p>เมนูย่อย {children.length} รายการต่อไปนี้จะถูกลบไปด้วย และจะหายจากเว็บไซต์ทันที การลบนี้ย้อนกลับไม่ได้:</p>
      <ul>
        {children.map((label, i) => (
          <li key={i}>{label}</li>
        ))}
      </ul>
      <p>ถ้าต้องการเพียงซ่อนเมนูไว้ชั่วคราว ให้ยกเลิก แล้วเอาเครื่องหมาย “แสดงบนเว็บไซต์” ออกแทน</p>
    </>
  ),
  confirm: 'ยืนยันการลบ',
};

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireStaff(request, 'editor');
  const { menu } = await requireCoopStore(await staffStore(), () =>
    redirectWithNotice('/staff/menu', T.coreOwnsContent, 'info'),
  );
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const notFound = () => redirectWithNotice('/staff/menu', T.notFound, 'error');
  /** A form's fields refused: the errors and what was typed go back to that form (400). */
  const invalid = (submission: Submission<unknown>) => {
    // A row number or an intent no form of the page posts: nothing to show the errors on.
    if (submission.status !== 'error' || submission.error?.seq || submission.error?.intent) return notFound();
    context.formErrors = true;
    const formKey = formKeyOf(intent, submission.payload.seq);
    return json<MenuActionData>({ formKey, result: submission.reply() }, { status: 400, headers: PRIVATE_NO_STORE });
  };

  /** The row saved or deleted (the new row's number, or whether it was there): audited, the public pages told. */
  const done = async (saved: number | boolean | null, seq: number | undefined) => {
    if (saved === null || saved === false) return notFound();
    const target = `${intent.replace(/^(save|delete)-/, '')} ${typeof saved === 'number' ? saved : seq}`;
    await staffAudit(request, user, intent.startsWith('delete') ? 'menu_delete' : 'menu_save', { target });
    await contentChanged();
    return redirectWithNotice('/staff/menu', intent.startsWith('delete') ? T.menuDeleted : T.menuSaved);
  };
  /** A save form, parsed with its schema: `store` saves its row (a new one when it posts no `seq`). */
  const save = async <Schema extends z.ZodType<{ intent: string; seq?: number }>>(
    schema: Schema,
    store: (input: Omit<z.output<Schema>, 'intent' | 'seq'>, seq?: number) => Promise<number | null>,
  ) => {
    const submission = parseWithZod(form, { schema });
    if (submission.status !== 'success') return invalid(submission);
    const { intent: _, seq, ...input } = submission.value;
    return done(await store(input, seq), seq);
  };

  switch (intent) {
    case 'save-entry':
      return save(MenuEntrySchema, menu.saveEntry);
    case 'save-sub':
      return save(subEntrySchema((await menu.tree()).map((m) => m.seq)), menu.saveSubEntry);
    case 'save-phone':
      return save(PhoneSchema, menu.savePhone);
    case 'delete-entry':
    case 'delete-sub':
    case 'delete-phone': {
      const submission = parseWithZod(form, { schema: MenuDeleteSchema });
      if (submission.status !== 'success') return notFound();
      const removal = submission.value;
      const seq = removal.seq;
      if (removal.intent === 'delete-entry') {
        const entry = (await menu.tree()).find((m) => m.seq === seq);
        if (entry?.children.length && !removal.confirmed) {
          const confirm = { seq: entry.seq, name: entry.name, children: entry.children.map((c) => c.label) };
          return json<MenuActionData>(
            { formKey: formKeyOf(intent, String(seq)), confirm },
            { headers: PRIVATE_NO_STORE },
          );
        }
      }
      return done(await menu.deleteRow(removal.intent.slice(7) as 'entry' | 'sub' | 'phone', seq), seq);
    }
    default:
      return notFound();
  }
}

export const meta: MetaFunction = (args) => [titleFor(args, T.menu)];

type MenuTree = SerializeFrom<typeof loader> & { ownDataOnly: false };
type Entry = MenuTree['menu'][number];
type Sub = Entry['children'][number];
type Phone = MenuTree['phones'][number];

/** The conform setup of one of the page's forms: checked in the browser with the action's schema. */
function useMenuForm<Schema extends z.ZodType<unknown, Record<string, string | undefined>>>(
  id: string,
  schema: Schema,
  lastResult: SubmissionResult<string[]> | undefined,
  defaultValue: DefaultValue<z.input<Schema>>,
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

type Meta = FieldMetadata<string | undefined>;

function Visible({ meta }: { meta: Meta }) {
  return <Checkbox meta={meta} label="แสดงบนเว็บไซต์" />;
}

function Checkbox({ meta, label }: { meta: Meta; label: string }) {
  const { key, ...props } = getInputProps(meta, { type: 'checkbox', value: '1', ariaAttributes: false });
  return (
    <div className="field field--checkbox">
      <input key={key} {...props} />
      <label htmlFor={meta.id}>{label}</label>
    </div>
  );
}

function SortField({ meta }: { meta: Meta }) {
  return <Field meta={meta} label="ลำดับ" hint="เลขน้อยแสดงก่อน" inputProps={{ inputMode: 'numeric', maxLength: 3 }} />;
}

/** The errors of one form, above it, linking to its fields (in the form's order). */
function FormErrors({ id, errors, fields }: { id: string; errors: string[] | undefined; fields: Meta[] }) {
  return <ErrorSummary id={`${id}-summary`} items={summaryItems(fields, errors)} />;
}

/**
 * One of the page's save forms, with its errors above it: posts `intent` (and `seq`, the row it
 * saves, when it edits one) to the page, and ends with its submit button.
 */
function MenuForm<Schema extends Record<string, unknown>>({
  form,
  intent,
  seq,
  errorFields,
  submitLabel,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  intent: string;
  seq: number | undefined;
  errorFields: Meta[];
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <>
      <FormErrors id={form.id} errors={form.errors} fields={errorFields} />
      <form method="post" action="/staff/menu" className="staff-form__grid" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={intent} />
        {seq === undefined ? null : <input type="hidden" name="seq" value={seq} />}
        {children}
        <p>
          <button type="submit" className="button button--small">
            {submitLabel}
          </button>
        </p>
      </form>
    </>
  );
}

/** What each of the page's forms is given: its id and what the action answered to it, if anything. */
interface FormArgs {
  formKey: string;
  lastResult?: SubmissionResult<string[]>;
}

function EntryForm({ formKey, entry, lastResult }: FormArgs & { entry: Entry | null }) {
  const [form, fields] = useMenuForm(formKey, MenuEntrySchema, lastResult, {
    intent: 'save-entry',
    name: entry?.name ?? '',
    nameEn: entry?.nameEn ?? '',
    url: entry?.url ?? '',
    sort: String(entry?.sort ?? 0),
    isParent: !entry || entry.isParent ? '1' : '',
    visible: !entry || entry.visible ? '1' : '',
  });
  return (
    <MenuForm
      form={form}
      intent="save-entry"
      seq={entry?.seq}
      errorFields={[fields.name, fields.nameEn, fields.url, fields.sort]}
      submitLabel={entry ? `บันทึกเมนู ${entry.name}` : 'เพิ่มเมนูหลัก'}
    >
      <Field meta={fields.name} label="ชื่อเมนู" />
      <Field meta={fields.nameEn} label="ชื่อภาษาอังกฤษ (ไม่บังคับ)" inputProps={{ lang: 'en' }} />
      <Field meta={fields.url} label="ลิงก์" hint="เช่น /list/news หรือ https://… · เว้นว่างได้เมื่อเป็นเมนูที่มีเมนูย่อย" />
      <SortField meta={fields.sort} />
      <Checkbox meta={fields.isParent} label="มีเมนูย่อย" />
      <Visible meta={fields.visible} />
    </MenuForm>
  );
}

function SubForm({
  formKey,
  sub,
  menuSeq,
  menu,
  lastResult,
}: FormArgs & { sub: Sub | null; menuSeq: number; menu: readonly Entry[] }) {
  const parents = menu.map((m) => m.seq);
  const [form, fields] = useMenuForm(formKey, subEntrySchema(parents), lastResult, {
    intent: 'save-sub',
    menuSeq: String(sub?.menuSeq ?? menuSeq),
    label: sub?.label ?? '',
    url: sub?.url ?? '',
    sort: String(sub?.sort ?? 0),
    visible: !sub || sub.visible ? '1' : '',
  });
  const { key: selectKey, ...selectProps } = getSelectProps(fields.menuSeq, { ariaAttributes: false });
  return (
    <MenuForm
      form={form}
      intent="save-sub"
      seq={sub?.seq}
      errorFields={[fields.menuSeq, fields.label, fields.url, fields.sort]}
      submitLabel={sub ? `บันทึกเมนูย่อย ${sub.label}` : 'เพิ่มเมนูย่อย'}
    >
      <FieldShell
        id={fields.menuSeq.id}
        errorId={fields.menuSeq.errorId}
        label="อยู่ใต้เมนู"
        error={fields.menuSeq.errors?.[0]}
      >
        {(c) => (
          <select key={selectKey} {...selectProps} {...c}>
            {menu.map((m) => (
              <option key={m.seq} value={m.seq}>
                {m.name}
              </option>
            ))}
          </select>
        )}
      </FieldShell>
      <Field meta={fields.label} label="ชื่อเมนูย่อย" />
      <Field meta={fields.url} label="ลิงก์" hint="เช่น /list/news หรือ https://…" />
      <SortField meta={fields.sort} />
      <Visible meta={fields.visible} />
    </MenuForm>
  );
}

function PhoneForm({ formKey, phone, lastResult }: FormArgs & { phone: Phone | null }) {
  const [form, fields] = useMenuForm(formKey, PhoneSchema, lastResult, {
    intent: 'save-phone',
    label: phone?.label ?? '',
    phone: phone ? phone.link.replace(/^tel:/, '') : '',
    sort: String(phone?.sort ?? 0),
  });
  return (
    <MenuForm
      form={form}
      intent="save-phone"
      seq={phone?.seq}
      errorFields={[fields.label, fields.phone, fields.sort]}
      submitLabel={phone ? `บันทึกเบอร์ ${phone.label}` : 'เพิ่มเบอร์โทรศัพท์'}
    >
      <Field meta={fields.label} label="ข้อความที่แสดง" />
      <Field meta={fields.phone} label="หมายเลขโทรศัพท์" hint="เช่น 02-123-4567" type="tel" />
      <SortField meta={fields.sort} />
    </MenuForm>
  );
}

function DeleteButton({ intent, seq, label }: { intent: string; seq: number; label: string }) {
  return (
    <form method="post" action="/staff/menu" className="staff-danger-zone">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="seq" value={seq} />
      <button type="submit" className="button button--danger button--small">
        ลบ {label}
      </button>
    </form>
  );
}

export default function StaffMenu() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<MenuActionData>();
  if (data.ownDataOnly) return <CoreOwnsContent title={T.menu} />;
  /** The errors and typed values of one form, when the last submission was that form's. */
  if (result?.confirm) {
    const { confirm } = result;
    return (
      <ConfirmStep
        action="/staff/menu"
        fields={{ intent: 'delete-entry', seq: confirm.seq }}
        title={DELETE_ENTRY.title(confirm.name)}
        description={DELETE_ENTRY.consequences(confirm.children)}
        confirmLabel={DELETE_ENTRY.confirm}
        danger
        cancelHref="/staff/menu"
      />
    );
  }
  /** The server's answer to one form, when the last submission was that form's. */
  const lastResult = (key: string) => (result?.formKey === key ? result.result : undefined);
  return (
    <>
      <ContentNav current="menu" />
      <h1>{T.menu}</h1>
      <p>เมนูที่ไม่ได้เลือก “แสดงบนเว็บไซต์” จะถูกซ่อนไว้ การเปลี่ยนแปลงแสดงบนเว็บไซต์ทันที</p>
      {data.menu.map((entry) => (
        <section key={entry.seq} className="staff-panel" aria-labelledby={`entry-${entry.seq}-title`}>
          <h2 id={`entry-${entry.seq}-title`}>
            {entry.name}
            {entry.visible ? null : ' (ซ่อนอยู่)'}
          </h2>
          <EntryForm formKey={`entry-${entry.seq}`} entry={entry} lastResult={lastResult(`entry-${entry.seq}`)} />
          {entry.children.length ? (
            <ConfirmAction
              action="/staff/menu"
              fields={{ intent: 'delete-entry', seq: entry.seq }}
              triggerLabel={`ลบ เมนู ${entry.name} และเมนูย่อยทั้งหมด`}
              title={DELETE_ENTRY.title(entry.name)}
              description={DELETE_ENTRY.consequences(entry.children.map((c) => c.label))}
              confirmLabel={DELETE_ENTRY.confirm}
              danger
              small
            />
          ) : (
            <DeleteButton intent="delete-entry" seq={entry.seq} label={`เมนู ${entry.name}`} />
          )}
          {entry.children.length ? (
            <details open={entry.children.some((sub) => result?.formKey === `sub-${sub.seq}`) || undefined}>
              <summary>เมนูย่อย {entry.children.length} รายการ</summary>
              {entry.children.map((sub) => (
                <div key={sub.seq} className="staff-subentry">
                  <h3>
                    {sub.label}
                    {sub.visible ? null : ' (ซ่อนอยู่)'}
                  </h3>
                  <SubForm
                    formKey={`sub-${sub.seq}`}
                    sub={sub}
                    menuSeq={entry.seq}
                    menu={data.menu}
                    lastResult={lastResult(`sub-${sub.seq}`)}
                  />
                  <DeleteButton intent="delete-sub" seq={sub.seq} label={`เมนูย่อย ${sub.label}`} />
                </div>
              ))}
            </details>
          ) : null}
        </section>
      ))}
      <section className="staff-panel" aria-labelledby="new-entry-title">
        <h2 id="new-entry-title">เพิ่มเมนูหลัก</h2>
        <EntryForm formKey="entry-new" entry={null} lastResult={lastResult('entry-new')} />
      </section>
      {data.menu.length ? (
        <section className="staff-panel" aria-labelledby="new-sub-title">
          <h2 id="new-sub-title">เพิ่มเมนูย่อย</h2>
          <SubForm
            formKey="sub-new"
            sub={null}
            menuSeq={data.menu[0]!.seq}
            menu={data.menu}
            lastResult={lastResult('sub-new')}
          />
        </section>
      ) : null}
      <section className="staff-panel" aria-labelledby="phones-title">
        <h2 id="phones-title">เบอร์โทรศัพท์ท้ายเว็บไซต์</h2>
        {data.phones.map((phone) => (
          <div key={phone.seq} className="staff-subentry">
            <h3>{phone.label}</h3>
            <PhoneForm formKey={`phone-${phone.seq}`} phone={phone} lastResult={lastResult(`phone-${phone.seq}`)} />
            <DeleteButton intent="delete-phone" seq={phone.seq} label={`เบอร์ ${phone.label}`} />
          </div>
        ))}
        <h3>เพิ่มเบอร์โทรศัพท์</h3>
        <PhoneForm formKey="phone-new" phone={null} lastResult={lastResult('phone-new')} />
      </section>
    </>
  );
}
