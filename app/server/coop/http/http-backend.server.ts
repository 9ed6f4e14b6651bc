import type * as z from 'zod';

import { formatDateDMY } from '~/lib/thai-format';

import { headProbe } from '../../content/content-image.server';
import { proxyMedia } from '../../content/media.server';
import { log } from '../../log.server';
import { bangkokMonth } from '../figures';
import { IDENTITY_MISMATCH, PASSWORD_RESET_MESSAGE, REGISTERED_MESSAGE, alreadyRegistered } from '../messages';
import {
  CoopAuthError,
  CoopUnavailableError,
  DEFAULT_IMAGE_KINDS,
  SEARCH_RESULT_LIMIT,
  type AccountResult,
  type CapitalPoint,
  type ContentCategory,
  type ContentItem,
  type ContentSummary,
  type CoopBackend,
  type DefaultImageKind,
  type IdentityCheck,
  type LinkRedemption,
  type Loan,
  type MemberCredentials,
  type MonthlyCollection,
  type Page,
  type PolicyKind,
  type PostOptions,
  type ShareStatementRow,
  type StatementQuery,
} from '../types';
import { signVisitor, VISITOR_HEADER } from '../forwarded-visitor.server';
import { DEFAULT_PATHS, type CoopExtension, type Endpoint } from './paths.server';

import { createCoopClient, pathSegment, type CoopClient, type CoopResponse, type FailureLine } from './client.server';
import {
  HOME_BLOCKS,
  boardList,
  boardPosted,
  boardShow,
  demandList,
  demandShow,
  depStatement,
  errorBody,
  infoHome,
  infoList,
  infoManu,
  impersonateSuccess,
  infoShow,
  issuePaths,
  loanStatement,
  loginSuccess,
  refreshSuccess,
  lowerKeys,
  memberNumbersIn,
  memberColl,
  memberDep,
  memberDiv,
  memberGian,
  memberKep,
  memberLoan,
  memberShare,
  memberStatus,
  memberWelfare,
  rcBody,
  smartSearch,
  type ContentRow,
  type VendorPage,
} from './schemas.server';

/**
 * The CoopBackend over the core system's HTTP API (`COOP_BACKEND=http`, ADR 018). Every method maps
 * to the vendor endpoint of docs/vendor-api.md (paths below, in one table);
 * every answer goes through a schema of `schemas.server.ts`, so what leaves this module is the same
 * domain types the embedded backend returns. Token refusals become `CoopAuthError` (the session
 * ends); anything else that goes wrong becomes `CoopUnavailableError` with one log line.
 */

/** Rows per page of the vendor's board list (§2). */
const BOARD_VENDOR_PAGE = 15;

export interface HttpBackendConfig {
  /** `COOP_API_URL`, e.g. `https://core.example/`. */
  baseUrl: string;
  /** `COOP_TIMEOUT_MS`: per attempt. */
  timeoutMs: number;
  paths?: Partial<Record<Endpoint, string>>;
  /** `COOP_FORWARD_SECRET`: signs the visitor's address sent with a board posting (ADR 042). */
  forwardSecret?: string;
  /** `COOP_EXTENSIONS`: Sahakorn's own endpoints the core serves (ADR 025); none by default. */
  extensions?: readonly CoopExtension[];
  /** Content categories of the texts the app shows (the core keeps them as content items). */
  categories?: Partial<{ terms: string; privacy: string; cookies: string }>;
  /** Rows per page the core sends: statements 10, content lists 6 (§2); checked against each answer. */
  vendorPageSizes?: Partial<{ statement: number; content: number }>;
  breakerThreshold?: number;
  breakerCoolDownMs?: number;
  retryDelayMs?: { min: number; max: number };
  fetch?: typeof globalThis.fetch;
  /** "Today" for the share chart's months (the circuit breaker keeps its own time). */
  now?: () => number;
  random?: () => number;
  onFailure?: (line: FailureLine) => void;
}

/** Labels of the vendor's news categories, for the home page's cards (its feed sends codes only). */
const CATEGORY_LABELS: Record<string, string> = {
  news_relations: 'ข่าวประชาสัมพันธ์',
  news_activity: 'ข่าวกิจกรรม',
  cremation_news: 'ข่าวฌาปนกิจ',
  news_purchase: 'ข่าวจัดซื้อจัดจ้าง',
  news_substance: 'สาระน่ารู้',
  pic_activity: 'ภาพกิจกรรม',
  banner: 'ป้ายประชาสัมพันธ์',
  notice: 'ประกาศ',
};

/** The default picture (spec §2) of a vendor category code. */
export function defaultImageFor(category: string): DefaultImageKind {
  const c = category.toLowerCase();
  if ((DEFAULT_IMAGE_KINDS as readonly string[]).includes(c)) return c as DefaultImageKind;
  if (/activity|club|gallary|gallery/.test(c)) return 'activity';
  if (/procedure|rule|order|coop_act/.test(c)) return 'rule';
  if (/scholar|school/.test(c)) return 'school';
  if (/report|achievement|operation/.test(c)) return 'achievement';
  if (/notice/.test(c)) return 'notice';
  if (/letter/.test(c)) return 'letters';
  if (/download|ebook/.test(c)) return 'download';
  return 'news';
}

