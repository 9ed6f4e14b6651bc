import fs from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { BOARD_MESSAGES } from '~/lib/forms/board';
import { createEmbeddedBackend } from '~/server/coop/embedded.server';
import { createHttpBackend } from '~/server/coop/http/http-backend.server';
import { CoopAuthError, type CoopBackend, type MemberCredentials } from '~/server/coop/types';
import { memberKepBody, memberWelfareBody } from '~/server/coop/vendor/member.server';
import { openDb, type Db } from '~/server/db/index.server';
import { issueImpersonationLink } from '~/server/auth/impersonation.server';

import { DEMO, serverAt, type Answer } from './http';
import { BUILT, startServer, stopServer, type RunningServer } from './process';

/**
 * ADR 019: a Sahakorn in embedded mode serves the vendor's API, and the http adapter (ADR 018)
 * pointed at it gives back what the embedded backend gives directly — the same member, the same
 * data. The server runs on its own port with its own store; the test reads that store directly.
 */
const PORT = Number(process.env.VENDOR_API_TEST_PORT ?? 3600);
const DIR = path.resolve(process.env.VENDOR_API_TEST_TMP ?? 'tests/.tmp/vendor-api');
const DATA_DIR = path.join(DIR, 'data');
const IMPERSONATION_SECRET = 'vendor-api-test-impersonation-secret-0001';
const EMPTY_DEMO = { membershipNo: '054321', password: 'sahakorn-demo' };

let server: RunningServer | undefined;
let db: Db;
let embedded: CoopBackend;
let api: CoopBackend;

const { request, form: postForm } = serverAt(PORT);

async function signIn(who: { membershipNo: string; password: string }): Promise<MemberCredentials> {
  const result = await api.login({ ...who, remember: false });
  if (!result.ok) throw new Error(`login failed: ${result.reason}`);
  return { token: result.token };
}

/** A fresh credentials object per call: neither backend's per-request memo is shared. */
const fresh = (cred: MemberCredentials): MemberCredentials => ({ token: cred.token });

beforeAll(async () => {
  if (!BUILT) return;
  fs.rmSync(DIR, { recursive: true, force: true });
  server = await startServer({
    PORT: String(PORT),
    DATA_DIR,
    SEED_DEMO: '1',
    SEED_MEMBERS: '40',
    // The page cache and the feed cache would only hide what is compared here.
    IMPERSONATION_SECRET: IMPERSONATION_SECRET,
  });
  db = openDb({ dataDir: DATA_DIR });
  embedded = createEmbeddedBackend(db);
  // A Sahakorn core: its own endpoints for what the contract leaves open are used too (ADR 025).
  api = createHttpBackend({
    baseUrl: `http://127.0.0.1:${PORT}/`,
    timeoutMs: 3000,
    extensions: ['welfare', 'kepcrem', 'demand', 'terms', 'impersonate'],
  });
});

afterAll(async () => {
  await db?.destroy();
  await stopServer(server, 'SIGTERM');
});

/** A staff link for the member `membershipNo`, as `npm run impersonate` prints it: its grant and its token (`t`). */
async function staffLink(membershipNo: string) {
  const issued = await issueImpersonationLink(db, {
    membershipNo,
    staff: 'สมศรี ฝ่ายบริการสมาชิก',
    secret: IMPERSONATION_SECRET,
    baseUrl: 'https://coop.example',
  });
  if (!issued.ok) throw new Error(issued.reason);
  return { grant: issued.grant, token: new URL(issued.url).searchParams.get('t') ?? '' };
}

