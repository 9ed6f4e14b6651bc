import { hit } from '../rate-limit.server';

/** Photo uploads allowed per member in the window, from the web form and the API together. */
export const MAX_PHOTO_UPLOADS = 20;
const PHOTO_WINDOW_MS = 60 * 60_000;

/**
 * Counts one photo upload of the member, before the upload is read (decoding costs CPU and memory):
 * one counter for `/member/photo` and `POST /api/member/wwwupload`, so neither way round the other.
 */
export async function countPhotoUpload(membershipNo: string): Promise<{ ok: true } | { ok: false; minutes: number }> {
  const limit = await hit(`photo:member:${membershipNo}`, PHOTO_WINDOW_MS);
  if (limit.count <= MAX_PHOTO_UPLOADS) return { ok: true };
  return { ok: false, minutes: Math.max(1, Math.ceil((limit.resetAt - Date.now()) / 60_000)) };
}
