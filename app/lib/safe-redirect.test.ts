import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it.each([
    ['/member/share', '/member/share'],
    ['/member/share?page=2', '/member/share?page=2'],
    ['/member/loan_statement/ส1234?page=3#top', '/member/loan_statement/%E0%B8%AA1234?page=3#top'],
    ['/home', '/home'],
  ])('keeps the same-origin path %s', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });

  it.each([
    '//evil.example',
    '//evil.example/member/status',
    '/\\evil.example',
    '\\\\evil.example',
    '/%09/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '\t//evil.example',
    'https://evil.example',
    'https://evil.example/member/status',
    'http:evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'member/status',
    '',
    ' ',
    '///evil.example',
    '/\\/evil.example',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    '/%E0%A4%A',
    'https:/\\evil.example',
  ])('refuses %j', (value) => {
    const result = safeRedirect(value);
    expect(result).toBe('/member/status');
  });

  it('uses the fallback for missing values', () => {
    expect(safeRedirect(null)).toBe('/member/status');
    expect(safeRedirect(undefined, '/home')).toBe('/home');
  });
});
