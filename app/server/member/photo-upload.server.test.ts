import { describe, expect, it } from 'vitest';

import { readPhotoUpload } from './photo-upload.server';

const URL_ = 'http://coop.test/member/photo';
const BOUNDARY = '----sahakornTestBoundary';

/** A multipart body with the given text fields and, optionally, a file part `image`. */
function multipart(fields: Record<string, string>, file?: { name: string; type: string; bytes: Uint8Array }) {
  const parts: Buffer[] = [];
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

/** A body that streams `bytes` in 64 KiB chunks, then (optionally) goes on forever; it records what was read. */
function streamed(bytes: Uint8Array, { endless = false } = {}) {
  const seen = { read: 0, cancelled: false };
  let offset = 0;
  const filler = new Uint8Array(1024 * 1024).fill(0x41);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset < bytes.length) {
        const chunk = bytes.subarray(offset, offset + 64 * 1024);
        offset += chunk.length;
        seen.read += chunk.length;
        controller.enqueue(chunk);
      } else if (endless) {
        seen.read += filler.length;
        controller.enqueue(filler);
      } else {
        controller.close();
      }
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { body, seen };
}

function post(body: BodyInit, headers: Record<string, string> = {}) {
  return new Request(URL_, {
    method: 'POST',
    body,
    headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
    duplex: 'half',
  } as RequestInit);
}

const jpegLike = (size: number) => {
  const bytes = new Uint8Array(size).fill(7);
  bytes.set([0xff, 0xd8, 0xff]);
  return bytes;
};

describe('readPhotoUpload', () => {
  it('returns the file and a complete crop area', async () => {
    const bytes = jpegLike(1000);
    const result = await readPhotoUpload(
      post(
        multipart(
          { cropX: '10', cropY: '20.5', cropWidth: '300', cropHeight: '300', other: 'ignored' },
          { name: 'me.jpg', type: 'image/jpeg', bytes },
        ),
      ),
      5000,
    );
    expect(result).toEqual({ ok: true, image: Buffer.from(bytes), crop: { x: 10, y: 20.5, width: 300, height: 300 } });
  });

  it('gives no crop when a field is missing or not a number, and no image when no file was chosen', async () => {
    const partial = await readPhotoUpload(
      post(
        multipart(
          { cropX: '10', cropY: '1e9', cropWidth: '300', cropHeight: '300' },
          {
            name: '',
            type: 'application/octet-stream',
            bytes: new Uint8Array(),
          },
        ),
      ),
      5000,
    );
    expect(partial).toEqual({ ok: true, image: null, crop: null });
  });

  it('refuses a declared Content-Length above the limit before reading a byte (the edge drains it)', async () => {
    const { body, seen } = streamed(multipart({}, { name: 'big.jpg', type: 'image/jpeg', bytes: jpegLike(300_000) }));
    const result = await readPhotoUpload(post(body, { 'Content-Length': '300500' }), 100_000);
    expect(result).toEqual({ ok: false, problem: 'too_large' });
    expect(seen.read).toBeLessThan(100_000);
    expect(seen.cancelled).toBe(false);
  });

  it('stops at the limit while streaming when the size was not declared, leaving the rest unread', async () => {
    const { body, seen } = streamed(multipart({}, { name: 'big.png', type: 'image/png', bytes: jpegLike(500_000) }));
    const result = await readPhotoUpload(post(body), 100_000);
    expect(result).toEqual({ ok: false, problem: 'too_large' });
    expect(seen.read).toBeLessThan(500_000);
    expect(seen.cancelled).toBe(false);
  });

  it('answers a body that never ends as too large without waiting for its end', async () => {
    const { body, seen } = streamed(multipart({}, { name: 'x.jpg', type: 'image/jpeg', bytes: jpegLike(200_000) }), {
      endless: true,
    });
    const result = await readPhotoUpload(post(body), 100_000);
    expect(result).toEqual({ ok: false, problem: 'too_large' });
    expect(seen.read).toBeLessThan(4 * 1024 * 1024);
  });

  it('accepts a file of exactly the limit', async () => {
    const bytes = jpegLike(100_000);
    const result = await readPhotoUpload(post(multipart({}, { name: 'a.jpg', type: 'image/jpeg', bytes })), 100_000);
    expect(result.ok && result.image?.length).toBe(100_000);
  });

  it('calls a body that is not multipart malformed', async () => {
    const request = new Request(URL_, { method: 'POST', body: new URLSearchParams({ image: 'x' }) });
    expect(await readPhotoUpload(request, 100_000)).toEqual({ ok: false, problem: 'malformed' });
  });
});
