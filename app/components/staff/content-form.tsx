import { ERROR_SUMMARY_TITLE, ErrorSummary, type SummaryItem } from '~/components/error-summary';
import { FieldShell } from '~/components/field-shell';
import { Options, StaffField } from '~/components/staff/fields';
import { STAFF_MESSAGES } from '~/lib/staff';
import type { ContentFormValues } from '~/server/staff/content.server';

export interface ContentFormProps {
  action: string;
  categories: { code: string; label: string }[];
  values: ContentFormValues;
  errors: Partial<Record<string, string>>;
  /** Shown under the cover field: the current cover's URL, if any. */
  coverUrl: string | null;
  /** The largest PDF, in words (`5 MB`). */
  sizeLimit: string;
  /** What one save carries at most (the edge's ceiling), in bytes and in words (ADR 117). */
  upload?: { maxBytes: number; limit: string };
  /** The values are a form kept when the session ended, given back after signing in again (ADR 116). */
  restored?: boolean;
  submitLabel: string;
  /** The version of the item the form edits (a save names it, ADR 118); none for a new item. */
  version?: number;
  /** A new item's one-time key: the same form sent twice creates one item. */
  formKey?: string;
}

/** The longest body, in characters (the server's BODY_MAX). */
const BODY_MAX_TEXT = '60,000';

/** Room the form's framing takes in a save, besides the files and the text typed. */
const FORM_ROOM_BYTES = 16 * 1024;

/** The files chosen are more than one save carries (said before sending, with JavaScript). */
const UPLOAD_LIMIT_TEXT = (limit: string) =>
  `ไฟล์ที่เลือกรวมกันมีขนาดใหญ่เกินไป ไฟล์ทั้งหมดที่ส่งในการบันทึกแต่ละครั้งรวมกันต้องไม่เกิน ${limit} กรุณาเลือกรูปหรือไฟล์ที่เล็กลง ข้อความที่กรอกไว้ยังไม่ได้ส่งและยังอยู่ครบ`;

/** Each field's name and id, in the form's order: the fields take these ids, the error summary links to them. */
const FIELDS = [
  ['category', 'content-category'],
  ['title', 'content-title'],
  ['excerpt', 'content-excerpt'],
  ['body', 'content-body'],
  ['date', 'content-date'],
  ['time', 'content-time'],
  ['videoUrl', 'content-video'],
  ['cover', 'content-cover'],
  ['coverAlt', 'content-cover-alt'],
  ['attachment', 'content-attachment'],
  ['attachmentLabel', 'content-attachment-label'],
] as const;

type FieldName = (typeof FIELDS)[number][0];

const FIELD_IDS = Object.fromEntries(FIELDS) as Record<FieldName, string>;

export function contentSummary(errors: Partial<Record<string, string>>): SummaryItem[] {
  const items: SummaryItem[] = [];
  if (errors.form) items.push({ message: errors.form });
  for (const [name, fieldId] of FIELDS) {
    const message = errors[name];
    if (message) items.push({ fieldId, message });
  }
  return items;
}

/**
 * The editor's form of a content item: a plain multipart form (no JavaScript needed). The body is a
 * textarea of a small HTML subset, passed through the public allow-list when saved.
 */
