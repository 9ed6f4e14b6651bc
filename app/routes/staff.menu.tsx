import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';

import { ErrorSummary } from '~/components/error-summary';
import { ConfirmAction, ConfirmStep } from '~/components/staff/confirm-action';
import { ContentNav } from '~/components/staff/content-nav';
import { FieldShell } from '~/components/field-shell';
import { titleFor } from '~/lib/meta';
import type { RouteHandle } from '~/root';
import { CONTENT_TEXT as T } from '~/lib/staff-content';
import { app } from '~/server/app.server';
import { NO_STORE_HEADERS, redirectWithNotice } from '~/server/staff/content-submit.server';
import { requireStaff, staffAudit, staffHoldsOnlyOwnData } from '~/server/staff/guard.server';
import {
  deleteMenuRow,
  getFooterPhones,
  getMenuTree,
  parseMenuEntry,
  parsePhone,
  parseSubEntry,
  saveMenuEntry,
  savePhone,
  saveSubEntry,
  type MenuErrors,
} from '~/server/staff/menu.server';
import { contentChanged } from '~/server/staff/public-cache.server';
import contentStyles from '~/styles/staff-content.css';
import dialogStyles from '~/styles/staff-dialog.css';

/** Hydrates for the confirmation dialog (Radix AlertDialog, ADR 119); without script the server asks. */
export const handle: RouteHandle = { hydrate: true };

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: contentStyles },
  { rel: 'stylesheet', href: dialogStyles },
];

/** The public menu (entries, submenus, order, visibility) and the footer phones. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, 'editor');
  if (staffHoldsOnlyOwnData()) return json({ ownDataOnly: true as const }, { headers: NO_STORE_HEADERS });
  const { db } = await app();
  const [menu, phones] = await Promise.all([getMenuTree(db), getFooterPhones(db)]);
  return json({ ownDataOnly: false as const, menu, phones }, { headers: NO_STORE_HEADERS });
}

type Fields = Record<string, string | undefined>;

interface MenuActionData {
  /** Which form the errors belong to (`entry-3`, `sub-new`, `phone-2` …). */
  formKey: string;
  errors: MenuErrors;
  values: Fields;
  /** Deleting an entry with submenus asks first; without script this is that question's page (ADR 119). */
  confirm?: { seq: number; name: string; children: string[] };
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

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireStaff(request, 'editor');
  if (staffHoldsOnlyOwnData()) return redirectWithNotice('/staff/menu', T.coreOwnsContent, 'info');
  const form = await request.formData();
  const fields: Fields = {};
  for (const [key, value] of form) if (typeof value === 'string') fields[key] = value.slice(0, 1000);
  const intent = fields.intent ?? '';
  const rawSeq = fields.seq ?? '';
  const seq = /^[1-9]\d{0,8}$/.test(rawSeq) ? Number(rawSeq) : undefined;
  const { db } = await app();
  const formKey = `${intent.replace(/^(save|delete)-/, '')}-${seq ?? 'new'}`;
  const invalid = (errors: MenuErrors) =>
    json<MenuActionData>({ formKey, errors, values: fields }, { status: 400, headers: NO_STORE_HEADERS });

  let saved: number | null | boolean = null;
  switch (intent) {
    case 'save-entry': {
      const { input, errors } = parseMenuEntry(fields);
      if (!input) return invalid(errors);
      saved = await saveMenuEntry(db, input, seq);
      break;
    }
    case 'save-sub': {
      const parents = (await getMenuTree(db)).map((m) => m.seq);
      const { input, errors } = parseSubEntry(fields, parents);
      if (!input) return invalid(errors);
      saved = await saveSubEntry(db, input, seq);
      break;
    }
    case 'save-phone': {
      const { input, errors } = parsePhone(fields);
      if (!input) return invalid(errors);
      saved = await savePhone(db, input, seq);
      break;
    }
    case 'delete-entry': {
      const entry = (await getMenuTree(db)).find((m) => m.seq === seq);
      if (entry?.children.length && fields.confirmed !== '1') {
        const confirm = { seq: entry.seq, name: entry.name, children: entry.children.map((c) => c.label) };
        return json<MenuActionData>({ formKey, errors: {}, values: {}, confirm }, { headers: NO_STORE_HEADERS });
      }
      saved = seq === undefined ? false : await deleteMenuRow(db, 'entry', seq);
      break;
    }
    case 'delete-sub':
    case 'delete-phone':
      saved = seq === undefined ? false : await deleteMenuRow(db, intent.slice(7) as 'entry' | 'sub' | 'phone', seq);
      break;
    default:
      return redirectWithNotice('/staff/menu', T.notFound, 'error');
  }
  if (saved === null || saved === false) return redirectWithNotice('/staff/menu', T.notFound, 'error');
  const target = `${intent.replace(/^(save|delete)-/, '')} ${typeof saved === 'number' ? saved : seq}`;
  await staffAudit(request, user, intent.startsWith('delete') ? 'menu_delete' : 'menu_save', { target });
  await contentChanged();
  return redirectWithNotice('/staff/menu', intent.startsWith('delete') ? T.menuDeleted : T.menuSaved);
}

