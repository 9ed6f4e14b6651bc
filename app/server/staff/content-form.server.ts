import { readMultipart, readPart, TooLarge } from '../http/multipart.server';

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

/**
 * Read a content form (`multipart/form-data`) while it streams in: text fields up to 64 KiB each,
 * at most two files of at most `fileMaxBytes` each, and the whole body at most `bodyMaxBytes`. A
 * part past a limit ends the reading at once (nothing larger is ever held); an empty file input (no
 * file chosen) is left out. The edge (server/edge.ts) lets these paths' bodies through unread under
 * the same ceiling as the member photo uploads.
 */
export async function readContentUpload(
  request: Request,
  { fileMaxBytes, bodyMaxBytes }: { fileMaxBytes: number; bodyMaxBytes: number },
): Promise<ContentUpload> {
  const fields = new Map<string, string>();
  const files: UploadedFile[] = [];
  let fieldBytes = 0;
  const read = await readMultipart(request, bodyMaxBytes, async ({ name, filename, data }) => {
    const bytes = await readPart(data, filename === undefined ? FIELD_MAX_BYTES : fileMaxBytes);
    if (filename === undefined) {
      fieldBytes += bytes.byteLength;
      if (fieldBytes > FIELDS_TOTAL_MAX) throw new TooLarge();
      if (!fields.has(name)) fields.set(name, Buffer.from(bytes).toString('utf8'));
      return;
    }
    if (bytes.byteLength === 0) return;
    if (files.length >= FILES_MAX) throw new TooLarge();
    files.push({ field: name, filename, bytes });
  });
  if (!read.ok) return read;
  return { ok: true, fields, files };
}
