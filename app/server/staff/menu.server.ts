import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../db/index.server';
import type { Database } from '../db/schema';

/**
 * The public site's menu and footer phones as editors manage them (ADR 061): the vendor's `manu`
 * model — top entries (`menu_items`, a parent holds submenu entries) and their entries
 * (`menu_sub_items`) — with an order (`sort`, then number) and visibility (`status`). Hidden entries
 * stay in the store and out of the public menu (`getMenu` reads `status = 1`).
 */

export const MENU_LABEL_MAX = 100;
export const MENU_URL_MAX = 500;

export interface MenuEntry {
  seq: number;
  name: string;
  nameEn: string | null;
  url: string | null;
  isParent: boolean;
  visible: boolean;
  sort: number;
  children: MenuSubEntry[];
}

export interface MenuSubEntry {
  seq: number;
  menuSeq: number;
  label: string;
  url: string;
  visible: boolean;
  sort: number;
}

export interface FooterPhone {
  seq: number;
  label: string;
  link: string;
  sort: number;
}

/** The whole menu, hidden entries included, in the public order. */
export async function getMenuTree(db: Db): Promise<MenuEntry[]> {
  const [mains, subs] = await Promise.all([
    db.selectFrom('menu_items').selectAll().orderBy('sort').orderBy('seq').execute(),
    db.selectFrom('menu_sub_items').selectAll().orderBy('sort').orderBy('seq').execute(),
  ]);
  return mains.map((m) => ({
    seq: m.seq,
    name: m.name,
    nameEn: m.name_en,
    url: m.url,
    isParent: m.is_parent === 1,
    visible: m.status === 1,
    sort: m.sort,
    children: subs
      .filter((s) => s.menu_seq === m.seq)
      .map((s) => ({
        seq: s.seq,
        menuSeq: s.menu_seq,
        label: s.description,
        url: s.url,
        visible: s.status === 1,
        sort: s.sort,
      })),
  }));
}

export async function getFooterPhones(db: Db): Promise<FooterPhone[]> {
  return db.selectFrom('footer_phones').selectAll().orderBy('sort').orderBy('seq').execute();
}

/**
 * A link a menu entry may hold: a path of this site (`/list/news`, not `//host`) or an http(s) URL.
 * Returns it normalised, or null.
 */
export function menuLink(text: string): string | null {
  const value = text.trim();
  if (!value || value.length > MENU_URL_MAX || /[\s\u0000-\u001f\u007f]/.test(value)) return null;
  if (value.startsWith('/')) return value.startsWith('//') || value.includes('\\') ? null : value;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A phone number as typed (`02-123-4567`, `+66 2 123 4567`) as a `tel:` link; null if it is none. */
export function telLink(text: string): string | null {
  const digits = text.replace(/[\s().-]/g, '');
  return /^\+?\d{3,15}(,\d{1,6})?$/.test(digits) ? `tel:${digits}` : null;
}

export type MenuErrors = Partial<Record<'name' | 'nameEn' | 'url' | 'sort' | 'label' | 'phone' | 'menuSeq', string>>;

export const MENU_MESSAGES = {
  name: 'กรุณากรอกชื่อเมนู',
  nameLong: `ชื่อเมนูต้องยาวไม่เกิน ${MENU_LABEL_MAX} ตัวอักษร`,
  url: 'ลิงก์ต้องเป็นที่อยู่ในเว็บไซต์นี้ที่ขึ้นต้นด้วย / หรือที่อยู่ที่ขึ้นต้นด้วย https://',
  urlParent: 'เมนูที่ไม่มีเมนูย่อยต้องมีลิงก์',
  sort: 'ลำดับต้องเป็นตัวเลข 0 ถึง 999',
  label: 'กรุณากรอกข้อความที่แสดง',
  phone: 'กรุณากรอกหมายเลขโทรศัพท์ เช่น 02-123-4567',
  menuSeq: 'กรุณาเลือกเมนูหลัก',
} as const;

function parseSort(text: string | undefined): number | null {
  const value = (text ?? '').trim();
  if (value === '') return 0;
  return /^\d{1,3}$/.test(value) ? Number(value) : null;
}

const clean = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** A required label, cleaned; notes `missing` under `key` when it is empty, or that it is too long. */
function requiredLabel(text: string | undefined, errors: MenuErrors, key: 'name' | 'label', missing: string): string {
  const label = clean(text);
  if (!label) errors[key] = missing;
  else if ([...label].length > MENU_LABEL_MAX) errors[key] = MENU_MESSAGES.nameLong;
  return label;
}

/** The order field; notes its error when it is not a number from 0 to 999. */
function sortField(text: string | undefined, errors: MenuErrors): number | null {
  const sort = parseSort(text);
  if (sort === null) errors.sort = MENU_MESSAGES.sort;
  return sort;
}

/** A top entry as its form gives it: the stored entry without its number and submenu entries. */
export type MenuEntryInput = Omit<MenuEntry, 'seq' | 'children'>;

/** Check a top entry's form fields. */
export function parseMenuEntry(fields: Record<string, string | undefined>): {
  input: MenuEntryInput | null;
  errors: MenuErrors;
} {
  const errors: MenuErrors = {};
  const name = requiredLabel(fields.name, errors, 'name', MENU_MESSAGES.name);
  const nameEn = clean(fields.nameEn) || null;
  const isParent = fields.isParent === '1';
  const rawUrl = clean(fields.url);
  const url = rawUrl ? menuLink(rawUrl) : null;
  if (nameEn && [...nameEn].length > MENU_LABEL_MAX) errors.nameEn = MENU_MESSAGES.nameLong;
  if (rawUrl && !url) errors.url = MENU_MESSAGES.url;
  else if (!isParent && !url) errors.url = MENU_MESSAGES.urlParent;
  const sort = sortField(fields.sort, errors);
  if (Object.keys(errors).length || sort === null) return { input: null, errors };
  return { input: { name, nameEn, url, isParent, visible: fields.visible === '1', sort }, errors };
}

/** A submenu entry as its form gives it: the stored entry without its number. */
export type SubEntryInput = Omit<MenuSubEntry, 'seq'>;

/** Check a submenu entry's form fields; `parents` are the numbers of the existing top entries. */
export function parseSubEntry(
  fields: Record<string, string | undefined>,
  parents: readonly number[],
): { input: SubEntryInput | null; errors: MenuErrors } {
  const errors: MenuErrors = {};
  const menuSeq = Number(fields.menuSeq);
  if (!parents.includes(menuSeq)) errors.menuSeq = MENU_MESSAGES.menuSeq;
  const label = requiredLabel(fields.label, errors, 'label', MENU_MESSAGES.label);
  const url = menuLink(clean(fields.url));
  if (!url) errors.url = MENU_MESSAGES.url;
  const sort = sortField(fields.sort, errors);
  if (Object.keys(errors).length || sort === null || !url) return { input: null, errors };
  return { input: { menuSeq, label, url, visible: fields.visible === '1', sort }, errors };
}

/** Check a footer phone's form fields. */
export function parsePhone(fields: Record<string, string | undefined>): {
  input: { label: string; link: string; sort: number } | null;
  errors: MenuErrors;
} {
  const errors: MenuErrors = {};
  const label = requiredLabel(fields.label, errors, 'label', MENU_MESSAGES.label);
  const link = telLink(clean(fields.phone));
  if (!link) errors.phone = MENU_MESSAGES.phone;
  const sort = sortField(fields.sort, errors);
  if (Object.keys(errors).length || sort === null || !link) return { input: null, errors };
  return { input: { label, link, sort }, errors };
}

type SeqTable = 'menu_items' | 'menu_sub_items' | 'footer_phones';

async function nextSeq(db: Db, table: SeqTable): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst();
  return Number(row?.seq ?? 0) + 1;
}

