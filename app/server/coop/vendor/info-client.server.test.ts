import type { AppLoadContext } from '@remix-run/node';
import { describe, expect, it } from 'vitest';

import { useOwnStore } from '../../app-store.test-support';

/**
 * What the vendor's info client (its public screens) reads that only it asks for:
 * `POST /api/info/list/search` — `{search, type: "search", page}` in the body, a page of 6 content
 * rows in `list_data` (a Laravel paginator), `types: "การค้นหา"`, `news_last`, the matches the site
 * search's, best first, as `api/info/list/smartsearch` lists them — `GET /api/info/download` and
 * `GET /api/info/auth/is_admin` (ADR 137).
 */
useOwnStore('info-client');

const api = await import('~/routes/api.$');

type Json = Record<string, unknown>;
const ORIGIN = 'http://coop.test';
const context = (ip: string) => ({ clientAddress: ip }) as unknown as AppLoadContext;

async function post(pathname: string, body: unknown, ip = '10.8.0.1'): Promise<Response> {
  const request = new Request(`${ORIGIN}${pathname}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return api.action({ request, params: {}, context: context(ip) });
}

async function smartSearchNumbers(search: string): Promise<string[]> {
  const answer = (await (await post('/api/info/list/smartsearch', { type: 'search', search })).json()) as {
    result: { result: { no: string }[] };
  };
  return answer.result.result.map((r) => r.no);
}

describe("the vendor info client's search", () => {
  it('answers a page of 6 content rows, best first, paged by the body’s page as the vendor reads it', async () => {
    const all = await smartSearchNumbers('เงินกู้');
    expect(all.length).toBeGreaterThan(12);
    const first = await post('/api/info/list/search', { search: 'เงินกู้', type: 'search' });
    expect(first.status).toBe(200);
    const body = (await first.json()) as Json & { list_data: Json & { data: Json[] } };
    expect(body.types).toBe('การค้นหา');
    expect(body.news_last).toEqual([]);
    expect(body.list_data).toMatchObject({ current_page: 1, per_page: 6, total: all.length, from: 1, to: 6 });
    expect(body.list_data.data.map((row) => row.No)).toEqual(all.slice(0, 6));
    for (const row of body.list_data.data) {
      expect(Object.keys(row)).toEqual(
        expect.arrayContaining(['No', 'Category', 'Question', 'Date', 'Name', 'nphoto', 'ndata']),
      );
      expect(row.Date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
    // Page 3 straddles the site search's pages of 20: rows 13–18.
    const third = (await (await post('/api/info/list/search', { search: 'เงินกู้', type: 'search', page: 3 })).json()) as {
      list_data: { current_page: number; data: Json[] };
    };
    expect(third.list_data.current_page).toBe(3);
    expect(third.list_data.data.map((row) => row.No)).toEqual(all.slice(12, 18));
    // The page in the query string, as Laravel also reads it.
    const query = (await (await post('/api/info/list/search?page=2', { search: 'เงินกู้' })).json()) as {
      list_data: { data: Json[] };
    };
    expect(query.list_data.data.map((row) => row.No)).toEqual(all.slice(6, 12));
  });

  it('answers an empty page for no query, an unexpected body or a page past the end — never an error', async () => {
    for (const body of [{}, { search: '' }, { search: { a: 1 } }, '[1,2]', 'not json', { search: 'เงินกู้', page: 999 }]) {
      const answer = await post('/api/info/list/search', body);
      expect(answer.status, JSON.stringify(body)).toBe(200);
      const json = (await answer.json()) as { types: string; list_data: { data: unknown[] } };
      expect(json.types).toBe('การค้นหา');
      expect(json.list_data.data).toEqual([]);
    }
  });

  it("counts against the site search's per-address limit: over it, 429 with the site's words in error", async () => {
    const { SEARCH_LIMITS } = await import('../../search/search-view.server');
    for (let i = 0; i < SEARCH_LIMITS.perAddress; i += 1) {
      expect((await post('/api/info/list/search', { search: 'ประชุม', type: 'search' }, '10.8.0.9')).status).toBe(200);
    }
    const refused = await post('/api/info/list/search', { search: 'ประชุม', type: 'search' }, '10.8.0.9');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: 'Too Many Attempts.', error: expect.stringMatching(/\S/) });
    expect(refused.headers.get('Retry-After')).toBe('60');
  });

  it('keeps GET of the list named search a topic list, and POST to another topic a 405', async () => {
    const request = new Request(`${ORIGIN}/api/info/list/search`);
    const listed = await api.loader({ request, params: {}, context: context('10.8.0.2') });
    expect(listed.status).toBe(200);
    expect((await post('/api/info/list/news_relations', {})).status).toBe(405);
  });
});

describe("the vendor info client's other reads", () => {
  const get = async (pathname: string) =>
    api.loader({ request: new Request(`${ORIGIN}${pathname}`), params: {}, context: context('10.8.0.3') });

  it('is_admin: never, here (staff moderate in the back office)', async () => {
    const answer = await get('/api/info/auth/is_admin');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ is_admin: false });
  });

  it('download: every item of the download topic in list_data.data, with the topic’s facts', async () => {
    const topic = (await (await get('/api/info/list/download')).json()) as {
      types: string;
      gtype: string;
      content_type: string;
      list_data: { total: number; data: Json[] };
    };
    expect(topic.list_data.total).toBeGreaterThan(0);
    const answer = await get('/api/info/download');
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as Json & { list_data: { data: Json[] } };
    expect(body).toMatchObject({
      types: topic.types,
      gtype: topic.gtype,
      content_type: topic.content_type,
      news_last: [],
    });
    expect(body.list_data.data).toHaveLength(topic.list_data.total);
    expect(body.list_data.data.slice(0, topic.list_data.data.length).map((r) => r.No)).toEqual(
      topic.list_data.data.map((r) => r.No),
    );
    expect((await post('/api/info/download', {})).status).toBe(405);
  });
});
