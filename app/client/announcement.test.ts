import { describe, expect, it } from 'vitest';

import { freshSeen, readAnnouncement, SEEN_FOR_MS } from './announcement';

describe('an announcement as the page shows it', () => {
  it('keeps a title, a body and a content number or slug, trimmed and bounded', () => {
    expect(readAnnouncement({ title: ' ประกาศ ', body: ' เนื้อหา ', url: 42 })).toEqual({
      title: 'ประกาศ',
      body: 'เนื้อหา',
      url: '42',
    });
    const long = readAnnouncement({ title: 'ก'.repeat(300), body: 'ข'.repeat(600), url: 'news-2569' });
    expect(long?.title).toHaveLength(200);
    expect(long?.body).toHaveLength(500);
    expect(readAnnouncement({ title: 'ประกาศ', url: '12' })).toEqual({ title: 'ประกาศ', body: '', url: '12' });
  });

  it('refuses one without a title or with an address outside this site', () => {
    expect(readAnnouncement({ title: ' ', url: '12' })).toBeNull();
    expect(readAnnouncement({ body: 'x', url: '12' })).toBeNull();
    for (const url of [
      'https://evil.example/',
      '//evil.example',
      '../member',
      'a/b',
      '',
      'javascript:alert(1)',
      'x'.repeat(101),
    ])
      expect(readAnnouncement({ title: 'ประกาศ', url }), url).toBeNull();
    expect(readAnnouncement(null)).toBeNull();
    expect(readAnnouncement('ประกาศ')).toBeNull();
  });
});

describe('the record of announcements shown', () => {
  it('forgets what is older than a minute, and anything without a time', () => {
    const now = 1_000_000;
    expect(freshSeen({ a: now - 10, b: now - SEEN_FOR_MS, c: 'x', d: null }, now)).toEqual({ a: now - 10 });
    expect(freshSeen(null, now)).toEqual({});
    expect(freshSeen('[]', now)).toEqual({});
  });
});
