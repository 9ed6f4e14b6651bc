import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';

import { demoSqlite } from '../../db-instances.test-support';
import { DEMO_CONTENT_NO, DEMO_MEMBER } from '../../seed/demo.server';
import { IDENTITY_MISMATCH, alreadyRegistered } from '../messages';
import { createEmbeddedBackend } from '../embedded.server';
import { CoopAuthError, CoopUnavailableError, type CoopBackend, type MemberCredentials } from '../types';
import {
  CORE_IDENTITY,
  CORE_MAINTENANCE_MEMBER,
  CORE_LOAN_NEWEST_ROW,
  CORE_MEMBER,
  CORE_MEMBER_BENEFICIARIES,
  CORE_MEMBER_GUARANTEES,
  CORE_MEMBER_PROFILE,
  CORE_NEW_MEMBER,
  CORE_RESET_MEMBER,
  fixture,
  paginate,
  useFakeCore,
  vendor,
} from './fake-core.test-support';
import type { HttpBackendConfig } from './http-backend.server';

/** The fake core listens on this helper's port range (3500–3509). */
const PORT = 3500;
/** "Now" of the tests: the share chart's 24 months end in July 2024 (Bangkok). */
const NOW = Date.parse('2024-07-15T05:00:00Z');

const fake = useFakeCore(PORT, { now: () => NOW });
const { lines, backendWith } = fake;

/** A member's credentials for one request, as requireMember builds them. */
async function signIn(backend: CoopBackend): Promise<() => MemberCredentials> {
  const result = await backend.login({ ...CORE_MEMBER, remember: false });
  if (!result.ok) throw new Error('login failed');
  // Credentials as requireMember makes them for one request: they carry the request's answers.
  return () => ({ token: result.token, perRequest: { answers: new Map() } });
}

