import { sql } from 'kysely';

import { parseDateDMY } from '~/lib/thai-format';

import type { Db } from '../db/index.server';

/**
 * The admins' search of the audit log (ADR 059): by who (a staff username), what (an event type or
 * its beginning), member number and a Buddhist-era date range (Bangkok days), newest first, paged.
 */
export const AUDIT_PAGE_SIZE = 50;
const DAY_MS = 24 * 3600_000;

export interface AuditQuery {
  who: string;
  what: string;
  member: string;
  /** Typed as `D/M/BBBB` (Buddhist era). */
  from: string;
  to: string;
  page: number;
}

export interface AuditFilter {
  actor: string | null;
  type: string | null;
  membershipNo: string | null;
  fromMs: number | null;
  /** Exclusive: the start of the day after the `to` date. */
  toMs: number | null;
}

export type AuditFilterProblem = 'from' | 'to';

const MAX_PAGE = 10_000;

/** Something a query is read from: a URL's search params or a posted form. */
interface QuerySource {
  get(name: string): unknown;
}

function readQuery(source: QuerySource, withMember: boolean): AuditQuery {
  const text = (name: string, max = 40) => {
    const value = source.get(name);
    return typeof value === 'string' ? value.slice(0, max) : '';
  };
  return {
    who: text('who', 64),
    what: text('what', 64),
    member: withMember ? text('member', 20) : '',
    from: text('from', 20),
    to: text('to', 20),
    page: Math.min(MAX_PAGE, Math.max(1, Number.parseInt(text('page', 6), 10) || 1)),
  };
}

/**
 * The query of a GET of the page (a link from the dashboard, a bookmark): who, what, the dates and the
 * page. A membership number in the address is ignored (ADR 147): the number is searched by POST only,
 * so an old bookmark that carries one does not keep a member's number working in a browser history.
 */
export function auditQueryFromUrl(params: URLSearchParams): AuditQuery {
  return readQuery(params, false);
}

/** The query as the page's search form, its page buttons and its download button post it (ADR 147). */
export function auditQueryFromForm(form: FormData): AuditQuery {
  return readQuery(form, true);
}

/**
 * The query string of a search (without the page unless given), for an address: never the membership
 * number, which travels only in a form's body.
 */
export function auditSearchParams(query: AuditQuery, page?: number): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of ['who', 'what', 'from', 'to'] as const) if (query[name]) params.set(name, query[name]);
  if (page !== undefined) params.set('page', String(page));
  return params;
}

/** The hidden fields that carry a search in a posted form (a page button, the download), member included. */
export function auditHiddenFields(query: AuditQuery): [name: keyof Omit<AuditQuery, 'page'>, value: string][] {
  return (['who', 'what', 'member', 'from', 'to'] as const)
    .filter((name) => query[name] !== '')
    .map((name) => [name, query[name]]);
}

/** The start of a Gregorian `YYYY-MM-DD` day in Bangkok, in ms since the epoch. */
function bangkokDayStart(iso: string): number {
  return Date.parse(`${iso}T00:00:00+07:00`);
}

/** The query as typed, checked: the filter, or which date could not be read. */
export function auditFilter(
  query: AuditQuery,
): { ok: true; filter: AuditFilter } | { ok: false; field: AuditFilterProblem } {
  const from = query.from.trim() ? parseDateDMY(query.from) : null;
  if (query.from.trim() && !from) return { ok: false, field: 'from' };
  const to = query.to.trim() ? parseDateDMY(query.to) : null;
  if (query.to.trim() && !to) return { ok: false, field: 'to' };
  return {
    ok: true,
    filter: {
      actor: query.who.trim().toLowerCase() || null,
      type: query.what.trim() || null,
      membershipNo: query.member.trim() || null,
      fromMs: from ? bangkokDayStart(from) : null,
      toMs: to ? bangkokDayStart(to) + DAY_MS : null,
    },
  };
}

export interface AuditRow {
  id: number;
  at: number;
  type: string;
  actor: string | null;
  membershipNo: string | null;
  ip: string | null;
  detail: string | null;
  requestId: string | null;
}

/** The matching events' query (not yet ordered or limited). */
function matching(db: Db, filter: AuditFilter) {
  let query = db
    .selectFrom('audit_events')
    .select(['id', 'at', 'type', 'actor', 'membership_no', 'ip', 'detail', 'request_id']);
  if (filter.actor) query = query.where('actor', '=', filter.actor);
  if (filter.type) {
    // An exact type, or every type starting with what was typed (`staff_` finds every staff action).
    const prefix = filter.type;
    query = query.where(sql<boolean>`substr(type, 1, ${prefix.length}) = ${prefix}`);
  }
  if (filter.membershipNo) query = query.where('membership_no', '=', filter.membershipNo);
  if (filter.fromMs !== null) query = query.where('at', '>=', filter.fromMs);
  if (filter.toMs !== null) query = query.where('at', '<', filter.toMs);
  return query;
}

function auditRow(r: {
  id: number | string | bigint;
  at: number;
  type: string;
  actor: string | null;
  membership_no: string | null;
  ip: string | null;
  detail: string | null;
  request_id: string | null;
}): AuditRow {
  return {
    id: Number(r.id),
    at: Number(r.at),
    type: r.type,
    actor: r.actor,
    membershipNo: r.membership_no,
    ip: r.ip,
    detail: r.detail,
    requestId: r.request_id,
  };
}

/** One page of matching events, newest first, and whether there is a next page. */
export async function searchAudit(
  db: Db,
  filter: AuditFilter,
  page: number,
): Promise<{ rows: AuditRow[]; hasNext: boolean }> {
  const offset = (Math.max(1, page) - 1) * AUDIT_PAGE_SIZE;
  const rows = await matching(db, filter)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset(offset)
    .execute();
  return { rows: rows.slice(0, AUDIT_PAGE_SIZE).map(auditRow), hasNext: rows.length > AUDIT_PAGE_SIZE };
}

/** The most rows one CSV download of the audit log holds (the newest of the matching ones). */
export const AUDIT_EXPORT_MAX = 20_000;

/** The newest matching events for a download (at most `AUDIT_EXPORT_MAX`), and whether more matched. */
export async function exportAudit(
  db: Db,
  filter: AuditFilter,
  max = AUDIT_EXPORT_MAX,
): Promise<{ rows: AuditRow[]; truncated: boolean }> {
  const rows = await matching(db, filter)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(max + 1)
    .execute();
  return { rows: rows.slice(0, max).map(auditRow), truncated: rows.length > max };
}
