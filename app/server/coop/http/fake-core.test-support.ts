/**
 * A stand-in for the core system in tests (ADR 018): an in-process `node:http` server that speaks the
 * vendor contract (docs/vendor-api.md) from the fixtures in `./fixtures`, quirks
 * included — strings for numbers, UPPERCASE keys, entities, a Laravel paginator (10 rows a page for
 * statements, 6 for content lists), token failures as HTTP 400 `{error}`, validation failures as
 * HTTP 200 `{errors:[…]}`, another member's statement as 401, an empty body for a share search
 * without dates, the web site's catch-all page for a picture that does not exist.
 *
 * It is mounted below `/core/` so that the base URL's path is exercised, records every request, and
 * can be told to misbehave on a path (`fault`) or to mix up its members' tokens (`mixUpTokens`).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, beforeEach } from 'vitest';

import type { CoopBackend } from '../types';
import type { FailureLine } from './client.server';
import { createHttpBackend, type HttpBackendConfig } from './http-backend.server';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

type Json = Record<string, unknown>;
type Rows = Json[];

export function fixture<T = Json>(name: string): T {
  return JSON.parse(fs.readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')) as T;
}

/** The demo member of the fixtures and their password at the fake core. */
export const CORE_MEMBER = { membershipNo: '012345', password: 'Secret#2024' } as const;
/** Login numbers with a special answer. */
export const CORE_RESET_MEMBER = '099999';
export const CORE_MAINTENANCE_MEMBER = '088888';
/** Another member, whose answers a core that mixes up tokens hands to the fixture member. */
export const CORE_OTHER_MEMBER = '054321';
/** Identity of the fixture member (register / forget). */
export const CORE_IDENTITY = {
  membershipNo: '012345',
  nationalId: '1234567890123',
  firstName: 'สมมุติ',
  lastName: 'ทดสอบ',
  birthDate: '1977-02-07',
} as const;
/** A member who has not registered yet (register succeeds for them). */
export const CORE_NEW_MEMBER = { ...CORE_IDENTITY, membershipNo: '012399' } as const;

/** The fixture member's profile (`member_status`) as the backend gives it: entities decoded, id masked, salary in satang. */
export const CORE_MEMBER_PROFILE = {
  membershipNo: '012345',
  prename: 'นาย',
  firstName: 'สมมุติ',
  lastName: 'ทดสอบ',
  memberGroupNo: '0101',
  memberGroupName: 'ฝ่ายบัญชี & การเงิน',
  status: 'normal',
  birthDate: '1977-02-07',
  approveDate: '2005-06-01',
  idCardMasked: '1-2345-xxxxx-xx-3',
  sex: 'M',
  positionName: null,
  salarySatang: 2_500_000,
  address: '99/1 ถ.พหลโยธิน แขวงสามเสนใน เขตพญาไท กรุงเทพฯ 10400',
} as const;

/** The loans the fixture member guarantees (`member_coll`), as the backend gives them. */
export const CORE_MEMBER_GUARANTEES = [
  {
    borrowerNo: '054321',
    borrowerName: 'นางสาวตัวอย่าง ค้ำดี',
    contractNo: 'สม.0777/2566',
    startDate: '2023-02-01',
    approvedSatang: 30_000_000,
    balanceSatang: 21_000_000,
    interestArrearSatang: 0,
    guaranteedSatang: 15_000_000,
  },
];

/** The fixture member's beneficiaries (`member_gian`), sorted, as the backend gives them. */
export const CORE_MEMBER_BENEFICIARIES = [
  { seq: 1, name: 'นาง สมใจ ทดสอบ', relationship: 'คู่สมรส' },
  { seq: 2, name: 'เด็กชาย สมหวัง ทดสอบ', relationship: 'บุตร' },
];

/** The newest row of the fixture loan statement (สม.1234/2565), as the backend gives it. */
export const CORE_LOAN_NEWEST_ROW = {
  date: '2024-06-25',
  period: 12,
  item: 'ชำระรายเดือน',
  principalSatang: 850_000,
  interestSatang: 199_025,
  balanceSatang: 31_250_000,
};

