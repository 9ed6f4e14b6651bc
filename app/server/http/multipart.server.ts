import { unstable_parseMultipartFormData, type UploadHandler } from '@remix-run/node';

/** Thrown by a part reader (or `readPart`) to end the reading as too large. */
export class TooLarge extends Error {
  override name = 'TooLarge';
}

export type MultipartRead = { ok: true } | { ok: false; problem: 'too_large' | 'malformed' };

/** One part of the form as it streams in: it must be read through (`readPart` does) before the next. */
export interface MultipartPart {
  name: string;
  /** The file name of a file part (empty when no file was chosen); undefined for a text field. */
  filename: string | undefined;
  data: AsyncIterable<Uint8Array>;
}

/**
 * Read a `multipart/form-data` body while it streams in, handing each part to `onPart`. Nothing past
 * `bodyLimit` bytes is ever read into memory: a `Content-Length` above it is refused before reading
 * anything, and the body as the parser sees it fails once more than that has come in, however the
 * request was framed (chunked uploads have no Content-Length). A refused body is drained
 * is not read any further: the answer goes out at once, and the edge reads and throws away the rest
 * of the body after it (server/edge.ts, `drainAfterAnswer`), so the browser finishes sending and shows
 * the answer. (Draining here, through the web stream the adapter made of the request, could stall
 * once the parser had stopped reading it: the upload then never got an answer.) `onPart` throws
 * `TooLarge` to refuse a part.
 */
export async function readMultipart(
  request: Request,
  bodyLimit: number,
  onPart: (part: MultipartPart) => Promise<void>,
): Promise<MultipartRead> {
  const declared = Number(request.headers.get('Content-Length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > bodyLimit) return { ok: false, problem: 'too_large' };
  const source = request.body?.getReader();
  if (!source) return { ok: false, problem: 'malformed' };

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
  const handler: UploadHandler = async ({ name, filename, data }) => {
    await onPart({ name, filename, data });
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
    if (error instanceof TooLarge) return { ok: false, problem: 'too_large' };
    return { ok: false, problem: 'malformed' };
  }
  return { ok: true };
}

/** A part's bytes, read through; past `max` bytes the whole reading ends at once as too large. */
export async function readPart(data: AsyncIterable<Uint8Array>, max: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    if (size > max) throw new TooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** A part's bytes if it holds at most `max`, else null; a longer part is read through and dropped. */
export async function readShortPart(data: AsyncIterable<Uint8Array>, max: number): Promise<Uint8Array | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    if (size <= max) chunks.push(chunk);
  }
  return size > max ? null : Buffer.concat(chunks);
}
