import { useForm } from '@conform-to/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { ERROR_PREFIX } from '~/lib/meta';

import { FieldShell } from './field-shell';
import { Field, TextAreaField } from './forms';
import { SearchForm } from './info/search';
import { StaffField } from './staff/fields';
import { PlainField } from './staff/moderation';

/** The attributes of the first element with this id, as rendered. */
function attributesOf(html: string, id: string): Record<string, string> {
  const tag = new RegExp(`<(input|textarea)\\b[^>]*\\bid="${id}"[^>]*>`).exec(html)?.[0];
  expect(tag, `a control with id ${id}`).toBeDefined();
  return Object.fromEntries([...tag!.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!.toLowerCase(), m[2]!]));
}

/** The chrome every field shares: label for the control, hint, error line, ARIA wiring. */
function expectChrome(html: string, id: string, { error, hint }: { error?: string; hint: boolean }) {
  expect(html).toContain(`<label for="${id}" class="field__label">`);
  expect(html).toContain(error ? '<div class="field field--error">' : '<div class="field">');
  if (hint) expect(html).toMatch(new RegExp(`<p id="${id}-hint" class="field__hint">`));
  else expect(html).not.toContain(`${id}-hint`);
  const errorLine = new RegExp(`<p id="${id}-error" class="field__error"[^>]*>(.*?)</p>`).exec(html);
  expect(errorLine, 'the error line is always there').not.toBeNull();
  expect(errorLine![1]).toBe(error ? `<span class="visually-hidden">${ERROR_PREFIX} </span>${error}` : '');
  const control = attributesOf(html, id);
  expect(control['aria-invalid']).toBe(error ? 'true' : undefined);
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  expect(control['aria-describedby']).toBe(describedBy || undefined);
}

function ConformField({ error, multiline = false }: { error?: string; multiline?: boolean }) {
  const [, fields] = useForm<{ title: string; body: string }>({
    id: 'post',
    lastResult: error ? { status: 'error', error: { title: [error], body: [error] } } : undefined,
  });
  return multiline ? (
    <TextAreaField meta={fields.body} label="รายละเอียด" />
  ) : (
    <Field meta={fields.title} label="หัวข้อ" hint="สั้น ๆ" inputProps={{ maxLength: 10 }} />
  );
}

describe('the one field chrome', () => {
  for (const error of [undefined, 'กรุณากรอกข้อมูล']) {
    const state = error ? 'with an error' : 'without an error';

    it(`wires FieldShell's control ${state}`, () => {
      const html = renderToStaticMarkup(
        <FieldShell id="f" label="ชื่อ" hint="คำแนะนำ" error={error}>
          {(control) => <input {...control} name="f" />}
        </FieldShell>,
      );
      expectChrome(html, 'f', { error, hint: true });
    });

    it(`wires the conform Field and TextAreaField ${state}`, () => {
      const input = renderToStaticMarkup(<ConformField error={error} />);
      expectChrome(input, 'post-title', { error, hint: true });
      expect(attributesOf(input, 'post-title')).toMatchObject({ name: 'title', maxlength: '10' });
      const textarea = renderToStaticMarkup(<ConformField error={error} multiline />);
      expectChrome(textarea, 'post-body', { error, hint: false });
      expect(attributesOf(textarea, 'post-body')).toMatchObject({ name: 'body', rows: '6' });
    });

    it(`wires the back office's StaffField and PlainField ${state}`, () => {
      const staff = renderToStaticMarkup(<StaffField id="s" name="s" label="ชื่อผู้ใช้" hint="คำแนะนำ" error={error} />);
      expectChrome(staff, 's', { error, hint: true });
      const plain = renderToStaticMarkup(<PlainField id="p" name="p" label="เหตุผล" error={error} maxLength={300} />);
      expectChrome(plain, 'p', { error, hint: false });
      expect(attributesOf(plain, 'p')).toMatchObject({
        'aria-required': 'true',
        autocomplete: 'off',
        maxlength: '300',
      });
      const multiline = renderToStaticMarkup(
        <PlainField id="m" name="m" label="คำตอบ" hint="คำแนะนำ" error={error} maxLength={300} multiline />,
      );
      expectChrome(multiline, 'm', { error, hint: true });
    });

    it(`wires the search field ${state}, its error line kept for the script`, () => {
      const html = renderToStaticMarkup(<SearchForm idPrefix="page" query="เงินกู้" error={error} />);
      expectChrome(html, 'page-q', { error, hint: false });
      expect(html).toMatch(/<p id="page-q-error" class="field__error" data-search-error="">/);
      expect(attributesOf(html, 'page-q')).toMatchObject({ name: 'q', type: 'search', value: 'เงินกู้' });
    });
  }
});