export const STATEMENT_PER_PAGE = 10;
export const CONTENT_PER_PAGE = 6;

/** A Laravel 8 paginator over `rows` (its own numbers are integers, as PHP sends them). */
export function paginate(rows: Rows, page: number, perPage: number, url = 'http://core.example/api'): Json {
  const total = rows.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = (page - 1) * perPage;
  const data = rows.slice(from, from + perPage);
  const link = (p: number | null) => (p === null ? null : `${url}?page=${p}`);
  return {
    current_page: page,
    data,
    first_page_url: link(1),
    from: data.length ? from + 1 : null,
    last_page: lastPage,
    last_page_url: link(lastPage),
    links: [],
    next_page_url: page < lastPage ? link(page + 1) : null,
    path: url,
    per_page: perPage,
    prev_page_url: page > 1 ? link(page - 1) : null,
    to: data.length ? from + data.length : null,
    total,
  };
}

/** Member feeds the fake core answers with their fixture as it stands. */
const FIXTURE_FEEDS = new Set([
  'member_status',
  'member_loan',
  'member_dep',
  'member_kep',
  'member_coll',
  'member_gian',
  'member_div',
]);

/**
 * The two statements of a member's record (a loan contract, a deposit account): the core's route, the
 * fixture holding each record's head and rows, their keys in the answer, the field dated rows are
 * filtered by, and the refusal of a record that is not the member's.
 */
const STATEMENTS = {
  loan: {
    route: /^member\/member_loan_statement\/(.+)$/,
    fixture: 'member_loan_statement',
    head: 'headLoan_statement',
    list: 'loan_statement',
    dateField: 'loan_payment_date',
    refusal: 'สัญญาเงินกู้ ไม่ถูกต้อง',
  },
  dep: {
    route: /^member\/member_dep_statement\/(.+)$/,
    fixture: 'member_dep_statement',
    head: 'DepStatementHead',
    list: 'dep_statement',
    dateField: 'operate_date',
    refusal: 'บัญชีเงินฝาก ไม่ถูกต้อง',
  },
} as const;

/** The core's answer for a record's statement: its head and a page of its rows (dated by `body`'s range); null when no such record. */
function statementBody(kind: keyof typeof STATEMENTS, no: string, page: number, body: Json = {}): Json | null {
  const statement = STATEMENTS[kind];
  const record = fixture<Record<string, Json & { statement: Rows }>>(statement.fixture)[no];
  if (!record) return null;
  const rows = filterByDate(record.statement, statement.dateField, body);
  return { [statement.head]: record[statement.head], [statement.list]: paginate(rows, page, STATEMENT_PER_PAGE) };
}

/** Vendor-shaped bodies built from the fixtures (the statements are stored as whole lists). */
export const vendor = {
  memberShare(page = 1): Json {
    const f = fixture<{ sharehead: Rows; statement: Rows }>('member_share');
    return { sharehead: f.sharehead, sharestatement: paginate(f.statement, page, STATEMENT_PER_PAGE) };
  },
  loanStatement(contractNo: string, page = 1): Json | null {
    return statementBody('loan', contractNo, page);
  },
  depStatement(accountNo: string, page = 1): Json | null {
    return statementBody('dep', accountNo, page);
  },
  infoList(category: string, page = 1): Json | null {
    const f =
      fixture<Record<string, { types: string; gtype: string; content_type: string; plain?: boolean; rows: Rows }>>(
        'info_list',
      );
    const c = f[category];
    if (!c) return null;
    return {
      list_data: c.plain ? c.rows : paginate(c.rows, page, CONTENT_PER_PAGE),
      types: c.types,
      news_last: [],
      gtype: c.gtype,
      content_type: c.content_type,
    };
  },
};

/** A way to misbehave, or an answer of our choosing (`raw` as the body as it is, else `body` as JSON). */
export type Fault =
  | 'reset'
  | 'hang'
  | 'html'
  | 'wrong-shape'
  | 500
  | 503
  | { status: number; body?: unknown; raw?: string; headers?: Record<string, string> };

