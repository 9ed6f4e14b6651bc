import { readMultipart, readPart, readShortPart, TooLarge } from '../http/multipart.server';

/**
 * Largest text field of a content form as read, in bytes. The form's limits are in characters (the
 * body's is BODY_MAX) and a Thai character takes three bytes in UTF-8, so the reader keeps far more
 * than the longest allowed body: a longer text comes back in the form with the message that says how
 * many characters are allowed (ADR 117), never a refusal about file sizes.
 */
export const FIELD_MAX_BYTES = 1024 * 1024;
/** Text fields of one form, all together. */
const FIELDS_TOTAL_MAX = 2 * FIELD_MAX_BYTES;
/** Files in one form (a cover and an attachment). */
const FILES_MAX = 2;

export { contentUploadCeiling } from '~/lib/content-upload';

export interface UploadedFile {
  field: string;
  filename: string;
  bytes: Uint8Array;
}

export type ContentUpload =
  | {
      ok: true;
      fields: Map<string, string>;
      files: UploadedFile[];
      /** Text fields longer than FIELD_MAX_BYTES: read through and left out. */
      oversize: string[];
    }
  | {
      ok: false;
      problem: 'too_large' | 'malformed';
      /** The text fields read before the body ran over its limit (a form lists them before its files). */
      fields: Map<string, string>;
    };

/**
 * Read a content form (`multipart/form-data`) while it streams in: text fields up to FIELD_MAX_BYTES
 * each (a longer one is read through, left out and named in `oversize`), at most two files, and the
 * whole body at most `bodyMaxBytes`. A file's size is checked by its kind afterwards: a picture of
 * any size the body holds is scaled down when stored, a PDF is kept as it is and has its own limit
 * (ADR 117). A body past its limit ends the reading at once (nothing larger is ever held); the text
 * fields read until then are given back so the form keeps them. An empty file input (no file chosen)
 * is left out. The edge (server/edge.ts) lets these paths' bodies through unread under the same
 * ceiling as the member photo uploads.
 */
export async function readContentUpload(
  request: Request,
  { bodyMaxBytes }: { bodyMaxBytes: number },
): Promise<ContentUpload> {
  const fields = new Map<string, string>();
  const files: UploadedFile[] = [];
  const oversize: string[] = [];
  let fieldBytes = 0;
  const read = await readMultipart(request, bodyMaxBytes, async ({ name, filename, data }) => {
    if (filename === undefined) {
      const bytes = await readShortPart(data, FIELD_MAX_BYTES);
      if (bytes === null || fieldBytes + bytes.byteLength > FIELDS_TOTAL_MAX) {
        if (!oversize.includes(name)) oversize.push(name);
        return;
      }
      fieldBytes += bytes.byteLength;
      if (!fields.has(name)) fields.set(name, Buffer.from(bytes).toString('utf8'));
      return;
    }
    const bytes = await readPart(data, bodyMaxBytes);
    if (bytes.byteLength === 0) return;
    if (files.length >= FILES_MAX) throw new TooLarge();
    files.push({ field: name, filename, bytes });
  });
  if (!read.ok) return { ...read, fields };
  return { ok: true, fields, files, oversize };
}
