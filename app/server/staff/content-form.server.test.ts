import { Readable } from 'node:stream';

import { createReadableStreamFromReadable } from '@remix-run/node';
import { describe, expect, it } from 'vitest';

import { FIELD_MAX_BYTES, readContentUpload } from './content-form.server';
import { BODY_MAX } from './content.server';

const BOUNDARY = '----sahakornContentBoundary';
type Part = { name: string; text?: string; file?: { filename: string; bytes: Uint8Array } };

function form(parts: Part[], { chunked = false } = {}): Request {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.file
      ? `form-data; name="${part.name}"; filename="${part.file.filename}"\r\nContent-Type: application/octet-stream`
      : `form-data; name="${part.name}"`;
    pieces.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    pieces.push(part.file ? Buffer.from(part.file.bytes) : Buffer.from(part.text ?? '', 'utf8'));
    pieces.push(Buffer.from('\r\n'));
  }
  pieces.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  const body = Buffer.concat(pieces);
  const headers = new Headers({ 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` });
  if (!chunked) headers.set('Content-Length', String(body.byteLength));
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < body.byteLength; at += 4096) controller.enqueue(body.subarray(at, at + 4096));
      controller.close();
    },
  });
  return new Request('http://coop.test/staff/content/new', {
    method: 'POST',
    headers,
    body: stream,
    duplex: 'half',
  } as RequestInit);
}

const LIMITS = { bodyMaxBytes: 200_000 };

describe('readContentUpload', () => {
  it('gives the text fields (the first of a name) and the chosen files, leaving out an empty file input', async () => {
    const result = await readContentUpload(
      form([
        { name: 'title', text: 'ประกาศรับสมัคร' },
        { name: 'title', text: 'ซ้ำ' },
        { name: 'cover', file: { filename: 'cover.png', bytes: new Uint8Array([1, 2, 3]) } },
        { name: 'attachment', file: { filename: '', bytes: new Uint8Array() } },
      ]),
      LIMITS,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Object.fromEntries(result.fields)).toEqual({ title: 'ประกาศรับสมัคร' });
    expect(result.files.map((f) => [f.field, f.filename, [...f.bytes]])).toEqual([['cover', 'cover.png', [1, 2, 3]]]);
  });

  it('keeps a Thai body of 60,000 characters (180,000 bytes), which a 64 KiB field limit refused', async () => {
    const body = 'ก'.repeat(BODY_MAX);
    const result = await readContentUpload(
      form([
        { name: 'title', text: 'ข่าว' },
        { name: 'body', text: body },
      ]),
      { bodyMaxBytes: 1_000_000 },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.fields.get('body')).toBe(body);
    expect(result.oversize).toEqual([]);
  });

  it('leaves out a text field over its byte limit and names it, keeping the other fields', async () => {
    const long = 'ก'.repeat(FIELD_MAX_BYTES / 3 + 1); // three bytes each in UTF-8
    const result = await readContentUpload(
      form([
        { name: 'title', text: 'ข่าว' },
        { name: 'body', text: long },
        { name: 'date', text: '25/11/2569' },
      ]),
      { bodyMaxBytes: 4_000_000 },
    );
    expect(result).toMatchObject({ ok: true, oversize: ['body'] });
    if (!result.ok) return;
    expect(Object.fromEntries(result.fields)).toEqual({ title: 'ข่าว', date: '25/11/2569' });
  });

  it('takes a file as large as the body allows (a picture is scaled down later), refuses a third file and a body over its limit', async () => {
    const file = (bytes: number) => ({ filename: 'a.jpg', bytes: new Uint8Array(bytes) });
    const big = await readContentUpload(form([{ name: 'cover', file: file(150_000) }]), LIMITS);
    expect(big.ok && big.files[0]?.bytes.byteLength).toBe(150_000);
    const three = ['a', 'b', 'c'].map((name) => ({ name, file: file(10) }));
    expect(await readContentUpload(form(three), LIMITS)).toMatchObject({ ok: false, problem: 'too_large' });
    // The text before the file comes back with the refusal.
    const body = [
      { name: 'title', text: 'ข่าวยาว' },
      { name: 'cover', file: file(9_000) },
    ];
    const refused = await readContentUpload(form(body, { chunked: true }), { bodyMaxBytes: 5_000 });
    expect(refused).toMatchObject({ ok: false, problem: 'too_large' });
    expect(Object.fromEntries(refused.fields)).toEqual({ title: 'ข่าวยาว' });
    // Declared too large, nothing is read.
    expect(await readContentUpload(form(body), { bodyMaxBytes: 5_000 })).toMatchObject({
      ok: false,
      problem: 'too_large',
    });
  });

  it('answers an over-limit file at once when the body comes from a Node request, as through the Express adapter', async () => {
    // A 12 MB cover over a 10 MB body limit: the reading stops at the limit and answers; it must not
    // wait on the rest of the body (the edge drains it after the answer). Draining it here, through
    // the adapter's stream, stalled and the editor's upload never got an answer.
    const boundary = 'adapterBoundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nข่าว\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="cover"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    const whole = Buffer.concat([head, Buffer.alloc(12_000_000, 1), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    let offset = 0;
    const node = new Readable({
      read() {
        this.push(offset < whole.length ? whole.subarray(offset, (offset += 65_536)) : null);
      },
    });
    const request = new Request('http://coop.test/staff/content/new', {
      method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body: createReadableStreamFromReadable(node),
      duplex: 'half',
    } as RequestInit);
    const answer = readContentUpload(request, { bodyMaxBytes: 10 * 1024 * 1024 + 65_536 });
    const stalled = new Promise((resolve) => setTimeout(() => resolve('no answer'), 5_000));
    expect(await Promise.race([answer, stalled])).toMatchObject({ ok: false, problem: 'too_large' });
  });
});