export const meta: MetaFunction = (args) => [titleFor(args, T.menu)];

const ERROR_ORDER = ['menuSeq', 'name', 'nameEn', 'label', 'url', 'phone', 'sort'] as const;

function Visible({ id, checked }: { id: string; checked: boolean }) {
  return (
    <div className="field field--checkbox">
      <input id={id} type="checkbox" name="visible" value="1" defaultChecked={checked} />
      <label htmlFor={id}>แสดงบนเว็บไซต์</label>
    </div>
  );
}

function SortField({ id, value, error }: { id: string; value: string; error?: string }) {
  return (
    <FieldShell id={id} label="ลำดับ" hint="เลขน้อยแสดงก่อน" error={error}>
      {(control) => (
        <input {...control} type="text" inputMode="numeric" name="sort" defaultValue={value} maxLength={3} />
      )}
    </FieldShell>
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
  if (data.ownDataOnly) {
    return (
      <>
        <h1>{T.menu}</h1>
        <p className="callout">{T.coreOwnsContent}</p>
      </>
    );
  }
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
  const of = (key: string) => (result?.formKey === key ? result : null);
  const value = (key: string, name: string, stored: string | number | null) =>
    of(key)?.values[name] ?? (stored === null ? '' : String(stored));
  const summary = result
    ? ERROR_ORDER.filter((name) => result.errors[name]).map((name) => ({
        fieldId: `${result.formKey}-${name}`,
        message: result.errors[name]!,
      }))
    : [];
  const entryForm = (key: string, entry: (typeof data.menu)[number] | null) => {
    const errors = of(key)?.errors ?? {};
    return (
      <form method="post" action="/staff/menu" className="staff-form__grid">
        <input type="hidden" name="intent" value="save-entry" />
        {entry ? <input type="hidden" name="seq" value={entry.seq} /> : null}
        <FieldShell id={`${key}-name`} label="ชื่อเมนู" error={errors.name}>
          {(c) => <input {...c} type="text" name="name" defaultValue={value(key, 'name', entry?.name ?? null)} />}
        </FieldShell>
        <FieldShell id={`${key}-nameEn`} label="ชื่อภาษาอังกฤษ (ไม่บังคับ)" error={errors.nameEn}>
          {(c) => (
            <input
              {...c}
              type="text"
              name="nameEn"
              lang="en"
              defaultValue={value(key, 'nameEn', entry?.nameEn ?? null)}
            />
          )}
        </FieldShell>
        <FieldShell
          id={`${key}-url`}
          label="ลิงก์"
          hint="เช่น /list/news หรือ https://… · เว้นว่างได้เมื่อเป็นเมนูที่มีเมนูย่อย"
          error={errors.url}
        >
          {(c) => <input {...c} type="text" name="url" defaultValue={value(key, 'url', entry?.url ?? null)} />}
        </FieldShell>
        <SortField id={`${key}-sort`} value={value(key, 'sort', entry?.sort ?? 0)} error={errors.sort} />
        <div className="field field--checkbox">
          <input
            id={`${key}-isParent`}
            type="checkbox"
            name="isParent"
            value="1"
            defaultChecked={entry ? entry.isParent : true}
          />
          <label htmlFor={`${key}-isParent`}>มีเมนูย่อย</label>
        </div>
        <Visible id={`${key}-visible`} checked={entry ? entry.visible : true} />
        <p>
          <button type="submit" className="button button--small">
            {entry ? `บันทึกเมนู ${entry.name}` : 'เพิ่มเมนูหลัก'}
          </button>
        </p>
      </form>
    );
  };
  const subForm = (key: string, sub: (typeof data.menu)[number]['children'][number] | null, menuSeq: number | null) => {
    const errors = of(key)?.errors ?? {};
    return (
      <form method="post" action="/staff/menu" className="staff-form__grid">
        <input type="hidden" name="intent" value="save-sub" />
        {sub ? <input type="hidden" name="seq" value={sub.seq} /> : null}
        <FieldShell id={`${key}-menuSeq`} label="อยู่ใต้เมนู" error={errors.menuSeq}>
          {(c) => (
            <select {...c} name="menuSeq" defaultValue={value(key, 'menuSeq', sub?.menuSeq ?? menuSeq)}>
              {data.menu.map((m) => (
                <option key={m.seq} value={m.seq}>
                  {m.name}
                </option>
              ))}
            </select>
          )}
        </FieldShell>
        <FieldShell id={`${key}-label`} label="ชื่อเมนูย่อย" error={errors.label}>
          {(c) => <input {...c} type="text" name="label" defaultValue={value(key, 'label', sub?.label ?? null)} />}
        </FieldShell>
        <FieldShell id={`${key}-url`} label="ลิงก์" hint="เช่น /list/news หรือ https://…" error={errors.url}>
          {(c) => <input {...c} type="text" name="url" defaultValue={value(key, 'url', sub?.url ?? null)} />}
        </FieldShell>
        <SortField id={`${key}-sort`} value={value(key, 'sort', sub?.sort ?? 0)} error={errors.sort} />
        <Visible id={`${key}-visible`} checked={sub ? sub.visible : true} />
        <p>
          <button type="submit" className="button button--small">
            {sub ? `บันทึกเมนูย่อย ${sub.label}` : 'เพิ่มเมนูย่อย'}
          </button>
        </p>
      </form>
    );
  };
  const phoneForm = (key: string, phone: (typeof data.phones)[number] | null) => {
    const errors = of(key)?.errors ?? {};
    return (
      <form method="post" action="/staff/menu" className="staff-form__grid">
        <input type="hidden" name="intent" value="save-phone" />
        {phone ? <input type="hidden" name="seq" value={phone.seq} /> : null}
        <FieldShell id={`${key}-label`} label="ข้อความที่แสดง" error={errors.label}>
          {(c) => <input {...c} type="text" name="label" defaultValue={value(key, 'label', phone?.label ?? null)} />}
        </FieldShell>
        <FieldShell id={`${key}-phone`} label="หมายเลขโทรศัพท์" hint="เช่น 02-123-4567" error={errors.phone}>
          {(c) => (
            <input
              {...c}
              type="tel"
              name="phone"
              defaultValue={value(key, 'phone', phone ? phone.link.replace(/^tel:/, '') : null)}
            />
          )}
        </FieldShell>
        <SortField id={`${key}-sort`} value={value(key, 'sort', phone?.sort ?? 0)} error={errors.sort} />
        <p>
          <button type="submit" className="button button--small">
            {phone ? `บันทึกเบอร์ ${phone.label}` : 'เพิ่มเบอร์โทรศัพท์'}
          </button>
        </p>
      </form>
    );
  };
  return (
    <>
      <ContentNav current="menu" />
      <h1>{T.menu}</h1>
      <ErrorSummary items={summary} />
      <p>เมนูที่ไม่ได้เลือก “แสดงบนเว็บไซต์” จะถูกซ่อนไว้ การเปลี่ยนแปลงแสดงบนเว็บไซต์ทันที</p>
      {data.menu.map((entry) => (
        <section key={entry.seq} className="staff-panel" aria-labelledby={`entry-${entry.seq}-title`}>
          <h2 id={`entry-${entry.seq}-title`}>
            {entry.name}
            {entry.visible ? null : ' (ซ่อนอยู่)'}
          </h2>
          {entryForm(`entry-${entry.seq}`, entry)}
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
                  {subForm(`sub-${sub.seq}`, sub, entry.seq)}
                  <DeleteButton intent="delete-sub" seq={sub.seq} label={`เมนูย่อย ${sub.label}`} />
                </div>
              ))}
            </details>
          ) : null}
        </section>
      ))}
      <section className="staff-panel" aria-labelledby="new-entry-title">
        <h2 id="new-entry-title">เพิ่มเมนูหลัก</h2>
        {entryForm('entry-new', null)}
      </section>
      {data.menu.length ? (
        <section className="staff-panel" aria-labelledby="new-sub-title">
          <h2 id="new-sub-title">เพิ่มเมนูย่อย</h2>
          {subForm('sub-new', null, data.menu[0]!.seq)}
        </section>
      ) : null}
      <section className="staff-panel" aria-labelledby="phones-title">
        <h2 id="phones-title">เบอร์โทรศัพท์ท้ายเว็บไซต์</h2>
        {data.phones.map((phone) => (
          <div key={phone.seq} className="staff-subentry">
            <h3>{phone.label}</h3>
            {phoneForm(`phone-${phone.seq}`, phone)}
            <DeleteButton intent="delete-phone" seq={phone.seq} label={`เบอร์ ${phone.label}`} />
          </div>
        ))}
        <h3>เพิ่มเบอร์โทรศัพท์</h3>
        {phoneForm('phone-new', null)}
      </section>
    </>
  );
}
