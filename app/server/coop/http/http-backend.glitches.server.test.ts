import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { verifiedVisitor, VISITOR_HEADER } from '../forwarded-visitor.server';
import {
  CoopAuthError,
  CoopThrottledError,
  CoopUnavailableError,
  type CoopBackend,
  type MemberCredentials,
} from '../types';
import { CORE_MEMBER, fixture, useFakeCore, type Fault } from './fake-core.test-support';
import type { HttpBackendConfig } from './http-backend.server';

/**
 * A core that glitches rather than fails outright (ADR 042): answers that are not the refusals the
 * contract gives, feeds that lost their lists or contradict themselves, feeds naming another member,
 * throttled postings. Each must read as "unavailable", never as a refusal or an empty account.
 */

const SECRET = 'a-forwarding-secret-of-at-least-32-chars';

const fake = useFakeCore(0, { extensions: ['welfare', 'kepcrem', 'demand', 'terms'] });
const { lines, backendWith } = fake;

/** A member's credentials for one request, as requireMember builds them (with the session's number). */
async function signIn(backend: CoopBackend): Promise<() => MemberCredentials> {
  const result = await backend.login({ ...CORE_MEMBER, remember: false });
  if (!result.ok) throw new Error('login failed');
  return () => ({ token: result.token, membershipNo: CORE_MEMBER.membershipNo });
}

const answer = (status: number, body?: unknown, headers?: Record<string, string>): Fault => ({
  status,
  body,
  headers,
});
const raw = (status: number, text: string): Fault => ({ status, raw: text });

describe('the session check: only an explicit refusal ends a session', () => {
  it.each([
    ['an empty body', answer(200)],
    ['{}', answer(200, {})],
    ['{"rc_code":null}', answer(200, { rc_code: null })],
    ['rc_code of another type', answer(200, { rc_code: [1] })],
    ['rc_code 0, which the contract never gives', answer(200, { rc_code: '0' })],
    ['HTML with 200', raw(200, '<!DOCTYPE html><p>Whoops</p>')],
    ['a 401 without the error body', raw(401, '<html>401 Authorization Required</html>')],
    ['a 400 with {}', answer(400, {})],
    ['a 404 route not found', answer(404, { message: 'Not Found' })],
  ])('%s → unavailable with one log line; the session is kept', async (_, fault) => {
    const backend = backendWith();
    const member = await signIn(backend);
    fake.core.fault('api/member/auth/getAuthUser', fault, 2);
    await expect(backend.getAuthUser(member())).rejects.toBeInstanceOf(CoopUnavailableError);
    await expect(backend.getAuthUser(member())).rejects.not.toBeInstanceOf(CoopAuthError);
    expect(lines.filter((l) => l.endpoint === 'getAuthUser')).toHaveLength(2);
    expect(JSON.stringify(lines)).not.toContain(member().token);
    // The core is itself again: the same token still holds.
    expect(await backend.getAuthUser(member())).toBe(true);
  });

  it.each([
    ['token expired (400 {error})', answer(400, { error: 'เซสชั่นหมดอายุ' })],
    ['token invalid (400 {error})', answer(400, { error: 'token is invalid' })],
    ['unauthenticated (401 {error})', answer(401, { error: 'Unauthenticated.' })],
    ["the controller's user_not_found (404)", answer(404, ['user_not_found'])],
  ])('%s → refused: false', async (_, fault) => {
    const backend = backendWith();
    const member = await signIn(backend);
    fake.core.fault('api/member/auth/getAuthUser', fault, 1);
    expect(await backend.getAuthUser(member())).toBe(false);
    expect(lines).toEqual([]);
  });

  it('a feed answering 400 or 401 without the error body is unavailable, not the end of the session', async () => {
    const backend = backendWith();
    const member = await signIn(backend);
    fake.core.fault('api/member/member_loan', raw(400, ''), 1);
    await expect(backend.getLoans(member())).rejects.toSatisfy(
      (e) => e instanceof CoopUnavailableError && !(e instanceof CoopAuthError),
    );
    fake.core.fault('api/member/member_loan_statement/', raw(401, '<html></html>'), 1);
    await expect(backend.getLoanStatement(member(), 'สม.1234/2565', { page: 1, pageSize: 10 })).rejects.toBeInstanceOf(
      CoopUnavailableError,
    );
    // The contract's refusal still ends it, and "not yours" is still not found.
    fake.core.fault('api/member/member_loan', answer(400, { error: 'เซสชั่นหมดอายุ' }), 1);
    await expect(backend.getLoans(member())).rejects.toBeInstanceOf(CoopAuthError);
    expect(await backend.getLoanStatement(member(), 'ไม่มี/1', { page: 1, pageSize: 10 })).toBeNull();
  });

  it('a refresh refused without the error body is unavailable; with it, refused', async () => {
    const backend = backendWith();
    const member = await signIn(backend);
    fake.core.fault('api/member/auth/refresh', answer(401, {}), 1);
    await expect(backend.refresh(member())).rejects.toSatisfy(
      (e) => e instanceof CoopUnavailableError && !(e instanceof CoopAuthError),
    );
    fake.core.fault('api/member/auth/refresh', answer(400, { error: 'token is invalid' }), 1);
    await expect(backend.refresh(member())).rejects.toBeInstanceOf(CoopAuthError);
  });
});

