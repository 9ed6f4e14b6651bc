import { describe, expect, it } from 'vitest';

import { documentResponse, wholeBody } from './document-body.server';

describe('documentResponse', () => {
  const page = Buffer.from('<!DOCTYPE html><html lang="th"><title>สหกรณ์</title></html>');

  it('keeps the bytes for server.js to send whole, with the status and headers given', () => {
    const response = documentResponse(page, { status: 404, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(wholeBody(response)).toBe(page);
  });

  it('still has a body for anyone who reads it, and is then no longer sent whole', async () => {
    const response = documentResponse(page, {});
    expect(Buffer.from(await response.arrayBuffer()).equals(page)).toBe(true);
    expect(wholeBody(response)).toBeUndefined();
  });

  it('knows nothing of other responses', () => {
    expect(wholeBody(new Response('x'))).toBeUndefined();
  });
});