describe.skipIf(!BUILT)('the vendor API served by an embedded Sahakorn, read by the http adapter', () => {
  it('login issues a bearer token with an expiry; getAuthUser and logout honour it', async () => {
    const result = await api.login({ ...DEMO, remember: false });
    expect(result).toMatchObject({
      ok: true,
      expiresInSeconds: 12 * 3600,
      member: { membershipNo: '012345', firstName: expect.any(String) as string },
    });
    if (!result.ok) return;
    const cred = { token: result.token };
    expect(await api.getAuthUser(fresh(cred))).toBe(true);
    // The token is the embedded backend's own: it works there directly too.
    expect(await embedded.getAuthUser(fresh(cred))).toBe(true);

    await api.logout(fresh(cred));
    expect(await api.getAuthUser(fresh(cred))).toBe(false);
    await expect(api.getMemberProfile(fresh(cred))).rejects.toBeInstanceOf(CoopAuthError);

    expect(await api.login({ ...DEMO, password: 'wrong-password', remember: false })).toEqual({
      ok: false,
      reason: 'invalid_credentials',
    });
    expect((await api.login({ ...DEMO, remember: true })) as { expiresInSeconds?: number }).toMatchObject({
      expiresInSeconds: 30 * 24 * 3600,
    });
  });

  it('member feeds: what the adapter reads equals what the embedded backend answers', async () => {
    const cred = await signIn(DEMO);
    const both = async <T>(call: (b: CoopBackend, c: MemberCredentials) => Promise<T>) =>
      Promise.all([call(api, fresh(cred)), call(embedded, fresh(cred))]);

    const [profile, profileDirect] = await both((b, c) => b.getMemberProfile(c));
    expect(profile).toEqual(profileDirect);

    const [summary, summaryDirect] = await both((b, c) => b.getShareSummary(c));
    expect(summary).toEqual(summaryDirect);
    for (const query of [
      { page: 1, pageSize: 10 },
      { page: 3, pageSize: 10 },
      { page: 2, pageSize: 25 },
      { page: 1, pageSize: 10, from: '2024-01-01', to: '2024-12-31' },
    ]) {
      const [statement, direct] = await both((b, c) => b.getShareStatement(c, query));
      expect(direct.rows.length).toBeGreaterThan(0);
      expect(statement).toEqual(direct);
    }

    // Not in the vendor's web API: a loan's number of instalments and its rate travel in Sahakorn's
    // additive keys (ADR 025).
    const [loans, loansDirect] = await both((b, c) => b.getLoans(c));
    expect(loansDirect.length).toBeGreaterThan(0);
    expect(loansDirect.some((l) => l.periods !== null && l.interestRate !== null)).toBe(true);
    expect(loans).toEqual(loansDirect);
    for (const loan of loansDirect) {
      const query = { page: 1, pageSize: 10 };
      const [statement, direct] = await both((b, c) => b.getLoanStatement(c, loan.contractNo, query));
      expect(statement).toEqual(direct);
      const [one] = await both((b, c) => b.getLoan(c, loan.contractNo));
      expect(one).toEqual(loan);
    }

    // The vendor's list has no opening date (§6.4): Sahakorn adds the head's column to it (ADR 025).
    const [accounts, accountsDirect] = await both((b, c) => b.getDepositAccounts(c));
    expect(accountsDirect.length).toBeGreaterThan(0);
    expect(accountsDirect.some((a) => a.openedDate !== null)).toBe(true);
    expect(accounts).toEqual(accountsDirect);
    for (const account of accountsDirect) {
      const [one, oneDirect] = await both((b, c) => b.getDepositAccount(c, account.accountNo));
      expect(one).toEqual(oneDirect);
      const query = { page: 2, pageSize: 10 };
      const [statement, direct] = await both((b, c) => b.getDepositStatement(c, account.accountNo, query));
      expect(statement).toEqual(direct);
    }

    // The vendor's collection lines carry no contract number and no number of their own: Sahakorn
    // adds both (ADR 025).
    const [kep, kepDirect] = await both((b, c) => b.getCollections(c, 'kep'));
    expect(kepDirect.length).toBeGreaterThan(0);
    expect(kepDirect.some((m) => m.lines.some((l) => l.contractNo !== null))).toBe(true);
    expect(kep).toEqual(kepDirect);

    const [guarantees, guaranteesDirect] = await both((b, c) => b.getGuarantees(c));
    expect(guaranteesDirect.length).toBeGreaterThan(0);
    expect(guarantees).toEqual(guaranteesDirect);
    const [beneficiaries, beneficiariesDirect] = await both((b, c) => b.getBeneficiaries(c));
    expect(beneficiariesDirect.length).toBeGreaterThan(0);
    expect(beneficiaries).toEqual(beneficiariesDirect);
    const [dividends, dividendsDirect] = await both((b, c) => b.getDividends(c));
    expect(dividendsDirect.length).toBeGreaterThan(0);
    expect(dividends).toEqual(dividendsDirect);

    // Sahakorn's own endpoints (ADR 025): welfare, and the cremation bill in member_kep's shape.
    const [welfare, welfareDirect] = await both((b, c) => b.getWelfare(c));
    expect(new Set(welfareDirect.map((w) => w.tab))).toEqual(new Set(['received', 'eligible']));
    expect(welfare).toEqual([...welfareDirect].sort((x, y) => (x.tab === y.tab ? 0 : x.tab === 'received' ? -1 : 1)));
    const [crem, cremDirect] = await both((b, c) => b.getCollections(c, 'crem'));
    expect(cremDirect.length).toBeGreaterThan(0);
    expect(crem).toEqual(cremDirect);
  });

  it('a staff link printed here is redeemed here, once, for a front that passes it on (ADR 025)', async () => {
    const issued = await staffLink(DEMO.membershipNo);
    const t = issued.token;
    const redeemed = await api.redeemImpersonationLink?.(t);
    expect(redeemed).toMatchObject({
      ok: true,
      member: { membershipNo: DEMO.membershipNo },
      staff: 'สมศรี ฝ่ายบริการสมาชิก',
      grant: issued.grant,
    });
    if (!redeemed?.ok) throw new Error('not redeemed');
    expect(redeemed.expiresInSeconds).toBeLessThanOrEqual(30 * 60);
    expect(await api.getAuthUser({ token: redeemed.token })).toBe(true);
    expect((await api.getMemberProfile({ token: redeemed.token })).membershipNo).toBe(DEMO.membershipNo);
    // Single use, and a link signed with another secret is refused alike: 403, the reason only here.
    expect(await api.redeemImpersonationLink?.(t)).toEqual({ ok: false, detail: 'refused by the core' });
    const forged = await request(
      'POST',
      '/api/member/auth/impersonate',
      { 'Content-Type': 'application/json' },
      JSON.stringify({ t: `${t.slice(0, -1)}${t.endsWith('A') ? 'B' : 'A'}` }),
    );
    expect([forged.status, JSON.parse(forged.body)]).toEqual([403, { error: 'link refused' }]);
    const audits = await db
      .selectFrom('audit_events')
      .select(['type', 'detail'])
      .where('membership_no', '=', DEMO.membershipNo)
      .where('type', 'like', 'impersonation_%')
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.type)).toEqual([
      'impersonation_issued',
      'impersonation_started',
      'impersonation_refused',
    ]);
    expect(audits[1]?.detail).toBe(`staff=สมศรี ฝ่ายบริการสมาชิก; grant=${issued.grant}; via api`);
    expect(audits[2]?.detail).toMatch(/^used; /);
    expect((await request('GET', '/api/member/auth/impersonate')).status).toBe(405);
  });

  it("a refresh keeps the login's end and is refused a staff token; the terms gate keeps a member from the feeds, not from the session (ADR 092, 093)", async () => {
    const cred = await signIn(DEMO);
    const grant = await api.refresh(fresh(cred));
    expect(grant.expiresInSeconds).toBeLessThanOrEqual(12 * 3600);
    expect(grant.expiresInSeconds).toBeGreaterThan(12 * 3600 - 60);
    expect(await api.getAuthUser({ token: cred.token })).toBe(false);
    await expect(api.refresh(fresh(cred))).rejects.toBeInstanceOf(CoopAuthError);

    const redeemed = await api.redeemImpersonationLink?.((await staffLink(EMPTY_DEMO.membershipNo)).token);
    if (!redeemed?.ok) throw new Error('not redeemed');
    await expect(api.refresh({ token: redeemed.token })).rejects.toBeInstanceOf(CoopAuthError);
    expect(await api.getAuthUser({ token: redeemed.token })).toBe(true);

    await db.deleteFrom('terms_acceptances').where('membership_no', '=', EMPTY_DEMO.membershipNo).execute();
    const member = await signIn(EMPTY_DEMO);
    const gated = await request(
      'POST',
      '/api/member/member_share',
      { 'Content-Type': 'application/json', Authorization: `Bearer ${member.token}` },
      '{}',
    );
    expect(gated.status).toBe(403);
    expect(JSON.parse(gated.body)).toEqual({
      rc_code: '0',
      error: expect.stringMatching(/\/member\/welcome$/) as string,
    });
    await expect(api.getShareSummary(fresh(member))).rejects.toThrow();
    // Staff acting as the member read on, as on the web.
    const summary = await embedded.getShareSummary(fresh(member));
    expect(await api.getShareSummary({ token: redeemed.token })).toEqual(summary);
    expect(await api.getAuthUser(fresh(member))).toBe(true);
    expect(await api.getTermsStatus(fresh(member))).toEqual({ accepted: false });
    await api.acceptTerms(fresh(member), { ip: null, userAgent: 'FrontBrowser/1.0' });
    expect(await api.getShareSummary(fresh(member))).toEqual(summary);
  });

  it('the board and the demand section read back as the embedded backend answers (ADR 025)', async () => {
    // The vendor's DATETIME has whole seconds.
    const toSeconds = (value: unknown): unknown => {
      if (value instanceof Date) return new Date(Math.floor(value.getTime() / 1000) * 1000);
      if (Array.isArray(value)) return value.map(toSeconds);
      if (value && typeof value === 'object') {
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toSeconds(v)]));
      }
      return value;
    };
    for (const query of [
      { page: 1, pageSize: 10 },
      { page: 2, pageSize: 10 },
    ]) {
      const [topics, direct] = await Promise.all([api.listBoardTopics(query), embedded.listBoardTopics(query)]);
      expect(direct.rows.length).toBeGreaterThan(0);
      expect(topics).toEqual(toSeconds(direct));
      const first = direct.rows[0];
      if (first) expect(await api.getBoardTopic(first.id)).toEqual(toSeconds(await embedded.getBoardTopic(first.id)));
      const [demand, demandDirect] = await Promise.all([api.listDemandItems(query), embedded.listDemandItems(query)]);
      expect(demand).toEqual(toSeconds(demandDirect));
      for (const item of demandDirect.rows.slice(0, 3)) {
        expect(await api.getDemandItem(item.id)).toEqual(toSeconds(await embedded.getDemandItem(item.id)));
      }
    }
    expect(await api.getBoardTopic(2_000_000_000)).toBeNull();
    expect(await api.getDemandItem(2_000_000_000)).toBeNull();

    const key = `vendor-roundtrip-${Date.now()}`;
    const posted = await api.createBoardTopic(
      { title: 'ถามผ่าน API ของแกนกลาง', body: 'บรรทัดแรก\nบรรทัดที่สอง & อื่น ๆ', displayName: 'ผู้ทดสอบ' },
      { idempotencyKey: key },
    );
    expect(posted).toEqual({ topicId: expect.any(Number), replayed: false });
    const again = await api.createBoardTopic(
      { title: 'ถามผ่าน API ของแกนกลาง', body: 'บรรทัดแรก\nบรรทัดที่สอง & อื่น ๆ', displayName: 'ผู้ทดสอบ' },
      { idempotencyKey: key },
    );
    expect(again).toEqual({ topicId: posted.topicId, replayed: true });
    const answered = await api.createBoardAnswer(
      posted.topicId ?? 0,
      { body: 'ตอบ <b>ตรงนี้</b>', displayName: 'ผู้ตอบ' },
      { idempotencyKey: `${key}-a` },
    );
    expect(answered).toEqual({ topicId: posted.topicId, answerId: expect.any(Number), replayed: false });
    const topic = await api.getBoardTopic(posted.topicId ?? 0);
    expect(topic).toEqual(toSeconds(await embedded.getBoardTopic(posted.topicId ?? 0)));
    expect(topic?.body).toBe('บรรทัดแรก\nบรรทัดที่สอง & อื่น ๆ');
    expect(topic?.answers.map((a) => a.body)).toEqual(['ตอบ <b>ตรงนี้</b>']);
    expect(
      await api.createBoardAnswer(2_000_000_000, { body: 'x', displayName: 'y' }, { idempotencyKey: `${key}-b` }),
    ).toBeNull();
  });

  it('public feeds: menu, home, topic lists, items, legal texts and search read back as the embedded backend answers', async () => {
    expect(await api.getMenu()).toEqual(await embedded.getMenu());
    expect(await api.getFooterPhones()).toEqual(await embedded.getFooterPhones());
    expect(await api.getTerms()).toEqual(await embedded.getTerms());

    const home = await embedded.getHomeContent();
    const homeRead = await api.getHomeContent();
    const nos = (list: { no: number }[]) => list.map((s) => s.no);
    expect(home.latest.length).toBeGreaterThan(0);
    expect(nos(homeRead.latest)).toEqual(nos(home.latest));
    expect(nos(homeRead.banners)).toEqual(nos(home.banners));
    expect(nos(homeRead.gallery)).toEqual(nos(home.gallery));
    // The rate tables travel as rows in Sahakorn's `rates` (ADR 025).
    expect(home.rates.deposit.length).toBeGreaterThan(0);
    expect(home.rates.loan.length).toBeGreaterThan(0);
    expect(homeRead.rates).toEqual(home.rates);

    // What a vendor content row carries (ADR 019 lists what it does not: a category's background and
    // default picture, derived from its code here).
    const summaryOf = (s: {
      no: number;
      title: string;
      postedAt: Date;
      coverImage: string | null;
      categoryLabel: string;
    }) => ({
      no: s.no,
      title: s.title,
      postedAt: s.postedAt,
      coverImage: s.coverImage,
      categoryLabel: s.categoryLabel,
    });
    const code = home.latest[0]?.category ?? '';
    for (const query of [
      { page: 1, pageSize: 6 },
      { page: 2, pageSize: 4 },
    ]) {
      const direct = await embedded.getTopicPage(code, query);
      const read = await api.getTopicPage(code, query);
      expect(direct?.items.rows.length).toBeGreaterThan(0);
      expect(read?.category).toMatchObject({
        code: direct?.category.code,
        label: direct?.category.label,
        type: direct?.category.type,
        contentType: direct?.category.contentType,
      });
      expect(read?.items.rows.map((r) => ({ ...summaryOf(r), bodyHtml: r.bodyHtml }))).toEqual(
        direct?.items.rows.map((r) => ({ ...summaryOf(r), bodyHtml: r.bodyHtml })),
      );
      expect([read?.items.total, read?.items.page]).toEqual([direct?.items.total, direct?.items.page]);
    }
    expect(await api.getTopicPage('no_such_topic', { page: 1, pageSize: 6 })).toBeNull();

    const no = home.latest[0]?.no ?? 0;
    const item = await embedded.getContentItem(no);
    const itemRead = await api.getContentItem(no);
    expect(item).not.toBeNull();
    const itemOf = (i: typeof item) =>
      i && {
        ...summaryOf(i),
        category: i.category,
        bodyHtml: i.bodyHtml,
        author: i.author,
        eventDate: i.eventDate,
        videoUrl: i.videoUrl,
        // Captions, every attachment and its size travel in Sahakorn's additive keys (ADR 025).
        gallery: i.gallery,
        attachments: i.attachments,
      };
    expect(itemOf(itemRead)).toEqual(itemOf(item));
    // A gallery with captions and an item with two attachments (the demo has neither: written here),
    // each attachment with its label and size.
    const galleryNo = home.gallery[0]?.no ?? 0;
    await db
      .updateTable('content_gallery')
      .set({ caption: 'พิธีเปิด & มอบรางวัล' })
      .where('item_no', '=', galleryNo)
      .where('seq', 'in', [1, 3])
      .execute();
    const attached = await db.selectFrom('content_attachments').select(['item_no', 'seq']).execute();
    const mostFiles = attached[0]?.item_no ?? 0;
    const seq = Math.max(...attached.filter((a) => a.item_no === mostFiles).map((a) => a.seq)) + 1;
    await db
      .insertInto('content_attachments')
      .values({ item_no: mostFiles, seq, file: 'downloads/extra-form.pdf', label: 'แบบฟอร์มเพิ่มเติม', size_bytes: 2048 })
      .execute();
    for (const n of [galleryNo, mostFiles]) {
      const direct = await embedded.getContentItem(n);
      expect(direct).not.toBeNull();
      expect(itemOf(await api.getContentItem(n))).toEqual(itemOf(direct));
    }
    const withCaptions = await api.getContentItem(galleryNo);
    expect(withCaptions?.gallery.filter((g) => g.caption === 'พิธีเปิด & มอบรางวัล')).toHaveLength(2);
    const withFiles = await api.getContentItem(mostFiles);
    expect(withFiles?.attachments.length).toBe(2);
    expect(withFiles?.attachments.every((a) => a.sizeBytes !== null && a.sizeBytes > 0)).toBe(true);
    expect(await api.getContentItem(999_999)).toBeNull();

    const policy = await embedded.getPolicy('privacy');
    expect(policy).not.toBeNull();
    expect(itemOf(await api.getPolicy('privacy'))).toEqual(itemOf(policy));

    const search = await embedded.searchContent('เงินกู้');
    const searchRead = await api.searchContent('เงินกู้');
    expect(search.found).toBe(true);
    expect(searchRead).toEqual(search);
    // More matches than a page: the answer lists them all, and the adapter pages them as the store does.
    const many = await embedded.searchContent('สหกรณ์');
    expect(many.total).toBeGreaterThan(20);
    expect((await api.searchContent('สหกรณ์')).total).toBe(many.total);
    expect(await api.searchContent('สหกรณ์', 2)).toEqual(await embedded.searchContent('สหกรณ์', 2));
    const none = await api.searchContent('');
    expect(none).toEqual({ ...(await embedded.searchContent('')), total: 0 });
  });

  it("a member's token reads only that member's statements: another's contract or account is not found", async () => {
    const demo = await signIn(DEMO);
    const other = await signIn(EMPTY_DEMO);
    const [loan] = await embedded.getLoans(fresh(demo));
    const [account] = await embedded.getDepositAccounts(fresh(demo));
    expect(loan && account).toBeTruthy();
    const query = { page: 1, pageSize: 10 };
    expect(await api.getLoanStatement(fresh(other), loan?.contractNo ?? '', query)).toBeNull();
    expect(await api.getLoan(fresh(other), loan?.contractNo ?? '')).toBeNull();
    expect(await api.getDepositStatement(fresh(other), account?.accountNo ?? '', query)).toBeNull();
    expect(await api.getDepositAccount(fresh(other), account?.accountNo ?? '')).toBeNull();
    // …and the token still holds (a refused record is not a refused token).
    expect(await api.getAuthUser(fresh(other))).toBe(true);
  });

  it('register and forget refuse whoever asks (a one-time code is needed); the password change keeps the web rules', async () => {
    const someone = await db
      .selectFrom('members')
      .leftJoin('member_credentials', 'member_credentials.membership_no', 'members.membership_no')
      .select(['members.membership_no', 'id_card', 'first_name', 'last_name', 'birth_date'])
      .where('member_credentials.membership_no', 'is', null)
      .where('status_code', '=', '0')
      .orderBy('members.membership_no')
      .executeTakeFirstOrThrow();
    const identity = {
      membershipNo: someone.membership_no,
      nationalId: someone.id_card,
      firstName: someone.first_name,
      lastName: someone.last_name,
      birthDate: someone.birth_date,
    };
    const meta = { ip: null, userAgent: null };
    const first = 'Vendor#Api-2026-one';
    // The right identity is refused like any other (ADR 038), pointing to the website, and sets nothing.
    for (const outcome of [
      await api.registerMember({ ...identity, password: first }, meta),
      await api.resetForgottenPassword({ ...identity, password: first }, meta),
    ]) {
      expect(outcome.ok).toBe(false);
    }
    const raw = await request(
      'POST',
      '/api/member/auth/forget',
      { 'Content-Type': 'application/json' },
      JSON.stringify({
        membership_no: identity.membershipNo,
        id_card: identity.nationalId,
        member_name: identity.firstName,
        member_surname: identity.lastName,
        date_of_birth: identity.birthDate,
        password: first,
      }),
    );
    expect(raw.status).toBe(200);
    expect((JSON.parse(raw.body) as { errors: string[] }).errors[0]).toContain('กรุณาทำรายการที่เว็บไซต์');
    expect(
      await db
        .selectFrom('member_credentials')
        .select('membership_no')
        .where('membership_no', '=', identity.membershipNo)
        .executeTakeFirst(),
    ).toBeUndefined();

    // A registered member of the demo (not one the other tests sign in as) changes the password.
    const registered = await db
      .selectFrom('member_credentials')
      .select('membership_no')
      .where('membership_no', 'not in', [DEMO.membershipNo, EMPTY_DEMO.membershipNo])
      .orderBy('membership_no')
      .executeTakeFirstOrThrow();
    const cred = await signIn({ membershipNo: registered.membership_no, password: DEMO.password });
    expect(await api.changePassword(fresh(cred), { currentPassword: 'not-the-one', newPassword: first })).toEqual({
      ok: false,
      reason: 'wrong_current',
    });
    expect(await api.changePassword(fresh(cred), { currentPassword: DEMO.password, newPassword: first })).toEqual({
      ok: true,
    });
    expect(await api.login({ membershipNo: registered.membership_no, password: first, remember: false })).toMatchObject(
      {
        ok: true,
      },
    );
  });

  it('a second Sahakorn in http mode, pointed at this one, serves the member pages from it', async () => {
    const port = PORT + 1;
    const front = await startServer({
      PORT: String(port),
      DATA_DIR: path.join(DIR, 'front'),
      COOP_BACKEND: 'http',
      COOP_API_URL: `http://127.0.0.1:${PORT}/`,
      COOKIE_SECURE: '0',
    });
    try {
      const at = serverAt(port);
      expect((await at.get('/readyz')).status).toBe(200);
      const home = await at.get('/home');
      expect(home.status).toBe(200);

      const login = await at.signIn(DEMO);
      expect(login.status).toBe(302);
      const status = await at.get('/member/status', { Cookie: login.cookie });
      expect(status.status).toBe(200);
      const profile = await embedded.getMemberProfile(await signIn(DEMO));
      expect(status.body).toContain(profile.firstName);
      expect(status.body).toContain(profile.memberGroupName);
    } finally {
      front.child.kill('SIGTERM');
      await front.exited;
    }
  });

  it('answers as the vendor does: JSON, never stored, token refusals as 400 {error}, bearer only', async () => {
    const json = { 'Content-Type': 'application/json' };
    const noToken = await request('POST', '/api/member/member_status', json, '{}');
    expect(noToken.status).toBe(400);
    expect(JSON.parse(noToken.body)).toEqual({ error: 'token absent' });
    expect(noToken.headers['cache-control']).toBe('no-store');
    expect(noToken.headers['content-type']).toMatch(/^application\/json/);

    const badToken = await request(
      'POST',
      '/api/member/member_status',
      { ...json, Authorization: 'Bearer nope' },
      '{}',
    );
    expect(badToken.status).toBe(400);
    expect(JSON.parse(badToken.body)).toEqual({ error: 'token is invalid' });

    const cred = await signIn(DEMO);
    const ok = await request(
      'POST',
      '/api/member/member_status',
      { ...json, Authorization: `Bearer ${cred.token}` },
      '{}',
    );
    expect(ok.status).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    expect(ok.headers['set-cookie']).toBeUndefined();
    const body = JSON.parse(ok.body) as { data1: Record<string, unknown>[] };
    expect(body.data1[0]).toMatchObject({
      membership_no: '012345',
      salary_amount: expect.stringMatching(/^\d+\.\d\d$/),
    });

    // A token in a cookie is no token.
    const cookie = await request('POST', '/api/member/member_status', { ...json, Cookie: `token=${cred.token}` }, '{}');
    expect(cookie.status).toBe(400);
    // Member routes are POST only.
    expect((await request('GET', '/api/member/member_status')).status).toBe(405);
  });

  it('server.js lets JSON POSTs to /api/ through without an Origin, and nothing else', async () => {
    const json = { 'Content-Type': 'application/json' };
    const login = JSON.stringify({ membership_no: DEMO.membershipNo, mem_password: DEMO.password });
    expect((await request('POST', '/api/member/auth/login', json, login)).status).toBe(200);
    // A form post (what another site's page can send) without Origin: refused.
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const formLogin = `membership_no=${DEMO.membershipNo}&mem_password=${DEMO.password}`;
    expect((await request('POST', '/api/member/auth/login', form, formLogin)).status).toBe(403);
    expect((await request('POST', '/api/member/auth/login', { 'Content-Type': 'text/plain' }, login)).status).toBe(403);
    // A JSON POST outside /api/ still needs a same-site Origin, and so does a cross-site one under /api/.
    expect((await request('POST', '/member/logon', json, login)).status).toBe(403);
    expect((await request('POST', '/member/logon', { ...json, Origin: 'https://evil.example' }, login)).status).toBe(
      403,
    );
  });
});