describe('login: only the refusals the contract gives count as a wrong password', () => {
  it.each([
    ['401 from a gateway (HTML)', raw(401, '<html><body>401 Authorization Required</body></html>')],
    ['401 with an empty body', raw(401, '')],
    ['401 Unauthenticated.', answer(401, { error: 'Unauthenticated.' })],
    ['401 with ReCaptcha Unauthorized', answer(401, { error: 'ReCaptcha Unauthorized' })],
    ['401 {"message":"Unauthorized"}', answer(401, { message: 'Unauthorized' })],
    ['400 with {}', answer(400, {})],
    ['406 without the error body', raw(406, '')],
    ['500', answer(500, { message: 'Server Error' })],
    ['200 with {}', answer(200, {})],
  ])('%s → unavailable (not invalid_credentials), one call, one log line', async (_, fault) => {
    fake.core.fault('api/member/auth/login', fault, 1);
    await expect(backendWith().login({ ...CORE_MEMBER, remember: false })).rejects.toBeInstanceOf(CoopUnavailableError);
    expect(fake.core.calls('api/member/auth/login')).toHaveLength(1);
    expect(lines).toEqual([expect.objectContaining({ endpoint: 'login' })]);
    expect(JSON.stringify(lines)).not.toContain(CORE_MEMBER.password);
  });

  it('the contract’s credential refusal and the core’s lock-out are wrong credentials', async () => {
    const backend = backendWith();
    expect(await backend.login({ ...CORE_MEMBER, password: 'wrong', remember: false })).toEqual({
      ok: false,
      reason: 'invalid_credentials',
    });
    fake.core.fault(
      'api/member/auth/login',
      answer(400, { error: 'คุณได้พยายามเข้าระบบหลายครั้งเกินไป กรุณาลองใหม่ใน 120 วินาทีข้างหน้า.' }),
      1,
    );
    expect(await backend.login({ ...CORE_MEMBER, remember: false })).toEqual({
      ok: false,
      reason: 'invalid_credentials',
    });
    expect(lines).toEqual([]);
  });

  it('a login answered with another member is refused as unavailable', async () => {
    const login = fixture<{ member: Record<string, unknown> }>('login');
    fake.core.fault(
      'api/member/auth/login',
      answer(200, { ...login, token: 'jwt-x', member: { ...login.member, MEMBERSHIP_NO: '054321' } }),
      1,
    );
    await expect(backendWith().login({ ...CORE_MEMBER, remember: false })).rejects.toBeInstanceOf(CoopUnavailableError);
    expect(lines).toEqual([expect.objectContaining({ endpoint: 'login', reason: 'member_mismatch' })]);
    expect(JSON.stringify(lines)).not.toMatch(/054321|012345/);
  });
});

