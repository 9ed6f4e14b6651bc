import { json, redirect, type ActionFunctionArgs, type AppLoadContext } from '@remix-run/node';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { CRASH_TEXT } from '~/components/error-pages';
import { DISK_FULL_TITLE, UNAVAILABLE_MESSAGE } from '~/lib/messages';

import { CoopUnavailableError } from './coop/types';
import { failedData, resourceRoute } from './errors.server';
import { DISK_FULL_BODY, forgetDiskFull } from './ops/disk-full.server';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const context = (more: Partial<AppLoadContext> = {}): AppLoadContext => ({
  cspNonce: 'nonce',
  clientAddress: null,
  requestId: '3f2a9c01aa55bb66',
  ...more,
});
const post = (path: string) =>
  new Request(`http://127.0.0.1${path}`, { method: 'POST', headers: { Accept: 'text/html' }, body: '' });

/** A resource route's action (a sign-out, a staff publish) that fails with `error`. */
const failing = (error: unknown) =>
  resourceRoute<ActionFunctionArgs>(async () => {
    throw error;
  });

/** What a visitor reads on a page, its markup taken out. */
const words = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('resourceRoute: a route with no page of its own that fails (ADR 145)', () => {
  const stderr: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    forgetDiskFull();
    stderr.length = 0;
  });
  const quiet = () =>
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      stderr.push(String(chunk));
      return true;
    });

  it('the store unavailable (locked, down, its file gone): a Thai 503 page with Retry-After and ways on, not "Unexpected Server Error"', async () => {
    quiet();
    for (const error of [
      withCode('database is locked', 'SQLITE_BUSY'),
      new Error('Connection terminated unexpectedly'),
      withCode('attempt to write a readonly database', 'SQLITE_READONLY_DBMOVED'),
      new CoopUnavailableError('coop logout: timeout'),
    ]) {
      const answer = await failing(error)({ request: post('/member/logout'), context: context(), params: {} });
      expect(answer.status).toBe(503);
      expect(answer.headers.get('Retry-After')).toBe('30');
      expect(answer.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
      expect(answer.headers.get('Cache-Control')).toBe('no-store');
      const html = await answer.text();
      expect(html).toMatch(/^<!DOCTYPE html><html lang="th">/);
      expect(words(html)).toContain(CRASH_TEXT);
      expect(html).toContain('href="/member/logout">ลองใหม่อีกครั้ง</a>');
      expect(html).toContain('href="/home"');
      expect(html).not.toMatch(/Unexpected|SQLITE|Connection terminated|timeout/);
    }
    expect(stderr.filter((line) => line.includes('"request failed: database unavailable"'))).toHaveLength(4);
  });

  it('the 503 a degraded backend throws (JSON for the page boundaries) becomes the same Thai page', async () => {
    const thrown = json({ message: UNAVAILABLE_MESSAGE }, { status: 503, headers: { 'Retry-After': '30' } });
    const answer = await failing(thrown)({ request: post('/staff/content/7/publish'), context: context(), params: {} });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('Retry-After')).toBe('30');
    const html = await answer.text();
    expect(words(html)).toContain(UNAVAILABLE_MESSAGE);
    expect(html).not.toContain('{"message"');
  });

  it('the data disk full: the disk-full page, 503 with Retry-After 60', async () => {
    quiet();
    const answer = await failing(withCode('database or disk is full', 'SQLITE_FULL'))({
      request: post('/staff/content/7/files'),
      context: context(),
      params: {},
    });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('Retry-After')).toBe('60');
    expect(words(await answer.text())).toContain(DISK_FULL_TITLE);
  });

  it('a bug: a Thai 500 page with the incident number, the stack only in the log', async () => {
    quiet();
    const answer = await failing(new TypeError("Cannot read properties of undefined (reading 'id')"))({
      request: post('/member/logout'),
      context: context(),
      params: {},
    });
    expect(answer.status).toBe(500);
    expect(answer.headers.get('Retry-After')).toBeNull();
    const html = await answer.text();
    expect(words(html)).toContain(CRASH_TEXT);
    expect(words(html)).toContain('เลขที่อ้างอิง 3f2a 9c01 aa55 bb66');
    expect(html).not.toContain('TypeError');
    expect(stderr.join('')).toContain('TypeError');
  });

  it('passes through what the route throws on purpose: a redirect, a 404', async () => {
    const back = redirect('/member/logon', 303);
    await expect(failing(back)({ request: post('/member/logout'), context: context(), params: {} })).rejects.toBe(back);
    const missing = new Response('ไม่พบ', { status: 404 });
    await expect(
      failing(missing)({ request: post('/staff/content/9/delete'), context: context(), params: {} }),
    ).rejects.toBe(missing);
    const ok = await resourceRoute<ActionFunctionArgs>(async () => redirect('/member/logon', 303))({
      request: post('/member/logout'),
      context: context(),
      params: {},
    });
    expect(ok.status).toBe(303);
  });
});

describe('failedData: a data request that failed because the store was unreachable or the disk full', () => {
  const remixError = () =>
    json({ message: 'Unexpected Server Error' }, { status: 500, headers: { 'X-Remix-Error': 'yes' } });

  it('answers 503 with Retry-After and the Thai message the boundaries show, as a caught response', async () => {
    const answer = failedData(remixError(), context({ storeDown: true }));
    expect(answer.status).toBe(503);
    expect(answer.headers.get('Retry-After')).toBe('30');
    expect(answer.headers.get('X-Remix-Catch')).toBe('yes');
    expect(await answer.json()).toEqual({ message: UNAVAILABLE_MESSAGE });
  });

  it('answers a full disk with its own words and Retry-After: 60, whatever else failed', async () => {
    const answer = failedData(remixError(), context({ storeDown: true, diskFull: true }));
    expect(answer.status).toBe(503);
    expect(answer.headers.get('Retry-After')).toBe('60');
    expect(answer.headers.get('X-Remix-Catch')).toBe('yes');
    expect(await answer.json()).toEqual(DISK_FULL_BODY);
  });

  it('leaves every other answer as it is: the store was fine, or no error', () => {
    const error = remixError();
    expect(failedData(error, context())).toBe(error);
    const fine = json({ ok: true });
    expect(failedData(fine, context({ storeDown: true }))).toBe(fine);
  });
});
