import fs from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { formatMonth, formatNumber, formatSatang, parseBahtToSatang } from '~/lib/thai-format';

import { fixture, shapeMismatches } from '../vendor-client/contract';
import { DEMO, serverAt } from './http';
import { BUILT, startServer, stopServer, type RunningServer } from './process';

/**
 * The vendor's own client against our `/api` (docs/vendor-api.md): for every endpoint it calls, the
 * answer a seeded embedded Sahakorn gives the demo member has every key of the endpoint's fixture
 * (`tests/vendor-client/`), in its case and JSON type, and the figures the vendor's screens print
 * from it are the ones our own pages show the same member.
 */
const PORT = Number(process.env.VENDOR_CLIENT_TEST_PORT ?? 3602);
const DIR = path.resolve(process.env.VENDOR_CLIENT_TEST_TMP ?? 'tests/.tmp/vendor-client');

type Json = Record<string, unknown>;

let server: RunningServer | undefined;
let token = '';
let cookie = '';

const { request, signIn } = serverAt(PORT);

/** A call as the vendor client makes it: JSON, the bearer token; 200 and JSON expected. */
async function api(pathname: string, body: Json = {}, method = 'POST'): Promise<Json> {
  const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*' };
  if (method === 'POST') headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const answer = await request(method, pathname, headers, method === 'POST' ? JSON.stringify(body) : undefined);
  expect(answer.status, `${method} ${pathname}`).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  return JSON.parse(answer.body) as Json;
}

/**
 * One of our own pages for the demo member, as text: React's `<!-- -->` separators taken out, and the
 * no-break spaces that keep a date's words on one line read as the spaces the vendor's texts have.
 */
async function page(pathname: string): Promise<string> {
  const answer = await request('GET', pathname, { Cookie: cookie });
  expect(answer.status, pathname).toBe(200);
  return answer.body.replace(/<!-- -->/g, '').replace(/\u00a0/g, ' ');
}

const keysOf = (name: string, answer: unknown, part: 'body' | 'refused' = 'body') =>
  shapeMismatches(fixture(name)[part], answer);
/** The API's answer at `pathname`, checked against the keys of the vendor client's fixture `name`. */
async function answerOf(name: string, pathname: string, body: Json = {}, method = 'POST'): Promise<Json> {
  const answer = await api(pathname, body, method);
  expect(keysOf(name, answer)).toEqual([]);
  return answer;
}
const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
const obj = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});
const str = (value: unknown): string => (typeof value === 'string' ? value : String(value));

/**
 * A loan's or an account's statement (`member_loan_statement`, `member_dep_statement`): the API answers
 * with the vendor's keys, and our statement page (`/member/loan_statement/…`, `/member/dep_statement/…`)
 * shows every row's balance (the `balance` field of each row under the answer's `part` key).
 */
async function expectStatementShown(part: 'loan_statement' | 'dep_statement', number: unknown, balance: string) {
  const feed = `member_${part}`;
  const no = encodeURIComponent(str(number));
  const statement = await answerOf(feed, `/api/member/${feed}/${no}`);
  const statementPage = await page(`/member/${part}/${no}`);
  for (const row of list(obj(statement[part]).data)) {
    expect(statementPage).toContain(formatNumber(str(row[balance])));
  }
}

beforeAll(async () => {
  if (!BUILT) return;
  fs.rmSync(DIR, { recursive: true, force: true });
  server = await startServer({
    PORT: String(PORT),
    DATA_DIR: path.join(DIR, 'data'),
    SEED_DEMO: '1',
    SEED_MEMBERS: '20',
    COOKIE_SECURE: '0',
  });
  const login = await signIn(DEMO);
  expect(login.status).toBe(302);
  cookie = login.cookie;
});

afterAll(() => stopServer(server, 'SIGTERM'));