describe('auth (spec §7, §8)', () => {
  it('logs in with the core token; wrong password, reset and maintenance have their answers', async () => {
    const backend = backendWith();
    const ok = await backend.login({ ...CORE_MEMBER, remember: true });
    expect(ok).toMatchObject({
      ok: true,
      expiresInSeconds: 900,
      member: { membershipNo: '012345', prename: 'นาย', firstName: 'สมมุติ', lastName: 'ทดสอบ' },
    });
    expect(fake.core.calls('api/member/auth/login')[0]?.body).toEqual({
      membership_no: '012345',
      mem_password: CORE_MEMBER.password,
      remember: true,
    });
    expect(await backend.login({ membershipNo: '012345', password: 'wrong', remember: false })).toEqual({
      ok: false,
      reason: 'invalid_credentials',
    });
    expect(await backend.login({ membershipNo: CORE_RESET_MEMBER, password: 'x', remember: false })).toEqual({
      ok: false,
      reason: 'password_reset_required',
    });
    await expect(
      backend.login({ membershipNo: CORE_MAINTENANCE_MEMBER, password: 'x', remember: false }),
    ).rejects.toBeInstanceOf(CoopUnavailableError);
    expect(lines).toEqual([expect.objectContaining({ endpoint: 'login', reason: 'refused', detail: 'maintenance' })]);
  });

  it('sends the bearer token from the credentials on every member call, and JSON headers', async () => {
    const backend = backendWith();
    const member = await signIn(backend);
    await backend.getLoans(member());
    const call = fake.core.calls('api/member/member_loan')[0];
    expect(call?.method).toBe('POST');
    expect(call?.headers.authorization).toBe(`Bearer ${member().token}`);
    expect(call?.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(call?.headers.accept).toBe('application/json');
    expect(call?.headers['content-type']).toBe('application/json');
    expect(call?.rawUrl).not.toContain(member().token);
  });

  it('the session check is true for a live token and false for a refused one (HTTP 400)', async () => {
    const backend = backendWith();
    const member = await signIn(backend);
    expect(await backend.getAuthUser(member())).toBe(true);
    fake.core.expire(member().token);
    expect(await backend.getAuthUser(member())).toBe(false);
    expect(await backend.getAuthUser({ token: 'forged' })).toBe(false);
  });

  it('a token refused on a feed ends the session: CoopAuthError, not "unavailable"', async () => {
    const backend = backendWith();
    const member = await signIn(backend);
    fake.core.expire(member().token);
    await expect(backend.getMemberProfile(member())).rejects.toBeInstanceOf(CoopAuthError);
    await expect(backend.getLoanStatement(member(), 'สม.1234/2565', { page: 1, pageSize: 10 })).rejects.toBeInstanceOf(
      CoopAuthError,
    );
    await expect(backend.changePassword(member(), { currentPassword: 'a', newPassword: 'b' })).rejects.toBeInstanceOf(
      CoopAuthError,
    );
    expect(lines).toEqual([]);
  });

  it('logs out at the core: the token is refused afterwards; logging out twice is harmless', async () => {
    const backend = backendWith();
    const member = await signIn(backend);
    await backend.logout(member());
    expect(await backend.getAuthUser(member())).toBe(false);
    await expect(backend.logout(member())).resolves.toBeUndefined();
  });

  it('refreshes a token, even an expired one; the old token is refused afterwards and so is a second exchange', async () => {
    const backend = backendWith();
    const member = await signIn(backend);
    const old = member();
    fake.core.expire(old.token);
    const grant = await backend.refresh(old);
    expect(grant.expiresInSeconds).toBe(900);
    expect(grant.token).not.toBe(old.token);
    expect(await backend.getAuthUser({ token: grant.token })).toBe(true);
    expect(await backend.getAuthUser(old)).toBe(false);
    await expect(backend.refresh(old)).rejects.toBeInstanceOf(CoopAuthError);
    const call = fake.core.calls('api/member/auth/refresh')[0];
    expect(call?.headers.authorization).toBe(`Bearer ${old.token}`);
  });

  it('impersonation is not offered by the core web API', async () => {
    expect(await backendWith().impersonate('012345')).toEqual({ ok: false, reason: 'unsupported' });
    expect(fake.core.requests).toEqual([]);
  });
});

describe('member feeds', () => {
  let backend: CoopBackend;
  let member: () => MemberCredentials;

  beforeAll(async () => {
    backend = backendWith();
    member = await signIn(backend);
  });

  it('profile', async () => {
    expect(await backend.getMemberProfile(member())).toEqual(CORE_MEMBER_PROFILE);
  });

  it('terms status: accepted when the core answers rc_code 1', async () => {
    expect(await backend.getTermsStatus(member())).toEqual({ accepted: true });
  });

  it('shares: the summary, statement pages and the 24-month chart share one request of page 1', async () => {
    const cred = member();
    const [summary, statement, history] = await Promise.all([
      backend.getShareSummary(cred),
      backend.getShareStatement(cred, { page: 1, pageSize: 10 }),
      backend.getShareCapitalHistory(cred, 24),
    ]);
    expect(summary).toEqual({ capitalSatang: 15_200_000, monthlySatang: 100_000, lastPeriod: 152, suspended: false });
    expect(statement).toMatchObject({ total: 30, page: 1, pageSize: 10 });
    expect(statement.rows).toHaveLength(10);
    expect(statement.rows[0]).toEqual({
      date: '2024-06-30',
      period: 152,
      description: 'ซื้อหุ้นรายเดือน',
      amountSatang: 100_000,
      balanceSatang: 15_200_000,
    });
    // Month-end capital, oldest first: before August 2022 the capital was 129,000 (July 2022's row).
    expect(history).toHaveLength(24);
    expect(history[0]).toEqual({ month: '2022-08', capitalSatang: 13_000_000 });
    expect(history.find((p) => p.month === '2023-12')?.capitalSatang).toBe(14_600_000);
    expect(history.at(-2)).toEqual({ month: '2024-06', capitalSatang: 15_200_000 });
    expect(history.at(-1)).toEqual({ month: '2024-07', capitalSatang: 15_200_000 });
    // Page 1 once for all three; pages 2 and 3 for the chart.
    expect(
      fake.core.calls('api/member/member_share').map((c) => new URL(c.rawUrl, 'http://x').searchParams.get('page')),
    ).toEqual(['1', '2', '3']);
  });

  it('share statement filtered by dates goes to searchMember_share with Buddhist-era dates', async () => {
    const page = await backend.getShareStatement(member(), {
      from: '2024-01-01',
      to: '2024-03-31',
      page: 1,
      pageSize: 10,
    });
    expect(page.rows.map((r) => r.date)).toEqual(['2024-03-31', '2024-02-29', '2024-01-31']);
    expect(Object.keys(page).sort()).toEqual(['page', 'pageSize', 'rows', 'total']);
    expect(page.total).toBe(3);
    expect(fake.core.calls('api/member/searchMember_share')[0]?.body).toEqual({
      inputdatepickerstart: '01/01/2567',
      inputdatepickerend: '31/03/2567',
    });
    const open = await backend.getShareStatement(member(), { from: '2024-06-01', page: 1, pageSize: 10 });
    expect(open.rows.map((r) => r.date)).toEqual(['2024-06-30']);
  });

  it('a page of ours is cut from the core pages that cover it', async () => {
    const page = await backend.getShareStatement(member(), { page: 2, pageSize: 15 });
    expect(page).toMatchObject({ total: 30, page: 2, pageSize: 15 });
    expect(page.rows).toHaveLength(15);
    expect(page.rows[0]?.date).toBe('2023-03-31');
    expect(page.rows.at(-1)?.date).toBe('2022-01-31');
  });

  it('loans with collateral; one loan; a paid-off loan from its statement head; another member’s is null', async () => {
    const loans = await backend.getLoans(member());
    expect(loans.map((l) => [l.contractNo, l.balanceSatang, l.percentRepaid, l.collateral.length])).toEqual([
      ['สม.1234/2565', 31_250_050, '37.49', 2],
      ['ฉ.0456/2567', 1_200_000, '60.00', 0],
    ]);
    expect(await backend.getLoan(member(), 'ฉ.0456/2567')).toEqual(loans[1]);
    expect(await backend.getLoan(member(), 'ปด.0001/2560')).toMatchObject({
      contractNo: 'ปด.0001/2560',
      balanceSatang: 0,
      percentRepaid: '100.00',
      collateral: [],
    });
    expect(await backend.getLoan(member(), 'สม.9999/2565')).toBeNull();
    expect(await backend.getLoan(member(), '..')).toBeNull();
    expect(lines).toEqual([]);
  });

  it('loan statement: pages, a date filter, the contract number encoded as one path segment', async () => {
    const cred = member();
    const page = await backend.getLoanStatement(cred, 'สม.1234/2565', { page: 2, pageSize: 10 });
    expect(page).toMatchObject({ total: 12, page: 2, pageSize: 10 });
    expect(page?.rows.map((r) => r.period)).toEqual([2, 1]);
    const filtered = await backend.getLoanStatement(cred, 'สม.1234/2565', {
      from: '2024-05-01',
      to: '2024-06-30',
      page: 1,
      pageSize: 10,
    });
    expect(filtered?.rows).toEqual([
      CORE_LOAN_NEWEST_ROW,
      {
        date: '2024-05-25',
        period: 11,
        item: 'ชำระรายเดือน',
        principalSatang: 850_000,
        interestSatang: 200_025,
        balanceSatang: 32_100_000,
      },
    ]);
    const call = fake.core.calls('api/member/member_loan_statement/')[0];
    expect(call?.path).toBe('api/member/member_loan_statement/สม.1234/2565');
    expect(call?.rawUrl).toContain('/member_loan_statement/%E0%B8%AA%E0%B8%A1.1234%2F2565?page=');
    expect(await backend.getLoanStatement(cred, 'สม.9999/2565', { page: 1, pageSize: 10 })).toBeNull();
  });

  it('deposits: accounts, one account with its opening date, its statement; another member’s is null', async () => {
    const cred = member();
    const accounts = await backend.getDepositAccounts(cred);
    expect(accounts.map((a) => [a.accountNo, a.balanceSatang, a.openedDate])).toEqual([
      ['001-1-23456', 8_500_000, null],
      ['002-2-00077', 125_000_075, null],
    ]);
    expect(await backend.getDepositAccount(cred, '001-1-23456')).toEqual({
      accountNo: '001-1-23456',
      typeCode: '01',
      typeName: 'ออมทรัพย์',
      accountName: 'นาย สมมุติ ทดสอบ',
      balanceSatang: 8_500_000,
      accruedInterestSatang: 12_345,
      withdrawableSatang: 8_500_000,
      heldSatang: 0,
      openedDate: '2015-04-01',
    });
    const statement = await backend.getDepositStatement(cred, '001-1-23456', { page: 1, pageSize: 10 });
    expect(statement).toMatchObject({ total: 13, page: 1, pageSize: 10 });
    expect(statement?.rows[0]).toEqual({
      date: '2024-06-28',
      description: 'ฝากเงินโอนจากเงินเดือน',
      amountSatang: 320_000,
      balanceSatang: 8_500_000,
    });
    expect(statement?.rows.some((r) => r.amountSatang === -300_000)).toBe(true);
    // The head and page 1 of the statement were read once for both calls of this request.
    expect(fake.core.calls('api/member/member_dep_statement/')).toHaveLength(1);
    expect(await backend.getDepositAccount(cred, '009-9-99999')).toBeNull();
    expect(await backend.getDepositStatement(cred, '009-9-99999', { page: 1, pageSize: 10 })).toBeNull();
  });

  it('collections (kep), guarantees, beneficiaries, dividends', async () => {
    const cred = member();
    const kep = await backend.getCollections(cred, 'kep');
    expect(kep.map((c) => [c.year, c.month, c.posted, c.billedSatang, c.collectedSatang, c.lines.length])).toEqual([
      [2024, 6, true, 1_250_025, 1_250_025, 2],
      [2024, 7, false, 1_250_025, 0, 2],
    ]);
    expect(await backend.getGuarantees(cred)).toEqual(CORE_MEMBER_GUARANTEES);
    expect(await backend.getBeneficiaries(cred)).toEqual(CORE_MEMBER_BENEFICIARIES);
    const dividends = await backend.getDividends(cred);
    expect(dividends.map((d) => [d.year, d.dividendSatang, d.averageReturnSatang, d.averageReturnWithheld])).toEqual([
      [2023, 912_000, 152_375, false],
      [2022, 810_000, 0, true],
    ]);
  });

  it('the profile picture: none until uploaded (the site answers its HTML page), then the JPEG', async () => {
    const cred = member();
    expect(await backend.getMemberPhoto(cred)).toBeNull();
    expect(await backend.getMemberPhotoInfo(cred)).toBeNull();
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
    await backend.setMemberPhoto(cred, jpeg);
    const upload = fake.core.calls('api/member/wwwupload')[0]?.body as Record<string, unknown>;
    expect(upload).toMatchObject({
      name: '012345',
      croppedArea: { x: 0, y: 0, width: 100, height: 100 },
      croppedAreaPixels: { x: 0, y: 0, width: 256, height: 256 },
    });
    expect(upload.image).toBe(`data:image/jpeg;base64,${Buffer.from(jpeg).toString('base64')}`);
    const next = member();
    const photo = await backend.getMemberPhoto(next);
    expect([...(photo?.bytes ?? [])]).toEqual([...jpeg]);
    expect((await backend.getMemberPhotoInfo(next))?.updatedAt.getTime()).toBe(photo?.updatedAt.getTime());
    expect(photo?.updatedAt.getTime()).toBeGreaterThan(0);
    // The picture is a file of the site; the token goes along (same host), so a core that guards the
    // file (Sahakorn's vendor API, ADR 024) knows whose it is.
    expect(
      fake.core.calls('member/profile/').every((c) => c.headers.authorization === `Bearer ${member().token}`),
    ).toBe(true);
  });

  it('password change: wrong current password, then a change the core accepts', async () => {
    const other = backendWith();
    const cred = (await signIn(other))();
    expect(await other.changePassword(cred, { currentPassword: 'nope', newPassword: 'New#Pass2024' })).toEqual({
      ok: false,
      reason: 'wrong_current',
    });
    expect(
      await other.changePassword(cred, { currentPassword: CORE_MEMBER.password, newPassword: 'New#Pass2024' }),
    ).toEqual({
      ok: true,
    });
    expect(fake.core.calls('api/member/member_pass').at(-1)?.body).toEqual({
      mem_password: 'New#Pass2024',
      mem_oldpassword: CORE_MEMBER.password,
    });
    // Back, for the other tests.
    await other.changePassword(cred, { currentPassword: 'New#Pass2024', newPassword: CORE_MEMBER.password });
  });
});

describe('registration and forgotten password (§4.2)', () => {
  const meta = { ip: '203.0.113.9', userAgent: 'test' };

  it('register: success with the core message; identity mismatch and taken answer our own words', async () => {
    const backend = backendWith();
    expect(await backend.registerMember({ ...CORE_NEW_MEMBER, password: 'Aa1!aaaa' }, meta)).toEqual({
      ok: true,
      message: 'ลงทะเบียนสำเร็จ',
    });
    expect(fake.core.calls('api/member/auth/register')[0]?.body).toEqual({
      membership_no: CORE_NEW_MEMBER.membershipNo,
      id_card: CORE_NEW_MEMBER.nationalId,
      member_name: CORE_NEW_MEMBER.firstName,
      member_surname: CORE_NEW_MEMBER.lastName,
      date_of_birth: CORE_NEW_MEMBER.birthDate,
      password: 'Aa1!aaaa',
    });
    // The core names the field ("วันเดือนปีเกิด ไม่ตรงกับระบบ"); the member is told nothing so precise.
    expect(
      await backend.registerMember({ ...CORE_NEW_MEMBER, birthDate: '1980-01-01', password: 'Aa1!aaaa' }, meta),
    ).toEqual({ ok: false, errors: [IDENTITY_MISMATCH] });
    expect(await backend.registerMember({ ...CORE_IDENTITY, password: 'Aa1!aaaa' }, meta)).toEqual({
      ok: false,
      errors: [alreadyRegistered('012345')],
    });
  });

  it('forget: success, mismatch, and the core password rule (HTTP 400 {error})', async () => {
    const backend = backendWith();
    expect(
      await backend.resetForgottenPassword({ ...CORE_IDENTITY, lastName: 'อื่น', password: 'Aa1!aaaa' }, meta),
    ).toEqual({
      ok: false,
      errors: [IDENTITY_MISMATCH],
    });
    expect(await backend.resetForgottenPassword({ ...CORE_IDENTITY, password: 'short' }, meta)).toEqual({
      ok: false,
      errors: ['รูปแบบของรหัสผ่านไม่ถูกต้อง'],
    });
    expect(await backend.resetForgottenPassword({ ...CORE_IDENTITY, password: CORE_MEMBER.password }, meta)).toEqual({
      ok: true,
      message: 'เปลี่ยนรหัสผ่านสำเร็จ',
    });
  });
});

describe('public content', () => {
  it('menu and footer phones (none in this core version)', async () => {
    const backend = backendWith();
    const menu = await backend.getMenu();
    expect(menu.map((m) => [m.label, m.isParent, m.children.map((c) => [c.label, c.url])])).toEqual([
      [
        'เกี่ยวกับสหกรณ์',
        true,
        [
          ['คณะกรรมการ', '/list/committee_info'],
          ['ประวัติสหกรณ์', '/show/1246'],
        ],
      ],
      ['ข่าวสาร', false, []],
      ['ดาวน์โหลด', true, []],
    ]);
    expect(await backend.getFooterPhones()).toEqual([]);
  });

  it('home: the latest news from every news block (no duplicates, newest first), banners, gallery', async () => {
    const home = await backendWith().getHomeContent();
    expect(home.latest.map((s) => [s.no, s.categoryLabel])).toEqual([
      [120, 'ข่าวประชาสัมพันธ์'],
      [119, 'ข่าวกิจกรรม'],
      [118, 'ข่าวประชาสัมพันธ์'],
    ]);
    expect(home.latest[0]).toEqual({
      no: 120,
      category: 'news_relations',
      categoryLabel: 'ข่าวประชาสัมพันธ์',
      title: 'ประกาศวันหยุดสหกรณ์ เดือนกรกฎาคม',
      postedAt: new Date('2024-06-30T03:15:00Z'),
      coverImage: 'news/holiday.jpg',
      defaultImage: 'news',
    });
    expect(home.banners.map((b) => b.coverImage)).toEqual(['banner/welcome.jpg']);
    expect(home.gallery.map((g) => [g.no, g.defaultImage])).toEqual([[300, 'activity']]);
    expect(home.rates).toEqual({ deposit: [], loan: [] });
  });

  it('topic pages: our 10 rows from the core’s pages of 6; a plain list paged here; unknown and legal topics are null', async () => {
    const backend = backendWith();
    const second = await backend.getTopicPage('news_relations', { page: 2, pageSize: 10 });
    expect(second?.category).toEqual({
      code: 'news_relations',
      label: 'ข่าวประชาสัมพันธ์',
      type: 'M',
      contentType: 'content',
      background: 'news_relations',
      defaultImage: 'news',
    });
    expect(second?.items).toMatchObject({ total: 14, page: 2, pageSize: 10 });
    expect(second?.items.rows.map((r) => r.no)).toEqual([120, 119, 118, 117]);
    expect(second?.items.rows[0]?.bodyHtml).toContain('<p>');
    const downloads = await backend.getTopicPage('download', { page: 1, pageSize: 10 });
    expect(downloads?.items.rows.map((r) => r.no)).toEqual([200, 201]);
    expect(downloads?.category.defaultImage).toBe('download');
    expect(await backend.getTopicPage('no_such_topic', { page: 1, pageSize: 10 })).toBeNull();
    expect(await backend.getTopicPage('term_of_conditional', { page: 1, pageSize: 10 })).toBeNull();
  });

  it('content items: a news item with its attachment, a gallery with its pictures; hidden and missing are null', async () => {
    const backend = backendWith();
    const news = await backend.getContentItem(120);
    expect(news).toMatchObject({
      no: 120,
      title: 'ประกาศวันหยุดสหกรณ์ เดือนกรกฎาคม',
      author: 'ฝ่ายประชาสัมพันธ์',
      eventDate: '2024-07-28',
      attachments: [{ file: 'news/holiday.pdf', label: 'ประกาศวันหยุดสหกรณ์ เดือนกรกฎาคม', sizeBytes: null }],
      gallery: [],
      videoUrl: null,
      categoryInfo: { code: 'news_relations', label: 'ข่าวประชาสัมพันธ์', type: 'M' },
    });
    expect(news?.bodyHtml).toBe('<p>ประกาศวันหยุดสหกรณ์ เดือนกรกฎาคม รายละเอียด&nbsp;เพิ่มเติม</p>');
    const gallery = await backend.getContentItem(300);
    expect(gallery?.gallery).toEqual([
      { file: 'gallery/coopday/1.jpg', caption: null },
      { file: 'gallery/coopday/2.jpg', caption: null },
    ]);
    expect(gallery?.videoUrl).toBe('https://video.example/coopday');
    expect(gallery?.categoryInfo.type).toBe('G');
    expect(await backend.getContentItem(999)).toBeNull();
    expect(await backend.getContentItem(12345)).toBeNull();
    expect(await backend.getContentItem(-1)).toBeNull();
  });

  it('terms and policies come from their categories; a policy the core does not have is null', async () => {
    const backend = backendWith();
    expect(await backend.getTerms()).toEqual({
      no: 700,
      title: 'ข้อกำหนดและเงื่อนไขการใช้บริการ',
      html: '<p>ข้อ 1 สมาชิกต้องรักษารหัสผ่าน</p>',
    });
    expect(await backend.getPolicy('privacy')).toMatchObject({ no: 701, bodyHtml: '<p>สหกรณ์เก็บข้อมูลเท่าที่จำเป็น</p>' });
    expect(await backend.getPolicy('cookies')).toBeNull();
  });

  it('search: hits and the recommended menu; CWL0004ERROR is "not found"', async () => {
    const backend = backendWith();
    const found = await backend.searchContent('ประชุม');
    expect(found).toEqual({
      found: true,
      total: 2,
      hits: [
        {
          no: 118,
          question: 'ประชุมใหญ่สามัญประจำปี 2567 & เลือกตั้งกรรมการ',
          note: 'ขอเชิญสมาชิกเข้าร่วม ประชุมใหญ่ ณ หอประชุม',
          findNote: 1,
        },
        { no: 120, question: 'ประกาศวันหยุดสหกรณ์', note: 'หยุดทำการ', findNote: 0 },
      ],
      recommended: [{ question: 'ดาวน์โหลดแบบฟอร์ม', note: '/list/download' }],
    });
    expect(fake.core.calls('api/info/list/smartsearch')[0]?.body).toEqual({ type: 'search', search: 'ประชุม' });
    expect(await backend.searchContent('ไม่มีคำนี้')).toEqual({ found: false, total: 0, hits: [], recommended: [] });
  });

  it('ready: resolves while the core answers', async () => {
    await expect(backendWith().ready?.()).resolves.toBeUndefined();
  });
});

describe('what the core web API cannot do', () => {
  it('without COOP_EXTENSIONS: welfare, kepcrem, demand and accepting the terms are not asked of the core', async () => {
    const backend = backendWith();
    expect(backend.offers).toEqual({ welfare: false, cremationBill: false, demand: false });
    const calls: [string, () => Promise<unknown>][] = [
      ['acceptTerms', () => backend.acceptTerms({ token: 't' }, { ip: null, userAgent: null })],
      ['getWelfare', () => backend.getWelfare({ token: 't' })],
      ['getCollections(crem)', () => backend.getCollections({ token: 't' }, 'crem')],
      ['listDemandItems', () => backend.listDemandItems({ page: 1, pageSize: 10 })],
      ['getDemandItem', () => backend.getDemandItem(1)],
    ];
    for (const [method, call] of calls) {
      lines.length = 0;
      await expect(call()).rejects.toBeInstanceOf(CoopUnavailableError);
      expect(lines).toEqual([{ endpoint: method, reason: 'unsupported', detail: 'not offered by the core web API' }]);
    }
    expect(fake.core.requests).toEqual([]);
    expect(backendWith({ extensions: ['welfare', 'kepcrem', 'demand'] }).offers).toEqual({
      welfare: true,
      cremationBill: true,
      demand: true,
    });
  });

  it("the vendor's board wants a login: the list and a topic are unavailable, a posting is refused", async () => {
    const backend = backendWith();
    await expect(backend.listBoardTopics({ page: 1, pageSize: 15 })).rejects.toBeInstanceOf(CoopUnavailableError);
    expect(lines).toEqual([{ endpoint: 'board', reason: 'refused', detail: 'the list needs a login' }]);
    expect(fake.core.calls('api/info/board')[0]?.headers.authorization).toBeUndefined();
    lines.length = 0;
    await expect(backend.getBoardTopic(31)).rejects.toBeInstanceOf(CoopUnavailableError);
    await expect(
      backend.createBoardTopic(
        { title: 'ถาม', body: 'รายละเอียด', displayName: 'ผู้ถาม' },
        { idempotencyKey: 'k'.repeat(24) },
      ),
    ).rejects.toBeInstanceOf(CoopUnavailableError);
    expect(lines.map((l) => [l.endpoint, l.status])).toEqual([
      ['boardShow', 400],
      ['boardCreate', 400],
    ]);
    // The form's key goes along: a Sahakorn core stores a repeat once (ADR 025).
    expect(fake.core.calls('api/info/board_create')[0]?.headers['idempotency-key']).toBe('k'.repeat(24));
    expect(fake.core.calls('api/info/board_create')[0]?.body).toEqual({
      Question: 'ถาม',
      QNote: 'รายละเอียด',
      QName: 'ผู้ถาม',
    });
  });
});

/** A core answering `route → body` (status 200 unless `[status, body]`), recording what it was sent. */
function coreAnswering(answers: Record<string, unknown>, config: Partial<HttpBackendConfig> = {}) {
  const sent: { path: string; body: unknown; key: string | null }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const path = url.pathname.replace(/^\//, '');
    sent.push({
      path: `${path}${url.search}`,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      key: new Headers(init?.headers).get('Idempotency-Key'),
    });
    const found = answers[path];
    const [status, body] = Array.isArray(found)
      ? (found as [number, unknown])
      : [found === undefined ? 404 : 200, found];
    return new Response(JSON.stringify(body ?? { message: 'Not Found' }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { sent, backend: backendWith({ baseUrl: 'http://fake.core.example/', fetch, ...config }) };
}

describe('the board of a core that lets visitors in (ADR 025)', () => {
  it('reads topics and answers as rows, with the quirks of the vendor rows', async () => {
    const topics = fixture<Record<string, unknown>[]>('info_board');
    const { backend } = coreAnswering({
      'api/info/board': { board: paginate(topics, 1, 15), is_admin: false },
      'api/info/board_show/31': {
        showboard: topics[0],
        board_detail: '<div>ignored</div>',
        board_ans: [
          {
            No: '9',
            QuestionNo: '31',
            Name: 'เจ้าหน้าที่',
            Namer: 'Admin',
            Msg: 'ใช้สำเนาบัตร&amp;ทะเบียนบ้าน',
            Date: '2024-07-14 10:00:00',
          },
          {
            No: '8',
            QuestionNo: '31',
            Name: 'เพื่อนสมาชิก',
            Namer: '',
            Msg: 'บรรทัดหนึ่ง<br />บรรทัดสอง',
            Date: '2024-07-14 09:45:00',
          },
        ],
        is_admin: false,
      },
      'api/info/board_show/5': { showboard: null },
    });
    const page = await backend.listBoardTopics({ page: 1, pageSize: 15 });
    expect(page.total).toBe(2);
    expect(page.rows[0]).toEqual({
      id: 31,
      title: 'สอบถามเรื่องเงินกู้ฉุกเฉิน & หลักประกัน',
      displayName: 'สมาชิก ท่านหนึ่ง',
      createdAt: new Date('2024-07-14T02:30:00Z'),
      answerCount: 2,
    });
    expect(page.rows[1]?.answerCount).toBe(0);
    const topic = await backend.getBoardTopic(31);
    expect(topic?.body).toBe('ต้องใช้เอกสารอะไรบ้างครับ\nขอบคุณครับ');
    expect(topic?.answers).toEqual([
      {
        id: 8,
        body: 'บรรทัดหนึ่ง\nบรรทัดสอง',
        displayName: 'เพื่อนสมาชิก',
        staff: false,
        createdAt: new Date('2024-07-14T02:45:00Z'),
      },
      {
        id: 9,
        body: 'ใช้สำเนาบัตร&ทะเบียนบ้าน',
        displayName: 'เจ้าหน้าที่',
        staff: true,
        createdAt: new Date('2024-07-14T03:00:00Z'),
      },
    ]);
    expect(await backend.getBoardTopic(5)).toBeNull();
  });

  it('a posting stored without an id lands nowhere in particular; a topic gone answers null', async () => {
    const { backend, sent } = coreAnswering({
      'api/info/board_create': { rc_code: '1', rc_des: 'บันทึกสำเร็จ' },
      'api/info/board_ans': [404, { rc_code: '0', rc_des: 'ไม่พบกระทู้' }],
    });
    const key = 'a'.repeat(22);
    expect(
      await backend.createBoardTopic({ title: 't', body: 'b', displayName: 'n' }, { idempotencyKey: key }),
    ).toEqual({
      topicId: null,
      replayed: false,
    });
    expect(await backend.createBoardAnswer(7, { body: 'b', displayName: 'n' }, { idempotencyKey: key })).toBeNull();
    expect(sent.map((s) => [s.path, s.key])).toEqual([
      ['api/info/board_create', key],
      ['api/info/board_ans', key],
    ]);
    expect(sent[1]?.body).toEqual({ QNo: '7', QName: 'n', QNote: 'b' });
  });

  it("a Sahakorn core's ids and replays; a refusal is unavailable", async () => {
    const { backend } = coreAnswering({
      'api/info/board_create': { rc_code: '1', rc_des: 'บันทึกสำเร็จ', No: '44', replayed: '1' },
      'api/info/board_ans': { rc_code: '0', rc_des: 'กรุณากรอกข้อความ' },
    });
    const key = 'b'.repeat(22);
    expect(
      await backend.createBoardTopic({ title: 't', body: 'b', displayName: 'n' }, { idempotencyKey: key }),
    ).toEqual({
      topicId: 44,
      replayed: true,
    });
    await expect(
      backend.createBoardAnswer(44, { body: 'b', displayName: 'n' }, { idempotencyKey: key }),
    ).rejects.toBeInstanceOf(CoopUnavailableError);
    expect(lines.at(-1)).toEqual({ endpoint: 'boardAnswer', reason: 'refused', detail: 'rc_code 0' });
  });

  it('passes a staff link on to a Sahakorn core, which keeps the grants (COOP_EXTENSIONS=impersonate)', async () => {
    const route = 'api/member/auth/impersonate';
    const issued = {
      token: 'tok-staff',
      token_type: 'bearer',
      expires_in: 1800,
      member: { MEMBERSHIP_NO: '012345', PRENAME: 'นาย', MEMBER_NAME: 'สมมุติ', MEMBER_SURNAME: 'ทดสอบ' },
      staff: 'สมศรี ฝ่ายบริการสมาชิก',
      grant: '0123456789ab',
    };
    // A vendor core, or a Sahakorn not named for it: the link is redeemed by the front itself.
    expect(coreAnswering({ [route]: issued }).backend.redeemImpersonationLink).toBeUndefined();
    const { backend, sent } = coreAnswering({ [route]: issued }, { extensions: ['impersonate'] });
    expect(await backend.redeemImpersonationLink?.('nonce.1790000000000.mac')).toEqual({
      ok: true,
      token: 'tok-staff',
      expiresInSeconds: 1800,
      member: { membershipNo: '012345', prename: 'นาย', firstName: 'สมมุติ', lastName: 'ทดสอบ' },
      staff: 'สมศรี ฝ่ายบริการสมาชิก',
      grant: '0123456789ab',
    });
    expect(sent).toEqual([{ path: route, body: { t: 'nonce.1790000000000.mac' }, key: null }]);
    const refused = coreAnswering({ [route]: [403, { error: 'link refused' }] }, { extensions: ['impersonate'] });
    expect(await refused.backend.redeemImpersonationLink?.('x')).toEqual({ ok: false, detail: 'refused by the core' });
    const without = coreAnswering({}, { extensions: ['impersonate'] });
    expect(await without.backend.redeemImpersonationLink?.('x')).toEqual({
      ok: false,
      detail: 'the core redeems no links',
    });
    // Single-use grants: a failed call is not tried twice.
    const failing = coreAnswering({ [route]: [502, { message: 'Bad Gateway' }] }, { extensions: ['impersonate'] });
    await expect(failing.backend.redeemImpersonationLink?.('x')).rejects.toBeInstanceOf(CoopUnavailableError);
    expect(failing.sent).toHaveLength(1);
  });

  it("reads Sahakorn's own feeds when COOP_EXTENSIONS names them: welfare, kepcrem, demand, terms", async () => {
    const answers = {
      'api/member/member_welfare': {
        welfare_receive: [
          {
            WELFARE_TYPE: 'สวัสดิการแรกเกิด',
            welfare_desc: 'บุตรคนที่ 1',
            operate_date: '2024-03-01',
            welfare_amount: '3,000.00',
          },
        ],
        welfare_right: [{ welfare_type: 'ทุนการศึกษา', welfare_desc: 'ระดับประถม', welfare_amount: '1500' }],
      },
      'api/member/member_kep': fixture('member_kep'),
      'api/member/member_kepcrem': fixture('member_kep'),
      'api/member/termofconditional_accept': { rc_code: '1', rc_des: 'บันทึกสำเร็จ' },
      'api/info/demand': {
        demand: paginate(
          [{ No: '3', Question: 'ขอเพิ่มเวลาทำการ', Name: 'สมาชิก', Date: '2024-07-01 08:00:00', status: 'in_progress' }],
          1,
          10,
        ),
      },
      'api/info/demand_show/3': {
        showdemand: {
          No: '3',
          Question: 'ขอเพิ่มเวลาทำการ',
          Note: 'วันเสาร์',
          Name: 'สมาชิก',
          Date: '2024-07-01 08:00:00',
          status: 'done',
          Answer: 'เปิดวันเสาร์แรกของเดือน',
          AnswerName: 'ฝ่ายบริการ',
          AnswerDate: '2024-07-05 13:00:00',
        },
      },
      'api/info/demand_show/4': { showdemand: null },
    };
    const { backend, sent } = coreAnswering(answers, { extensions: ['welfare', 'kepcrem', 'demand', 'terms'] });
    const cred = { token: 'tok' };
    expect(await backend.getWelfare(cred)).toEqual([
      { tab: 'received', kind: 'สวัสดิการแรกเกิด', description: 'บุตรคนที่ 1', date: '2024-03-01', amountSatang: 300_000 },
      { tab: 'eligible', kind: 'ทุนการศึกษา', description: 'ระดับประถม', date: null, amountSatang: 150_000 },
    ]);
    expect(await backend.getCollections(cred, 'crem')).toEqual(await backend.getCollections(cred, 'kep'));
    await backend.acceptTerms(cred, { ip: '203.0.113.9', userAgent: 'Firefox' });
    expect(sent.find((c) => c.path === 'api/member/termofconditional_accept')?.body).toEqual({ agent: 'Firefox' });
    expect(await backend.listDemandItems({ page: 1, pageSize: 10 })).toEqual({
      rows: [
        {
          id: 3,
          question: 'ขอเพิ่มเวลาทำการ',
          askerName: 'สมาชิก',
          askedAt: new Date('2024-07-01T01:00:00Z'),
          status: 'in_progress',
        },
      ],
      total: 1,
      page: 1,
      pageSize: 10,
    });
    expect(await backend.getDemandItem(3)).toEqual({
      id: 3,
      question: 'ขอเพิ่มเวลาทำการ',
      askerName: 'สมาชิก',
      askedAt: new Date('2024-07-01T01:00:00Z'),
      status: 'done',
      detail: 'วันเสาร์',
      answer: 'เปิดวันเสาร์แรกของเดือน',
      answeredBy: 'ฝ่ายบริการ',
      answeredAt: new Date('2024-07-05T06:00:00Z'),
    });
    expect(await backend.getDemandItem(4)).toBeNull();
  });
});

describe('a core that misbehaves', () => {
  let member: () => MemberCredentials;

  beforeAll(async () => {
    member = await signIn(backendWith());
  });

  afterEach(() => {
    fake.core.clearFaults();
  });

  /** Every failure line, as text: no token, no member data. */
  function expectCleanLines(count: number) {
    expect(lines).toHaveLength(count);
    const text = JSON.stringify(lines);
    expect(text).not.toContain(member().token);
    expect(text).not.toMatch(/012345|สมมุติ|1-2345|สม\.1234/);
  }

  it('timeout → unavailable (a read is tried twice)', async () => {
    fake.core.fault('api/member/member_loan', 'hang', 2);
    const backend = backendWith({ timeoutMs: 150 });
    await expect(backend.getLoans(member())).rejects.toThrow('coop memberLoan: timeout');
    expect(fake.core.calls('api/member/member_loan')).toHaveLength(2);
    expectCleanLines(1);
  });

  it('500 → one retry, then unavailable; a retry that works answers', async () => {
    fake.core.fault('api/member/member_gian', 500, 2);
    const backend = backendWith();
    await expect(backend.getBeneficiaries(member())).rejects.toThrow('http_5xx');
    expect(fake.core.calls('api/member/member_gian')).toHaveLength(2);
    expectCleanLines(1);
    fake.core.fault('api/member/member_gian', 503, 1);
    expect(await backend.getBeneficiaries(member())).toHaveLength(2);
  });

  it('an action is never retried: a 500 on login is unavailable after one call', async () => {
    fake.core.fault('api/member/auth/login', 500, 1);
    await expect(backendWith().login({ ...CORE_MEMBER, remember: false })).rejects.toBeInstanceOf(CoopUnavailableError);
    expect(fake.core.calls('api/member/auth/login')).toHaveLength(1);
  });

  it('connection reset → unavailable after one retry', async () => {
    fake.core.fault('api/member/member_div', 'reset', 2);
    await expect(backendWith().getDividends(member())).rejects.toThrow('coop memberDiv: network');
    expect(fake.core.calls('api/member/member_div')).toHaveLength(2);
    expectCleanLines(1);
  });

  it('malformed JSON (an HTML error page) → unavailable with one line', async () => {
    fake.core.fault('api/member/member_status', 'html', 1);
    await expect(backendWith().getMemberProfile(member())).rejects.toThrow('malformed_json');
    expectCleanLines(1);
    expect(lines[0]).toMatchObject({ endpoint: 'memberStatus', reason: 'malformed_json', status: 200 });
  });

  it('wrong-shaped JSON → unavailable with one line naming where, not what', async () => {
    fake.core.fault('api/member/member_status', 'wrong-shape', 1);
    await expect(backendWith().getMemberProfile(member())).rejects.toThrow('coop memberStatus: shape');
    expectCleanLines(1);
    expect(lines[0]).toMatchObject({ endpoint: 'memberStatus', reason: 'unexpected_shape' });
    expect(lines[0]?.issues).toContain('data1.0.membership_no: custom');
    fake.core.fault('api/info/show/', 'wrong-shape', 1);
    lines.length = 0;
    await expect(backendWith().getContentItem(120)).rejects.toThrow('shape');
    expect(lines).toHaveLength(1);
  });

  it('the circuit opens after N failed calls and half-opens for one probe after the cool-down', async () => {
    // The breaker's cool-down reads the clock: only `Date` is faked, timers run for real.
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const backend = backendWith({ breakerThreshold: 3, breakerCoolDownMs: 30_000 });
    fake.core.fault('api/info/manu', 500, Infinity);
    for (let i = 0; i < 3; i += 1) await expect(backend.getMenu()).rejects.toThrow('http_5xx');
    expect(fake.core.calls('api/info/manu')).toHaveLength(6); // each call retried once
    // Open: nothing reaches the core, member feeds included.
    await expect(backend.getMenu()).rejects.toThrow('circuit open');
    await expect(backend.getGuarantees(member())).rejects.toThrow('circuit open');
    await expect(backend.ready?.()).rejects.toThrow('circuit open');
    expect(fake.core.requests).toHaveLength(6);
    // After the cool-down one probe goes; the core is back.
    fake.core.clearFaults();
    vi.setSystemTime(NOW + 30_000);
    expect((await backend.getMenu()).length).toBe(3);
    expect(await backend.getGuarantees(member())).toHaveLength(1);
    expect(lines.map((l) => l.reason)).toEqual([
      'http_5xx',
      'http_5xx',
      'http_5xx',
      'circuit_open',
      'circuit_open',
      'circuit_open',
    ]);
  });
});

/** A value's shape: keys and primitive types, arrays by their first element; null fits anything. */
function shapeOf(value: unknown): unknown {
  if (value === null || value === undefined) return '?';
  if (value instanceof Date) return 'Date';
  if (value instanceof Uint8Array) return 'bytes';
  if (Array.isArray(value)) return value.length ? [shapeOf(value[0])] : [];
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, shapeOf((value as Record<string, unknown>)[k])]),
    );
  }
  return typeof value;
}