describe('a glitching core does not read as an empty account', () => {
  let member: () => MemberCredentials;

  beforeAll(async () => {
    member = await signIn(backendWith());
  });

  it.each([
    ['an empty body', answer(200)],
    ['{}', answer(200, {})],
    ['null lists', answer(200, { dataloan: null, collateral: null })],
  ])('loans: %s → unavailable', async (_, fault) => {
    fake.core.fault('api/member/member_loan', fault, 1);
    await expect(backendWith().getLoans(member())).rejects.toBeInstanceOf(CoopUnavailableError);
    expect(lines).toEqual([expect.objectContaining({ endpoint: 'memberLoan', reason: 'unexpected_shape' })]);
  });

  it('a member who has no loans still reads as none', async () => {
    fake.core.fault('api/member/member_loan', answer(200, { dataloan: [], Arrpercent: [], collateral: [] }), 1);
    expect(await backendWith().getLoans(member())).toEqual([]);
  });

  it('shares: 38 rows counted and none on the first page → unavailable, not "no entries"', async () => {
    const share = fixture<{ sharehead: unknown[] }>('member_share');
    fake.core.fault(
      'api/member/member_share',
      answer(200, {
        sharehead: share.sharehead,
        sharestatement: { current_page: 1, data: [], per_page: 10, total: 38, last_page: 4 },
      }),
      1,
    );
    await expect(backendWith().getShareStatement(member(), { page: 1, pageSize: 10 })).rejects.toBeInstanceOf(
      CoopUnavailableError,
    );
  });

  it('dividends: `{}` and `[]` are "none yet"; an empty body or `div: null` is unavailable', async () => {
    fake.core.fault('api/member/member_div', answer(200, []), 1);
    expect(await backendWith().getDividends(member())).toEqual([]);
    fake.core.fault('api/member/member_div', answer(200), 1);
    await expect(backendWith().getDividends(member())).rejects.toBeInstanceOf(CoopUnavailableError);
    fake.core.fault('api/member/member_div', answer(200, { div: null }), 1);
    await expect(backendWith().getDividends(member())).rejects.toBeInstanceOf(CoopUnavailableError);
  });

  it('a content item: an empty 200 body is unavailable (so the last good copy or 503), `{show:null}` is not found', async () => {
    fake.core.fault('api/info/show/120', answer(200), 1);
    await expect(backendWith().getContentItem(120)).rejects.toBeInstanceOf(CoopUnavailableError);
    fake.core.fault('api/info/show/120', answer(200, { show: null, news_last: [] }), 1);
    expect(await backendWith().getContentItem(120)).toBeNull();
  });

  it('the menu without its list is unavailable, not a site without a menu', async () => {
    fake.core.fault('api/info/manu', answer(200, { list_manu: null, list_sub_manu: [] }), 1);
    await expect(backendWith().getMenu()).rejects.toBeInstanceOf(CoopUnavailableError);
  });
});