describe.skipIf(!BUILT)("the vendor's client against our /api: its keys, and our pages' figures", () => {
  it('login, getAuthUser: the token and the UPPERCASE member row', async () => {
    const login = await answerOf('login', '/api/member/auth/login', {
      membership_no: DEMO.membershipNo,
      mem_password: DEMO.password,
    });
    token = str(login.token);
    expect(obj(login.member).MEMBERSHIP_NO).toBe(DEMO.membershipNo);
    const auth = await answerOf('getAuthUser', '/api/member/auth/getAuthUser');
    expect(auth.rc_code).toBe(1);
  });

  it('member_status: the member, the totals and the texts our status, loan, deposit and share pages show', async () => {
    const status = await answerOf('member_status', '/api/member/member_status');
    const member = obj(list(status.data1)[0]);
    const statusPage = await page('/member/status');
    expect(statusPage).toContain(str(member.member_name));
    expect(statusPage).toContain(str(status.salary_amount));
    expect(statusPage).toContain(str(status.date_of_birth));
    expect(statusPage).toContain(str(status.approve_date));
    expect(await page('/member/loan')).toContain(`>${str(status.principal_balance)} บาท<`);
    expect(await page('/member/deposit')).toContain(`>${str(status.deposit_balance)} บาท<`);
    expect(await page('/member/share')).toContain(`${formatNumber(str(member.share_stock))} บาท`);
  });

  it('member_share and searchMember_share: the monthly payment text and the statement', async () => {
    const share = await answerOf('member_share', '/api/member/member_share');
    const head = obj(list(share.sharehead)[0]);
    const sharePage = await page('/member/share');
    expect(sharePage).toContain(str(head.share_amount_fp));
    const rows = list(obj(share.sharestatement).data);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(sharePage).toContain(formatNumber(str(row.share_stock)));

    const search = await answerOf('searchMember_share', '/api/member/searchMember_share?page=1', {
      inputdatepickerstart: '01/01/2500',
      inputdatepickerend: '31/12/2600',
    });
    expect(obj(search.sharestatement).total).toBe(obj(share.sharestatement).total);
  });

  it("member_loan and member_loan_statement: every contract's balance, every row's balance after", async () => {
    const loans = await answerOf('member_loan', '/api/member/member_loan');
    const loanPage = await page('/member/loan');
    expect(list(loans.dataloan).length).toBeGreaterThan(0);
    for (const loan of list(loans.dataloan)) {
      expect(loanPage).toContain(formatNumber(str(loan.principal_balance)));
      await expectStatementShown('loan_statement', loan.loan_contract_no, 'PRINCIPAL_BALANCE');
    }
  });

  it('member_dep and member_dep_statement: the totals as numbers, equal to our deposit page', async () => {
    const dep = await answerOf('member_dep', '/api/member/member_dep');
    const depositPage = await page('/member/deposit');
    expect(depositPage).toContain(`>${formatNumber(dep.deposit_balance as number)} บาท<`);
    expect(depositPage).toMatch(
      new RegExp(`ดอกเบี้ยสะสม</dt><dd[^>]*>${formatNumber(dep.accumulate_interest as number)} บาท<`),
    );
    for (const account of list(dep.datadeposit)) {
      await expectStatementShown('dep_statement', account.deposit_account_no, 'total_balance');
    }
  });

  it("member_kep: month tiles, line counts and item names as our month's bill shows them", async () => {
    const kep = await answerOf('member_kep', '/api/member/member_kep');
    const months = list(kep.datakeepdet);
    expect(months.length).toBeGreaterThan(0);
    for (const [i, month] of months.slice(0, 3).entries()) {
      const lines = list(list(kep.datadetail)[i]);
      expect(month.count_seqno).toBe(lines.length);
      const year = Number(month.receive_year);
      const m = Number(month.receive_month);
      expect(month.receive_month_fp).toBe(formatMonth(year, m, 'short').replace(' ', '<br>'));
      const bill = await page(`/member/kep/${year}-${String(m).padStart(2, '0')}`);
      for (const line of lines) expect(bill).toContain(str(line.KEEPING_TYPE_NAME));
    }
  });

  it('member_coll, member_gian, member_div, member_crem: their keys; the dividend year in BE as our page', async () => {
    await answerOf('member_coll', '/api/member/member_coll');
    await answerOf('member_gian', '/api/member/member_gian');
    const div = await answerOf('member_div', '/api/member/member_div');
    const dividendPage = await page('/member/dividend');
    for (const year of list(div.div)) {
      expect(typeof year.account_year).toBe('number');
      expect(dividendPage).toContain(String((year.account_year as number) + 543));
      // The vendor's screen adds both amounts into the net whatever the withheld flags say.
      const net = (parseBahtToSatang(str(year.dividend)) ?? NaN) + (parseBahtToSatang(str(year.average_return)) ?? NaN);
      expect(dividendPage).toContain(`<strong>${formatSatang(net)}</strong>`);
    }
    // The demo member has a year with a withheld dividend: it goes out as 0, with its flag.
    const withheld = list(div.div).find((year) => year.drop_dividend === '1');
    expect(withheld?.dividend).toBe('0.00');
    const crem = await answerOf('member_crem', '/api/member/member_crem');
    expect(obj(crem.crem).MEMBER_NAME).toBeTruthy();
  });

  it('member_pass and wwwupload refusals and register/forget validation: the vendor envelopes, HTTP 200', async () => {
    const pass = await answerOf('member_pass', '/api/member/member_pass', {
      mem_password: 'Another#Pass-2026',
      mem_oldpassword: 'wrong-one',
    });
    expect(pass.rc_code).toBe('-1');
    await answerOf('wwwupload', '/api/member/wwwupload', {});
    const saved = token;
    token = '';
    for (const name of ['register', 'forget'] as const) {
      const refused = await api(`/api/member/auth/${name}`, { membership_no: DEMO.membershipNo });
      expect(keysOf(name, refused, 'refused')).toEqual([]);
      expect(list(refused.errors).length).toBeGreaterThan(0);
    }
    token = saved;
  });

  it('info feeds: content rows in the vendor column case; an item titled as our page titles it', async () => {
    await answerOf('info_manu', '/api/info/manu', {}, 'GET');
    const home = await answerOf('info_home', '/api/info/home', {}, 'GET');
    const item = [...list(home.h_news_relations), ...list(home.news_relations), ...list(home.news_activity)][0];
    expect(item).toBeDefined();
    const category = str(obj(item).Category);
    await answerOf('info_list', `/api/info/list/${category}`, {}, 'GET');
    const show = await answerOf('info_show', `/api/info/show/${str(obj(item).No)}`, {}, 'GET');
    const question = str(obj(show.show).Question);
    expect(await page(`/show/${str(obj(item).No)}`)).toContain(question.replace(/&/g, '&amp;'));
  });

  it('unknown paths and wrong methods under /api answer JSON, never our HTML page', async () => {
    const json = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
    const cases: [string, string, number][] = [
      ['GET', '/api/nothing-here', 404],
      ['POST', '/api/member/no_such_feed', 404],
      ['GET', '/api', 404],
      ['POST', '/api/info/manu', 405],
      ['PUT', '/api/member/member_status', 405],
      ['POST', '/api/info/show/1', 405],
    ];
    for (const [method, pathname, status] of cases) {
      const answer = await request(method, pathname, json, method === 'GET' ? undefined : '{}');
      expect(answer.status, `${method} ${pathname}`).toBe(status);
      expect(answer.headers['content-type'], `${method} ${pathname}`).toMatch(/^application\/json/);
      // The vendor's framework answers `{message}`; our edge's own refusals `{error}` (ADR 035).
      expect(Object.keys(JSON.parse(answer.body) as object)).toEqual([expect.stringMatching(/^(message|error)$/)]);
    }
  });

  it('logout: the message, and the token no longer holds', async () => {
    await answerOf('logout', '/api/member/auth/logout');
    const after = await request('POST', '/api/member/auth/getAuthUser', {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${token}`,
    });
    expect(after.status).toBe(400);
  });
});
