import { PHOTO_MESSAGES, type CropArea } from '~/lib/photo';

import { env } from '../../env.server';
import { countPhotoUpload } from '../../member/photo-limit.server';
import { PhotoError, processPhoto } from '../../member/photo.server';
import type { CoopBackend, MemberCredentials } from '../types';
import { overLimit, vendorJson } from './api.server';

/** Base64 grows a file by a third; the JSON around it is small. */
const encodedLimit = (maxBytes: number) => Math.ceil((maxBytes * 4) / 3) + 64 * 1024;

/** The request body as text, or null once it grows past `limit` bytes (the rest is not read). */
async function readCapped(request: Request, limit: number): Promise<string | null> {
  const declared = Number(request.headers.get('Content-Length') ?? '');
  if (Number.isFinite(declared) && declared > limit) return null;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** `croppedAreaPixels` as the vendor sends it: whole numbers, or null when absent or not numbers. */
function cropOf(value: unknown): CropArea | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const n = (k: string) => (typeof v[k] === 'number' ? Math.round(v[k]) : Number.NaN);
  const crop = { x: n('x'), y: n('y'), width: n('width'), height: n('height') };
  return Object.values(crop).every(Number.isFinite) ? crop : null;
}

/**
 * `POST /api/member/wwwupload` (docs/vendor-api.md, ADR 024): `{image: data URL or base64,
 * name, croppedAreaPixels}` → the photo pipeline of the web (magic bytes, crop, 256 px JPEG without
 * metadata) for the token's member — never for the `name` the body gives. Answers the rc_code family:
 * `{rc_code:"1", rc_des, rc_resources: data URL}` or `{rc_code:"0", rc_des}`.
 */
export async function vendorUpload(request: Request, backend: CoopBackend, cred: MemberCredentials): Promise<Response> {
  const refused = (rc_des: string) => vendorJson({ rc_code: '0', rc_des });
  // The web form's limit, on the same counter: every attempt counts, before the body is read.
  const limit = await countPhotoUpload((await backend.getMemberProfile(cred)).membershipNo);
  if (!limit.ok) {
    await request.body?.cancel().catch(() => undefined);
    return overLimit(PHOTO_MESSAGES.tooMany(limit.minutes), limit.minutes);
  }
  const text = await readCapped(request, encodedLimit(env().PHOTO_MAX_BYTES));
  if (text === null) return refused('ไฟล์มีขนาดใหญ่เกินไป');
  let body: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text);
    body = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return refused('ไม่พบรูปภาพ');
  }
  const image = typeof body.image === 'string' ? body.image.replace(/^data:[^,]*;base64,/, '') : '';
  const bytes = Buffer.from(image, 'base64');
  if (!bytes.length) return refused('ไม่พบรูปภาพ');
  if (bytes.length > env().PHOTO_MAX_BYTES) return refused('ไฟล์มีขนาดใหญ่เกินไป');
  let jpeg: Uint8Array;
  try {
    jpeg = await processPhoto(
      new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      cropOf(body.croppedAreaPixels),
    );
  } catch (error) {
    if (error instanceof PhotoError) return refused('รูปแบบไฟล์ไม่ถูกต้อง');
    throw error;
  }
  await backend.setMemberPhoto(cred, jpeg);
  const profile = await backend.getMemberProfile(cred);
  return vendorJson({
    rc_code: '1',
    rc_des: 'บันทึกรูปภาพเรียบร้อยแล้ว',
    rc_resources: `data:image/jpeg;name=${profile.membershipNo}.jpg;base64,${Buffer.from(jpeg).toString('base64')}`,
  });
}
