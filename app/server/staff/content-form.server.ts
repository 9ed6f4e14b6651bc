import { unstable_parseMultipartFormData, type UploadHandler } from '@remix-run/node';

import { discardBody } from '../member/photo-upload.server';

/** Largest text field of a content form (the body is the big one), in bytes. */
export const FIELD_MAX_BYTES = 64 * 1024;
/** Text fields of one form, all together. */
const FIELDS_TOTAL_MAX = 128 * 1024;
/** Files in one form (a cover and an attachment). */
const FILES_MAX = 2;

export interface UploadedFile {
  field: string;
  filename: string;
  bytes: Uint8Array;
}

export type ContentUpload =
  { ok: true; fields: Map<string, string>; files: UploadedFile[] } | { ok: false; problem: 'too_large' | 'malformed' };

class TooLarge extends Error {
  override name = 'TooLarge';
}

/**
 * Read a content form (`multipart/form-data`) while it streams in: text fields up to 64 KiB each,
 * at most two files of at most `fileMaxBytes` each, and the whole body at most `bodyMaxBytes`. A
 * part past a limit ends the reading at once (nothing larger is ever held); an empty file input (no
 * file chosen) is left out. The edge (server/edge.js) lets these paths' bodies through unread under
 * the same ceiling as the member photo uploads.
 */
export async function readContentUpload(
  request: Request,
  { fileMaxBytes, bodyMaxBytes }: { fileMaxBytes: number; bodyMaxBytes: number },
): Promise<ContentUpload> {
  const declared = Number(request.headers.get('Content-Length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > bodyMaxBytes) {
    await discardBody(request.body);
    return { ok: false, problem: 'too_large' };
  }
  const source = request.body?.getReader();
  if (!source) return { ok: false, problem: 'malformed' };
  let received = 0;
  const limited = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await source.read();
      if (done) return controller.close();
      received += value.byteLength;
      if (received > bodyMaxBytes) return controller.error(new TooLarge());
      controller.enqueue(value);
    },
  });

  const fields = new Map<string, string>();
  const files: UploadedFile[] = [];
  let fieldBytes = 0;
  const handler: UploadHandler = async ({ name, filename, data }) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const max = filename === undefined ? FIELD_MAX_BYTES : fileMaxBytes;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size > max) throw new TooLarge();
      chunks.push(chunk);
    }
    if (filename === undefined) {
      fieldBytes += size;
      if (fieldBytes > FIELDS_TOTAL_MAX) throw new TooLarge();
      if (!fields.has(name)) fields.set(name, Buffer.concat(chunks).toString('utf8'));
      return undefined;
    }
    if (size === 0) return undefined;
    if (files.length >= FILES_MAX) throw new TooLarge();
    files.push({ field: name, filename, bytes: Buffer.concat(chunks) });
    return undefined;
  };

  try {
    const parse = new Request(request.url, {
      method: 'POST',
      headers: request.headers,
      body: limited,
      duplex: 'half',
    } as RequestInit);
    await unstable_parseMultipartFormData(parse, handler);
  } catch (error) {
    await discardBody(source);
    if (error instanceof TooLarge) return { ok: false, problem: 'too_large' };
    return { ok: false, problem: 'malformed' };
  }
  return { ok: true, fields, files };
}