export interface RecordedRequest {
  method: string;
  /** Path below the mount, decoded, e.g. `api/member/member_loan_statement/สม.1234/2565`. */
  path: string;
  rawUrl: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface FakeCore {
  /** Base URL to give the backend: `http://127.0.0.1:<port>/core/`. */
  url: string;
  requests: RecordedRequest[];
  /** Requests whose path starts with `prefix`. */
  calls(prefix: string): RecordedRequest[];
  /** The next `times` requests to a path starting with `prefix` misbehave (Infinity: until cleared). */
  fault(prefix: string, fault: Fault, times?: number): void;
  clearFaults(): void;
  /** Make a token the core issued expire (its next use answers 400 เซสชั่นหมดอายุ). */
  expire(token: string): void;
  /**
   * While on, every member feed answers as if the token were another member's: the fixture member's
   * number and `CORE_OTHER_MEMBER` trade places wherever they appear (a core that mixes up tokens).
   */
  mixUpTokens(on: boolean): void;
  close(): Promise<void>;
}

/** BE `DD/MM/BBBB` → Gregorian `YYYY-MM-DD`, as the core's date filters read it. */
function beToIso(text: unknown): string | null {
  const m = typeof text === 'string' ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text) : null;
  return m ? `${Number(m[3]) - 543}-${m[2]}-${m[1]}` : null;
}

function filterByDate(rows: Rows, field: string, body: Json): Rows {
  const from = beToIso(body.inputdatepickerstart);
  const to = beToIso(body.inputdatepickerend);
  if (!from && !to) return rows;
  return rows.filter((r) => {
    const d = String(r[field] ?? '').slice(0, 10);
    return (!from || d >= from) && (!to || d <= to);
  });
}