describe.skipIf(!BUILT)(
  'ADR 025 endpoints: the board, the demand section, welfare, kepcrem and accepting the terms',
  () => {
    const json = { 'Content-Type': 'application/json' };
    const parse = (answer: Answer) => JSON.parse(answer.body) as Record<string, unknown>;
    const post = (pathname: string, body: unknown, headers: Record<string, string> = {}) =>
      request('POST', pathname, { ...json, ...headers }, JSON.stringify(body));
    const bearer = (cred: MemberCredentials) => ({ Authorization: `Bearer ${cred.token}` });

    it('the board list and a topic are readable without a token; an unknown topic is showboard null', async () => {
      const list = await request('GET', '/api/info/board');
      expect(list.status).toBe(200);
      expect(list.headers['cache-control']).toBe('no-store');
      const body = parse(list) as { board: { data: Record<string, unknown>[]; per_page: number }; is_admin: boolean };
      expect(body.is_admin).toBe(false);
      expect(body.board.per_page).toBe(15);
      const direct = await embedded.listBoardTopics({ page: 1, pageSize: 15 });
      expect(direct.rows.length).toBeGreaterThan(0);
      expect(body.board.data.map((r) => r.No)).toEqual(direct.rows.map((t) => String(t.id)));
      expect(body.board.data[0]).toMatchObject({
        Category: 'BOARD_TOPIC',
        Note: '',
        CountAnwser: String(direct.rows[0]?.answerCount),
        Date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      });

      const withAnswers = direct.rows.find((t) => t.answerCount > 0);
      expect(withAnswers).toBeDefined();
      const show = parse(await request('GET', `/api/info/board_show/${withAnswers?.id}`)) as {
        showboard: Record<string, unknown>;
        board_detail: string;
        board_ans: Record<string, unknown>[];
      };
      const topic = await embedded.getBoardTopic(withAnswers?.id ?? 0);
      expect(show.showboard).toMatchObject({ No: String(topic?.id), Question: topic?.title, Note: topic?.body });
      expect(show.board_ans.map((a) => a.Msg)).toEqual(topic?.answers.map((a) => a.body));
      expect(show.board_detail).toContain('<div class="board-ans">');

      for (const no of ['999999', 'abc', '0']) {
        const unknown = await request('GET', `/api/info/board_show/${no}`);
        expect(unknown.status).toBe(200);
        expect(parse(unknown)).toEqual({ showboard: null, board_ans: [] });
      }
    });

    it('board_create stores a topic once per Idempotency-Key; refused fields answer 200 rc_code "0"', async () => {
      const key = 'adr025-create-key-0001';
      const topic = { Question: '  ทดสอบ ADR 025  ', QNote: 'รายละเอียด <b>ตัวหนา</b>', QName: 'ผู้ทดสอบ' };
      const first = await post('/api/info/board_create', topic, { 'Idempotency-Key': key });
      expect(first.status).toBe(200);
      const created = parse(first);
      expect(created).toMatchObject({
        rc_code: '1',
        rc_des: 'บันทึกสำเร็จ',
        replayed: '0',
        No: expect.stringMatching(/^\d+$/),
      });
      const again = parse(await post('/api/info/board_create', topic, { 'Idempotency-Key': key }));
      expect(again).toEqual({ ...created, replayed: '1' });
      const stored = await db.selectFrom('board_topics').selectAll().where('title', '=', 'ทดสอบ ADR 025').execute();
      expect(stored.map((t) => [String(t.id), t.body, t.display_name])).toEqual([
        [created.No, 'รายละเอียด <b>ตัวหนา</b>', 'ผู้ทดสอบ'],
      ]);
      // Newest first: the topic heads the list.
      const list = parse(await request('GET', '/api/info/board')) as { board: { data: { No: string }[] } };
      expect(list.board.data[0]?.No).toBe(created.No);

      // A form body (with a same-site Origin, as server.js wants for forms) and no key: stored too.
      const form = await postForm('/api/info/board_create', {
        Question: 'กระทู้จากฟอร์ม',
        QNote: 'ข้อความ',
        QName: 'ฟอร์ม',
      });
      expect(parse(form)).toMatchObject({ rc_code: '1', replayed: '0' });

      const refused = await post('/api/info/board_create', { ...topic, Question: '   ' });
      expect(refused.status).toBe(200);
      expect(parse(refused)).toEqual({ rc_code: '0', rc_des: BOARD_MESSAGES.titleRequired });
      expect(parse(await post('/api/info/board_create', { ...topic, QName: '' }))).toEqual({
        rc_code: '0',
        rc_des: BOARD_MESSAGES.nameRequired,
      });
    });

    it('board_ans answers a shown topic once per key, 404 for a topic not shown', async () => {
      const { No: topicNo } = parse(
        await post('/api/info/board_create', { Question: 'กระทู้รอคำตอบ', QNote: 'ถาม', QName: 'ผู้ถาม' }),
      ) as { No: string };
      const answer = { QNo: topicNo, QNote: 'คำตอบ\nสองบรรทัด', QName: 'ผู้ตอบ' };
      const key = 'adr025-answer-key-0001';
      const first = parse(await post('/api/info/board_ans', answer, { 'Idempotency-Key': key }));
      expect(first).toMatchObject({
        rc_code: '1',
        rc_des: 'บันทึกสำเร็จ',
        replayed: '0',
        No: expect.stringMatching(/^\d+$/),
      });
      expect(parse(await post('/api/info/board_ans', answer, { 'Idempotency-Key': key }))).toEqual({
        ...first,
        replayed: '1',
      });
      const show = parse(await request('GET', `/api/info/board_show/${topicNo}`)) as {
        showboard: Record<string, unknown>;
        board_ans: Record<string, unknown>[];
      };
      expect(show.showboard.CountAnwser).toBe('1');
      expect(show.board_ans).toEqual([
        {
          No: first.No,
          QuestionNo: topicNo,
          Name: 'ผู้ตอบ',
          Namer: '',
          Msg: 'คำตอบ\nสองบรรทัด',
          Date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        },
      ]);

      expect(parse(await post('/api/info/board_ans', { ...answer, QNote: '' }))).toEqual({
        rc_code: '0',
        rc_des: BOARD_MESSAGES.answerRequired,
      });
      for (const QNo of ['999999', 'abc', '', '-1']) {
        const missing = await post('/api/info/board_ans', { ...answer, QNo });
        expect(missing.status).toBe(404);
        expect(parse(missing)).toEqual({ rc_code: '0', rc_des: 'ไม่พบกระทู้' });
      }
    });

    it('postings count against the per-address limit: over it, 429 Too Many Attempts', async () => {
      const topic = { Question: 'กระทู้ซ้ำ', QNote: 'ซ้ำ', QName: 'ผู้ทดสอบ' };
      // Replays store nothing but are counted, as the site's form counts them.
      let answer: Answer | undefined;
      for (let i = 0; i < 30; i++) {
        answer = await post('/api/info/board_create', topic, { 'Idempotency-Key': 'adr025-limit-key-0001' });
        if (answer.status !== 200) break;
      }
      expect(answer?.status).toBe(429);
      expect(parse(answer as Answer)).toEqual({ message: 'Too Many Attempts.' });
      const stored = await db.selectFrom('board_topics').select('id').where('title', '=', 'กระทู้ซ้ำ').execute();
      expect(stored).toHaveLength(1);
    });

    it('demand: a page of 10 and one item with its answer, or showdemand null', async () => {
      const list = parse(await request('GET', '/api/info/demand')) as {
        demand: { data: Record<string, unknown>[]; per_page: number };
      };
      expect(list.demand.per_page).toBe(10);
      const direct = await embedded.listDemandItems({ page: 1, pageSize: 10 });
      expect(direct.rows.length).toBeGreaterThan(0);
      expect(list.demand.data.map((d) => [d.No, d.status])).toEqual(direct.rows.map((d) => [String(d.id), d.status]));

      const all = await embedded.listDemandItems({ page: 1, pageSize: 100 });
      const answered = await Promise.all(all.rows.map((d) => embedded.getDemandItem(d.id)));
      const item = answered.find((d) => d?.answer);
      expect(item).toBeDefined();
      const show = parse(await request('GET', `/api/info/demand_show/${item?.id}`));
      expect(show.showdemand).toMatchObject({
        No: String(item?.id),
        Question: item?.question,
        Note: item?.detail,
        status: item?.status,
        Answer: item?.answer,
        AnswerName: item?.answeredBy,
        AnswerDate: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      });
      expect(parse(await request('GET', '/api/info/demand_show/999999'))).toEqual({ showdemand: null });
    });

    it("member_welfare and member_kepcrem: bearer only, the demo member's data", async () => {
      expect(await post('/api/member/member_welfare', {})).toMatchObject({ status: 400 });
      expect(parse(await post('/api/member/member_kepcrem', {}))).toEqual({ error: 'token absent' });

      const cred = await signIn(DEMO);
      const welfare = await post('/api/member/member_welfare', {}, bearer(cred));
      expect(welfare.status).toBe(200);
      const items = await embedded.getWelfare(fresh(cred));
      expect(items.some((w) => w.tab === 'received')).toBe(true);
      expect(parse(welfare)).toEqual(JSON.parse(JSON.stringify(memberWelfareBody(items))));
      expect(parse(welfare).welfare_receive).toContainEqual(
        expect.objectContaining({ welfare_amount: expect.stringMatching(/^\d+\.\d\d$/) }),
      );

      const crem = await post('/api/member/member_kepcrem', {}, bearer(cred));
      expect(crem.status).toBe(200);
      const months = await embedded.getCollections(fresh(cred), 'crem');
      expect(months.length).toBeGreaterThan(0);
      expect(parse(crem)).toEqual(JSON.parse(JSON.stringify(memberKepBody(months))));
    });

    it('termofconditional_accept records the acceptance with the address and the named browser', async () => {
      const accepted = () =>
        db
          .selectFrom('terms_acceptances')
          .select(['ip', 'user_agent'])
          .where('membership_no', '=', EMPTY_DEMO.membershipNo)
          .executeTakeFirst();
      await db.deleteFrom('terms_acceptances').where('membership_no', '=', EMPTY_DEMO.membershipNo).execute();
      const cred = await signIn(EMPTY_DEMO);
      expect(parse(await post('/api/member/termofconditional', {}, bearer(cred)))).toMatchObject({ rc_code: '0' });
      expect((await post('/api/member/termofconditional_accept', {})).status).toBe(400);

      const ok = await post('/api/member/termofconditional_accept', { agent: 'FrontBrowser/1.0' }, bearer(cred));
      expect(ok.status).toBe(200);
      expect(parse(ok)).toEqual({ rc_code: '1', rc_des: 'บันทึกสำเร็จ' });
      expect(await accepted()).toEqual({ ip: expect.stringMatching(/127\.0\.0\.1/), user_agent: 'FrontBrowser/1.0' });
      expect(parse(await post('/api/member/termofconditional', {}, bearer(cred)))).toEqual({ rc_code: '1' });

      // No (or an unusable) agent: the request's own User-Agent.
      await db.deleteFrom('terms_acceptances').where('membership_no', '=', EMPTY_DEMO.membershipNo).execute();
      const raw = await post(
        '/api/member/termofconditional_accept',
        { agent: 'x'.repeat(501) },
        { ...bearer(cred), 'User-Agent': 'RawClient/2' },
      );
      expect(parse(raw)).toMatchObject({ rc_code: '1' });
      expect((await accepted())?.user_agent).toBe('RawClient/2');
    });

    it('POST-only routes answer a GET with 405', async () => {
      for (const pathname of [
        '/api/info/board_create',
        '/api/info/board_ans',
        '/api/member/member_welfare',
        '/api/member/member_kepcrem',
        '/api/member/termofconditional_accept',
      ]) {
        const answer = await request('GET', pathname);
        expect(answer.status, pathname).toBe(405);
        expect(parse(answer)).toEqual({ message: 'Method Not Allowed' });
      }
    });
  },
);
