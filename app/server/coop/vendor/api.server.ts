import { json } from '@remix-run/node';

import { parseListPage } from '~/lib/forms/board';
import { IMPERSONATION_MESSAGES } from '~/lib/impersonation';
import { parseDateDMY } from '~/lib/thai-format';

import { app } from '../../app.server';
import { audit } from '../../audit.server';
import { env } from '../../env.server';
import { sha256 } from '../../crypto.server';
import { CoopAuthError, type CoopBackend, type MemberCredentials, type StatementQuery } from '../types';
import { NO_STORE } from '../../http/responses.server';

/**
 * The HTTP side of the vendor-compatible API (ADR 019): envelopes, the bearer-token check and the
 * request parsing shared by its endpoints (`endpoints/`, served by one resource route: ADR 079).
 * Answers are JSON and never stored anywhere (`Cache-Control: no-store`).
 */

type Json = Record<string, unknown>;

/** Rows per statement page, as the vendor's paginator sends them (§2). */
export const VENDOR_STATEMENT_PAGE = 10;

/** A JSON answer that nobody keeps. */
export function vendorJson(body: unknown, status = 200): Response {
  return json(body, { status, headers: NO_STORE });
}

/** The vendor's "nothing here" for a path it does not serve, and its 405 for a wrong method. */
export const notFound = () => vendorJson({ message: 'Not Found' }, 404);
export const methodNotAllowed = () => vendorJson({ message: 'Method Not Allowed' }, 405);

/**
 * A refusal over one of the web's limits, in the rc_code family (`{rc_code: "0", rc_des}`), with the
 * same text in `error` — what the vendor's web client shows of an answer that is not a 2xx (it reads
 * no `rc_des` there) — and `Retry-After` in seconds: HTTP 429.
 */
export function overLimit(rc_des: string, minutes: number): Response {
  const response = vendorJson({ rc_code: '0', rc_des, error: rc_des }, 429);
  response.headers.set('Retry-After', String(minutes * 60));
  return response;
}

/** The global exception handler's token refusal: HTTP 400 `{error}` (§4.3). */
export const tokenRefused = (error = 'token is invalid') => vendorJson({ error }, 400);

/**
 * The vendor's words for a token past its end (its exception handler's answer to an expired JWT),
 * which its web client shows as it drops the session.
 */
export const TOKEN_EXPIRED = 'เซสชั่นหมดอายุ';

/**
 * The refusal of a token the check did not pass, in the vendor's words: `เซสชั่นหมดอายุ` for one
 * this server issued and that is past its end (member or staff), `token is invalid` for one it never
 * issued or that was ended (signed out, refreshed, revoked). Both HTTP 400: the client signs out.
 */
export async function refuseToken(token: string): Promise<Response> {
  const known = await tokenRecord(token);
  return tokenRefused(known !== null && known.expiresAt <= Date.now() ? TOKEN_EXPIRED : undefined);
}

/** The bearer token of `Authorization: Bearer …`, and nowhere else (never a cookie). */
export function bearerToken(request: Request): string | null {
  const m = /^Bearer\s+([^\s]+)\s*$/i.exec(request.headers.get('Authorization') ?? '');
  return m?.[1] ?? null;
}

/** The request's JSON body (or form fields) as an object; anything else is an empty one. */
export async function readBody(request: Request): Promise<Json> {
  const type = request.headers.get('Content-Type') ?? '';
  try {
    if (/^application\/json\b/i.test(type)) {
      const text = await request.text();
      const parsed: unknown = text ? JSON.parse(text) : {};
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Json) : {};
    }
    if (/^application\/x-www-form-urlencoded\b/i.test(type)) {
      return Object.fromEntries(new URLSearchParams(await request.text()));
    }
  } catch {
    return {};
  }
  return {};
}

/** A text field of a body ('' when missing or not text). */
export const field = (body: Json, name: string): string => {
  const v = body[name];
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
};

/**
 * The backend these endpoints serve: the embedded one only. A Sahakorn in http mode is a client of a
 * core system, not one (it would answer with another system's data under its own name): 404.
 */
export async function embeddedBackend(): Promise<CoopBackend | null> {
  const { env, backend } = await app();
  return env.COOP_BACKEND === 'embedded' ? backend : null;
}

/** `?page=N` of a vendor list (1 when missing or not a sensible number), as the board's own pages read it. */
export const vendorPage = (request: Request): number => parseListPage(new URL(request.url));

/** The statement query of a vendor request: its page and the Buddhist-era date filter of the body. */
export function statementQuery(request: Request, body: Json): StatementQuery {
  const from = parseDateDMY(field(body, 'inputdatepickerstart')) ?? undefined;
  const to = parseDateDMY(field(body, 'inputdatepickerend')) ?? undefined;
  return { page: vendorPage(request), pageSize: VENDOR_STATEMENT_PAGE, from, to };
}

/** The path of the request, for the paginator's links. */
export const pathOf = (request: Request) => {
  const url = new URL(request.url);
  return `${url.origin}${url.pathname}`;
};

export interface MemberRequest {
  backend: CoopBackend;
  cred: MemberCredentials;
  body: Json;
}

