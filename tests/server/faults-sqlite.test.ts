// The SQLite store failing under a running server: a write lock held by another process, and the
// file removed. Whatever the page was, the visitor gets the Thai 503 with Retry-After and a way on,
// nothing we answered "saved" is lost, and a form sent again once the store is back is kept once.
//   npm run build && SERVER_TEST_PORT=… npx vitest run -c vitest.server.config.ts tests/server/faults-sqlite.test.ts
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import Sqlite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';

import { CRASH_TEXT } from '~/components/error-pages';

import { boardFormKey, form, get, postTopic, signIn, type Answer } from './http';
import { BUILT, NODE, TMP, startServer, stopServer, useServer } from './process';

const DATA = path.join(TMP, 'faults-sqlite');
const FILE = path.join(DATA, 'sahakorn.db');

/** Thai, temporary, no stack: what every page says while the store cannot take a write. */
function expectTemporaryFailure(answer: Answer): void {
  expect(answer.status).toBe(503);
  expect(answer.headers['retry-after']).toMatch(/^\d+$/);
  expect(answer.body).toContain(CRASH_TEXT);
  // A way on: the same address again, and the home page.
  expect(answer.body).toContain('ลองใหม่อีกครั้ง');
  expect(answer.body).toContain('href="/home"');
  expect(answer.body).not.toMatch(/Unexpected Server Error|SqliteError|\bat .+:\d+:\d+/);
}

/** Topics of that title in the store as it is on disk (a fresh connection, as the next start sees it). */
function storedTopics(title: string): number {
  const db = new Sqlite(FILE, { readonly: true });
  try {
    return (db.prepare('select count(*) as n from board_topics where title = ?').get(title) as { n: number }).n;
  } finally {
    db.close();
  }
}

/** Another process holding SQLite's write lock until it is killed. */
async function holdWriteLock(): Promise<() => Promise<void>> {
  const child = spawn(
    NODE,
    [
      '--input-type=module',
      '-e',
      `import Sqlite from 'better-sqlite3';
       const db = new Sqlite(process.argv[1]);
       db.exec('begin exclusive');
       console.log('locked');
       setInterval(() => {}, 1000);`,
      FILE,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
}

describe.skipIf(!BUILT)('the SQLite store failing under the running server', () => {
  const server = useServer(DATA, { SEED_DEMO: '1', SEED_MEMBERS: '5' });

  it('locked by another process: a board post answers the Thai 503; sent again once free, it is kept once', async () => {
    server();
    const formKey = await boardFormKey();
    const topic = { title: 'ทดสอบเมื่อฐานข้อมูลถูกล็อก', body: 'ข้อความทดสอบ', formKey };
    const release = await holdWriteLock();
    try {
      expectTemporaryFailure(await postTopic(topic));
    } finally {
      await release();
    }
    expect(storedTopics(topic.title)).toBe(0);
    const again = await postTopic(topic);
    expect(again.status).toBe(303);
    // Back, and sent a third time: the same topic, not another.
    expect((await postTopic(topic)).headers.location).toBe(again.headers.location);
    expect(storedTopics(topic.title)).toBe(1);
  });

  it('locked by another process: signing out answers the Thai 503, not an English text, and the session stays', async () => {
    server();
    const { cookie } = await signIn();
    const release = await holdWriteLock();
    try {
      expectTemporaryFailure(await form('/member/logout', {}, { Cookie: cookie }));
    } finally {
      await release();
    }
    // Nothing was ended: the member is still signed in, and signs out once the store is back.
    expect((await get('/member/status', { Cookie: cookie })).status).toBe(200);
    const out = await form('/member/logout', {}, { Cookie: cookie });
    expect([302, 303]).toContain(out.status);
    expect((await get('/member/status', { Cookie: cookie })).status).toBe(302);
  });

  it('its file removed: no write is acknowledged (it would be lost), pages say so in Thai, /readyz is not ready', async () => {
    server();
    const member = await signIn();
    expect(member.status).toBe(302);
    const formKey = await boardFormKey();
    const copy = path.join(TMP, 'faults-sqlite-removed.db');
    fs.rmSync(copy, { force: true });
    fs.renameSync(FILE, copy);

    const topic = { title: 'ทดสอบเมื่อแฟ้มฐานข้อมูลหายไป', body: 'ข้อความทดสอบ', formKey };
    expectTemporaryFailure(await postTopic(topic));
    const login = await signIn();
    expect(login.status).not.toBe(302);
    expect(login.cookie).not.toMatch(/sahakorn_session=[^;]/);

    const ready = await get('/readyz');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: 'unavailable', reason: 'database file removed or replaced' });

    // Public pages are still read from the open store.
    expect((await get('/home', { Cookie: 'acceptCookie=Y' })).status).toBe(200);
    // Nothing reached the removed file either (read as it stood when it was taken away).
    fs.renameSync(copy, FILE);
    expect(storedTopics(topic.title)).toBe(0);
  });

  it('killed after its file was removed: it does not start again on a new, empty store over the old log', async () => {
    await stopServer(server());
    expect(fs.existsSync(`${FILE}-wal`)).toBe(true);
    fs.rmSync(FILE);
    const wal = fs.readFileSync(`${FILE}-wal`);
    const failed = await startServer({ DATA_DIR: DATA, SEED_DEMO: '1', SEED_MEMBERS: '5' }).then(
      async (started) => {
        await stopServer(started);
        return 'it started';
      },
      (error: unknown) => String(error),
    );
    expect(failed).toContain(
      `Sahakorn cannot start: ${FILE} is missing but its write-ahead log sahakorn.db-wal is there`,
    );
    expect(failed).not.toMatch(/\bat .+:\d+:\d+/);
    expect(fs.existsSync(FILE)).toBe(false);
    expect(fs.readFileSync(`${FILE}-wal`).equals(wal)).toBe(true);
  });
});