/** A stored media path as the media layer wants it: relative, below `/mediafiles/`. */
function mediaPath(file: string | null): string | null {
  if (!file) return null;
  const relative = file.replace(/^\/+/, '').replace(/^mediafiles\//, '');
  return relative || null;
}

const VERY_FIRST_DAY = '1900-01-01';
const VERY_LAST_DAY = '2100-12-31';
/** Statement pages read to draw the 24-month share chart, at most. */
const HISTORY_MAX_PAGES = 12;
/** Vendor pages fetched to assemble one page of ours, at most. */
const REPAGE_MAX_CALLS = 6;

const JPEG_MAGIC = [0xff, 0xd8, 0xff];
/** The contract's credential refusal (HTTP 401): "เข้าสู่ระบบ ไม่สำเร็จ ชื่อผู้ใช้หรือรหัสผ่านผิด" (§4.1). */
const CREDENTIAL_REFUSAL = /ชื่อผู้ใช้หรือรหัสผ่าน/;
/** The core's lock-out after wrong passwords (HTTP 400): "…หลายครั้งเกินไป กรุณาลองใหม่…" (§4.1). */
const LOCKED_OUT = /หลายครั้งเกินไป/;

export function createHttpBackend(config: HttpBackendConfig): CoopBackend {
  const paths: Record<Endpoint, string> = { ...DEFAULT_PATHS, ...config.paths };
  const categories = {
    terms: 'term_of_conditional',
    privacy: 'policy',
    cookies: 'cookie_policy',
    ...config.categories,
  };
  const perPage = { statement: 10, content: 6, board: BOARD_VENDOR_PAGE, ...config.vendorPageSizes };
  const extensions = new Set<CoopExtension>(config.extensions ?? []);
  const now = config.now ?? Date.now;
  const pictureProbe = headProbe(config.baseUrl, { timeoutMs: config.timeoutMs, fetch: config.fetch });
  const client: CoopClient = createCoopClient({
    baseUrl: config.baseUrl,
    timeoutMs: config.timeoutMs,
    breakerThreshold: config.breakerThreshold,
    breakerCoolDownMs: config.breakerCoolDownMs,
    retryDelayMs: config.retryDelayMs,
    fetch: config.fetch,
    random: config.random,
    onFailure: config.onFailure ?? ((line) => log.warn('coop upstream failure', { ...line })),
  });

  /**
   * Answers already fetched for this request. The credentials `requireMember` makes carry the
   * request's answers (ADR 066), so the share page's three calls read `member_share` page 1 once, and
   * the next request asks the core again. Failures are not kept; other credentials keep nothing.
   */
  function once<T>(cred: MemberCredentials, key: string, load: () => Promise<T>): Promise<T> {
    const kept = cred.perRequest?.answers;
    if (!kept) return load();
    const found = kept.get(key) as Promise<T> | undefined;
    if (found) return found;
    const value = load();
    kept.set(key, value);
    value.catch(() => kept.delete(key));
    return value;
  }

  /** The path of `endpoint` with its `{name}` parts filled; null when a value cannot be a segment. */
  function pathOf(endpoint: Endpoint, params: Record<string, string> = {}): string | null {
    let ok = true;
    const path = paths[endpoint].replace(/\{(\w+)\}/g, (_, name: string) => {
      const segment = pathSegment(params[name] ?? '');
      if (segment === null) ok = false;
      return segment ?? '';
    });
    return ok ? path : null;
  }

  function fail(line: FailureLine, message: string): never {
    client.report(line);
    throw new CoopUnavailableError(`coop ${line.endpoint}: ${message}`);
  }

  function unsupported(method: string): never {
    fail({ endpoint: method, reason: 'unsupported', detail: 'not offered by the core web API' }, 'not supported');
  }

  /** Sahakorn's own endpoint for `extension`, when the core is configured to serve it (ADR 025). */
  function extension(extension: CoopExtension, method: string): void {
    if (!extensions.has(extension)) unsupported(method);
  }

  /** The body parsed by `schema`, or one log line and "unavailable". */
  function parse<S extends z.ZodType>(endpoint: Endpoint, schema: S, response: CoopResponse): z.output<S> {
    if (response.status < 200 || response.status >= 300) {
      fail({ endpoint, reason: 'unexpected_status', status: response.status }, `HTTP ${response.status}`);
    }
    const result = schema.safeParse(response.body);
    if (!result.success) {
      fail(
        { endpoint, reason: 'unexpected_shape', status: response.status, issues: issuePaths(result.error) },
        'shape',
      );
    }
    return result.data;
  }

  /** True when a 401 is the token's (`Unauthenticated.`), not a refusal of the record asked for. */
  function unauthenticated(body: unknown): boolean {
    const parsed = errorBody.safeParse(body);
    return parsed.success && /unauthenticated|token/i.test(parsed.data.error);
  }

  /**
   * The text of the contract's single-error answer (`{error: "…"}`, §4.1), or of tymon's list form
   * (`["token_expired"]`, `["user_not_found"]`); null for anything else — an empty body, `{}`, HTML.
   * Only such an answer is a refusal; any other body with a 4xx is the core not being itself (ADR 042).
   */
  function errorText(body: unknown): string | null {
    if (Array.isArray(body)) {
      const [only] = body as unknown[];
      return body.length === 1 &&
        typeof only === 'string' &&
        /^(token_(expired|invalid|absent)|user_not_found)$/.test(only)
        ? only
        : null;
    }
    const keys = lowerKeys(body);
    if (!keys || typeof keys !== 'object') return null;
    const error = (keys as Record<string, unknown>).error;
    return typeof error === 'string' && error.trim() ? error.trim() : null;
  }

  /** Not an answer the contract gives here: one log line and "unavailable". */
  function notARefusal(endpoint: Endpoint, response: CoopResponse): never {
    return fail(
      { endpoint, reason: 'unexpected_status', status: response.status, detail: 'not a refusal the contract gives' },
      `HTTP ${response.status}`,
    );
  }

  /** Member numbers compared as the core's SQL does: digits without their leading zeros. */
  const sameMember = (a: string, b: string) => {
    const norm = (x: string) => (/^\d+$/.test(x.trim()) ? x.trim().replace(/^0+(?=\d)/, '') : x.trim());
    return norm(a) === norm(b);
  };

  /**
   * A member feed must be the session member's (ADR 042): a feed naming another member number is
   * refused with one log line (the endpoint, never the numbers) and answers "unavailable".
   */
  function checkMember(endpoint: Endpoint, expected: string | undefined, named: string[]): void {
    if (expected === undefined || named.every((no) => sameMember(no, expected))) return;
    fail({ endpoint, reason: 'member_mismatch', detail: 'answer for another member' }, 'answer for another member');
  }

  /**
   * Where each feed names the session's member (§6), list and field: the profile, the accounts, the
   * beneficiaries, the dividend years, and the guarantees given (whose `membership_no` is the
   * borrower's: the guarantor, this member, is `ref_own_no`).
   */
  const MEMBER_NUMBER_AT: Partial<Record<Endpoint, { list: string; field: string }>> = {
    memberStatus: { list: 'data1', field: 'membership_no' },
    memberDep: { list: 'datadeposit', field: 'membership_no' },
    memberGian: { list: 'gain', field: 'membership_no' },
    memberDiv: { list: 'div', field: 'membership_no' },
    memberColl: { list: 'guarantee', field: 'ref_own_no' },
  };

  /**
   * The reads that show a member's own figures: each answer must be the session member's (ADR 097).
   * One that names its member is checked by that number; one that names none (the share, loan,
   * deposit and collection statements, the loans, welfare), or an empty list, by the profile the core
   * answers for the same token in the same request (one `member_status` per request, read alongside).
   */
  const MEMBER_READS = new Set<Endpoint>([
    'memberStatus',
    'memberShare',
    'searchMemberShare',
    'memberLoan',
    'loanStatement',
    'memberDep',
    'depStatement',
    'memberKep',
    'memberKepcrem',
    'memberColl',
    'memberGian',
    'memberDiv',
    'memberWelfare',
  ]);

  interface MemberCall {
    params?: Record<string, string>;
    query?: Record<string, string | number | undefined>;
    body?: unknown;
    /** Not a read (an action): never retried. */
    action?: boolean;
    /** A statement of a record that may not be this member's: a 401 other than the token's → 'foreign'. */
    owned?: boolean;
  }

  /**
   * A call with the member's bearer token. Token failures (HTTP 400 `{error}`, or 401
   * `Unauthenticated.`) end the session: CoopAuthError. The response otherwise, or 'foreign' when the
   * core refused a record as not the member's, or null when a path value could not be used.
   */
  async function member(
    endpoint: Endpoint,
    cred: MemberCredentials,
    call: MemberCall = {},
  ): Promise<CoopResponse | 'foreign' | null> {
    const path = pathOf(endpoint, call.params);
    if (path === null) return null;
    const owned = MEMBER_READS.has(endpoint) && cred.membershipNo !== undefined;
    // Whose token this is, asked alongside when the answer will name no member.
    const profile = owned && !MEMBER_NUMBER_AT[endpoint] ? profileOf(cred) : null;
    profile?.catch(() => undefined);
    const response = await client.request({
      endpoint,
      method: 'POST',
      path,
      query: call.query,
      token: cred.token,
      body: call.body ?? {},
      read: !call.action,
    });
    if (response.status === 400 || response.status === 401) {
      if (errorText(response.body) === null) notARefusal(endpoint, response);
      if (response.status === 401 && call.owned && !unauthenticated(response.body)) return 'foreign';
      throw new CoopAuthError('token refused by the core');
    }
    if (owned && response.status >= 200 && response.status < 300) {
      const at = MEMBER_NUMBER_AT[endpoint];
      const named = at ? memberNumbersIn(response.body, at.list, at.field) : [];
      if (named.length) checkMember(endpoint, cred.membershipNo, named);
      else if (endpoint !== 'memberStatus') await (profile ?? profileOf(cred));
    }
    return response;
  }

  /** The profile the core answers for these credentials, checked to be the session member's. */
  function profileOf(cred: MemberCredentials) {
    return memberFeed('memberStatus', memberStatus, cred);
  }

  /** A member feed without parameters, parsed, once per request. */
  function memberFeed<S extends z.ZodType>(endpoint: Endpoint, schema: S, cred: MemberCredentials) {
    return once(cred, endpoint, async (): Promise<z.output<S>> => {
      const response = await member(endpoint, cred);
      if (response === null || response === 'foreign')
        return fail({ endpoint, reason: 'unexpected_status' }, 'refused');
      return parse(endpoint, schema, response);
    });
  }

  /** Every billing month of the kind: the core answers them all at once (§6.5). */
  async function collections(cred: MemberCredentials, kind: 'kep' | 'crem'): Promise<MonthlyCollection[]> {
    if (kind === 'kep') return memberFeed('memberKep', memberKep, cred);
    // The cremation-fee collection (kepcrem) is commented out in the core's routes (§5); a Sahakorn
    // core answers it in member_kep's shape (ADR 025).
    extension('kepcrem', 'getCollections(crem)');
    return memberFeed('memberKepcrem', memberKep, cred);
  }

  /** The date filter of statements: Buddhist-era `DD/MM/BBBB` both ends, or nothing. */
  function dateRange(query: Pick<StatementQuery, 'from' | 'to'>): Record<string, string> | undefined {
    if (!query.from && !query.to) return undefined;
    return {
      inputdatepickerstart: formatDateDMY(query.from ?? VERY_FIRST_DAY),
      inputdatepickerend: formatDateDMY(query.to ?? VERY_LAST_DAY),
    };
  }

  /**
   * One page of ours (`pageSize` rows) from the core's pages of `vendorSize` rows: the pages that
   * cover it are read (in parallel, normally one) and cut. A core whose page size differs from the
   * expected one is read again with its own. null when the core refused the record.
   */
  async function repage<T>(
    load: (vendorPage: number) => Promise<VendorPage<T> | null>,
    query: { page: number; pageSize: number },
    vendorSize: number,
  ): Promise<Page<T> | null> {
    const start = (query.page - 1) * query.pageSize;
    const read = async (size: number) => {
      const first = Math.floor(start / size) + 1;
      const last = Math.min(Math.floor((start + query.pageSize - 1) / size) + 1, first + REPAGE_MAX_CALLS - 1);
      const pages = await Promise.all(Array.from({ length: last - first + 1 }, (_, i) => load(first + i)));
      return { first, pages };
    };
    let { first, pages } = await read(vendorSize);
    const head = pages[0];
    if (!head || pages.some((p) => p === null)) return null;
    if (!head.paged) {
      // A plain list: the whole of it came at once.
      const rows = head.rows.slice(start, start + query.pageSize);
      return { rows, total: head.rows.length, page: query.page, pageSize: query.pageSize };
    }
    if (head.perPage !== vendorSize && head.perPage > 0) {
      ({ first, pages } = await read(head.perPage));
      if (pages.some((p) => p === null)) return null;
    }
    const size = pages[0]?.perPage ?? vendorSize;
    const rows = pages.flatMap((p) => p?.rows ?? []);
    const offset = start - (first - 1) * size;
    const total = pages[0]?.total ?? 0;
    return { rows: rows.slice(offset, offset + query.pageSize), total, page: query.page, pageSize: query.pageSize };
  }

  // ----- shares --------------------------------------------------------------------------------

  /** A page of the share statement (with the head), filtered when dates are given. */
  function sharePage(cred: MemberCredentials, vendorPage: number, range?: Record<string, string>) {
    const endpoint: Endpoint = range ? 'searchMemberShare' : 'memberShare';
    return once(cred, `${endpoint}:${vendorPage}:${JSON.stringify(range ?? {})}`, async () => {
      const response = await member(endpoint, cred, { query: { page: vendorPage }, body: range });
      if (response === null || response === 'foreign')
        return fail({ endpoint, reason: 'unexpected_status' }, 'refused');
      return parse(endpoint, memberShare, response);
    });
  }

  /** Month-end share capital from the statement, newest pages first until the window is covered. */
  async function capitalHistory(cred: MemberCredentials, months: number): Promise<CapitalPoint[]> {
    const start = `${bangkokMonth(now(), -(months - 1))}-01`;
    const rows: ShareStatementRow[] = [];
    let complete = false;
    for (let page = 1; page <= HISTORY_MAX_PAGES; page += 1) {
      const { statement } = await sharePage(cred, page);
      rows.push(...statement.rows);
      const lastPage = Math.ceil(statement.total / Math.max(statement.perPage, 1));
      const oldest = statement.rows.at(-1)?.date ?? '';
      if (!statement.rows.length || page >= lastPage || !statement.paged) {
        complete = true;
        break;
      }
      if (oldest && oldest < start) break;
    }
    const dated = rows.filter((r) => r.date);
    const before = dated.find((r) => r.date < start);
    const oldestRow = dated.at(-1);
    // The capital when the window opens: the last row before it, or else what preceded the oldest row read.
    let capital = before
      ? before.balanceSatang
      : complete || !oldestRow
        ? 0
        : oldestRow.balanceSatang - oldestRow.amountSatang;
    const ascending = dated.filter((r) => r.date >= start).reverse();
    const points: CapitalPoint[] = [];
    let i = 0;
    for (let m = 0; m < months; m += 1) {
      const month = bangkokMonth(now(), -(months - 1) + m);
      while (i < ascending.length && (ascending[i]?.date ?? '').slice(0, 7) <= month) {
        capital = ascending[i]?.balanceSatang ?? capital;
        i += 1;
      }
      points.push({ month, capitalSatang: capital });
    }
    return points;
  }

  // ----- loans and deposits --------------------------------------------------------------------

  /** One vendor page of a loan's or a deposit account's statement; null when the record is not the member's. */
  function statementPage<S extends z.ZodType>(
    endpoint: 'loanStatement' | 'depStatement',
    schema: S,
    cred: MemberCredentials,
    no: string,
    vendorPage: number,
    range?: object,
  ): Promise<z.output<S> | null> {
    return once(cred, `${endpoint}:${no}:${vendorPage}:${JSON.stringify(range ?? {})}`, async () => {
      const response = await member(endpoint, cred, {
        params: { no },
        query: { page: vendorPage },
        body: range,
        owned: true,
      });
      if (response === null || response === 'foreign') return null;
      return parse(endpoint, schema, response);
    });
  }

  /** The member's page of a statement within the query's dates, read from the vendor's pages of it. */
  function datedStatement<T>(
    load: (vendorPage: number, range?: object) => Promise<{ statement: VendorPage<T> } | null>,
    query: StatementQuery,
  ): Promise<Page<T> | null> {
    const range = dateRange(query);
    return repage(async (n) => (await load(n, range))?.statement ?? null, query, perPage.statement);
  }

  const loanStatementPage = (cred: MemberCredentials, contractNo: string, vendorPage: number, range?: object) =>
    statementPage('loanStatement', loanStatement, cred, contractNo, vendorPage, range);
  const depStatementPage = (cred: MemberCredentials, accountNo: string, vendorPage: number, range?: object) =>
    statementPage('depStatement', depStatement, cred, accountNo, vendorPage, range);

  // ----- accounts ------------------------------------------------------------------------------

  /** Register and forget: `{rc_code:"1", messages}`, `{errors:[…]}` (HTTP 200) or 400 `{error}`. */
  async function identityAction(
    endpoint: 'register' | 'forget',
    input: IdentityCheck & { password: string },
  ): Promise<AccountResult> {
    const response = await client.request({
      endpoint,
      method: 'POST',
      path: paths[endpoint],
      body: {
        membership_no: input.membershipNo,
        id_card: input.nationalId,
        member_name: input.firstName,
        member_surname: input.lastName,
        date_of_birth: input.birthDate,
        password: input.password,
      },
    });
    if (response.status === 400 || response.status === 422) {
      const error = errorBody.safeParse(response.body);
      return { ok: false, errors: [error.success && error.data.error ? error.data.error : IDENTITY_MISMATCH] };
    }
    const body = parse(endpoint, rcBody, response);
    if (body.rc_code === '1') {
      return {
        ok: true,
        message: body.messages || body.des || (endpoint === 'register' ? REGISTERED_MESSAGE : PASSWORD_RESET_MESSAGE),
      };
    }
    if (body.errors.length || body.rc_code === '-1') {
      // The vendor's messages name the field that did not match ("วันเดือนปีเกิด ไม่ตรงกับระบบ"): one
      // answer for all of them, so nobody learns which identity field was wrong. Only "already
      // registered" is told apart, as the embedded backend does.
      const taken = endpoint === 'register' && body.errors.some((e) => /สมัครเป็นสมาชิกแล้ว|ลงทะเบียนแล้ว/.test(e));
      return { ok: false, errors: [taken ? alreadyRegistered(input.membershipNo) : IDENTITY_MISMATCH] };
    }
    return fail({ endpoint, reason: 'refused', detail: `rc_code ${body.rc_code || 'missing'}` }, 'refused');
  }

  /** The member's number, for the calls that name it (the profile picture). */
  async function membershipNoOf(cred: MemberCredentials): Promise<string> {
    return (await memberFeed('memberStatus', memberStatus, cred)).membershipNo;
  }

  /** The member's picture as the core's web site serves it; null when there is none. */
  function photo(cred: MemberCredentials) {
    return once(cred, 'photo', async () => {
      const path = pathOf('memberPhoto', { no: await membershipNoOf(cred) });
      if (path === null) return null;
      // The vendor's site serves it to anybody; the token lets a core that guards it (Sahakorn's own
      // vendor API, ADR 024) know whose it is.
      const response = await client.request({
        endpoint: 'memberPhoto',
        method: 'GET',
        path,
        token: cred.token,
        expect: 'bytes',
      });
      const bytes = response.bytes;
      // A missing file, or the web site's catch-all page instead of a picture: no photo.
      if (response.status !== 200 || !bytes || !JPEG_MAGIC.every((b, i) => bytes[i] === b)) return null;
      const modified = Date.parse(response.headers.get('last-modified') ?? '');
      return { bytes, updatedAt: new Date(Number.isNaN(modified) ? 0 : modified) };
    });
  }

  // ----- public content ------------------------------------------------------------------------

  async function publicGet(endpoint: Endpoint, params?: Record<string, string>, query?: Record<string, number>) {
    const path = pathOf(endpoint, params);
    if (path === null) return null;
    return client.request({ endpoint, method: 'GET', path, query });
  }

  function categoryOf(
    code: string,
    label: string | null,
    type: string | null,
    contentType: string | null,
  ): ContentCategory {
    return {
      code,
      label: label ?? CATEGORY_LABELS[code] ?? code,
      type: type ?? 'M',
      contentType: contentType ?? 'content',
      // The CSS knows the backgrounds by category code (app/lib/topics.ts); others get the plain one.
      background: code,
      defaultImage: defaultImageFor(code),
    };
  }

  function toSummary(r: ContentRow, label?: string): ContentSummary {
    return {
      no: r.no,
      category: r.category,
      categoryLabel: label ?? CATEGORY_LABELS[r.category] ?? '',
      title: r.question,
      postedAt: r.date ?? new Date(0),
      coverImage: mediaPath(r.nphoto),
      defaultImage: defaultImageFor(r.category),
    };
  }

  function toItem(
    r: ContentRow,
    category: ContentCategory,
    gallery: { path_img: string | null; caption: string | null }[],
  ): ContentItem {
    const file = r.nlink === 'uselink' ? null : mediaPath(r.ndata);
    // A Sahakorn core lists every attachment (ADR 025); a vendor row has one, labelled by its title.
    const attachments = r.attachments
      ? r.attachments.flatMap((a) => {
          const path = mediaPath(a.file);
          return path ? [{ ...a, file: path }] : [];
        })
      : file
        ? [{ file, label: r.question, sizeBytes: null }]
        : [];
    return {
      ...toSummary(r, category.label),
      categoryInfo: category,
      bodyHtml: r.note,
      author: r.name,
      eventDate: r.replaydate,
      gallery: gallery.flatMap((g) => {
        const path = mediaPath(g.path_img);
        return path ? [{ file: path, caption: g.caption }] : [];
      }),
      attachments,
      videoUrl: r.nmedia,
      coverAlt: r.cover_alt,
    };
  }

  /** The first page of a category's list, or null when the core does not know the category. */
  async function categoryList(code: string, vendorPage = 1) {
    const response = await publicGet('infoList', { category: code }, { page: vendorPage });
    if (response === null || response.status === 404) return null;
    const body = parse('infoList', infoList, response);
    if (!body.types && !body.list_data.rows.length) return null;
    return body;
  }

  /** The newest item of a category as a content item (terms, policies). */
  async function newestOf(code: string): Promise<ContentItem | null> {
    const list = await categoryList(code);
    const first = list?.list_data.rows.find((r) => !r.datadisable);
    if (!list || !first) return null;
    return toItem(first, categoryOf(code, list.types, list.gtype, list.content_type), []);
  }

  /**
   * `board_create` / `board_ans` (§7.3): an action, never retried; the form's key goes along as
   * `Idempotency-Key` (a Sahakorn core stores a repeat once). null when the topic is not there (404).
   */
  async function boardPost(
    endpoint: 'boardCreate' | 'boardAnswer',
    { idempotencyKey, clientAddress }: PostOptions,
    body: object,
  ) {
    // A Sahakorn core counts its per-address limit by the visitor this names, not by us (ADR 042).
    const visitor = config.forwardSecret && clientAddress ? signVisitor(clientAddress, config.forwardSecret) : null;
    const response = await client.request({
      endpoint,
      method: 'POST',
      path: paths[endpoint],
      body,
      idempotencyKey,
      ...(visitor && { headers: { [VISITOR_HEADER]: visitor } }),
    });
    if (response.status === 404) return null;
    const posted = parse(endpoint, boardPosted, response);
    if (posted.rc_code !== '1')
      fail({ endpoint, reason: 'refused', detail: `rc_code ${posted.rc_code || 'missing'}` }, 'refused');
    return posted;
  }

  return {
    kind: 'http',
    serveMedia: (request, file) =>
      proxyMedia(request, file, { base: config.baseUrl, timeoutMs: config.timeoutMs, fetch: config.fetch }),
    hasMedia: pictureProbe,
    // No web endpoint in the contract (ADR 018): not found rather than "cannot connect", unless the
    // core is a Sahakorn that serves its own (ADR 025).
    offers: {
      welfare: extensions.has('welfare'),
      cremationBill: extensions.has('kepcrem'),
      demand: extensions.has('demand'),
    },

    async login({ membershipNo, password, remember }) {
      // An action: never retried (a second try could count twice against the core's lock-out).
      const response = await client.request({
        endpoint: 'login',
        method: 'POST',
        path: paths.login,
        body: { membership_no: membershipNo, mem_password: password, remember },
      });
      // Only the refusals the contract gives count as a wrong password (ADR 042): a core answering 401
      // or 400 with anything else (a gateway's page, `{}`, `Unauthenticated.`) is unavailable, so
      // a misconfigured or failing core locks nobody out.
      const error = errorText(response.body);
      if (response.status === 401) {
        if (error !== null && CREDENTIAL_REFUSAL.test(error)) return { ok: false, reason: 'invalid_credentials' };
        notARefusal('login', response);
      }
      if (response.status === 406) {
        if (error === null) notARefusal('login', response);
        return { ok: false, reason: 'password_reset_required' };
      }
      if (response.status === 400) {
        // The maintenance gate answers `{error, membership_no:null}`; the lock-out `{error}` only.
        const keys = lowerKeys(response.body);
        if (keys && typeof keys === 'object' && 'membership_no' in keys) {
          fail({ endpoint: 'login', reason: 'refused', status: 400, detail: 'maintenance' }, 'maintenance');
        }
        // The core's lock-out after wrong passwords (§4.1) refuses the credentials too.
        if (error !== null && LOCKED_OUT.test(error)) return { ok: false, reason: 'invalid_credentials' };
        notARefusal('login', response);
      }
      const success = parse('login', loginSuccess, response);
      checkMember('login', membershipNo, [success.member.membershipNo]);
      return { ok: true, ...success };
    },

    async logout(cred) {
      cred.perRequest?.answers.clear();
      // A token the core no longer knows is logged out already.
      await client.request({ endpoint: 'logout', method: 'POST', path: paths.logout, token: cred.token, body: {} });
    },

    async impersonate() {
      // The core's impersonation needs an admin session of its back office (§4.1), not this API.
      return { ok: false, reason: 'unsupported' };
    },

    // A Sahakorn core keeps the grants of the links it prints and redeems them itself (ADR 025).
    ...(extensions.has('impersonate') && {
      async redeemImpersonationLink(link: string): Promise<LinkRedemption> {
        // An action: the grant is single-use, so never retried.
        const response = await client.request({
          endpoint: 'impersonate',
          method: 'POST',
          path: paths.impersonate,
          body: { t: link },
        });
        if (response.status === 403) return { ok: false, detail: 'refused by the core' };
        if (response.status === 404) return { ok: false, detail: 'the core redeems no links' };
        return { ok: true, ...parse('impersonate', impersonateSuccess, response) };
      },
    }),

    async refresh(cred) {
      // An action: the core blacklists the old token, so a repeat would be refused; never retried.
      const response = await client.request({
        endpoint: 'refresh',
        method: 'POST',
        path: paths.refresh,
        token: cred.token,
        body: {},
      });
      if (response.status === 400 || response.status === 401) {
        if (errorText(response.body) === null) notARefusal('refresh', response);
        throw new CoopAuthError('token refused');
      }
      const { token, expiresInSeconds } = parse('refresh', refreshSuccess, response);
      checkMember('refresh', cred.membershipNo, memberNumbersIn(response.body, 'member'));
      cred.perRequest?.answers.clear();
      return { token, expiresInSeconds };
    },

    async getAuthUser(cred) {
      const response = await client.request({
        endpoint: 'getAuthUser',
        method: 'POST',
        path: paths.getAuthUser,
        token: cred.token,
        body: {},
        read: true,
      });
      // Only an explicit refusal ends the session (ADR 042): the token errors of §4.1, or the
      // controller's `["user_not_found"]` (404). An empty body, `{}`, `{"rc_code":null}` or another
      // type is the core failing: unavailable, and the session is kept.
      if (response.status === 400 || response.status === 401 || response.status === 404) {
        if (errorText(response.body) !== null) return false;
        notARefusal('getAuthUser', response);
      }
      const rc = (lowerKeys(response.body) as Record<string, unknown> | undefined)?.rc_code;
      if (response.status === 200 && (rc === 1 || rc === '1')) return true;
      return fail(
        {
          endpoint: 'getAuthUser',
          reason: 'unexpected_shape',
          status: response.status,
          issues: [`rc_code: ${rc === undefined ? 'missing' : rc === null ? 'null' : typeof rc}`],
        },
        'shape',
      );
    },

    async getTermsStatus(cred) {
      const response = await member('termsStatus', cred);
      // No terms published (the core's 404 `{rc_code:"0"}`), or a core without the route: nothing to accept.
      if (response === null || response === 'foreign' || response.status === 404) return { accepted: true };
      return { accepted: parse('termsStatus', rcBody, response).rc_code === '1' };
    },

    async getTerms() {
      const item = await newestOf(categories.terms);
      return item ? { no: item.no, title: item.title, html: item.bodyHtml } : null;
    },

    async acceptTerms(cred, meta) {
      // No web endpoint records acceptance outside registration (§7); a Sahakorn core has one.
      extension('terms', 'acceptTerms');
      const response = await member('termsAccept', cred, { body: { agent: meta.userAgent ?? '' }, action: true });
      if (response === null || response === 'foreign')
        return fail({ endpoint: 'termsAccept', reason: 'refused' }, 'refused');
      const body = parse('termsAccept', rcBody, response);
      if (body.rc_code !== '1')
        fail({ endpoint: 'termsAccept', reason: 'refused', detail: `rc_code ${body.rc_code || 'missing'}` }, 'refused');
      cred.perRequest?.answers.clear();
    },

    getMemberProfile: (cred) => memberFeed('memberStatus', memberStatus, cred),

    async getShareSummary(cred) {
      return (await sharePage(cred, 1)).summary;
    },

    async getShareStatement(cred, query) {
      const range = dateRange(query);
      const page = await repage(async (n) => (await sharePage(cred, n, range)).statement, query, perPage.statement);
      return page ?? { rows: [], total: 0, page: query.page, pageSize: query.pageSize };
    },

    getShareCapitalHistory: capitalHistory,

    getLoans: (cred) => memberFeed('memberLoan', memberLoan, cred),

    async getLoan(cred, contractNo) {
      const owing = (await memberFeed('memberLoan', memberLoan, cred)).find((l) => l.contractNo === contractNo);
      if (owing) return owing;
      // Paid off (the list holds loans still owing only): the statement's head, if the contract is theirs.
      const statement = await loanStatementPage(cred, contractNo, 1);
      const head: Loan | null = statement?.head ?? null;
      return head && head.contractNo === contractNo ? head : null;
    },

    getLoanStatement: (cred, contractNo, query) =>
      datedStatement((n, range) => loanStatementPage(cred, contractNo, n, range), query),

    getDepositAccounts: (cred) => memberFeed('memberDep', memberDep, cred),

    async getDepositAccount(cred, accountNo) {
      const [accounts, statement] = await Promise.all([
        memberFeed('memberDep', memberDep, cred),
        depStatementPage(cred, accountNo, 1),
      ]);
      if (!statement) return null;
      const head = statement.head;
      const listed = accounts.find((a) => a.accountNo === accountNo);
      if (listed) return { ...listed, openedDate: head?.openedDate ?? listed.openedDate };
      if (!head) return null;
      // Closed or empty (the list holds open accounts with a balance only): what the head tells.
      return {
        accountNo: head.accountNo,
        typeCode: '',
        typeName: head.typeName,
        accountName: head.accountName,
        balanceSatang: head.balanceSatang,
        accruedInterestSatang: 0,
        withdrawableSatang: head.withdrawableSatang,
        heldSatang: 0,
        openedDate: head.openedDate,
      };
    },

    getDepositStatement: (cred, accountNo, query) =>
      datedStatement((n, range) => depStatementPage(cred, accountNo, n, range), query),

    getCollections: collections,

    async getCollectionPage(cred, kind, { page, pageSize }) {
      const all = await collections(cred, kind);
      return { rows: all.slice((page - 1) * pageSize, page * pageSize), total: all.length, page, pageSize };
    },

    getGuarantees: (cred) => memberFeed('memberColl', memberColl, cred),
    getBeneficiaries: (cred) => memberFeed('memberGian', memberGian, cred),
    getDividends: (cred) => memberFeed('memberDiv', memberDiv, cred),

    async getWelfare(cred) {
      // Welfare has no web endpoint (§6.10; the mobile procedure's columns are unknown).
      extension('welfare', 'getWelfare');
      return memberFeed('memberWelfare', memberWelfare, cred);
    },

    async changePassword(cred, { currentPassword, newPassword }) {
      const response = await member('memberPass', cred, {
        body: { mem_password: newPassword, mem_oldpassword: currentPassword },
        action: true,
      });
      if (response === null || response === 'foreign')
        return fail({ endpoint: 'memberPass', reason: 'refused' }, 'refused');
      const body = parse('memberPass', rcBody, response);
      if (body.rc_code === '1') return { ok: true };
      if (body.rc_code === '-1') return { ok: false, reason: 'wrong_current' };
      return fail(
        { endpoint: 'memberPass', reason: 'refused', detail: `rc_code ${body.rc_code || 'missing'}` },
        'refused',
      );
    },

    registerMember: (input) => identityAction('register', input),
    resetForgottenPassword: (input) => identityAction('forget', input),

    getMemberPhoto: (cred) => photo(cred),

    async getMemberPhotoInfo(cred) {
      const found = await photo(cred);
      return found && { updatedAt: found.updatedAt };
    },

    async setMemberPhoto(cred, jpeg) {
      const membershipNo = await membershipNoOf(cred);
      // Already a 256 × 256 JPEG (ADR 009): the crop is the whole picture.
      const response = await member('upload', cred, {
        action: true,
        body: {
          image: `data:image/jpeg;base64,${Buffer.from(jpeg).toString('base64')}`,
          name: membershipNo,
          croppedArea: { x: 0, y: 0, width: 100, height: 100 },
          croppedAreaPixels: { x: 0, y: 0, width: 256, height: 256 },
        },
      });
      if (response === null || response === 'foreign')
        return fail({ endpoint: 'upload', reason: 'refused' }, 'refused');
      const body = parse('upload', rcBody, response);
      if (body.rc_code !== '1')
        fail({ endpoint: 'upload', reason: 'refused', detail: `rc_code ${body.rc_code}` }, 'refused');
      cred.perRequest?.answers.delete('photo');
    },

    async getMenu() {
      const response = await publicGet('infoManu');
      return response ? parse('infoManu', infoManu, response).menu : [];
    },

    async getFooterPhones() {
      const response = await publicGet('infoManu');
      return response ? parse('infoManu', infoManu, response).phones : [];
    },

    async getHomeContent() {
      const response = await publicGet('infoHome');
      if (!response) return { latest: [], banners: [], gallery: [], rates: { deposit: [], loan: [] } };
      const home = parse('infoHome', infoHome, response);
      const visible = (rows: ContentRow[]) => rows.filter((r) => !r.datadisable);
      const news = new Map<number, ContentRow>();
      for (const block of HOME_BLOCKS) {
        if (block === 'slider_banner' || block === 'pic_activity') continue;
        for (const r of visible(home[block])) if (!news.has(r.no)) news.set(r.no, r);
      }
      const latest = [...news.values()]
        .sort((a, b) => (b.date?.getTime() ?? 0) - (a.date?.getTime() ?? 0) || b.no - a.no)
        .slice(0, 6);
      return {
        latest: latest.map((r) => toSummary(r)),
        banners: visible(home.slider_banner)
          .slice(0, 5)
          .map((r) => toSummary(r)),
        gallery: visible(home.pic_activity)
          .slice(0, 4)
          .map((r) => toSummary(r, CATEGORY_LABELS.pic_activity)),
        // A vendor core keeps its rates as one content item each (a body, not rows): no rate table
        // then. A Sahakorn core adds them as rows (ADR 025).
        rates: home.rates ?? { deposit: [], loan: [] },
      };
    },

    async listBoardTopics(query) {
      const page = await repage(
        async (n) => {
          const response = await publicGet('board', undefined, { page: n });
          if (!response) return null;
          const list = parse('board', boardList, response);
          // The vendor leaves the list out for visitors who are not logged in (§7.3); ours is public.
          if (!list) fail({ endpoint: 'board', reason: 'refused', detail: 'the list needs a login' }, 'refused');
          return list;
        },
        query,
        perPage.board,
      );
      return page ?? { rows: [], total: 0, page: query.page, pageSize: query.pageSize };
    },

    async getBoardTopic(id) {
      if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
      const response = await publicGet('boardShow', { no: String(id) });
      if (!response || response.status === 404) return null;
      const shown = parse('boardShow', boardShow, response);
      if (!shown) return null;
      // The vendor sends the answers as one HTML string with IP addresses in it: not read (ADR 025).
      if (!shown.complete) fail({ endpoint: 'boardShow', reason: 'refused', detail: 'no answer rows' }, 'refused');
      return shown.topic;
    },

    async createBoardTopic(input, options) {
      const body = await boardPost('boardCreate', options, {
        Question: input.title,
        QNote: input.body,
        QName: input.displayName,
      });
      return { topicId: body?.no ?? null, replayed: body?.replayed ?? false };
    },

    async createBoardAnswer(topicId, input, options) {
      const body = await boardPost('boardAnswer', options, {
        QNo: String(topicId),
        QName: input.displayName,
        QNote: input.body,
      });
      return body && { topicId, answerId: body.no, replayed: body.replayed };
    },

    async listDemandItems(query) {
      extension('demand', 'listDemandItems');
      const page = await repage(
        async (n) => {
          const response = await publicGet('demand', undefined, { page: n });
          return response && parse('demand', demandList, response);
        },
        query,
        query.pageSize,
      );
      return page ?? { rows: [], total: 0, page: query.page, pageSize: query.pageSize };
    },

    async getDemandItem(id) {
      extension('demand', 'getDemandItem');
      if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
      const response = await publicGet('demandShow', { no: String(id) });
      if (!response || response.status === 404) return null;
      return parse('demandShow', demandShow, response);
    },

    async searchContent(query, page = 1) {
      const response = await client.request({
        endpoint: 'smartSearch',
        method: 'POST',
        path: paths.smartSearch,
        body: { type: 'search', search: query },
        read: true,
      });
      const body = parse('smartSearch', smartSearch, response);
      // CWL0004ERROR is the vendor's "ไม่พบข้อมูล" (nothing found).
      if (body.code !== 'CWL200SUCCESS' && body.code !== 'CWL0004ERROR') {
        fail({ endpoint: 'smartSearch', reason: 'refused', detail: `code ${body.code || 'missing'}` }, 'refused');
      }
      const hits = body.result.result;
      return {
        found: body.result.issearchfound && hits.length > 0,
        total: hits.length,
        // The core answers every match at once: one page of them.
        hits: hits.slice((Math.max(1, page) - 1) * SEARCH_RESULT_LIMIT, Math.max(1, page) * SEARCH_RESULT_LIMIT),
        recommended: body.result.recommened,
      };
    },

    async getTopicPage(topicId, query) {
      let category: ContentCategory | null = null;
      const page = await repage(
        async (n) => {
          const list = await categoryList(topicId, n);
          if (!list) return null;
          category ??= categoryOf(topicId, list.types, list.gtype, list.content_type);
          return {
            ...list.list_data,
            rows: list.list_data.rows.map((r) => ({
              ...toSummary(r, list.types ?? undefined),
              bodyHtml: r.note,
              excerpt: r.excerpt ?? null,
            })),
          };
        },
        query,
        perPage.content,
      );
      const found = category as ContentCategory | null;
      // Legal texts and page furniture (type A) are not topics (as in the embedded store).
      if (!page || !found || found.type === 'A') return null;
      return { category: found, items: page };
    },

    async getContentItem(no) {
      if (!Number.isSafeInteger(no) || no < 1 || no > 2_147_483_647) return null;
      const response = await publicGet('infoShow', { no: String(no) });
      if (!response || response.status === 404) return null;
      const body = parse('infoShow', infoShow, response);
      const show = body.show;
      if (!show || show.datadisable) return null;
      const category = categoryOf(show.category, body.types, body.gtype, body.content_type);
      return toItem(show, category, body.pic_activity);
    },

    getPolicy: (kind: PolicyKind) => newestOf(categories[kind]),

    async ready() {
      const response = await client.request({ endpoint: 'ready', method: 'GET', path: paths.ready, read: false });
      if (response.status !== 200) throw new CoopUnavailableError(`coop ready: HTTP ${response.status}`);
    },
  };
}