describe('every member feed that names its member must name the session’s', () => {
  let member: () => MemberCredentials;

  beforeAll(async () => {
    member = await signIn(backendWith());
  });

  const other = (name: string, key: string, field: string) => {
    const body = fixture<Record<string, unknown>>(name);
    const rows = body[key] as Record<string, unknown>[];
    return { ...body, [key]: rows.map((r) => ({ ...r, [field]: '054321' })) };
  };

  it.each([
    ['profile', 'api/member/member_status', () => other('member_status', 'data1', 'membership_no'), 'memberStatus'],
    ['beneficiaries', 'api/member/member_gian', () => other('member_gian', 'gain', 'MEMBERSHIP_NO'), 'memberGian'],
    ['accounts', 'api/member/member_dep', () => other('member_dep', 'datadeposit', 'membership_no'), 'memberDep'],
  ] as const)(
    '%s naming another member → unavailable, one line without member data',
    async (_, path, body, endpoint) => {
      const backend = backendWith();
      fake.core.fault(path, answer(200, body()), 1);
      const read = {
        memberStatus: () => backend.getMemberProfile(member()),
        memberGian: () => backend.getBeneficiaries(member()),
        memberDep: () => backend.getDepositAccounts(member()),
      }[endpoint];
      await expect(read()).rejects.toBeInstanceOf(CoopUnavailableError);
      expect(lines).toEqual([expect.objectContaining({ endpoint, reason: 'member_mismatch' })]);
      expect(JSON.stringify(lines)).not.toMatch(/054321|012345|สมมุติ/);
      // The same feed naming the session's member reads as before (leading zeros aside).
      expect(await read()).toBeTruthy();
      expect(await backend.getMemberProfile({ ...member(), membershipNo: '12345' })).toMatchObject({
        membershipNo: '012345',
      });
    },
  );
});

describe('a core that mixes up tokens: no member page shows another member’s figures (ADR 097)', () => {
  /** Fresh credentials of one request, as requireMember makes them (the session's number, the request's answers). */
  let request: () => MemberCredentials;

  beforeAll(async () => {
    const signedIn = await signIn(backendWith());
    request = () => ({ ...signedIn(), perRequest: { answers: new Map() } });
  });

  afterAll(() => fake.core.mixUpTokens(false));

  const statement = { page: 1, pageSize: 10 };
  it.each([
    ['status', (b: CoopBackend, c: MemberCredentials) => b.getMemberProfile(c)],
    ['photo', (b: CoopBackend, c: MemberCredentials) => b.getMemberPhotoInfo(c)],
    ['share summary', (b: CoopBackend, c: MemberCredentials) => b.getShareSummary(c)],
    ['share statement', (b: CoopBackend, c: MemberCredentials) => b.getShareStatement(c, statement)],
    ['share chart', (b: CoopBackend, c: MemberCredentials) => b.getShareCapitalHistory(c, 24)],
    ['loans', (b: CoopBackend, c: MemberCredentials) => b.getLoans(c)],
    ['loan statement', (b: CoopBackend, c: MemberCredentials) => b.getLoanStatement(c, 'สม.1234/2565', statement)],
    ['deposit accounts', (b: CoopBackend, c: MemberCredentials) => b.getDepositAccounts(c)],
    ['deposit statement', (b: CoopBackend, c: MemberCredentials) => b.getDepositStatement(c, '001-1-23456', statement)],
    ['monthly collections (kep)', (b: CoopBackend, c: MemberCredentials) => b.getCollections(c, 'kep')],
    ['kep page', (b: CoopBackend, c: MemberCredentials) => b.getCollectionPage(c, 'kep', { page: 1, pageSize: 1 })],
    ['guarantees (coll)', (b: CoopBackend, c: MemberCredentials) => b.getGuarantees(c)],
    ['beneficiaries (gian)', (b: CoopBackend, c: MemberCredentials) => b.getBeneficiaries(c)],
    ['dividends', (b: CoopBackend, c: MemberCredentials) => b.getDividends(c)],
  ])(
    '%s: refused as unavailable, one line without member data; read as before once the core is right',
    async (_, read) => {
      const backend = backendWith();
      fake.core.mixUpTokens(true);
      try {
        await expect(read(backend, request())).rejects.toBeInstanceOf(CoopUnavailableError);
      } finally {
        fake.core.mixUpTokens(false);
      }
      expect(lines).toEqual([
        expect.objectContaining({ reason: 'member_mismatch', detail: 'answer for another member' }),
      ]);
      expect(JSON.stringify(lines)).not.toMatch(/054321|012345|สมมุติ|\d{3,}\.\d{2}/);
      lines.length = 0;
      await expect(read(backend, request())).resolves.not.toBeUndefined();
      expect(lines).toEqual([]);
    },
  );

  it('a page’s feeds ask the core whose token it is once per request, alongside', async () => {
    const backend = backendWith();
    const cred = request();
    fake.core.requests.length = 0;
    await Promise.all([
      backend.getShareSummary(cred),
      backend.getShareStatement(cred, statement),
      backend.getShareCapitalHistory(cred, 24),
    ]);
    expect(fake.core.calls('api/member/member_status')).toHaveLength(1);
    // A feed that names its member is checked by that number alone.
    fake.core.requests.length = 0;
    await backend.getDepositAccounts(request());
    expect(fake.core.calls('api/member/member_status')).toHaveLength(0);
  });
});

