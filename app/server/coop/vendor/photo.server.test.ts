import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

process.env.DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-vendor-photo-'));
process.env.PHOTO_MAX_BYTES = String(64 * 1024);
const { vendorUpload } = await import('./photo.server');
import type { CoopBackend, MemberCredentials } from '../types';

/** A backend that keeps what it is given, for the token's member only. */
function backendFor(membershipNo: string) {
  const stored: Uint8Array[] = [];
  const backend = {
    setMemberPhoto: async (_cred: MemberCredentials, jpeg: Uint8Array) => void stored.push(jpeg),
    getMemberProfile: async () => ({ membershipNo }),
  } as unknown as CoopBackend;
  return { backend, stored };
}

const upload = (body: unknown, headers: Record<string, string> = {}) =>
  new Request('http://core.test/api/member/wwwupload', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366cc' } })
  .png()
  .toBuffer();

describe('wwwupload (vendor API)', () => {
  it('stores a 256 px JPEG for the token’s member, whatever name the body gives', async () => {
    const { backend, stored } = backendFor('012345');
    const response = await vendorUpload(
      upload({
        image: `data:image/png;base64,${png.toString('base64')}`,
        name: '099999',
        croppedAreaPixels: { x: 50, y: 0, width: 300, height: 300 },
      }),
      backend,
      { token: 't' },
    );
    const body = (await response.json()) as { rc_code: string; rc_resources: string };
    expect(body.rc_code).toBe('1');
    expect(body.rc_resources).toMatch(/^data:image\/jpeg;name=012345\.jpg;base64,/);
    expect(stored).toHaveLength(1);
    const meta = await sharp(Buffer.from(stored[0] ?? new Uint8Array())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 256, 256]);
  });

  it('refuses what is not a picture, nothing at all, and bodies over the limit — storing nothing', async () => {
    const { backend, stored } = backendFor('012345');
    const answers = [];
    for (const request of [
      upload({ image: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64') }),
      upload({}),
      upload('not json'),
      upload({ image: Buffer.alloc(200 * 1024, 1).toString('base64') }),
    ]) {
      answers.push(
        ((await (await vendorUpload(request, backend, { token: 't' })).json()) as { rc_code: string }).rc_code,
      );
    }
    expect(answers).toEqual(['0', '0', '0', '0']);
    expect(stored).toEqual([]);
  });
});

describe('wwwupload and the web form share one upload limit', () => {
  const picture = () => upload({ image: png.toString('base64') });

  it('uploads through the web form count against the API, and the API against the web form', async () => {
    const { countPhotoUpload, MAX_PHOTO_UPLOADS } = await import('../../member/photo-limit.server');
    const { backend, stored } = backendFor('077001');
    for (let i = 0; i < MAX_PHOTO_UPLOADS - 1; i += 1) expect((await countPhotoUpload('077001')).ok).toBe(true);
    const last = await vendorUpload(picture(), backend, { token: 't' });
    expect(((await last.json()) as { rc_code: string }).rc_code).toBe('1');
    // The web form's next upload is over the limit: the API's counted.
    expect(await countPhotoUpload('077001')).toMatchObject({ ok: false });
    const refused = await vendorUpload(picture(), backend, { token: 't' });
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { rc_des: string; error: string };
    expect(body.rc_des).toMatch(/^อัปโหลดรูปภาพบ่อยเกินไป/);
    // The vendor's web client shows `error` of an answer that is not a 2xx, and nothing else of it.
    expect(body.error).toBe(body.rc_des);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(stored).toHaveLength(1);
  });
});
