import * as z from 'zod';

/**
 * The forms of `/staff/menu` (ADR 061, ADR 128): a top entry, a submenu entry, a footer phone, and
 * the delete buttons. One rule source: the page checks a form with these schemas in the browser
 * (conform's `onValidate`) and the action parses the post with the same ones (`parseWithZod`).
 * Values come back as the store takes them (`MenuEntryInput`, `SubEntryInput`, `PhoneInput`).
 */

export const MENU_LABEL_MAX = 100;
export const MENU_URL_MAX = 500;
/** The most of a field that is read at all (a longer one is refused with the field's message). */
const RAW_MAX = 1000;

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

/** One line as typed: runs of white space made one space, trimmed. */
const clean = (text: string | undefined) =>
  (text ?? '')
    .slice(0, RAW_MAX + 1)
    .replace(/\s+/g, ' ')
    .trim();

/** A required one-line label of at most `MENU_LABEL_MAX` characters (code points). */
function labelField(required: string) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const value = clean(raw);
      if (!value) ctx.addIssue({ code: 'custom', message: required });
      else if ([...value].length > MENU_LABEL_MAX) ctx.addIssue({ code: 'custom', message: MENU_MESSAGES.nameLong });
      else return value;
      return z.NEVER;
    });
}

/** An optional label: null when left empty. */
const optionalLabel = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    const value = clean(raw);
    if ([...value].length > MENU_LABEL_MAX) {
      ctx.addIssue({ code: 'custom', message: MENU_MESSAGES.nameLong });
      return z.NEVER;
    }
    return value || null;
  });

/** A link (see `menuLink`); left empty, null when `optional`, else refused as a wrong link. */
function linkField<Optional extends boolean>(optional: Optional) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const value = clean(raw);
      if (optional && !value) return null as Optional extends true ? null : never;
      const url = menuLink(value);
      if (!url) {
        ctx.addIssue({ code: 'custom', message: MENU_MESSAGES.url });
        return z.NEVER;
      }
      return url;
    });
}

const optionalLink = linkField(true);

/** A link that must be there. */
const requiredLink = linkField(false);

/** The order: 0 to 999, 0 when left empty. */
const sortField = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    const value = (raw ?? '').trim();
    if (value === '') return 0;
    if (!/^\d{1,3}$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: MENU_MESSAGES.sort });
      return z.NEVER;
    }
    return Number(value);
  });

/** A checkbox posting `1` when ticked. */
const checkbox = z
  .string()
  .optional()
  .transform((value) => value === '1');

/** The number of a stored row (a hidden field); absent on the forms that add one. */
const seqField = z
  .string()
  .regex(/^[1-9]\d{0,8}$/)
  .transform(Number);

/** A top entry's form (`intent=save-entry`): a link is required unless the entry holds submenus. */
export const MenuEntrySchema = z
  .object({
    intent: z.literal('save-entry'),
    seq: seqField.optional(),
    name: labelField(MENU_MESSAGES.name),
    nameEn: optionalLabel,
    url: optionalLink,
    sort: sortField,
    isParent: checkbox,
    visible: checkbox,
  })
  .refine((entry) => entry.isParent || entry.url !== null, {
    message: MENU_MESSAGES.urlParent,
    path: ['url'],
    // Said even when another field is wrong too, unless the link itself is already refused.
    when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === 'url'),
  });

/**
 * A submenu entry's form (`intent=save-sub`). `parents` are the numbers of the existing top
 * entries: the page passes those it lists, the action those stored.
 */
export function subEntrySchema(parents: readonly number[]) {
  return z.object({
    intent: z.literal('save-sub'),
    seq: seqField.optional(),
    menuSeq: z
      .string({ error: MENU_MESSAGES.menuSeq })
      .transform(Number)
      .refine((seq) => parents.includes(seq), MENU_MESSAGES.menuSeq),
    label: labelField(MENU_MESSAGES.label),
    url: requiredLink,
    sort: sortField,
    visible: checkbox,
  });
}

/** A footer phone's form (`intent=save-phone`). */
export const PhoneSchema = z
  .object({
    intent: z.literal('save-phone'),
    seq: seqField.optional(),
    label: labelField(MENU_MESSAGES.label),
    phone: z.string({ error: MENU_MESSAGES.phone }).transform((raw, ctx) => {
      const link = telLink(clean(raw));
      if (!link) {
        ctx.addIssue({ code: 'custom', message: MENU_MESSAGES.phone });
        return z.NEVER;
      }
      return link;
    }),
    sort: sortField,
  })
  // The store keeps the number as its `tel:` link.
  .transform(({ phone, ...rest }) => ({ ...rest, link: phone }));

/**
 * The delete buttons: an intent and the row's number. Deleting a top entry with submenus asks first
 * (ADR 119); the question's confirm button adds `confirmed=1`.
 */
export const MenuDeleteSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('delete-entry'), seq: seqField, confirmed: checkbox }),
  z.object({ intent: z.literal('delete-sub'), seq: seqField }),
  z.object({ intent: z.literal('delete-phone'), seq: seqField }),
]);

export type MenuEntryInput = Omit<z.output<typeof MenuEntrySchema>, 'intent' | 'seq'>;
export type SubEntryInput = Omit<z.output<ReturnType<typeof subEntrySchema>>, 'intent' | 'seq'>;
export type PhoneInput = Omit<z.output<typeof PhoneSchema>, 'intent' | 'seq'>;
export type MenuFormName = 'name' | 'nameEn' | 'url' | 'sort' | 'label' | 'phone' | 'menuSeq';
