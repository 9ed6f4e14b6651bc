// A full data disk (a small tmpfs mounted for the test; needs root, as in CI, else skipped):
// `/readyz` reports it while it lasts, a request that cannot be saved says so in Thai (a 503) and
// leaves nothing behind, and a fresh start on a disk too small exits with one clear line (ADR 098).
//   npm run build && npx vitest run -c vitest.server.config.ts tests/server/disk.test.ts
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import Sqlite from 'better-sqlite3';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';

import { DISK_FULL_MESSAGE } from '~/lib/messages';
import { seal, sealingKey } from '~/server/auth/totp/seal.server';
import { newTotpSecret, totpCodeAt } from '~/server/auth/totp/totp.server';
import { hashPassword } from '~/server/crypto.server';

import { boardFormKey, cookieOf, form, get, ORIGIN, postTopic, request, signIn, type Answer } from './http';
import { BUILT, TMP, startServer, stopServer, type RunningServer } from './process';

const SESSION_SECRET = 'server-test-session-secret-not-for-production';

/** Grow `file` until its disk has no more than `leave` bytes free (nothing at all by default). */
function fill(file: string, leave = 0): void {
  const fd = fs.openSync(file, 'a');
  try {
    for (const chunk of [1024 * 1024, 64 * 1024, 4096]) {
      const block = Buffer.alloc(chunk, 0x2e);
      for (;;) {
        const { bavail, bsize } = fs.statfsSync(path.dirname(file));
        if (bavail * bsize < leave + chunk) break;
        try {
          fs.writeSync(fd, block);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          break;
        }
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** Every file under `dir` whose name ends with one of `endings`. */
function filesEndingWith(dir: string, ...endings: string[]): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => endings.some((e) => f.endsWith(e)));
}

/** A `multipart/form-data` body of text fields and files. */
function multipart(
  fields: Record<string, string>,
  files: Record<string, { name: string; type: string; bytes: Buffer }>,
) {
  const boundary = `----disk-test-${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { type: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(parts) };
}

const MOUNT = path.join(TMP, 'small-disk');

function mountSmallDisk(size: string): boolean {
  fs.mkdirSync(MOUNT, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', MOUNT], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

const canMount = BUILT && process.getuid?.() === 0 && mountSmallDisk('64k');
if (canMount) execFileSync('umount', [MOUNT]);
else console.warn('tests/server/disk: skipped — mounting a small tmpfs needs root (and the build).');

const readyz = async () => {
  const answer = await get('/readyz');
  return { status: answer.status, body: JSON.parse(answer.body) as unknown };
};

describe.skipIf(!canMount)('a full data disk', () => {
  let server: RunningServer | undefined;

  afterEach(async () => {
    await stopServer(server);
    server = undefined;
    execFileSync('umount', [MOUNT]);
  });

  it('/readyz answers 503 "data disk full" while the disk is full, and ready again once there is room', async () => {
    expect(mountSmallDisk('16m')).toBe(true);
    server = await startServer({ DATA_DIR: path.join(MOUNT, 'data'), DISK_MIN_FREE_MB: '4' });
    const ready = async () => {
      const answer = await get('/readyz');
      return { status: answer.status, body: JSON.parse(answer.body) as unknown };
    };
    expect(await ready()).toEqual({ status: 200, body: { status: 'ready' } });
    // Something else fills the disk up to less than 4 MB free.
    const { bavail, bsize } = fs.statfsSync(MOUNT);
    const filler = path.join(MOUNT, 'filler');
    fs.writeFileSync(filler, Buffer.alloc(bavail * bsize - 2 * 1024 * 1024));
    expect(await ready()).toEqual({ status: 503, body: { status: 'unavailable', reason: 'data disk full' } });
    expect((await get('/healthz')).status).toBe(200);
    fs.rmSync(filler);
    expect(await ready()).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it('a sign-in, a board post, a staff save and a photo upload on a full disk answer 503 "storage full" in Thai, leave no .part file, and work again once there is room', async () => {
    expect(mountSmallDisk('64m')).toBe(true);
    const dataDir = path.join(MOUNT, 'data');
    const settings = { DATA_DIR: dataDir, SEED_DEMO: '1', SEED_MEMBERS: '5', DISK_MIN_FREE_MB: '1', SESSION_SECRET };
    server = await startServer(settings);
    await stopServer(server, 'SIGTERM');

    // An editor, enrolled straight in the store (the store closed: its WAL folded back and gone).
    const store = new Sqlite(path.join(dataDir, 'sahakorn.db'));
    const now = Date.now();
    const password = 'Staff-disk-test-pw';
    const totpSecret = newTotpSecret();
    const staffId = Number(
      store
        .prepare(
          `insert into staff_accounts (username, display_name, role, password_hash, enrolled_at, created_at, updated_at)
           values ('diskeditor', 'บรรณาธิการทดสอบ', 'editor', ?, ?, ?, ?)`,
        )
        .run(await hashPassword(password), now, now, now).lastInsertRowid,
    );
    store
      .prepare(
        `insert into totp_factors (subject, secret_sealed, enabled_at, created_at, updated_at) values (?, ?, ?, ?, ?)`,
      )
      .run(`staff:${staffId}`, seal(totpSecret, sealingKey(SESSION_SECRET, 'totp-secret')), now, now, now);
    const category = (
      store.prepare(`select code from content_categories where status = 1 limit 1`).get() as {
        code: string;
      }
    ).code;
    store.close();

    // The disk fills up while the server is stopped, but for a little room to start and sign in with.
    fill(path.join(MOUNT, 'filler-1'), 2 * 1024 * 1024);
    server = await startServer(settings);
    const member = await signIn();
    expect(member.status).toBe(302);
    const first = await form('/staff/login', { intent: 'password', username: 'diskeditor', password, redirectTo: '' });
    expect(first.status).toBe(302);
    const second = await form(
      '/staff/login',
      { intent: 'code', code: totpCodeAt(totpSecret, Date.now()) },
      { Cookie: cookieOf(first) },
    );
    expect(second.status).toBe(302);
    const staff = cookieOf(second);
    const formKey = await boardFormKey();
    expect(formKey).not.toBe('');
    const cover = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0b5d3b' } })
      .jpeg()
      .toBuffer();
    const contentForm = (title: string) =>
      multipart(
        {
          category,
          title,
          excerpt: '',
          body: '<p>ทดสอบ</p>',
          date: '01/11/2569',
          time: '09:00',
          videoUrl: '',
          attachmentLabel: '',
        },
        { cover: { name: 'cover.jpg', type: 'image/jpeg', bytes: cover } },
      );
    const saveContent = (title: string) => {
      const { type, body } = contentForm(title);
      return request('POST', '/staff/content/new', { 'Content-Type': type, Origin: ORIGIN, Cookie: staff }, body);
    };
    const uploadPhoto = () => {
      const { type, body } = multipart({}, { image: { name: 'me.jpg', type: 'image/jpeg', bytes: cover } });
      return request('POST', '/member/photo', { 'Content-Type': type, Origin: ORIGIN, Cookie: member.cookie }, body);
    };

    // Now nothing is left.
    fill(path.join(MOUNT, 'filler-2'));
    const saysDiskFull = (answer: Answer) => {
      expect(answer.status).toBe(503);
      expect(answer.body.includes(DISK_FULL_MESSAGE)).toBe(true);
      // Said as a heading or a message, not as the search dialog's own "cannot connect" (data-failed).
      expect(/>ไม่สามารถเชื่อมต่อได้</.test(answer.body)).toBe(false);
    };
    saysDiskFull(await form('/member/logon', { membershipNo: '012345', password: 'sahakorn-demo' }));
    saysDiskFull(await postTopic({ title: 'พื้นที่เต็ม', body: 'ข้อความทดสอบเมื่อพื้นที่เต็ม', formKey }));
    saysDiskFull(await saveContent('ข่าวเมื่อพื้นที่เต็ม'));
    saysDiskFull(await uploadPhoto());
    // The same board form sent by the page's scripts (a data request): the 503 the boundary shows.
    const data = await request(
      'POST',
      `/boardPost?_data=${encodeURIComponent('routes/_info.boardPost')}`,
      { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN },
      new URLSearchParams({
        title: 'พื้นที่เต็ม',
        body: 'ข้อความทดสอบ',
        displayName: 'ผู้ทดสอบ',
        website: '',
        formKey,
      }).toString(),
    );
    expect([data.status, data.headers['x-remix-catch'], JSON.parse(data.body)]).toEqual([
      503,
      'yes',
      { message: DISK_FULL_MESSAGE, diskFull: true },
    ]);
    expect(filesEndingWith(dataDir, '.part', '.tmp')).toEqual([]);
    expect(await readyz()).toEqual({ status: 503, body: { status: 'unavailable', reason: 'data disk full' } });
    // One line each at error level, no member data, no masking rollback error.
    const errors = server.lines.filter((l) => l.level === 'error');
    expect(errors.map((l) => l.msg)).toEqual(Array(5).fill('disk full'));
    expect(JSON.stringify(errors)).not.toContain('012345');
    expect(server.output()).not.toContain('cannot rollback');

    // Room again: everything works, and /readyz is green once the last failure is half a minute old.
    fs.rmSync(path.join(MOUNT, 'filler-2'));
    expect((await signIn()).status).toBe(302);
    expect(
      (await postTopic({ title: 'มีที่ว่างแล้ว', body: 'ข้อความทดสอบเมื่อมีที่ว่าง', formKey: await boardFormKey() })).status,
    ).toBe(303);
    expect((await saveContent('ข่าวเมื่อมีที่ว่าง')).status).toBe(302);
    expect((await uploadPhoto()).status).toBe(302);
    const deadline = Date.now() + 45_000;
    let ready = await readyz();
    while (ready.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      ready = await readyz();
    }
    expect(ready).toEqual({ status: 200, body: { status: 'ready' } });
  });

  // 256 KiB: the migrations fill it; 2 MiB: the demo data's transaction (SQLite rolls it back itself,
  // and the ROLLBACK that followed used to fail and stand in for SQLITE_FULL); 4 MiB: the demo media.
  it.each(['256k', '2m', '4m'])(
    'a fresh start on a disk too small for the store (%s) exits 1 with one clear line, no stack',
    async (size) => {
      expect(mountSmallDisk(size)).toBe(true);
      let failure = '';
      try {
        server = await startServer({ DATA_DIR: path.join(MOUNT, 'data'), SEED_DEMO: '1', SEED_MEMBERS: '50' });
      } catch (error) {
        failure = String(error);
      }
      expect(failure).toContain(
        `Sahakorn cannot start: the data disk is full (DATA_DIR=${path.join(MOUNT, 'data')}). Free some space`,
      );
      expect(failure).not.toMatch(/\n\s+at /);
      expect(failure).not.toContain('ENOSPC:');
      expect(filesEndingWith(MOUNT, '.part', '.tmp')).toEqual([]);
    },
  );
});
