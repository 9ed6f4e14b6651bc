// Board postings that store nothing — a replayed key, the same text after Back — do not use up the
// per-address limit (ADR 044). A limit of 3 makes the count visible.
//   npm run build && npx vitest run -c vitest.server.config.ts tests/server/board-repeat.test.ts
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { boardFormKey as formKey, postTopic } from './http';
import { BUILT, TMP, useServer } from './process';

const DATA = path.join(TMP, 'board-repeat');

async function post(fields: { title: string; body: string; formKey: string }) {
  const answer = await postTopic(fields);
  return { status: answer.status, location: answer.headers.location ?? null };
}

describe.skipIf(!BUILT)('the board limit counts only what is stored', () => {
  useServer(DATA, { BOARD_MAX_POSTS_PER_ADDRESS: '3' });

  it('replays and resubmissions after Back land on the first topic and leave the limit untouched', async () => {
    const first = { title: 'กระทู้แรก', body: 'ข้อความแรก', formKey: await formKey() };
    const stored = await post(first);
    expect(stored.status).toBe(303);
    expect(stored.location).toMatch(/^\/boardShow\/\d+$/);
    // The same form again and again (resend), the same text under new keys (Back, submit), and a
    // hand-made replay of the key with other text: none stores anything, none counts.
    for (let i = 0; i < 4; i += 1) expect(await post(first)).toEqual(stored);
    for (let i = 0; i < 2; i += 1) expect(await post({ ...first, formKey: await formKey() })).toEqual(stored);
    expect(await post({ ...first, body: 'ข้อความอื่น' })).toEqual(stored);
    // So two more topics fit under the limit of three, and the fourth is refused.
    for (const n of [2, 3]) {
      const next = await post({ title: `กระทู้ที่ ${n}`, body: `ข้อความ ${n}`, formKey: await formKey() });
      expect(next.status).toBe(303);
      expect(next.location).not.toBe(stored.location);
    }
    expect((await post({ title: 'กระทู้ที่ 4', body: 'ข้อความ 4', formKey: await formKey() })).status).toBe(429);
  });
});