export function ContentForm({
  action,
  categories,
  values,
  errors,
  coverUrl,
  sizeLimit,
  upload,
  restored = false,
  submitLabel,
  version,
  formKey,
}: ContentFormProps) {
  /** A field's id (the one the error summary links to) and its error. */
  const shell = (name: FieldName) => ({ id: FIELD_IDS[name], error: errors[name] });
  /** The same, with the control's name: the props of a StaffField. */
  const input = (name: FieldName) => ({ ...shell(name), name });
  /** The same for a text input, holding the field's value. */
  const text = (name: keyof ContentFormValues) => ({ ...input(name), type: 'text', defaultValue: values[name] });
  // With JavaScript, files the save could not carry are caught before sending: the edge would refuse
  // the whole post with a page of its own and the text typed would be gone (ADR 117).
  return (
    <form
      method="post"
      action={action}
      encType="multipart/form-data"
      noValidate
      className="stack"
      data-upload-max={upload?.maxBytes}
      data-upload-room={FORM_ROOM_BYTES}
    >
      <ErrorSummary items={contentSummary(errors)} />
      {version === undefined ? null : <input type="hidden" name="version" value={version} />}
      {formKey === undefined ? null : <input type="hidden" name="formKey" value={formKey} />}
      {upload ? (
        // The page's script shows it (and gives it the error summary's look) when the files do not fit.
        <div role="alert" tabIndex={-1} hidden data-upload-error="">
          <h2 className="error-summary__title">{ERROR_SUMMARY_TITLE}</h2>
          <ul className="error-summary__list">
            <li>
              <a href="#content-cover">{UPLOAD_LIMIT_TEXT(upload.limit)}</a>
            </li>
          </ul>
        </div>
      ) : null}
      {restored ? (
        <p className="callout" role="status">
          {STAFF_MESSAGES.formRestored}
        </p>
      ) : null}
      <FieldShell {...shell('category')} label="หมวดหมู่">
        {(control) => (
          <select {...control} name="category" defaultValue={values.category} required>
            <Options choices={[['', 'เลือกหมวดหมู่'], ...categories.map((c) => [c.code, c.label] as const)]} />
          </select>
        )}
      </FieldShell>
      <StaffField {...text('title')} label="หัวข้อ" maxLength={255} required />
      <FieldShell
        {...shell('excerpt')}
        label="คำโปรย (ไม่บังคับ)"
        hint="แสดงในรายการเนื้อหาและการแจ้งเตือน ถ้าเว้นว่างจะใช้ข้อความต้นเนื้อหา"
      >
        {(control) => <textarea {...control} name="excerpt" rows={2} defaultValue={values.excerpt} maxLength={300} />}
      </FieldShell>
      <FieldShell
        {...shell('body')}
        label="เนื้อหา"
        hint={
          <>
            ใช้แท็ก HTML ได้: &lt;h2&gt; &lt;h3&gt; หัวข้อ, &lt;p&gt; ย่อหน้า, &lt;b&gt; ตัวหนา, &lt;ul&gt;/&lt;ol&gt; กับ
            &lt;li&gt; รายการ, &lt;a href=&quot;…&quot;&gt; ลิงก์, &lt;table&gt; &lt;tr&gt; &lt;th&gt; &lt;td&gt; ตาราง
            แท็กอื่นจะถูกตัดออกเมื่อบันทึก · ยาวได้ไม่เกิน {BODY_MAX_TEXT} ตัวอักษร
          </>
        }
      >
        {(control) => (
          <textarea {...control} name="body" rows={14} defaultValue={values.body} className="staff-editor__body" />
        )}
      </FieldShell>
      <div className="staff-form__row">
        <StaffField
          {...text('date')}
          label="วันที่เผยแพร่"
          hint="วว/ดด/ปปปป (พ.ศ.) เช่น 25/11/2569 · ถ้าเป็นวันเวลาในอนาคต เนื้อหาที่กดเผยแพร่แล้วจะแสดงบนเว็บไซต์เมื่อถึงเวลานั้น"
          inputMode="numeric"
          required
        />
        <StaffField {...text('time')} label="เวลา" hint="ชช:นน เช่น 09:30 (เวลาประเทศไทย)" inputMode="numeric" />
      </div>
      <StaffField
        {...input('videoUrl')}
        label="ลิงก์วิดีโอ (ไม่บังคับ)"
        hint="เช่น https://www.youtube.com/watch?v=…"
        type="url"
        defaultValue={values.videoUrl}
      />
      <StaffField
        {...input('cover')}
        label="รูปหน้าปก (ไม่บังคับ)"
        hint={`JPG, PNG หรือ WebP ใช้รูปจากกล้องโทรศัพท์ได้ ระบบจะย่อรูปและทำขนาดสำหรับโทรศัพท์ให้${upload ? ` · ไฟล์ที่เลือกทั้งหมดรวมกันไม่เกิน ${upload.limit}` : ''}${coverUrl ? ' · ถ้าไม่เลือกไฟล์ จะใช้รูปเดิม' : ''}`}
        type="file"
        accept="image/jpeg,image/png,image/webp"
      />
      <StaffField
        {...text('coverAlt')}
        label="คำอธิบายรูปหน้าปก"
        hint="บอกสิ่งที่อยู่ในรูปสำหรับผู้ที่มองไม่เห็นรูป เช่น ประธานมอบทุนการศึกษาแก่บุตรสมาชิก · ต้องกรอกก่อนเผยแพร่ถ้ามีรูปหน้าปก"
        maxLength={300}
      />
      <StaffField
        {...input('attachment')}
        label="ไฟล์แนบ (ไม่บังคับ)"
        hint={`PDF ไม่เกิน ${sizeLimit} (เก็บตามต้นฉบับ) หรือรูปภาพสำหรับแกลเลอรี (ระบบย่อรูปให้) · เพิ่มได้ครั้งละหนึ่งไฟล์`}
        type="file"
        accept="application/pdf,image/jpeg,image/png,image/webp"
      />
      <StaffField
        {...text('attachmentLabel')}
        label="ชื่อไฟล์แนบหรือคำอธิบายรูป"
        hint="ชื่อที่แสดงของ PDF (ถ้าเว้นว่างจะใช้หัวข้อของเนื้อหา) หรือคำอธิบายของรูปในแกลเลอรี ซึ่งต้องกรอกก่อนเผยแพร่"
        maxLength={200}
      />
      <p className="staff-form__actions">
        <button type="submit" className="button">
          {submitLabel}
        </button>{' '}
        {/* A new tab shows the draft as its public page would, from these fields, without saving them
            (ADR 120); this tab keeps what was typed. Plain HTML: no script needed. */}
        <button
          type="submit"
          name="intent"
          value="preview"
          formTarget="_blank"
          formNoValidate
          className="button button--secondary"
        >
          ดูตัวอย่าง
        </button>
      </p>
      <p className="field__hint">ดูตัวอย่างจะเปิดในแท็บใหม่ โดยยังไม่บันทึกสิ่งที่แก้ไข</p>
    </form>
  );
}