/**
 * Add a row under the next free number (no `seq`; `insertOnly` goes into the new row only) or change
 * the row `seq` names; returns its number, or null when `seq` names none.
 */
async function saveRow<T extends SeqTable>(
  db: Db,
  table: T,
  values: Omit<Insertable<Database[T]>, 'seq'>,
  seq: number | undefined,
  insertOnly: Partial<Insertable<Database[T]>> = {},
): Promise<number | null> {
  if (seq === undefined) {
    return db.transaction().execute(async (trx) => {
      const next = await nextSeq(trx, table);
      const row = { seq: next, ...insertOnly, ...values } as Insertable<Database[SeqTable]>;
      await trx
        .insertInto(table as SeqTable)
        .values(row)
        .execute();
      return next;
    });
  }
  const result = await db
    .updateTable(table as SeqTable)
    .set(values as Updateable<Database[SeqTable]>)
    .where('seq', '=', seq)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) ? seq : null;
}

/** An entry's visibility and order as the menu tables store them. */
const placing = (input: { visible: boolean; sort: number }) => ({ status: input.visible ? 1 : 0, sort: input.sort });

/** Add (no `seq`) or change a top entry; returns its number, or null when `seq` names none. */
export async function saveMenuEntry(db: Db, input: MenuEntryInput, seq?: number): Promise<number | null> {
  const values = {
    name: input.name,
    name_en: input.nameEn,
    url: input.url,
    is_parent: input.isParent ? 1 : 0,
    ...placing(input),
  };
  return saveRow(db, 'menu_items', values, seq, { icon: null });
}

/** Add (no `seq`) or change a submenu entry; returns its number, or null when `seq` names none. */
export async function saveSubEntry(db: Db, input: SubEntryInput, seq?: number): Promise<number | null> {
  const values = {
    menu_seq: input.menuSeq,
    description: input.label,
    url: input.url,
    ...placing(input),
  };
  return saveRow(db, 'menu_sub_items', values, seq);
}

/** Add (no `seq`) or change a footer phone; returns its number, or null when `seq` names none. */
export async function savePhone(
  db: Db,
  input: { label: string; link: string; sort: number },
  seq?: number,
): Promise<number | null> {
  return saveRow(db, 'footer_phones', input, seq);
}

/** Delete a top entry (with its submenu entries), a submenu entry or a footer phone. */
export async function deleteMenuRow(db: Db, kind: 'entry' | 'sub' | 'phone', seq: number): Promise<boolean> {
  if (kind === 'entry') {
    return db.transaction().execute(async (trx) => {
      await trx.deleteFrom('menu_sub_items').where('menu_seq', '=', seq).execute();
      const result = await trx.deleteFrom('menu_items').where('seq', '=', seq).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    });
  }
  const table = kind === 'sub' ? 'menu_sub_items' : 'footer_phones';
  const result = await db.deleteFrom(table).where('seq', '=', seq).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