function expectSameShape(http: unknown, embedded: unknown, where: string) {
  const a = shapeOf(http);
  const b = shapeOf(embedded);
  if (a === '?' || b === '?') return;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length && b.length) expectSameShape((http as unknown[])[0], (embedded as unknown[])[0], `${where}[0]`);
    return;
  }
  if (typeof a === 'object' && typeof b === 'object') {
    expect(Object.keys(a as object), where).toEqual(Object.keys(b as object));
    for (const key of Object.keys(a as object)) {
      expectSameShape(
        (http as Record<string, unknown>)[key],
        (embedded as Record<string, unknown>)[key],
        `${where}.${key}`,
      );
    }
    return;
  }
  expect(a, where).toEqual(b);
}

describe('the same shapes as the embedded backend for the demo member', () => {
  const openDemo = demoSqlite('http-shape', { members: 20, seed: 7, now: new Date(NOW) });
  let embedded: CoopBackend;
  let embeddedMember: MemberCredentials;

  beforeAll(async () => {
    embedded = createEmbeddedBackend(await openDemo(), () => NOW);
    const login = await embedded.login({ ...DEMO_MEMBER, remember: false });
    if (!login.ok) throw new Error('demo login failed');
    embeddedMember = { token: login.token };
  });

  it('every member feed and the public feeds', async () => {
    const http = backendWith();
    const cred = (await signIn(http))();
    const query = { page: 1, pageSize: 10 };
    const [loan] = await embedded.getLoans(embeddedMember);
    const [account] = await embedded.getDepositAccounts(embeddedMember);
    const pairs: [string, unknown, unknown][] = [
      [
        'login',
        await http.login({ ...CORE_MEMBER, remember: false }),
        await embedded.login({ ...DEMO_MEMBER, remember: false }),
      ],
      ['getMemberProfile', await http.getMemberProfile(cred), await embedded.getMemberProfile(embeddedMember)],
      ['getShareSummary', await http.getShareSummary(cred), await embedded.getShareSummary(embeddedMember)],
      [
        'getShareStatement',
        await http.getShareStatement(cred, query),
        await embedded.getShareStatement(embeddedMember, query),
      ],
      [
        'getShareCapitalHistory',
        await http.getShareCapitalHistory(cred, 24),
        await embedded.getShareCapitalHistory(embeddedMember, 24),
      ],
      ['getLoans', await http.getLoans(cred), await embedded.getLoans(embeddedMember)],
      [
        'getLoanStatement',
        await http.getLoanStatement(cred, 'สม.1234/2565', query),
        await embedded.getLoanStatement(embeddedMember, loan?.contractNo ?? '', query),
      ],
      ['getDepositAccounts', await http.getDepositAccounts(cred), await embedded.getDepositAccounts(embeddedMember)],
      [
        'getDepositStatement',
        await http.getDepositStatement(cred, '001-1-23456', query),
        await embedded.getDepositStatement(embeddedMember, account?.accountNo ?? '', query),
      ],
      ['getCollections', await http.getCollections(cred, 'kep'), await embedded.getCollections(embeddedMember, 'kep')],
      [
        'getCollectionPage',
        await http.getCollectionPage(cred, 'kep', { page: 1, pageSize: 6 }),
        await embedded.getCollectionPage(embeddedMember, 'kep', { page: 1, pageSize: 6 }),
      ],
      ['getGuarantees', await http.getGuarantees(cred), await embedded.getGuarantees(embeddedMember)],
      ['getBeneficiaries', await http.getBeneficiaries(cred), await embedded.getBeneficiaries(embeddedMember)],
      ['getDividends', await http.getDividends(cred), await embedded.getDividends(embeddedMember)],
      ['getTermsStatus', await http.getTermsStatus(cred), await embedded.getTermsStatus(embeddedMember)],
      ['getMenu', await http.getMenu(), await embedded.getMenu()],
      ['getHomeContent', await http.getHomeContent(), await embedded.getHomeContent()],
      ['getTopicPage', await http.getTopicPage('news_relations', query), await embedded.getTopicPage('news', query)],
      ['getContentItem', await http.getContentItem(120), await embedded.getContentItem(DEMO_CONTENT_NO.history)],
      ['getTerms', await http.getTerms(), await embedded.getTerms()],
      ['searchContent', await http.searchContent('ประชุม'), await embedded.searchContent('ประชุม')],
    ];
    for (const [name, fromHttp, fromEmbedded] of pairs) {
      expect(fromEmbedded, `${name}: the embedded demo has data`).not.toBeNull();
      expectSameShape(fromHttp, fromEmbedded, name);
    }
    // A page of billing months is that slice of them all, newest first, in both modes (ADR 029).
    const modes: Array<[CoopBackend, MemberCredentials]> = [
      [http, cred],
      [embedded, embeddedMember],
    ];
    for (const [backend, member] of modes) {
      const all = await backend.getCollections(member, 'kep');
      expect(all.length, `${backend.kind}: more than one month`).toBeGreaterThan(1);
      const size = Math.ceil(all.length / 2);
      for (const page of [1, 2]) {
        expect(await backend.getCollectionPage(member, 'kep', { page, pageSize: size })).toEqual({
          rows: all.slice((page - 1) * size, page * size),
          total: all.length,
          page,
          pageSize: size,
        });
      }
      expect(await backend.getCollectionPage(member, 'kep', { page: 3, pageSize: all.length })).toEqual({
        rows: [],
        total: all.length,
        page: 3,
        pageSize: all.length,
      });
    }
  });
});

