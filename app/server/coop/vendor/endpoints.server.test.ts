import type { AppLoadContext } from '@remix-run/node';
import { beforeAll, describe, expect, it } from 'vitest';

import { useOwnStore } from '../../app-store.test-support';

/**
 * The vendor API is one resource route (ADR 079): `app/routes/api.$.ts` hands each request to the
 * endpoint its path names, with the path's parameters, and answers the vendor's JSON 404 and 405
 * as the endpoints' own routes did.
 */
useOwnStore('vendor-dispatch');

const { app } = await import('../../app.server');
const api = await import('~/routes/api.$');

const ORIGIN = 'http://coop.test';
const NO = '012345';

/** Calls the route as Remix does: the loader for GET and HEAD, the action for other methods. */
function call(method: string, pathname: string, token?: string): Promise<Response> {
  const request = new Request(`${ORIGIN}${pathname}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(method === 'GET' || method === 'HEAD' ? {} : { body: '{}' }),
  });
  const args = {
    request,
    params: { '*': new URL(request.url).pathname.replace(/^\/api\/?/i, '') },
    context: { cspNonce: 'n', clientAddress: '10.7.0.2' } as AppLoadContext,
  };
  return method === 'GET' || method === 'HEAD' ? api.loader(args) : api.action(args);
}

async function memberToken(): Promise<string> {
  const { backend } = await app();
  const login = await backend.login({ membershipNo: NO, password: 'sahakorn-demo', remember: false });
  if (!login.ok) throw new Error('login failed');
  return login.token;
}

// Opening the store seeds the demo data: slow on a busy shared machine.
beforeAll(async () => {
  await app();
}, 120_000);

describe('the vendor API route', () => {
  it('calls the endpoint a path with parameters names, with their values', async () => {
    const { backend } = await app();
    const [topic] = (await backend.listBoardTopics({ page: 1, pageSize: 1 })).rows;
    if (!topic) throw new Error('no board topic in the demo data');
    const shown = await call('GET', `/api/info/board_show/${topic.id}`);
    expect(shown.status).toBe(200);
    expect(((await shown.json()) as { showboard: { No: string } }).showboard.No).toBe(String(topic.id));
    const missing = await call('GET', '/api/info/board_show/999999999');
    expect(await missing.json()).toMatchObject({ showboard: null });

    const token = await memberToken();
    const [month] = await backend.getCollections({ token }, 'kep');
    if (!month) throw new Error('no billing month in the demo data');
    const pdf = await call('GET', `/api/member/print_pdf/${month.year}/${month.month}`, token);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
    // A month the member was not billed: the endpoint's own 404, not a path the API lacks.
    const none = await call('GET', `/api/member/print_pdf/1999/${month.month}`, token);
    expect(none.status).toBe(404);
  });

  it('answers a path the API does not serve with the vendor JSON 404, in any method', async () => {
    for (const [method, pathname] of [
      ['GET', '/api/info/nothing'],
      ['POST', '/api/member/nothing'],
      ['GET', '/api/info/show/1/2'],
      ['POST', '/api/member/member_status/012345'],
      ['GET', '/api'],
    ] as const) {
      const answer = await call(method, pathname);
      expect(answer.status, `${method} ${pathname}`).toBe(404);
      expect(answer.headers.get('Cache-Control')).toBe('no-store');
      expect(await answer.json()).toEqual({ message: 'Not Found' });
    }
  });

  it('answers a method the endpoint does not take with the vendor JSON 405', async () => {
    for (const [method, pathname] of [
      ['POST', '/api/info/home'],
      ['POST', '/api/info/show/1'],
      ['GET', '/api/member/member_status'],
      ['GET', '/api/member/member_loan_statement/123'],
      ['POST', '/api/member/print_pdf/2025/1'],
      // The search is posted to: a GET is not the list of a category named "smartsearch".
      ['GET', '/api/info/list/smartsearch'],
    ] as const) {
      const answer = await call(method, pathname);
      expect(answer.status, `${method} ${pathname}`).toBe(405);
      expect(await answer.json()).toEqual({ message: 'Method Not Allowed' });
    }
  });
});
