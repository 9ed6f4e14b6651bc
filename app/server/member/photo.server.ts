import { createHash } from 'node:crypto';

import sharp, { type Metadata } from 'sharp';

import { MAX_INPUT_PIXELS, type CropArea } from '~/lib/photo';

import { sniffImageType } from '../content/content-image.server';
import { createLimiter, QueueFullError } from '../http/limiter.server';

/** Side of the stored profile photo, in pixels. */
export const PHOTO_SIZE = 256;

export type ImageType = 'jpeg' | 'png' | 'webp';

/** `busy`: too many photos are being processed already (HTTP 503, try again shortly). */
export type PhotoProblem = 'type' | 'unreadable' | 'dimensions' | 'busy';

/**
 * An uploaded image that cannot be taken; `problem` picks the Thai message. The member's photo throws
 * it as `PhotoError`, the staff's content media as `MediaError`.
 */
export class ImageUploadError extends Error {
  constructor(
    readonly problem: PhotoProblem,
    message: string = problem,
  ) {
    super(message);
  }
}

/** An upload that cannot become a profile photo. */
export class PhotoError extends ImageUploadError {
  override name = 'PhotoError';
}

const photoError = (problem: PhotoProblem, message: string) => new PhotoError(problem, message);

// Each image is decoded once: libvips' operation cache would only hold memory.
sharp.cache(false);

/**
 * Decoding a 5 MB photo takes tens of megabytes that the allocator keeps afterwards: 50 at once took a
 * process from 391 to 782 MB. So at most two are decoded at a time, four more wait, and any beyond
 * that are refused with a 503 (`PhotoError('busy')`) instead of growing the process.
 */
export const photoQueue = createLimiter({ concurrency: 2, queue: 4 });

/**
 * The image type from the file's first bytes alone (the file name and the browser's content type
 * are not trusted): JPEG, PNG or WebP. Anything else is null.
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  const type = sniffImageType(bytes);
  return type === 'jpeg' || type === 'png' || type === 'webp' ? type : null;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/**
 * The square region to keep, in whole pixels inside a `width` × `height` image. Without a crop (no
 * JavaScript, or fields that are not finite numbers) it is the largest centred square. A crop is
 * clamped into the image and, if not square, reduced to the largest square centred in it.
 */
export function resolveCrop(width: number, height: number, crop?: CropArea | null): CropArea {
  const valid =
    crop && [crop.x, crop.y, crop.width, crop.height].every(Number.isFinite) && crop.width > 0 && crop.height > 0;
  if (!valid) {
    const side = Math.min(width, height);
    return { x: Math.floor((width - side) / 2), y: Math.floor((height - side) / 2), width: side, height: side };
  }
  const x = clamp(Math.round(crop.x), 0, width - 1);
  const y = clamp(Math.round(crop.y), 0, height - 1);
  const w = clamp(Math.round(crop.width), 1, width - x);
  const h = clamp(Math.round(crop.height), 1, height - y);
  const side = Math.min(w, h);
  return { x: x + Math.floor((w - side) / 2), y: y + Math.floor((h - side) / 2), width: side, height: side };
}

/**
 * Turn an uploaded JPEG, PNG or WebP into the stored profile photo: EXIF orientation applied, the crop
 * (or a centred square) taken, resized to 256 × 256, transparency flattened onto white, re-encoded as
 * a baseline JPEG with no metadata at all (no EXIF, GPS, comments or ICC profile).
 * Throws PhotoError for anything else.
 */
export async function processPhoto(input: Uint8Array, crop?: CropArea | null): Promise<Uint8Array> {
  const type = detectImageType(input);
  if (!type) throw new PhotoError('type');
  return inPhotoQueue(() => transform(input, type, crop), photoError);
}

/** How sharp reads an upload: EXIF orientation applied, the first page only, at most MAX_INPUT_PIXELS. */
export const DECODE_OPTIONS = { autoOrient: true, limitInputPixels: MAX_INPUT_PIXELS, pages: 1 } as const;

/**
 * Runs `work` (decoding an upload) in `photoQueue`; a full queue is thrown as `fail('busy', …)`, the
 * error of the caller's kind.
 */
export async function inPhotoQueue<T>(
  work: () => Promise<T>,
  fail: (problem: PhotoProblem, message: string) => Error,
): Promise<T> {
  try {
    return await photoQueue.run(work);
  } catch (error) {
    if (error instanceof QueueFullError) throw fail('busy', 'image queue full');
    throw error;
  }
}

/**
 * An upload's size as shown (EXIF orientation applied), from its header alone: checked before a single
 * pixel is decoded. `type` is what its first bytes say, and the decoder must agree (a PNG signature
 * glued onto something else is refused). A problem is thrown as `fail(problem, message)`.
 */
export async function checkedImageSize(
  input: Uint8Array,
  type: ImageType,
  fail: (problem: PhotoProblem, message: string) => Error,
): Promise<{ width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { ...DECODE_OPTIONS, limitInputPixels: false }).metadata();
  } catch (error) {
    throw fail('unreadable', describe(error));
  }
  if (meta.format !== type) throw fail('type', `detected ${type}, decoder says ${meta.format}`);
  const { width, height } = meta.autoOrient;
  if (!width || !height) throw fail('unreadable', 'no dimensions');
  if (width * height > MAX_INPUT_PIXELS) throw fail('dimensions', `${width}x${height}`);
  return { width, height };
}

async function transform(input: Uint8Array, type: ImageType, crop?: CropArea | null): Promise<Uint8Array> {
  const { width, height } = await checkedImageSize(input, type, photoError);
  const region = resolveCrop(width, height, crop);
  try {
    const output = await sharp(input, DECODE_OPTIONS)
      .extract({ left: region.x, top: region.y, width: region.width, height: region.height })
      .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
    return new Uint8Array(output.buffer, output.byteOffset, output.byteLength);
  } catch (error) {
    throw new PhotoError('unreadable', describe(error));
  }
}

/** A strong HTTP entity tag for the stored photo's bytes. */
export function photoEtag(bytes: Uint8Array): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
