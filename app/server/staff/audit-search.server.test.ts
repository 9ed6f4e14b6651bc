// The admins' audit search (ADR 059) keeps membership numbers out of URLs (ADR 147, ASVS 5.0 14.2.1):
// the search, its pages and its CSV download are posts; a number in a GET's address is ignored.
import type { AppLoadContext } from '@remix-run/node';
import { describe, expect, it } from 'vitest';

import { useOwnStore } from '../app-store.test-support';
import { signedInStaff } from './staff.test-support';

useOwnStore('audit-search', { PUBLIC_URL: 'http://coop.test' });

const { audit } = await import('../audit.server');
const { AUDIT_PAGE_SIZE, auditHiddenFields, auditQueryFromForm, auditQueryFromUrl, auditSearchParams } =
  await import('./audit-search.server');
const page = await import('~/routes/staff.audit');
const download = await import('~/routes/staff_.audit.export');

const ORIGIN = 'http://coop.test';
const MEMBER = '778801';
const OTHER = '778802';

let cookie: string | null = null;
/** A signed-in admin's session cookie. */
async function adminCookie(): Promise<string> {
  cookie ??= (await signedInStaff('audit-admin', 'admin')).cookie;
  return cookie;
}

let seeded = false;
/** More than a page of one member's events, and one of another member's (newest). */
async function seed(): Promise<void> {
  if (seeded) return;
  seeded = true;
  for (let i = 0; i < AUDIT_PAGE_SIZE + 2; i += 1) await audit('login_success', { membershipNo: MEMBER });
  await audit('login_failure', { membershipNo: OTHER });
}

function context(): AppLoadContext {
  return { clientAddress: '10.7.0.2', cspNonce: 'n' } as unknown as AppLoadContext;
}

async function get(path: string, handler: (args: never) => unknown): Promise<Response> {
  const request = new Request(`${ORIGIN}${path}`, { headers: { Origin: ORIGIN, Cookie: await adminCookie() } });
  return (await handler({ request, params: {}, context: context() } as never)) as Response;
}

async function post(
  path: string,
  handler: (args: never) => unknown,
  fields: Record<string, string>,
): Promise<Response> {
  const request = new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { Origin: ORIGIN, Cookie: await adminCookie(), 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  return (await handler({ request, params: {}, context: context() } as never)) as Response;
}

interface Shown {
  query: { member: string; page: number };
  rows: { membershipNo: string | null }[];
  hasNext: boolean;
}

describe('the audit query', () => {
  it('reads a membership number from a posted form only, never from an address', () => {
    const url = auditQueryFromUrl(new URLSearchParams({ member: MEMBER, who: 'somsri', page: '2' }));
    expect(url).toMatchObject({ member: '', who: 'somsri', page: 2 });
    const form = new FormData();
    form.set('member', MEMBER);
    form.set('what', 'login_');
    expect(auditQueryFromForm(form)).toMatchObject({ member: MEMBER, what: 'login_', page: 1 });
  });

  it('writes an address without the number, and hidden fields with it', () => {
    const query = { who: 'somsri', what: '', member: MEMBER, from: '01/11/2569', to: '', page: 3 };
    expect(auditSearchParams(query, 3).toString()).toBe('who=somsri&from=01%2F11%2F2569&page=3');
    expect(auditHiddenFields(query)).toEqual([
      ['who', 'somsri'],
      ['member', MEMBER],
      ['from', '01/11/2569'],
    ]);
  });
});

describe('/staff/audit', () => {
  it('searches by membership number by POST and answers the page itself, not a redirect', async () => {
    await seed();
    const answer = await post('/staff/audit', page.action as never, { member: MEMBER });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Location')).toBeNull();
    expect(answer.headers.get('Cache-Control')).toContain('no-store');
    const shown = (await answer.json()) as Shown;
    expect(shown.rows).toHaveLength(AUDIT_PAGE_SIZE);
    expect(shown.rows.every((r) => r.membershipNo === MEMBER)).toBe(true);
    expect(shown.hasNext).toBe(true);
  });

  it('pages a filtered result by POST, the filter carried in the body', async () => {
    await seed();
    const answer = await post('/staff/audit', page.action as never, { member: MEMBER, page: '2' });
    const shown = (await answer.json()) as Shown;
    expect(shown.query.page).toBe(2);
    expect(shown.rows.length).toBeGreaterThanOrEqual(2);
    expect(shown.rows.every((r) => r.membershipNo === MEMBER)).toBe(true);
  });

  it('answers a posted date it cannot read with 400 and the field named, the number kept in the form', async () => {
    const answer = await post('/staff/audit', page.action as never, { member: MEMBER, to: '31/02/25xx' });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('Location')).toBeNull();
    const shown = (await answer.json()) as Shown & { error: { field: string } | null };
    expect(shown.error).toEqual({ field: 'audit-to' });
    expect(shown.query.member).toBe(MEMBER);
    expect(shown.rows).toEqual([]);
  });

  it('ignores a membership number in a GET address: the newest rows, unfiltered', async () => {
    await seed();
    const answer = await get(`/staff/audit?member=${MEMBER}`, page.loader as never);
    const shown = (await answer.json()) as Shown;
    expect(shown.query.member).toBe('');
    expect(shown.rows.some((r) => r.membershipNo !== MEMBER)).toBe(true);
  });
});

describe('/staff/audit/export', () => {
  it('answers a posted search as a CSV download of that member only, not stored', async () => {
    await seed();
    const answer = await post('/staff/audit/export', download.action as never, { member: OTHER });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('Content-Disposition')).toMatch(/^attachment; filename="audit-\d{8}-\d{4}\.csv"$/);
    expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
    const lines = (await answer.text()).slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,login_failure,`);
    expect(lines[1]).toContain(`,${OTHER},`);
  });

  it('sends a GET of the download address to the page, without the number', async () => {
    const answer = await get(`/staff/audit/export?member=${MEMBER}&who=somsri`, download.loader as never);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('Location')).toBe('/staff/audit?who=somsri');
  });

  it('sends a posted search with a date it cannot read back to the page, without the number', async () => {
    const answer = await post('/staff/audit/export', download.action as never, { member: MEMBER, from: 'วันจันทร์' });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('Location')).toBe(`/staff/audit?${new URLSearchParams({ from: 'วันจันทร์' })}`);
  });
});