/** Start the fake core on 127.0.0.1 (`port` 0: any free port). */
export async function startFakeCore(port = 0): Promise<FakeCore> {
  const requests: RecordedRequest[] = [];
  const faults: { prefix: string; fault: Fault; times: number }[] = [];
  const tokens = new Map<string, 'valid' | 'expired'>();
  const sockets = new Set<Socket>();
  let password: string = CORE_MEMBER.password;
  let issued = 0;
  let photo: { bytes: Buffer; at: Date } | null = null;
  let mixedUp = false;
  /** Answers that go out as another member's. */
  const mixed = new WeakSet<http.ServerResponse>();

  /** The same answer with the fixture member and the other member trading places. */
  function otherMembers(text: string): string {
    const [mine, theirs] = [CORE_MEMBER.membershipNo, CORE_OTHER_MEMBER];
    return text.replaceAll(mine, '\u0000').replaceAll(theirs, mine).replaceAll('\u0000', theirs);
  }

  function send(res: http.ServerResponse, status: number, body: unknown) {
    let text = body === undefined ? '' : JSON.stringify(body);
    if (mixed.has(res)) text = otherMembers(text);
    res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  }

  /** The token check of `auth:api` and the global exception handler (HTTP 400 `{error}`). */
  function bearer(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    const header = req.headers.authorization;
    if (!header) {
      send(res, 400, { error: 'token absent' });
      return false;
    }
    const state = tokens.get(header.replace(/^Bearer /, ''));
    if (state === 'expired') send(res, 400, { error: 'เซสชั่นหมดอายุ' });
    else if (state !== 'valid') send(res, 400, { error: 'token is invalid' });
    return state === 'valid';
  }

  async function readBody(req: http.IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (!text) return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }

  function identityMatches(b: Json, who: { membershipNo: string }): boolean {
    return (
      b.membership_no === who.membershipNo &&
      b.id_card === CORE_IDENTITY.nationalId &&
      b.member_name === CORE_IDENTITY.firstName &&
      b.member_surname === CORE_IDENTITY.lastName &&
      b.date_of_birth === CORE_IDENTITY.birthDate
    );
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake-core');
    if (!url.pathname.startsWith('/core/')) return send(res, 404, { message: 'Not Found' });
    const rest = url.pathname
      .slice('/core/'.length)
      .split('/')
      .map((s) => decodeURIComponent(s))
      .join('/');
    const body = await readBody(req);
    const b = (typeof body === 'object' && body !== null ? body : {}) as Json;
    requests.push({ method: req.method ?? '', path: rest, rawUrl: req.url ?? '', headers: req.headers, body });
    const page = Number(url.searchParams.get('page') ?? '1') || 1;

    const f = faults.find((x) => rest.startsWith(x.prefix) && x.times > 0);
    if (f) {
      f.times -= 1;
      if (typeof f.fault === 'object') {
        const { status, body: answer, raw, headers } = f.fault;
        const text = raw ?? (answer === undefined ? '' : JSON.stringify(answer));
        res.writeHead(status, {
          'Content-Type': 'application/json',
          ...headers,
          'Content-Length': Buffer.byteLength(text),
        });
        return res.end(text);
      }
      if (f.fault === 'reset') return req.socket.destroy();
      if (f.fault === 'hang') return; // never answers; the client's timeout ends it
      if (f.fault === 'html') {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        return res.end('<!DOCTYPE html><html><body>Whoops, looks like something went wrong.</body></html>');
      }
      if (f.fault === 'wrong-shape') {
        return send(res, 200, { data1: [{ membership_no: null, salary_amount: 'lots' }], dataloan: 'none', show: 7 });
      }
      return send(res, f.fault, { message: 'Server Error' });
    }

    // ----- the web site (not the API): profile pictures, and its SPA catch-all for anything else
    if (req.method === 'GET' && rest === `member/profile/${CORE_MEMBER.membershipNo}.jpg` && photo) {
      res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Last-Modified': photo.at.toUTCString() });
      return res.end(photo.bytes);
    }
    if (!rest.startsWith('api/')) {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      return res.end('<!DOCTYPE html><html><body><div id="app"></div></body></html>');
    }

    const route = rest.slice('api/'.length);
    const post = req.method === 'POST';

    // ----- auth (§4.1, §4.2): no token needed
    if (post && route === 'member/auth/login') {
      if (b.membership_no === CORE_MAINTENANCE_MEMBER) {
        return send(res, 400, { error: 'ระบบปิดปรับปรุงชั่วคราว', membership_no: null });
      }
      if (b.membership_no === CORE_RESET_MEMBER) {
        return send(res, 406, {
          error: 'เพื่อความปลอดภัยในการใช้งาน กรุณาเปลี่ยนรหัสผ่านใหม่',
          membership_no: null,
          reset_status: true,
        });
      }
      if (b.membership_no !== CORE_MEMBER.membershipNo || b.mem_password !== password) {
        return send(res, 401, { error: 'เข้าสู่ระบบ ไม่สำเร็จ ชื่อผู้ใช้หรือรหัสผ่านผิด' });
      }
      issued += 1;
      const token = `jwt-${issued}-${Math.random().toString(36).slice(2)}`;
      tokens.set(token, 'valid');
      return send(res, 200, { ...fixture<Json>('login'), token });
    }
    if (post && route === 'member/auth/refresh') {
      // tymon/jwt-auth: an expired token is still exchanged (within the refresh TTL); the old one is
      // blacklisted either way.
      const old = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!tokens.has(old)) return send(res, 400, { error: 'token is invalid' });
      tokens.delete(old);
      issued += 1;
      const token = `jwt-${issued}-${Math.random().toString(36).slice(2)}`;
      tokens.set(token, 'valid');
      return send(res, 200, { ...fixture<Json>('login'), token, expires_in: 900 });
    }
    if (post && (route === 'member/auth/register' || route === 'member/auth/forget')) {
      const register = route.endsWith('register');
      const who = register ? CORE_NEW_MEMBER : CORE_IDENTITY;
      if (!register && typeof b.password === 'string' && b.password.length < 8) {
        return send(res, 400, { error: 'รูปแบบของรหัสผ่านไม่ถูกต้อง', membership_no: null });
      }
      if (register && b.membership_no === CORE_IDENTITY.membershipNo && identityMatches(b, CORE_IDENTITY)) {
        return send(res, 200, { errors: [`สมาชิกเลขที่ ${CORE_IDENTITY.membershipNo} นี้ สมัครเป็นสมาชิกแล้ว`] });
      }
      if (!identityMatches(b, who)) return send(res, 200, { errors: ['วันเดือนปีเกิด ไม่ตรงกับระบบ'] });
      if (!register) password = String(b.password);
      return send(res, 200, { rc_code: '1', messages: register ? 'ลงทะเบียนสำเร็จ' : 'เปลี่ยนรหัสผ่านสำเร็จ' });
    }

    // ----- public content (§7): GET
    if (!post && route === 'info/manu') return send(res, 200, fixture('info_manu'));
    if (!post && route === 'info/home') return send(res, 200, fixture('info_home'));
    if (post && route === 'info/list/smartsearch') {
      const search = typeof b.search === 'string' ? b.search : '';
      if (search === 'ไม่มีคำนี้') {
        return send(res, 200, { code: 'CWL0004ERROR', message: 'ไม่พบข้อมูล', result: { isSearchFound: '0' } });
      }
      return send(res, 200, fixture('smartsearch'));
    }
    if (!post && route.startsWith('info/list/')) {
      const list = vendor.infoList(route.slice('info/list/'.length), page);
      return list ? send(res, 200, list) : send(res, 200, { list_data: [], types: null, news_last: [] });
    }
    // ----- the web board (§7.3): a member or admin login is needed; the list is just left out without one
    if (route.startsWith('info/board')) {
      const loggedIn = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, '')) === 'valid';
      const topics = fixture<Rows>('info_board');
      if (!post && route === 'info/board') {
        return send(res, 200, loggedIn ? { board: paginate(topics, page, 15), is_admin: false } : { is_admin: false });
      }
      if (!loggedIn) return send(res, 400, { rc_code: '-1', rc_des: 'กรุณา เข้าสู่ระบบ', error: 'token absent' });
      const shown = /^info\/board_show\/(\d+)$/.exec(route);
      if (!post && shown) {
        const topic = topics.find((t) => t.No === shown[1]);
        return send(res, 200, {
          showboard: topic ?? null,
          // All answers as one HTML string, with the poster's address and number in it.
          board_detail: topic ? '<div class="ans">ตอบแล้ว <small>IP 10.0.0.9 สมาชิก 012345</small></div>' : '',
          is_admin: false,
        });
      }
      if (post && (route === 'info/board_create' || route === 'info/board_ans')) {
        return send(res, 200, { rc_code: '1', rc_des: 'บันทึกสำเร็จ' });
      }
    }
    if (!post && route.startsWith('info/show/')) {
      const shown = fixture<Record<string, Json>>('info_show')[route.slice('info/show/'.length)];
      return shown ? send(res, 200, shown) : send(res, 200, { show: null, news_last: [] });
    }

    // ----- member routes (§5): POST with the bearer token
    if (!route.startsWith('member/')) return send(res, 404, { message: 'Not Found' });
    if (!post) return send(res, 405, { message: 'Method Not Allowed' });
    if (!bearer(req, res)) return;
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (mixedUp && !route.startsWith('member/auth/')) mixed.add(res);

    const feed = route.slice('member/'.length);
    if (FIXTURE_FEEDS.has(feed)) return send(res, 200, fixture(feed));
    switch (route) {
      case 'member/auth/getAuthUser':
        return send(res, 200, { rc_code: 1 });
      case 'member/auth/logout':
        tokens.delete(token);
        return send(res, 200, { message: 'ออกจากระบบ เรียบร้อยแล้ว' });
      case 'member/termofconditional':
        return send(res, 200, { rc_code: '1', data: '<p>ข้อ 1 สมาชิกต้องรักษารหัสผ่าน</p>' });
      case 'member/member_share':
        return send(res, 200, vendor.memberShare(page));
      case 'member/searchMember_share': {
        // No dates: the controller builds nothing, and the body is empty (§5).
        if (!b.inputdatepickerstart && !b.inputdatepickerend) return send(res, 200, undefined);
        const f = fixture<{ sharehead: Rows; statement: Rows }>('member_share');
        const rows = filterByDate(f.statement, 'operate_date', b);
        return send(res, 200, { sharehead: f.sharehead, sharestatement: paginate(rows, page, STATEMENT_PER_PAGE) });
      }
      case 'member/member_pass':
        if (b.mem_oldpassword !== password) return send(res, 200, { rc_code: '-1', rc_des: 'รหัสผ่านเดิม ไม่ถูกต้อง' });
        password = String(b.mem_password);
        return send(res, 200, { rc_code: '1', rc_des: 'เปลี่ยนรหัสผ่านสำเร็จ' });
      case 'member/wwwupload': {
        const image = typeof b.image === 'string' ? /^data:image\/jpeg;base64,(.+)$/.exec(b.image)?.[1] : undefined;
        if (!image || b.name !== CORE_MEMBER.membershipNo) return send(res, 200, { rc_code: '0', rc_des: 'ไม่สำเร็จ' });
        photo = { bytes: Buffer.from(image, 'base64'), at: new Date(Math.floor(Date.now() / 1000) * 1000) };
        return send(res, 200, {
          rc_code: '1',
          rc_des: 'บันทึกสำเร็จ',
          rc_resources: `data:image/jpeg;name=${b.name}.jpg;base64,${image}`,
        });
      }
    }
    for (const [kind, statement] of Object.entries(STATEMENTS)) {
      const match = statement.route.exec(route);
      if (!match) continue;
      const answer = statementBody(kind as keyof typeof STATEMENTS, match[1] ?? '', page, b);
      return answer ? send(res, 200, answer) : send(res, 401, { error: statement.refusal });
    }
    return send(res, 404, { message: 'Not Found' });
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, { message: 'Server Error' });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${address.port}/core/`,
    requests,
    calls: (prefix) => requests.filter((r) => r.path.startsWith(prefix)),
    fault(prefix, fault, times = 1) {
      faults.push({ prefix, fault, times });
    },
    clearFaults() {
      faults.length = 0;
    },
    expire(token) {
      tokens.set(token, 'expired');
    },
    mixUpTokens(on) {
      mixedUp = on;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A fake core that runs for the tests of one file (`useFakeCore`). */
export interface FakeCoreRun {
  /** The running core (started before the file's first test). */
  readonly core: FakeCore;
  /** What the backends made by `backendWith` reported as failures since the test began. */
  readonly lines: FailureLine[];
  /** An HTTP backend on the core, fast retries, with the file's defaults and `config` on top. */
  backendWith(config?: Partial<HttpBackendConfig>): CoopBackend;
}

/**
 * Starts a fake core on `port` (0: any free port) before a file's tests and closes it after them;
 * before each test, forgets its requests, its faults and the failure lines.
 */
export function useFakeCore(port: number, defaults: Partial<HttpBackendConfig> = {}): FakeCoreRun {
  let running: FakeCore | undefined;
  const lines: FailureLine[] = [];
  const started = () => {
    if (!running) throw new Error('the fake core starts before the first test');
    return running;
  };
  beforeAll(async () => {
    running = await startFakeCore(port);
  });
  afterAll(async () => {
    await running?.close();
  });
  beforeEach(() => {
    lines.length = 0;
    started().requests.length = 0;
    started().clearFaults();
  });
  return {
    get core() {
      return started();
    },
    lines,
    backendWith: (config = {}) =>
      createHttpBackend({
        baseUrl: started().url,
        timeoutMs: 1000,
        retryDelayMs: { min: 0, max: 0 },
        onFailure: (line) => lines.push(line),
        ...defaults,
        ...config,
      }),
  };
}
