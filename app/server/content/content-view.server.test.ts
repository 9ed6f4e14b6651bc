import { describe, expect, it } from 'vitest';

import { createContentImageResolver } from './content-image.server';
import { cardView, categoryView, itemView, listCardView, parsePage, videoView } from './content-view.server';
import type { ContentItem, ContentListItem } from '../coop/types';

// Wednesday 15 January 2025, 14:00 in Bangkok.
const NOW = new Date('2025-01-15T07:00:00Z');
const images = createContentImageResolver({ probe: async (file) => !file.includes('missing') });

const summary: ContentListItem = {
  no: 1250,
  category: 'news',
  categoryLabel: 'ข่าวประชาสัมพันธ์',
  title: 'ประกาศ',
  postedAt: new Date('2025-01-14T07:05:00Z'),
  coverImage: null,
  defaultImage: 'news',
  bodyHtml: '<p>เนื้อหา</p>',
};

const item: ContentItem = {
  ...summary,
  categoryInfo: {
    code: 'news',
    label: 'ข่าวประชาสัมพันธ์',
    type: 'M',
    contentType: 'content',
    background: 'news',
    defaultImage: 'news',
  },
  bodyHtml: '<p onclick="alert(1)">ข่าว <b>สำคัญ</b></p><script>alert(1)</script><img src=x onerror=alert(1)>',
  author: 'ฝ่ายประชาสัมพันธ์',
  eventDate: '2025-01-10',
  gallery: [
    { file: 'images/a.png', caption: null },
    { file: 'images/missing.png', caption: null },
    { file: 'images/b.svg', caption: null },
    { file: 'images/c.jpg', caption: 'ประธานกล่าวเปิดงาน' },
  ],
  attachments: [
    { file: 'files/แบบคำขอ.pdf', label: 'แบบคำขอกู้', sizeBytes: 153_600 },
    { file: 'files/b.docx', label: 'ตัวอย่าง', sizeBytes: null },
  ],
  videoUrl: null,
};

describe('cards', () => {
  it('truncates titles at 120 and excerpts at 80 graphemes, with relative dates', async () => {
    const long = 'ที่'.repeat(130);
    const card = await listCardView({ ...summary, title: long, bodyHtml: `<p>${'น้ำ'.repeat(100)}</p>` }, images, NOW);
    expect(card.title).toBe(`${'ที่'.repeat(120)}…`);
    expect(card.fullTitle).toBe(long);
    expect(card.excerpt).toBe(`${'น้ำ'.repeat(80)}…`);
    expect(card.posted).toBe('เมื่อวาน เวลา 14:05\u00a0น.');
    expect(card.href).toBe('/show/1250');
    expect(card.picture).toEqual({ src: '/picture/Utils/ContentDefault/news.png', isDefault: true });
  });

  it('keeps a short title whole and shows a cover that passes the check', async () => {
    const card = await cardView({ ...summary, coverImage: 'images/a.png' }, images, NOW);
    expect(card.fullTitle).toBeNull();
    expect(card.picture).toEqual({ src: '/mediafiles/images/a.png', isDefault: false });
  });

  it('links listed categories and gives them their background class', () => {
    expect(categoryView(item.categoryInfo)).toEqual({
      code: 'news',
      label: 'ข่าวประชาสัมพันธ์',
      href: '/list/news',
      className: 'topic topic--news',
    });
    expect(categoryView({ ...item.categoryInfo, code: 'policy', type: 'A', background: null }).href).toBeNull();
  });
});

describe('itemView', () => {
  it('sanitises the body and describes the page in plain text', async () => {
    const view = await itemView(item, images);
    expect(view.bodyHtml).toBe('<p>ข่าว <b>สำคัญ</b></p><img src="x" loading="lazy" decoding="async" />');
    expect(view.description).toBe('ข่าว สำคัญ');
    expect(view.posted).toBe('14 มกราคม 2568 เวลา 14:05\u00a0น.');
    expect(view.eventDate).toBe('10 มกราคม 2568');
  });

  it('shows only gallery photos that pass the check, with alternative text', async () => {
    const view = await itemView(item, images);
    expect(view.gallery).toEqual([
      { src: '/mediafiles/images/a.png', alt: 'ภาพที่ 1 จาก 2: ประกาศ' },
      { src: '/mediafiles/images/c.jpg', alt: 'ประธานกล่าวเปิดงาน' },
    ]);
    expect(view.cover).toBeNull();
  });

  it('lists attachments with their type and size', async () => {
    const view = await itemView(item, images);
    expect(view.attachments).toEqual([
      {
        href: '/mediafiles/files/%E0%B9%81%E0%B8%9A%E0%B8%9A%E0%B8%84%E0%B8%B3%E0%B8%82%E0%B8%AD.pdf',
        label: 'แบบคำขอกู้',
        type: 'PDF',
        size: '150 KB',
      },
      { href: '/mediafiles/files/b.docx', label: 'ตัวอย่าง', type: 'DOCX', size: null },
    ]);
  });
});

describe('videoView', () => {
  it('links http(s) videos and names the host', () => {
    expect(videoView('https://www.youtube.com/watch?v=abcdefghijk')).toEqual({
      href: 'https://www.youtube.com/watch?v=abcdefghijk',
      host: 'youtube.com',
    });
    for (const bad of [null, '', 'javascript:alert(1)', 'data:text/html,x', 'not a url', '//evil.example/x']) {
      expect(videoView(bad), String(bad)).toBeNull();
    }
  });
});

describe('parsePage', () => {
  it.each([
    ['', 1],
    ['?page=', 1],
    ['?page=1', 1],
    ['?page=2', 2],
    ['?page=10000', 10000],
    ['?page=10001', null],
    ['?page=0', null],
    ['?page=-1', null],
    ['?page=01', null],
    ['?page=1.5', null],
    ['?page=abc', null],
    ['?page=2&page=3', 2],
  ] as const)('%s → %s', (search, expected) => {
    expect(parsePage(new URL(`http://x/list/news${search}`))).toBe(expected);
  });
});
