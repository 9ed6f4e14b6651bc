import { unstable_parseMultipartFormData, type UploadHandler } from '@remix-run/node';

import { CROP_FIELDS, type CropArea } from '~/lib/photo';

/** Room for the multipart boundaries, part headers and the crop fields around the file itself. */
export const MULTIPART_OVERHEAD = 16 * 1024;

/**
 * After refusing an upload we keep reading (and throwing away) at most this much of the body, so the
 * browser finishes sending and then shows our answer; a server that stops reading leaves it hanging,
 * one that closes the connection makes it show a connection error instead. Beyond this the connection
 * is cut.
 */
export const DRAIN_LIMIT = 64 * 1024 * 1024;

const CROP_KEY_BY_FIELD = new Map<string, keyof CropArea>(
  Object.entries(CROP_FIELDS).map(([key, field]) => [field, key as keyof CropArea]),
);
const FIELD_MAX = 32;

export type PhotoUpload =
  { ok: true; image: Uint8Array | null; crop: CropArea | null } | { ok: false; problem: 'too_large' | 'malformed' };

class TooLarge extends Error {
  override name = 'TooLarge';
}

/**
 * Read a profile-photo form (`multipart/form-data`: the file `image` and the optional crop fields)
 * while it streams in. Nothing larger than `maxBytes` is ever held: the file part is abandoned as
 * soon as it passes the limit, and a `Content-Length` above it is refused before reading anything.
 * An empty file input (no file chosen) gives `image: null`.
 */
export async function readPhotoUpload(request: Request, maxBytes: number): Promise<PhotoUpload> {
  const bodyLimit = maxBytes + MULTIPART_OVERHEAD;
  const declared = Number(request.headers.get('Content-Length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > bodyLimit) {
    await discardBody(request.body);
    return { ok: false, problem: 'too_large' };
  }
  const source = request.body?.getReader();
  if (!source) return { ok: false, problem: 'malformed' };

  // The body as the parser sees it: it fails once more than bodyLimit bytes have come in, however
  // the request was framed (chunked uploads have no Content-Length).
  let received = 0;
  const limited = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await source.read();
      if (done) return controller.close();
      received += value.byteLength;
      if (received > bodyLimit) return controller.error(new TooLarge());
      controller.enqueue(value);
    },
  });

  let image: Uint8Array | null = null;
  const crop: Partial<Record<keyof CropArea, number>> = {};
  const handler: UploadHandler = async ({ name, filename, data }) => {
    if (name === 'image' && filename !== undefined && image === null) {
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of data) {
        size += chunk.byteLength;
        if (size > maxBytes) throw new TooLarge();
        chunks.push(chunk);
      }
      image = size ? Buffer.concat(chunks) : null;
      return undefined;
    }
    // Every other part is read through (the parser needs that) but only short crop fields are kept.
    const kept: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size <= FIELD_MAX) kept.push(chunk);
    }
    const key = CROP_KEY_BY_FIELD.get(name);
    if (key && filename === undefined && size <= FIELD_MAX) {
      const text = Buffer.concat(kept).toString('utf8').trim();
      if (/^-?\d+(\.\d+)?$/.test(text)) crop[key] = Number(text);
    }
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
  const complete =
    crop.x !== undefined && crop.y !== undefined && crop.width !== undefined && crop.height !== undefined;
  return { ok: true, image, crop: complete ? (crop as CropArea) : null };
}

/**
 * Read the rest of a body and throw it away (up to DRAIN_LIMIT, then cut the connection). Use it
 * whenever an upload is refused without reading it, so the browser gets to see the answer.
 */
export async function discardBody(body: ReadableStream<Uint8Array> | ReadableStreamDefaultReader<Uint8Array> | null) {
  if (!body) return;
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = 'getReader' in body ? body.getReader() : body;
  } catch {
    return; // already being read elsewhere
  }
  let drained = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      drained += value.byteLength;
      if (drained > DRAIN_LIMIT) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client went away: nothing left to read.
  }
}