/** Where a member accepts the terms: the website's welcome page (spec §4). */
export function termsRequiredMessage(): string {
  return `กรุณาอ่านและยอมรับข้อกำหนดและเงื่อนไขการใช้บริการก่อนใช้บริการสมาชิกออนไลน์ ที่เว็บไซต์ ${env().publicUrl}/member/welcome`;
}

/**
 * The terms gate of the API (ADR 093): HTTP 403 `{rc_code: "0", error}` — `rc_code` as
 * `termofconditional` says "not accepted", `error` the text the vendor's client shows for any refused
 * call; 403, not 400 or 401, which the vendor's client takes for a dead token and signs out.
 */
export const termsRequired = () => vendorJson({ rc_code: '0', error: termsRequiredMessage() }, 403);

/**
 * Null when the token's member may be served their data: they accepted the published terms (or none
 * are published), or staff hold the token through an impersonation link (they pass the gate, as on
 * the web: only the member can accept, ADR 010). Otherwise the gate's answer. Asked on every call, as
 * `termofconditional` is (ADR 028): an acceptance takes effect at once.
 */
export async function termsGate(backend: CoopBackend, cred: MemberCredentials): Promise<Response | null> {
  if ((await backend.getTermsStatus(cred)).accepted) return null;
  if ((await actingStaffOf(cred)) !== null) return null;
  return termsRequired();
}

/**
 * A member route (`auth:api`): POST only, the token checked before anything else (400 `{error}` when
 * it is missing, unknown or expired, as the vendor's exception handler answers: `refuseToken`), then the terms gate
 * (`termsGate`; `terms: 'skip'` only where a member who has not accepted must get through: signing
 * out, the token check, the terms' status and their acceptance), then `handle` with credentials that
 * scope every query to the token's member.
 */
export async function memberRoute(
  request: Request,
  handle: (call: MemberRequest) => Promise<Response>,
  {
    readBody: parseBody = true,
    terms = 'enforce',
  }: {
    /** `false`: leave the body unread for the handler (an upload reads it with a size cap). */
    readBody?: boolean;
    terms?: 'enforce' | 'skip';
  } = {},
): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowed();
  const backend = await embeddedBackend();
  if (!backend) return notFound();
  const token = bearerToken(request);
  if (!token) return tokenRefused('token absent');
  // Made for this request: the token check's answer is reused by the handler's calls (ADR 066).
  const cred: MemberCredentials = { token, perRequest: { answers: new Map() } };
  if (!(await backend.getAuthUser(cred))) return refuseToken(token);
  try {
    if (terms === 'enforce') {
      const refused = await termsGate(backend, cred);
      if (refused) return refused;
    }
    return await handle({ backend, cred, body: parseBody ? await readBody(request) : {} });
  } catch (error) {
    if (error instanceof CoopAuthError) return refuseToken(token);
    throw error;
  }
}

/** What the store knows of a bearer token, for the audit of a refresh; null for a token it never issued or ended. */
export async function tokenRecord(
  token: string,
): Promise<{ membershipNo: string; expiresAt: number; actingStaff: string | null } | null> {
  const { db } = await app();
  const row = await db
    .selectFrom('coop_tokens')
    .select(['membership_no', 'expires_at', 'acting_staff'])
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
  return row ? { membershipNo: row.membership_no, expiresAt: row.expires_at, actingStaff: row.acting_staff } : null;
}

/**
 * The staff member holding this token when it was issued through an impersonation link (ADR 010,
 * 037), or null for the member's own. What only the member may do is refused with such a token.
 */
export async function actingStaffOf(cred: MemberCredentials): Promise<string | null> {
  const { db } = await app();
  const row = await db
    .selectFrom('coop_tokens')
    .select('acting_staff')
    .where('token_hash', '=', sha256(cred.token))
    .executeTakeFirst();
  return row?.acting_staff ?? null;
}

/** What only the member may do, and the web's words for refusing it to staff acting as them. */
const STAFF_REFUSALS = {
  change_password: IMPERSONATION_MESSAGES.passwordBlocked,
  accept_terms: IMPERSONATION_MESSAGES.termsBlocked,
} as const;

/**
 * HTTP 403 `{error}` for a staff token asking what only the member may do, audited as blocked. The
 * `error` is the web's Thai sentence: the vendor's web client shows it as the call's error.
 */
export async function refuseStaff(
  cred: MemberCredentials,
  action: keyof typeof STAFF_REFUSALS,
  clientAddress: string | null | undefined,
): Promise<Response | null> {
  const staff = await actingStaffOf(cred);
  if (staff === null) return null;
  const { backend } = await app();
  const { membershipNo } = await backend.getMemberProfile(cred);
  await audit('impersonation_blocked', {
    membershipNo,
    ip: clientAddress ?? null,
    detail: `${action}; staff=${staff}; via api`,
  });
  return vendorJson({ error: STAFF_REFUSALS[action] }, 403);
}

/** A public feed (`GET /api/info/*`). */
export async function infoRoute(request: Request, handle: (backend: CoopBackend) => Promise<Response>) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed();
  const backend = await embeddedBackend();
  if (!backend) return notFound();
  return handle(backend);
}
