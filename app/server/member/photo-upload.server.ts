import { CROP_FIELDS, type CropArea } from '~/lib/photo';

import { readMultipart, readPart, readShortPart } from '../http/multipart.server';

/** Room for the multipart boundaries, part headers and the crop fields around the file itself. */
export const MULTIPART_OVERHEAD = 16 * 1024;

const CROP_KEY_BY_FIELD = new Map<string, keyof CropArea>(
  Object.entries(CROP_FIELDS).map(([key, field]) => [field, key as keyof CropArea]),
);
const FIELD_MAX = 32;

export type PhotoUpload =
  { ok: true; image: Uint8Array | null; crop: CropArea | null } | { ok: false; problem: 'too_large' | 'malformed' };

/**
 * Read a profile-photo form (`multipart/form-data`: the file `image` and the optional crop fields)
 * while it streams in. Nothing larger than `maxBytes` is ever held: the file part is abandoned as
 * soon as it passes the limit, and a `Content-Length` above it is refused before reading anything.
 * An empty file input (no file chosen) gives `image: null`.
 */
export async function readPhotoUpload(request: Request, maxBytes: number): Promise<PhotoUpload> {
  let image: Uint8Array | null = null;
  const crop: Partial<Record<keyof CropArea, number>> = {};
  const read = await readMultipart(request, maxBytes + MULTIPART_OVERHEAD, async ({ name, filename, data }) => {
    if (name === 'image' && filename !== undefined && image === null) {
      const bytes = await readPart(data, maxBytes);
      image = bytes.byteLength ? bytes : null;
      return;
    }
    // Every other part is read through (the parser needs that) but only short crop fields are kept.
    const kept = await readShortPart(data, FIELD_MAX);
    const key = CROP_KEY_BY_FIELD.get(name);
    if (key && filename === undefined && kept) {
      const text = Buffer.from(kept).toString('utf8').trim();
      if (/^-?\d+(\.\d+)?$/.test(text)) crop[key] = Number(text);
    }
  });
  if (!read.ok) return read;
  const complete =
    crop.x !== undefined && crop.y !== undefined && crop.width !== undefined && crop.height !== undefined;
  return { ok: true, image, crop: complete ? (crop as CropArea) : null };
}
