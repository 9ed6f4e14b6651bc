// kill -9 under concurrent board posts on SQLite: every posting the server acknowledged (303) is
// there after the restart, once; a posting cut off by the kill and sent again with its key is stored
// once too. Bounded: 8 clients for about two seconds.
//   npm run build && npx vitest run -c vitest.server.config.ts tests/server/kill.test.ts
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import Sqlite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

import { postTopic } from './http';
import { BUILT, TMP, startServer, stopServer, type RunningServer } from './process';

const DATA = path.join(TMP, 'kill');
const CLIENTS = 8;

interface Posting {
  title: string;
  body: string;
  formKey: string;
  /** The topic the server acknowledged (its 303), or null when no answer came. */
  location: string | null;
}

async function send(posting: Posting): Promise<string | null> {
  const answer = await postTopic({ title: posting.title, body: posting.body, formKey: posting.formKey });
  return answer.status === 303 ? (answer.headers.location ?? null) : null;
}

describe.skipIf(!BUILT)('kill -9 during board posts (SQLite)', () => {
  let server: RunningServer | undefined;

  afterAll(async () => {
    await stopServer(server);
    fs.rmSync(DATA, { recursive: true, force: true });
  });

  it('loses no acknowledged posting and stores none twice', async () => {
    fs.rmSync(DATA, { recursive: true, force: true });
    const env = { DATA_DIR: DATA, BOARD_MAX_POSTS_PER_ADDRESS: '100000' };
    server = await startServer(env);
    const postings: Posting[] = [];
    let killed = false;
    const client = async (c: number) => {
      for (let i = 0; !killed; i += 1) {
        const posting: Posting = {
          title: `kill-9 ${c}-${i}`,
          body: `ข้อความที่ ${i} จากผู้ส่ง ${c}`,
          formKey: randomBytes(18).toString('base64url'),
          location: null,
        };
        postings.push(posting);
        try {
          posting.location = await send(posting);
        } catch {
          return; // the connection died with the process
        }
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, c) => client(c));
    // Kill once a good number are acknowledged (or after four seconds on a slow machine).
    const until = Date.now() + 4000;
    while (Date.now() < until && postings.filter((p) => p.location).length < 60) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    server.child.kill('SIGKILL');
    killed = true;
    await server.exited;
    await Promise.all(clients);
    const acknowledged = postings.filter((p) => p.location);
    expect(acknowledged.length).toBeGreaterThan(10);

    // Restarted on the same store.
    server = await startServer(env);
    const db = new Sqlite(path.join(DATA, 'sahakorn.db'), { readonly: true });
    const topics = () =>
      db
        .prepare<[], { id: number; title: string }>(`select id, title from board_topics where title like 'kill-9 %'`)
        .all();
    try {
      const byTitle = new Map<string, number[]>();
      for (const t of topics()) byTitle.set(t.title, [...(byTitle.get(t.title) ?? []), t.id]);
      for (const p of acknowledged)
        expect(byTitle.get(p.title), p.title).toEqual([Number(p.location?.split('/').pop())]);
      expect([...byTitle.values()].every((ids) => ids.length === 1)).toBe(true);

      // The ones cut off are sent again with their keys, as a browser's retry would: each lands once.
      for (const p of postings.filter((x) => !x.location)) {
        p.location = await send(p);
        expect(p.location).toMatch(/^\/boardShow\/\d+$/);
      }
      const after = topics();
      expect(after).toHaveLength(postings.length);
      expect(new Set(after.map((t) => t.title)).size).toBe(postings.length);
    } finally {
      db.close();
    }
  });
});
