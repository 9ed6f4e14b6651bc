// Many members at once, one process: every page a member is sent is that member's own, and carries
// the CSP nonce of its own response: requests that are served together each go on in their own
// request context (an earlier build's request queue let one take the context of the request that
// started it: another member's checks, another page's nonce).
//   npm run build && npx vitest run -c vitest.server.config.ts tests/server/isolation.test.ts
import path from 'node:path';

import Sqlite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';

import { DEMO, serverAt } from './http';
import { BUILT, TMP, useServer } from './process';

const DATA = path.join(TMP, 'isolation');
const MEMBERS = 8;
const PAGES = ['/member/status', '/member/share', '/member/loan', '/member/deposit'];
const ROUNDS = 4;

/** The membership number in a member page's header (the first one on the page). */
const headerNumber = (html: string) => /เลขทะเบียนสมาชิก <span class="nowrap">(\d{6})<\/span>/.exec(html)?.[1];

describe.skipIf(!BUILT)('members at once on one process', () => {
  useServer(DATA, { SEED_DEMO: '1' });
  const at = serverAt();

  it('each gets only their own pages, each page with its own nonce', async () => {
    // Registered demo members share the demo password; these have accepted the terms, too.
    const db = new Sqlite(path.join(DATA, 'sahakorn.db'), { readonly: true });
    const numbers = db
      .prepare(
        `select distinct c.membership_no from member_credentials c join terms_acceptances t using (membership_no)
         where c.membership_no <> ? order by c.membership_no limit ?`,
      )
      .pluck()
      .all('054321', MEMBERS) as string[];
    db.close();
    expect(numbers).toHaveLength(MEMBERS);

    const sessions = await Promise.all(
      numbers.map(async (membershipNo) => {
        const { status, cookie } = await at.signIn({ membershipNo, password: DEMO.password });
        expect(status, membershipNo).toBe(302);
        return { membershipNo, cookie };
      }),
    );

    // Every request at once, each on a connection of its own: most of them wait in the queue.
    const answers = await Promise.all(
      Array.from({ length: ROUNDS }).flatMap(() =>
        sessions.flatMap((session) =>
          PAGES.map(async (page) => ({ session, page, answer: await at.get(page, { Cookie: session.cookie }) })),
        ),
      ),
    );

    for (const { session, page, answer } of answers) {
      const what = `${page} for ${session.membershipNo}`;
      expect(answer.status, what).toBe(200);
      expect(headerNumber(answer.body), what).toBe(session.membershipNo);
      const nonce = /'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy']))?.[1];
      const used = new Set([...answer.body.matchAll(/ nonce="([^"]+)"/g)].map((m) => m[1]));
      expect(used.size, what).toBeGreaterThan(0);
      expect([...used], what).toEqual([nonce]);
    }
  });
});
