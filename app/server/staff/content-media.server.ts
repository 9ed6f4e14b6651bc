import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

import sharp from 'sharp';

import type { Db } from '../db/index.server';
import {
  checkedImageSize,
  DECODE_OPTIONS,
  detectImageType,
  ImageUploadError,
  inPhotoQueue,
  type PhotoProblem,
} from '../member/photo.server';

/**
 * Pictures and attachments that staff upload for content items (ADR 061). Nothing is trusted from
 * the browser: the type comes from the file's first bytes, pictures are decoded and re-encoded (no
 * metadata survives), PDFs are kept byte for byte. Files land under `content/YYYY/MM/` of the media
 * folder that `/mediafiles/` serves, with random names: a new upload never reuses a name, so no
 * browser or shared cache can show an older file under it (media are cached for 30 days).
 */

/** Widest stored picture (desktop pages, banners): larger pictures are scaled down. */
export const PICTURE_WIDTH = 1600;
/** The phone copy of every picture, `{name}-w800.jpg` (a 400 px wide screen at twice the density), offered through `srcset`. */
export const PHONE_WIDTH = 800;
export const PHONE_SUFFIX = `-w${PHONE_WIDTH}`;

/** What can be wrong with an uploaded picture: as with a member's photo. */
export type MediaProblem = PhotoProblem;

/** An upload that cannot be stored; `problem` picks the Thai message. */
export class MediaError extends ImageUploadError {
  override name = 'MediaError';
}

export interface StoredMedia {
  /** Path below the media folder, as content rows store it (`content/2026/11/ab12….jpg`). */
  file: string;
  sizeBytes: number;
  kind: 'picture' | 'pdf';
}