describe("a Sahakorn core's additive keys (ADR 025)", () => {
  type Rows = Record<string, unknown>[];
  const add = (rows: Rows, extra: (i: number) => object) => rows.map((r, i) => ({ ...r, ...extra(i) }));

  it('loans, accounts and collection lines carry what the vendor leaves out', async () => {
    const loans = fixture<{ dataloan: Rows; collateral: Rows }>('member_loan');
    const deps = fixture<{ datadeposit: Rows }>('member_dep');
    const kep = fixture<{ datakeepdet: Rows; datadetail: Rows[] }>('member_kep');
    const { backend } = coreAnswering({
      'api/member/member_loan': {
        ...loans,
        dataloan: add(loans.dataloan, (i) => (i ? {} : { loan_periods: '60', loan_interest_rate: '6.25' })),
      },
      'api/member/member_dep': {
        ...deps,
        datadeposit: add(deps.datadeposit, (i) => ({ deposit_opened_date: i ? null : '2015-04-01' })),
      },
      'api/member/member_dep_statement/001-1-23456': vendor.depStatement('001-1-23456'),
      'api/member/member_kep': {
        ...kep,
        datadetail: [
          add(kep.datadetail[0] ?? [], (i) => ({ seq: String(i + 4), contract_no: i ? 'สม.1234/2565' : null })),
        ],
        datakeepdet: kep.datakeepdet.slice(0, 1),
      },
    });
    const cred = { token: 'tok' };
    expect((await backend.getLoans(cred)).map((l) => [l.contractNo, l.periods, l.interestRate])).toEqual([
      ['สม.1234/2565', 60, '6.25'],
      ['ฉ.0456/2567', null, null],
    ]);
    expect((await backend.getDepositAccounts(cred)).map((a) => [a.accountNo, a.openedDate])).toEqual([
      ['001-1-23456', '2015-04-01'],
      ['002-2-00077', null],
    ]);
    expect((await backend.getDepositAccount(cred, '001-1-23456'))?.openedDate).toBe('2015-04-01');
    const [month] = await backend.getCollections(cred, 'kep');
    expect(month?.lines.map((l) => [l.seq, l.itemCode, l.contractNo])).toEqual([
      [4, 'S1', null],
      [5, 'L1', 'สม.1234/2565'],
    ]);
  });

  it('home rates as rows; every attachment (under mediafiles/) and the captions of an item and a legal text', async () => {
    const shows = fixture<Record<string, { show: Record<string, unknown>; pic_activity: Rows }>>('info_show');
    const news = shows['120'] ?? { show: {}, pic_activity: [] };
    const gallery = shows['300'] ?? { show: {}, pic_activity: [] };
    const attachments = [
      { file: '/mediafiles/files/a.pdf', label: 'กำหนดการ', size_bytes: '48213' },
      { file: 'files/b.docx', label: 'ใบสมัคร', size_bytes: null },
    ];
    const read = [
      { file: 'files/a.pdf', label: 'กำหนดการ', sizeBytes: 48_213 },
      { file: 'files/b.docx', label: 'ใบสมัคร', sizeBytes: null },
    ];
    const { backend } = coreAnswering({
      'api/info/home': {
        ...fixture<Record<string, unknown>>('info_home'),
        rates: {
          deposit: [{ name: 'ออมทรัพย์พิเศษ', rate: '3.00', note: null, effective_date: '2024-01-01' }],
          loan: [],
        },
      },
      'api/info/show/120': { ...news, show: { ...news.show, attachments } },
      'api/info/show/300': {
        ...gallery,
        show: { ...gallery.show, attachments: [] },
        pic_activity: add(gallery.pic_activity, (i) => ({ caption: i ? null : 'พิธีเปิด' })),
      },
      'api/info/list/policy': {
        list_data: [{ ...news.show, No: '50', Category: 'policy', attachments }],
        types: 'นโยบาย',
        gtype: 'A',
      },
    });
    expect((await backend.getHomeContent()).rates).toEqual({
      deposit: [{ name: 'ออมทรัพย์พิเศษ', rate: '3.00', note: null, effectiveDate: '2024-01-01' }],
      loan: [],
    });
    expect((await backend.getContentItem(120))?.attachments).toEqual(read);
    const pictures = await backend.getContentItem(300);
    expect(pictures?.gallery).toEqual([
      { file: 'gallery/coopday/1.jpg', caption: 'พิธีเปิด' },
      { file: 'gallery/coopday/2.jpg', caption: null },
    ]);
    expect(pictures?.attachments).toEqual([]);
    expect((await backend.getPolicy('privacy'))?.attachments).toEqual(read);
  });
});
