import { describe, expect, it } from 'vitest';

import { bearerToken, readBody, statementQuery, vendorJson, vendorPage } from './api.server';

const post = (headers: Record<string, string>, body?: string, url = 'http://x/api/member/member_share') =>
  new Request(url, { method: 'POST', headers, body });

describe('vendor API request handling', () => {
  it('takes the token from `Authorization: Bearer` only', () => {
    expect(bearerToken(post({ Authorization: 'Bearer abc.def-1' }))).toBe('abc.def-1');
    expect(bearerToken(post({ Authorization: 'bearer abc' }))).toBe('abc');
    expect(bearerToken(post({ Authorization: 'Basic abc' }))).toBeNull();
    expect(bearerToken(post({ Authorization: 'Bearer ' }))).toBeNull();
    expect(bearerToken(post({ Cookie: 'token=abc; __Host-sahakorn_sid=x' }))).toBeNull();
  });

  it('reads JSON and form bodies; anything else or broken JSON is an empty body', async () => {
    expect(await readBody(post({ 'Content-Type': 'application/json; charset=utf-8' }, '{"a":"1"}'))).toEqual({
      a: '1',
    });
    expect(await readBody(post({ 'Content-Type': 'application/x-www-form-urlencoded' }, 'a=1&b=2'))).toEqual({
      a: '1',
      b: '2',
    });
    expect(await readBody(post({ 'Content-Type': 'application/json' }, '{broken'))).toEqual({});
    expect(await readBody(post({ 'Content-Type': 'application/json' }, '[1,2]'))).toEqual({});
    expect(await readBody(post({ 'Content-Type': 'text/plain' }, '{"a":"1"}'))).toEqual({});
  });

  it('reads the page and the Buddhist-era date filter of a statement request', () => {
    const request = post({}, undefined, 'http://x/api/member/member_share?page=3');
    expect(statementQuery(request, { inputdatepickerstart: '01/01/2567', inputdatepickerend: '31/12/2567' })).toEqual({
      page: 3,
      pageSize: 10,
      from: '2024-01-01',
      to: '2024-12-31',
    });
    expect(statementQuery(request, {})).toEqual({ page: 3, pageSize: 10, from: undefined, to: undefined });
    for (const page of ['0', '-1', 'x', '', '99999999']) {
      expect(vendorPage(post({}, undefined, `http://x/api?page=${page}`))).toBe(1);
    }
  });

  it('answers JSON that nobody stores', async () => {
    const response = vendorJson({ error: 'token absent' }, 400);
    expect(response.status).toBe(400);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ error: 'token absent' });
  });
});
