import { ErrorSummary, type SummaryItem } from '~/components/error-summary';
import { FieldShell } from '~/components/field-shell';

export interface ContentFormProps {
  action: string;
  categories: { code: string; label: string }[];
  values: {
    category: string;
    title: string;
    excerpt: string;
    body: string;
    date: string;
    time: string;
    videoUrl: string;
    attachmentLabel: string;
  };
  errors: Partial<Record<string, string>>;
  /** Shown under the cover field: the current cover's URL, if any. */
  coverUrl: string | null;
  sizeLimit: string;
  submitLabel: string;
  /** The version of the item the form edits (a save names it, ADR 118); none for a new item. */
  version?: number;
}

/** Field order of the form, for the error summary. */
const FIELDS = [
  ['category', 'content-category'],
  ['title', 'content-title'],
  ['excerpt', 'content-excerpt'],
  ['body', 'content-body'],
  ['date', 'content-date'],
  ['time', 'content-time'],
  ['videoUrl', 'content-video'],
  ['cover', 'content-cover'],
  ['attachment', 'content-attachment'],
  ['attachmentLabel', 'content-attachment-label'],
] as const;

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
  submitLabel,
  version,
}: ContentFormProps) {
  return (
    <form method="post" action={action} encType="multipart/form-data" noValidate className="stack">
      <ErrorSummary items={contentSummary(errors)} />
      {version === undefined ? null : <input type="hidden" name="version" value={version} />}
      <FieldShell id="content-category" label="หมวดหมู่" error={errors.category}>
        {(control) => (
          <select {...control} name="category" defaultValue={values.category} required>
            <option value="">เลือกหมวดหมู่</option>
            {categories.map((c) => (
              <option key={c.code} value={c.code}>
                {c.label}
              </option>
            ))}
          </select>
        )}
      </FieldShell>
      <FieldShell id="content-title" label="หัวข้อ" error={errors.title}>
        {(control) => (
          <input {...control} type="text" name="title" defaultValue={values.title} maxLength={255} required />
        )}
      </FieldShell>
      <FieldShell
        id="content-excerpt"
        label="คำโปรย (ไม่บังคับ)"
        hint="แสดงในรายการเนื้อหาและการแจ้งเตือน ถ้าเว้นว่างจะใช้ข้อความต้นเนื้อหา"
        error={errors.excerpt}
      >
        {(control) => <textarea {...control} name="excerpt" rows={2} defaultValue={values.excerpt} maxLength={300} />}
      </FieldShell>
      <FieldShell
        id="content-body"
        label="เนื้อหา"
        hint={
          <>
            ใช้แท็ก HTML ได้: &lt;h2&gt; &lt;h3&gt; หัวข้อ, &lt;p&gt; ย่อหน้า, &lt;b&gt; ตัวหนา, &lt;ul&gt;/&lt;ol&gt; กับ
            &lt;li&gt; รายการ, &lt;a href=&quot;…&quot;&gt; ลิงก์, &lt;table&gt; &lt;tr&gt; &lt;th&gt; &lt;td&gt; ตาราง
            แท็กอื่นจะถูกตัดออกเมื่อบันทึก
          </>
        }
        error={errors.body}
      >
        {(control) => (
          <textarea {...control} name="body" rows={14} defaultValue={values.body} className="staff-editor__body" />
        )}
      </FieldShell>
      <div className="staff-form__row">
        <FieldShell id="content-date" label="วันที่เผยแพร่" hint="วว/ดด/ปปปป (พ.ศ.) เช่น 25/11/2569" error={errors.date}>
          {(control) => (
            <input {...control} type="text" name="date" inputMode="numeric" defaultValue={values.date} required />
          )}
        </FieldShell>
        <FieldShell id="content-time" label="เวลา" hint="ชช:นน เช่น 09:30" error={errors.time}>
          {(control) => <input {...control} type="text" name="time" inputMode="numeric" defaultValue={values.time} />}
        </FieldShell>
      </div>
      <FieldShell
        id="content-video"
        label="ลิงก์วิดีโอ (ไม่บังคับ)"
        hint="เช่น https://www.youtube.com/watch?v=…"
        error={errors.videoUrl}
      >
        {(control) => <input {...control} type="url" name="videoUrl" defaultValue={values.videoUrl} />}
      </FieldShell>
      <FieldShell
        id="content-cover"
        label="รูปหน้าปก (ไม่บังคับ)"
        hint={`JPG, PNG หรือ WebP ไม่เกิน ${sizeLimit} ระบบจะย่อรูปและทำขนาดสำหรับโทรศัพท์ให้${coverUrl ? ' · ถ้าไม่เลือกไฟล์ จะใช้รูปเดิม' : ''}`}
        error={errors.cover}
      >
        {(control) => <input {...control} type="file" name="cover" accept="image/jpeg,image/png,image/webp" />}
      </FieldShell>
      <FieldShell
        id="content-attachment"
        label="ไฟล์แนบ (ไม่บังคับ)"
        hint={`PDF (เก็บตามต้นฉบับ) หรือรูปภาพสำหรับแกลเลอรี ไม่เกิน ${sizeLimit} ต่อไฟล์ · เพิ่มได้ครั้งละหนึ่งไฟล์`}
        error={errors.attachment}
      >
        {(control) => (
          <input {...control} type="file" name="attachment" accept="application/pdf,image/jpeg,image/png,image/webp" />
        )}
      </FieldShell>
      <FieldShell
        id="content-attachment-label"
        label="ชื่อไฟล์แนบที่แสดง (ไม่บังคับ)"
        hint="ถ้าเว้นว่างจะใช้หัวข้อของเนื้อหา"
        error={errors.attachmentLabel}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            name="attachmentLabel"
            defaultValue={values.attachmentLabel}
            maxLength={200}
          />
        )}
      </FieldShell>
      <p>
        <button type="submit" className="button">
          {submitLabel}
        </button>
      </p>
    </form>
  );
}
