import type { Insertable, Updateable } from 'kysely';
import type { MenuEntryInput, PhoneInput, SubEntryInput } from '~/lib/forms/staff-menu';

import type { Db } from '../db/index.server';
import type { Database } from '../db/schema';

/**
 * The public site's menu and footer phones as editors manage them (ADR 061): the vendor's `manu`
 * model — top entries (`menu_items`, a parent holds submenu entries) and their entries
 * (`menu_sub_items`) — with an order (`sort`, then number) and visibility (`status`). Hidden entries
 * stay in the store and out of the public menu (`getMenu` reads `status = 1`).
 */

export { MENU_LABEL_MAX, MENU_URL_MAX } from '~/lib/forms/staff-menu';

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

// The forms' rules (links, phones, labels, their messages) live with the forms' schemas (ADR 128).
export {
  MENU_MESSAGES,
  menuLink,
  telLink,
  type MenuEntryInput,
  type PhoneInput,
  type SubEntryInput,
} from '~/lib/forms/staff-menu';

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
export async function savePhone(db: Db, input: PhoneInput, seq?: number): Promise<number | null> {
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
