import { Readable } from 'node:stream';

import { createReadableStreamFromReadable } from '@remix-run/node';
import { describe, expect, it } from 'vitest';

import { FIELD_MAX_BYTES, readContentUpload } from './content-form.server';

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

const LIMITS = { fileMaxBytes: 10_000, bodyMaxBytes: 200_000 };

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

  it('refuses a text field over its limit, a file over its limit, a third file and a body over its limit', async () => {
    const tooLarge = { ok: false, problem: 'too_large' };
    const long = 'ก'.repeat(FIELD_MAX_BYTES / 3 + 1); // three bytes each in UTF-8
    expect(await readContentUpload(form([{ name: 'body', text: long }]), LIMITS)).toEqual(tooLarge);
    const file = (bytes: number) => ({ filename: 'a.pdf', bytes: new Uint8Array(bytes) });
    expect(await readContentUpload(form([{ name: 'cover', file: file(10_001) }]), LIMITS)).toEqual(tooLarge);
    const three = ['a', 'b', 'c'].map((name) => ({ name, file: file(10) }));
    expect(await readContentUpload(form(three), LIMITS)).toEqual(tooLarge);
    const body = [{ name: 'cover', file: file(9_000) }];
    expect(await readContentUpload(form(body), { ...LIMITS, bodyMaxBytes: 5_000 })).toEqual(tooLarge);
    // Sent without a Content-Length, the body is still cut at the limit while it streams.
    expect(await readContentUpload(form(body, { chunked: true }), { ...LIMITS, bodyMaxBytes: 5_000 })).toEqual(
      tooLarge,
    );
  });

  it('answers an over-limit file at once when the body comes from a Node request, as through the Express adapter', async () => {
    // A 6 MB cover under a 5 MB file limit: the reading stops at the limit and answers; it must not
    // wait on the rest of the body (the edge drains it after the answer). Draining it here, through
    // the adapter's stream, stalled and the editor's upload never got an answer.
    const boundary = 'adapterBoundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nข่าว\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="cover"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    const whole = Buffer.concat([head, Buffer.alloc(6_000_000, 1), Buffer.from(`\r\n--${boundary}--\r\n`)]);
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
    const answer = readContentUpload(request, {
      fileMaxBytes: 5 * 1024 * 1024,
      bodyMaxBytes: 10 * 1024 * 1024 + 65_536,
    });
    const stalled = new Promise((resolve) => setTimeout(() => resolve('no answer'), 5_000));
    expect(await Promise.race([answer, stalled])).toEqual({ ok: false, problem: 'too_large' });
  });
});