describe('a board topic: no such topic is a 404, an answer without the topic an outage (ADR 042)', () => {
  it.each([
    ['showboard null', answer(200, { showboard: null, board_detail: '', is_admin: false })],
    ["showboard PHP's []", answer(200, { showboard: [], board_ans: [] })],
    ['every value null', answer(200, { showboard: null, board_detail: null, board_ans: null, is_admin: null })],
  ])('%s: the topic is not there (null), with no failure line', async (_, fault) => {
    fake.core.fault('api/info/board_show/31', fault, 1);
    expect(await backendWith().getBoardTopic(31)).toBeNull();
    expect(lines).toEqual([]);
  });

  it.each([
    ['an empty body', raw(200, '')],
    ['null', raw(200, 'null')],
    ['{}', answer(200, {})],
    ["PHP's []", answer(200, [])],
    ['a topic row without its fields', answer(200, { showboard: {}, board_ans: [] })],
  ])('%s: unavailable with one line, never "not found"', async (_, fault) => {
    fake.core.fault('api/info/board_show/31', fault, 1);
    await expect(backendWith().getBoardTopic(31)).rejects.toBeInstanceOf(CoopUnavailableError);
    expect(lines).toEqual([expect.objectContaining({ endpoint: 'boardShow', reason: 'unexpected_shape' })]);
  });
});

describe('board postings behind a front (ADR 042)', () => {
  it('a core’s 429 is told apart from an outage, with its Retry-After', async () => {
    fake.core.fault(
      'api/info/board_create',
      answer(429, { message: 'Too Many Attempts.' }, { 'Retry-After': '600' }),
      1,
    );
    const posting = backendWith().createBoardTopic(
      { title: 'หัวข้อ', body: 'รายละเอียด', displayName: 'ผู้ถาม' },
      { idempotencyKey: 'k'.repeat(32) },
    );
    await expect(posting).rejects.toBeInstanceOf(CoopThrottledError);
    await expect(posting).rejects.toMatchObject({ retryAfterSeconds: 600 });
  });

  it('with COOP_FORWARD_SECRET the visitor’s address goes along, signed; without it, nothing', async () => {
    const post = (config: Partial<HttpBackendConfig>) =>
      backendWith(config)
        .createBoardTopic(
          { title: 'หัวข้อ', body: 'รายละเอียด', displayName: 'ผู้ถาม' },
          { idempotencyKey: 'k'.repeat(32), clientAddress: '203.0.113.7' },
        )
        // This fake core wants a login to post (a vendor core): only the request matters here.
        .catch(() => undefined);
    await post({ forwardSecret: SECRET });
    const header = fake.core.calls('api/info/board_create')[0]?.headers[VISITOR_HEADER.toLowerCase()];
    expect(typeof header).toBe('string');
    expect(verifiedVisitor(String(header), SECRET)).toBe('203.0.113.7');
    expect(verifiedVisitor(String(header), `${SECRET}-other`)).toBeNull();
    fake.core.requests.length = 0;
    await post({});
    expect(fake.core.calls('api/info/board_create')[0]?.headers[VISITOR_HEADER.toLowerCase()]).toBeUndefined();
  });
});