/** What a file's first bytes say it is: a picture we re-encode, a PDF we keep, or nothing we take. */
export function detectUploadKind(bytes: Uint8Array): 'picture' | 'pdf' | null {
  if (detectImageType(bytes)) return 'picture';
  // `%PDF-` (a PDF may carry a few bytes of junk before it; we do not accept that).
  if (bytes.length >= 5 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-') return 'pdf';
  return null;
}

function folderFor(now: Date): string {
  const y = now.getUTCFullYear();
  const m = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `content/${y}/${m}`;
}

/**
 * Write a file under a temporary name first, so a half-written file is never served. A write that
 * fails (a full disk) leaves nothing behind: the temporary file is removed before the error goes on.
 */
async function writeAtomically(target: string, bytes: Uint8Array): Promise<void> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${randomBytes(4).toString('hex')}.part`;
  try {
    await fs.writeFile(temporary, bytes, { flag: 'wx' });
    await fs.rename(temporary, target);
  } catch (error) {
    await fs.rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

const mediaError = (problem: MediaProblem, message: string) => new MediaError(problem, message);

async function encodePicture(input: Uint8Array): Promise<{ large: Buffer; phone: Buffer }> {
  const type = detectImageType(input);
  if (!type) throw new MediaError('type');
  await checkedImageSize(input, type, mediaError);
  const encode = (target: number) =>
    sharp(input, DECODE_OPTIONS)
      .resize({ width: target, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: 80, mozjpeg: true, progressive: true })
      .toBuffer();
  try {
    return { large: await encode(PICTURE_WIDTH), phone: await encode(PHONE_WIDTH) };
  } catch (error) {
    throw new MediaError('unreadable', describe(error));
  }
}

/**
 * Store an uploaded picture (JPEG, PNG or WebP by its bytes): EXIF orientation applied, at most
 * 1600 px wide plus an 800 px phone copy, both baseline-compatible progressive JPEGs without metadata.
 * At most two pictures are decoded at a time across the process (the member photo queue).
 */
export async function storePicture(dir: string, input: Uint8Array, now = new Date()): Promise<StoredMedia> {
  const encoded = await inPhotoQueue(() => encodePicture(input), mediaError);
  const base = `${folderFor(now)}/${randomBytes(12).toString('hex')}`;
  const phone = path.join(dir, `${base}${PHONE_SUFFIX}.jpg`);
  await writeAtomically(phone, encoded.phone);
  try {
    await writeAtomically(path.join(dir, `${base}.jpg`), encoded.large);
  } catch (error) {
    // No phone copy without its picture.
    await fs.rm(phone, { force: true }).catch(() => undefined);
    throw error;
  }
  return { file: `${base}.jpg`, sizeBytes: encoded.large.byteLength, kind: 'picture' };
}

/** Store an uploaded PDF as it is (checked by its first bytes only). */
export async function storePdf(dir: string, input: Uint8Array, now = new Date()): Promise<StoredMedia> {
  if (detectUploadKind(input) !== 'pdf') throw new MediaError('type');
  const file = `${folderFor(now)}/${randomBytes(12).toString('hex')}.pdf`;
  await writeAtomically(path.join(dir, file), input);
  return { file, sizeBytes: input.byteLength, kind: 'pdf' };
}

/** Store any accepted upload: pictures are re-encoded, PDFs kept; anything else is MediaError('type'). */
export function storeUpload(dir: string, input: Uint8Array, now = new Date()): Promise<StoredMedia> {
  const kind = detectUploadKind(input);
  if (kind === 'picture') return storePicture(dir, input, now);
  if (kind === 'pdf') return storePdf(dir, input, now);
  return Promise.reject(new MediaError('type'));
}

/** The phone copy's path of a stored picture of ours, or null for pictures stored otherwise. */
export function phoneCopyOf(file: string): string | null {
  return /^content\/\d{4}\/\d{2}\/[0-9a-f]{24}\.jpg$/.test(file) ? file.replace(/\.jpg$/, `${PHONE_SUFFIX}.jpg`) : null;
}

/** A file staff uploaded (random name under content/YYYY/MM/): the only files ever deleted. */
const UPLOADED = /^content\/\d{4}\/\d{2}\/[0-9a-f]{24}\.(jpg|pdf)$/;

/** The file behind an item's cover, attachment or gallery photo (before it is taken off), or null. */
export async function itemMediaFile(
  db: Db,
  no: number,
  kind: 'cover' | 'attachment' | 'photo',
  id?: number,
): Promise<string | null> {
  if (kind === 'cover') {
    const row = await db.selectFrom('content_items').select('cover_image').where('no', '=', no).executeTakeFirst();
    return row?.cover_image ?? null;
  }
  if (id === undefined) return null;
  const table = kind === 'attachment' ? 'content_attachments' : 'content_gallery';
  const row = await db
    .selectFrom(table)
    .select('file')
    .where('id', '=', id)
    .where('item_no', '=', no)
    .executeTakeFirst();
  return row?.file ?? null;
}

/**
 * Delete stored uploads nothing refers to any more (a removed or replaced cover, attachment or gallery
 * photo; an upload whose form was refused), with a picture's phone copy. Only files of the uploads'
 * own shape are touched, only inside `dir`, and only when no content item, attachment or gallery row
 * names them. Returns the files deleted. A page still cached elsewhere may link a deleted file for
 * its cache lifetime; the media route then answers 404.
 */
export async function deleteUnreferencedMedia(db: Db, dir: string, files: Array<string | null>): Promise<string[]> {
  const root = path.resolve(dir);
  const deleted: string[] = [];
  for (const file of new Set(files)) {
    if (!file || !UPLOADED.test(file)) continue;
    const [cover, attachment, photo] = await Promise.all([
      db
        .selectFrom('content_items')
        .select('no')
        .where((eb) => eb.or([eb('cover_image', '=', file), eb('attachment', '=', file)]))
        .executeTakeFirst(),
      db.selectFrom('content_attachments').select('id').where('file', '=', file).executeTakeFirst(),
      db.selectFrom('content_gallery').select('id').where('file', '=', file).executeTakeFirst(),
    ]);
    if (cover || attachment || photo) continue;
    for (const name of [file, phoneCopyOf(file)]) {
      if (!name) continue;
      const target = path.resolve(root, name);
      if (!target.startsWith(`${root}${path.sep}`)) continue;
      try {
        await fs.unlink(target);
        if (name === file) deleted.push(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
  return deleted;
}
