import { describe, expect, it } from 'vitest';

import { contentUploadCeiling } from '../../app/lib/content-upload';
import { bodyLimitFor, SMALL_BODY_LIMIT, uploadCeiling } from '../../server/edge';

const PHOTO_MAX = 5 * 1024 * 1024;

describe('the edge lets the staff content form upload', () => {
  it('gives the new-item and edit forms their own ceiling, room for a 30 MB phone photo, and every other staff path 64 KiB', () => {
    for (const path of ['/staff/content/new', '/staff/content/1', '/staff/content/2147483647']) {
      expect(bodyLimitFor(path, PHOTO_MAX)).toBe(contentUploadCeiling(PHOTO_MAX));
      expect(bodyLimitFor(path, PHOTO_MAX)).toBeGreaterThan(30 * 1024 * 1024 + 1024 * 1024);
    }
    // The member's photo keeps the upload ceiling it had.
    expect(bodyLimitFor('/member/photo', PHOTO_MAX)).toBe(uploadCeiling(PHOTO_MAX));
    for (const path of [
      '/staff/content',
      '/staff/content/0',
      '/staff/content/12/publish',
      '/staff/content/new/',
      '/staff/menu',
      '/staff/home',
      '/staff/login',
    ]) {
      expect(bodyLimitFor(path, PHOTO_MAX)).toBe(SMALL_BODY_LIMIT);
    }
  });
});
