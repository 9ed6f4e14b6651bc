// A failure page's incident number and the audit rows lead support to the request's log lines.
//   npm run build && npx vitest run -c vitest.server.config.ts tests/server/incident.test.ts
import path from 'node:path';

import Sqlite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';

import { form, get } from './http';
import { BUILT, TMP, useServer } from './process';

const DATA = path.join(TMP, 'incident');

describe.skipIf(!BUILT)('incident numbers and audit rows', () => {
  const server = useServer(DATA, { SEED_DEMO: '1', SEED_MEMBERS: '5' });

  it('the crash page shows the request id as "เลขที่อ้างอิง", and the log has that id on the failure', async () => {
    const page = await get('/test/crash');
    expect(page.status).toBe(500);
    const id = String(page.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    // Printed in groups of four, to be read out to staff; the same id once the spaces are out.
    const grouped = id.match(/.{4}/g)!.join(' ');
    expect(page.body).toContain(
      `เลขที่อ้างอิง <span id="incident-number" class="status-page__incident-number">${grouped}</span>`,
    );
    const failure = await server().waitFor((l) => l.msg === 'request failed' && l.requestId === id, 'the failure line');
    expect(failure.level).toBe('error');
  });

  it('an audit row carries the request id and the user agent', async () => {
    const userAgent = 'Mozilla/5.0 (incident-test)\t ' + 'x'.repeat(400);
    const response = await form(
      '/member/logon',
      { membershipNo: '012345', password: 'not-the-password' },
      { 'User-Agent': userAgent },
    );
    expect(response.status).toBe(401);
    const id = response.headers['x-request-id'];
    const db = new Sqlite(path.join(DATA, 'sahakorn.db'), { readonly: true });
    try {
      const row = db
        .prepare<[], { type: string; request_id: string | null; user_agent: string | null }>(
          `select type, request_id, user_agent from audit_events order by id desc limit 1`,
        )
        .get();
      expect(row?.type).toBe('login_failure');
      expect(row?.request_id).toBe(id);
      // Kept short and without control characters.
      expect(row?.user_agent).toBe(('Mozilla/5.0 (incident-test) ' + 'x'.repeat(400)).slice(0, 256));
    } finally {
      db.close();
    }
  });
});
