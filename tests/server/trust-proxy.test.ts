// Behind the proxy (TRUST_PROXY=1) the client is the address the proxy saw: the last one in
// X-Forwarded-For. A client that writes addresses of its own there gets counted, limited and audited
// as itself all the same.
//   npm run build && SERVER_TEST_PORT=… npx vitest run -c vitest.server.config.ts tests/server/trust-proxy.test.ts
import path from 'node:path';

import Sqlite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';

import { form } from './http';
import { BUILT, TMP, useServer } from './process';

const DATA = path.join(TMP, 'trust-proxy');

describe.skipIf(!BUILT)('the client address behind a trusted proxy', () => {
  const server = useServer(DATA, { SEED_DEMO: '1', SEED_MEMBERS: '5', TRUST_PROXY: '1' });

  it('is the last hop of X-Forwarded-For, not the address a client put before it', async () => {
    server();
    const answer = await form(
      '/member/logon',
      { membershipNo: '012345', password: 'not-the-password' },
      { 'X-Forwarded-For': '203.0.113.9, 198.51.100.2' },
    );
    expect(answer.status).toBe(401);
    const db = new Sqlite(path.join(DATA, 'sahakorn.db'), { readonly: true });
    try {
      const row = db
        .prepare("select ip from audit_events where type = 'login_failure' order by id desc limit 1")
        .get() as { ip: string } | undefined;
      expect(row?.ip).toBe('198.51.100.2');
    } finally {
      db.close();
    }
  });
});
