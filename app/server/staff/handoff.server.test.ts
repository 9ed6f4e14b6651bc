import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { enrolledStaff } from './staff.test-support';

// A store of its own, configured before the app modules read the environment.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-handoff-'));
Object.assign(process.env, { DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://coop.test' });

const { app, shutdown } = await import('../app.server');
const { requireStaff } = await import('./guard.server');
const { putHandoff, takeHandoff, takeKeptForm, HANDOFF_MAX_BYTES } = await import('./handoff.server');
const { lookupStaffSession, startStaffSession, STAFF_IDLE_MS } = await import('./session.server');

const ORIGIN = 'http://coop.test';
const cookieOf = (setCookie: string) => setCookie.split(';')[0] ?? '';

afterAll(async () => {
  await shutdown();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** An enrolled editor's account; answers its id. */
const account = (username: string) => enrolledStaff(username, 'editor');

describe('staff hand-offs', () => {
  it('are taken once, only by their account, before their end; an over-size one is not kept', async () => {
    const { db } = await app();
    const staffId = await account('handoff1');
    const other = await account('handoff2');
    const now = Date.now();
    const key = { ownerHash: 'owner-a', kind: 'member_code' as const, path: '/staff/members' };
    expect(await putHandoff(db, { ...key, staffId, payload: { code: '123456' }, ttlMs: 60_000 }, now)).toBe(true);
    expect(await takeHandoff(db, { ...key, staffId: other }, now)).toBeNull();
    expect(await takeHandoff(db, { ...key, staffId }, now + 60_000)).toBeNull();
    expect(await takeHandoff(db, { ...key, staffId }, now + 1000)).toEqual({ code: '123456' });
    expect(await takeHandoff(db, { ...key, staffId }, now + 1000)).toBeNull();
    const huge = 'ก'.repeat(HANDOFF_MAX_BYTES / 3 + 10);
    expect(await putHandoff(db, { ...key, staffId, payload: { huge }, ttlMs: 60_000 }, now)).toBe(false);
  });

  it('keep a content form posted after the session ended for that account, through another sign-in', async () => {
    const staffId = await account('handoff3');
    const colleague = await account('handoff4');
    const start = Date.now() - STAFF_IDLE_MS - 60_000;
    const cookie = cookieOf(
      await startStaffSession(new Request(`${ORIGIN}/staff`), { staffId, stage: 'active' }, start),
    );
    // A colleague signs in meanwhile: the ended row is not swept at once.
    await startStaffSession(new Request(`${ORIGIN}/staff`), { staffId: colleague, stage: 'active' });

    const form = new FormData();
    form.set('title', 'ข่าวที่พิมพ์นาน');
    form.set('body', 'ก'.repeat(60_000));
    form.set('cover', new Blob([new Uint8Array([1, 2, 3])]), 'a.jpg');
    const post = new Request(`${ORIGIN}/staff/content/new`, {
      method: 'POST',
      headers: { Cookie: cookie },
      body: form,
    });
    let answer: unknown;
    try {
      await requireStaff(post, 'editor');
    } catch (error) {
      answer = error;
    }
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/staff/login?redirectTo=%2Fstaff%2Fcontent%2Fnew');
    const kept = response.headers.getSetCookie().find((c) => c.startsWith('sahakorn_staff_kept='));
    expect(kept).toMatch(/HttpOnly/);
    expect(kept).toMatch(/Path=\/staff/);
    expect(kept).toMatch(/SameSite=Lax/);

    const { db } = await app();
    const back = (staff: number) =>
      takeKeptForm(db, new Request(`${ORIGIN}/staff/content/new`, { headers: { Cookie: cookieOf(kept!) } }), {
        staffId: staff,
        path: '/staff/content/new',
      });
    expect(await back(colleague)).toBeNull();
    const fields = await back(staffId);
    expect(fields && Object.fromEntries(fields)).toEqual({ title: 'ข่าวที่พิมพ์นาน', body: 'ก'.repeat(60_000) });
    expect(await back(staffId)).toBeNull();
    // The session stays ended.
    expect((await lookupStaffSession(new Request(`${ORIGIN}/staff`, { headers: { Cookie: cookie } }))).status).toBe(
      'invalid',
    );
  });
});
