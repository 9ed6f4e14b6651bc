import fs from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ORIGIN, request } from './http';
import { BUILT, startServer, stopServer, TMP, type RunningServer } from './process';

/**
 * A small, bounded fuzz run (ADR 035): malformed bodies to every action, hostile values in every
 * parameterised route and page number. Each answer must be a 4xx or a normal answer — never a 5xx —
 * and the server must still answer /healthz afterwards. About 300 requests, one at a time.
 */
let server: RunningServer | undefined;

beforeAll(async () => {
  if (!BUILT) return;
  fs.rmSync(path.join(TMP, 'data'), { recursive: true, force: true });
  // The demo store, so that records and members exist; generous limits so the run meets no 429.
  server = await startServer({
    SEED_DEMO: '1',
    SEED_MEMBERS: '20',
    BOARD_MAX_POSTS_PER_ADDRESS: '10000',
    IDENTITY_MAX_PER_ADDRESS: '10000',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '10000',
  });
});

afterAll(async () => {
  await stopServer(server);
});

/** The status of one request. */
const send = async (...args: Parameters<typeof request>) => (await request(...args)).status;

const ACTIONS = [
  '/boardPost',
  '/boardShow/1',
  '/cookie-consent',
  '/member/logon',
  '/member/register',
  '/member/forget',
  '/member/password',
  '/member/photo',
  '/member/logout',
  '/member/welcome',
  '/member/termofconditional',
  '/search',
  '/api/info/board_create',
  '/api/info/board_ans',
  '/api/member/auth/login',
  '/api/member/auth/register',
  '/api/member/auth/forget',
  '/api/member/auth/getAuthUser',
  '/api/member/member_status',
  '/api/member/wwwupload',
];

const FIELDS = 'title=x&body=y&displayName=z&membershipNo=012345&password=p&formKey=k3y-Of_Twenty-Four-Chars';
const BODIES: Array<[string, Record<string, string>, Buffer]> = [
  ['text/plain', { 'Content-Type': 'text/plain' }, Buffer.from(FIELDS)],
  ['JSON to a form', { 'Content-Type': 'application/json' }, Buffer.from('{"title":')],
  ['no type', {}, Buffer.from(FIELDS)],
  ['broken multipart', { 'Content-Type': 'multipart/form-data; boundary=b' }, Buffer.from('--b\r\nbroken')],
  ['multipart, no boundary', { 'Content-Type': 'multipart/form-data' }, Buffer.from('x')],
  [
    'NUL bytes',
    { 'Content-Type': 'application/x-www-form-urlencoded' },
    Buffer.from(`${FIELDS}&title=%00%00&body=a\u0000b&membershipNo=0%0012345`),
  ],
  [
    'invalid UTF-8',
    { 'Content-Type': 'application/x-www-form-urlencoded' },
    Buffer.concat([
      Buffer.from('title=%FF%FE&body='),
      Buffer.from([0xff, 0xc0, 0xaf, 0xed, 0xa0, 0x80]),
      Buffer.from('&x=%E0%A4%A'),
    ]),
  ],
  [
    'invalid UTF-8 JSON',
    { 'Content-Type': 'application/json' },
    Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]),
  ],
  ['JSON of the wrong shape', { 'Content-Type': 'application/json' }, Buffer.from('[1,2,{"membership_no":[]}]')],
];

const PARAMETERISED = [
  '/show/{}',
  '/list/{}',
  '/boardShow/{}',
  '/showdemand/{}',
  '/mediafiles/{}',
  '/member/loan_statement/{}',
  '/member/dep_statement/{}',
  '/member/kep/{}',
  '/member/profile/{}',
  '/api/info/show/{}',
  '/api/info/list/{}',
  '/api/info/board_show/{}',
  '/api/info/demand_show/{}',
];
const VALUES = [
  '..%2F..%2Fetc%2Fpasswd',
  '../../etc/passwd',
  '%00',
  'a%00b',
  '%2e%2e',
  '-1',
  '99999999999999999999999',
  'x'.repeat(500),
  '%C0%AF',
  '%E0%B8',
];
const PAGED = [
  '/board',
  '/demand',
  '/list/news',
  '/search?q=%E0%B9%80%E0%B8%87%E0%B8%B4%E0%B8%99&',
  '/api/info/board',
  '/api/info/demand',
  '/member/share',
  '/member/kep',
];
const PAGES = ['-1', '0', '99999999999999999999', '1e9', 'NaN', '%00', '1%20OR%201=1', ''];

describe.skipIf(!BUILT)('bounded fuzz: no 5xx, and the server lives on', () => {
  it('malformed bodies to every action', async () => {
    const seen: string[] = [];
    for (const action of ACTIONS) {
      for (const [name, headers, body] of BODIES) {
        const status = await send('POST', action, { Origin: ORIGIN, ...headers }, body);
        if (status >= 500) seen.push(`${status} POST ${action} (${name})`);
      }
    }
    expect(seen).toEqual([]);
    expect(await send('GET', '/healthz')).toBe(200);
  });

  it('hostile path parameters and page numbers', async () => {
    const seen: string[] = [];
    for (const route of PARAMETERISED) {
      for (const value of VALUES) {
        const status = await send('GET', route.replace('{}', value));
        if (status >= 500) seen.push(`${status} GET ${route} (${value.slice(0, 30)})`);
      }
    }
    for (const route of PAGED) {
      for (const page of PAGES) {
        const target = `${route}${route.includes('?') ? '' : '?'}page=${page}`;
        const status = await send('GET', target);
        if (status >= 500) seen.push(`${status} GET ${target}`);
      }
    }
    expect(seen).toEqual([]);
    expect(await send('GET', '/healthz')).toBe(200);
    // Nothing the run sent was logged as a server error or printed as a stack.
    expect(server!.lines.filter((l) => l.level === 'error')).toEqual([]);
    expect(server!.output()).not.toMatch(/^\s+at /m);
  });
});
