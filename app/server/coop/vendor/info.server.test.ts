import { describe, expect, it } from 'vitest';

import { defaultImageFor } from '../http/http-backend.server';
import { infoHome, infoList, infoManu, infoShow, smartSearch } from '../http/schemas.server';
import type { ContentCategory, ContentItem, ContentListItem, ContentSummary, MenuEntry } from '../types';
import {
  infoHomeBody,
  infoListBody,
  infoManuBody,
  infoShowBody,
  legalListBody,
  smartSearchBody,
  unknownListBody,
  unknownShowBody,
} from './info.server';

const wire = (body: unknown): unknown => JSON.parse(JSON.stringify(body)) as unknown;

const category: ContentCategory = {
  code: 'news_activity',
  label: 'ข่าวกิจกรรม',
  type: 'M',
  contentType: 'content',
  // What the adapter can know of a category (ADR 018): the code as background, the picture by code.
  background: 'news_activity',
  defaultImage: defaultImageFor('news_activity'),
};

const summary = (no: number, cat: string, label: string, day: number): ContentSummary => ({
  no,
  category: cat,
  categoryLabel: label,
  title: `ข่าวที่ ${no}`,
  postedAt: new Date(Date.UTC(2024, 5, day, 3, 4, 5, 678)),
  coverImage: no % 2 ? `content/${no}.jpg` : null,
  defaultImage: defaultImageFor(cat),
});

const item: ContentItem = {
  ...summary(1250, 'news_activity', 'ข่าวกิจกรรม', 3),
  categoryInfo: category,
  bodyHtml: '<p>กิจกรรม &amp; ภาพ</p>',
  author: 'ฝ่ายประชาสัมพันธ์',
  eventDate: '2024-06-01',
  gallery: [
    { file: 'gallery/1250-1.jpg', caption: 'พิธีเปิด' },
    { file: 'gallery/1250-2.jpg', caption: null },
  ],
  attachments: [
    { file: 'files/1250.pdf', label: 'กำหนดการ', sizeBytes: 48_213 },
    { file: 'files/1250-2.docx', label: 'ใบสมัคร', sizeBytes: null },
  ],
  videoUrl: null,
};

describe('vendor serializers of the public feeds: the adapter reads back what they write', () => {
  it('manu: entries, their children by the parent seq, and the footer phones', () => {
    const menu: MenuEntry[] = [
      { seq: 1, label: 'หน้าแรก', labelEn: 'Home', url: '/home', icon: null, isParent: false, children: [] },
      {
        seq: 2,
        label: 'เกี่ยวกับสหกรณ์',
        labelEn: null,
        url: null,
        icon: 'info',
        isParent: true,
        children: [
          { seq: 1, label: 'ประวัติ', url: '/show/1246' },
          { seq: 2, label: 'คณะกรรมการ', url: '/list/board' },
        ],
      },
    ];
    const phones = [{ label: 'สำนักงาน', link: 'tel:021234567' }];
    expect(infoManu.parse(wire(infoManuBody(menu, phones)))).toEqual({ menu, phones });
  });

  it('home: banners, gallery and the latest news, newest first, each in its category block', () => {
    const latest = [
      summary(12, 'news_relations', 'ข่าวประชาสัมพันธ์', 9),
      summary(11, 'news_activity', 'ข่าวกิจกรรม', 8),
      summary(10, 'cremation_news', 'ข่าวฌาปนกิจ', 7),
    ];
    const banners = [summary(20, 'banner', 'ป้ายประชาสัมพันธ์', 1)];
    const gallery = [summary(30, 'pic_activity', 'ภาพกิจกรรม', 2)];
    const rates = {
      deposit: [
        { name: 'เงินฝากออมทรัพย์', rate: '1.50', note: null, effectiveDate: '2024-01-01' },
        { name: 'เงินฝากออมทรัพย์พิเศษ', rate: '3.00', note: 'ขั้นต่ำ 1,000 บาท', effectiveDate: '2024-01-01' },
      ],
      loan: [{ name: 'เงินกู้สามัญ', rate: '6.25', note: null, effectiveDate: '2024-03-01' }],
    };
    const body = infoHomeBody({ latest, banners, gallery, rates });
    expect((body.news_activity as unknown[]).length).toBe(1);
    const parsed = infoHome.parse(wire(body));
    // Sahakorn's rate tables (ADR 025), beside the vendor's blocks.
    expect(parsed.rates).toEqual(rates);
    expect(wire(body)).toMatchObject({
      rates: { loan: [{ name: 'เงินกู้สามัญ', rate: '6.25', note: null, effective_date: '2024-03-01' }] },
    });
    expect(
      infoHome.parse(wire(infoHomeBody({ latest, banners, gallery, rates: { deposit: [], loan: [] } }))).rates,
    ).toEqual({ deposit: [], loan: [] });
    expect(parsed.slider_banner.map((r) => r.no)).toEqual([20]);
    expect(parsed.pic_activity.map((r) => ({ no: r.no, date: r.date, nphoto: r.nphoto }))).toEqual([
      { no: 30, date: gallery[0]?.postedAt, nphoto: null },
    ]);
    const news = [...parsed.news_relations, ...parsed.news_activity, ...parsed.cremation_news];
    expect(
      news.map((r) => ({ no: r.no, category: r.category, title: r.question, date: r.date, cover: r.nphoto })),
    ).toEqual(
      latest.map((s) => ({ no: s.no, category: s.category, title: s.title, date: s.postedAt, cover: s.coverImage })),
    );
  });

  it('list: a paged category with its facts; an unknown one as the vendor answers it', () => {
    const rows: ContentListItem[] = [
      { ...summary(7, 'news_activity', 'ข่าวกิจกรรม', 5), bodyHtml: '<p>หนึ่ง</p>' },
      { ...summary(6, 'news_activity', 'ข่าวกิจกรรม', 4), bodyHtml: '' },
    ];
    const parsed = infoList.parse(wire(infoListBody(category, { rows, total: 8, page: 2, pageSize: 6 }, 'p')));
    expect(parsed).toMatchObject({ types: category.label, gtype: 'M', content_type: 'content' });
    expect(parsed.list_data).toMatchObject({ total: 8, page: 2, perPage: 6, paged: true });
    expect(parsed.list_data.rows.map((r) => [r.no, r.question, r.note, r.date, r.nphoto])).toEqual(
      rows.map((r) => [r.no, r.title, r.bodyHtml, r.postedAt, r.coverImage]),
    );
    const unknown = infoList.parse(wire(unknownListBody()));
    expect(unknown.types).toBeNull();
    expect(unknown.list_data.rows).toEqual([]);
    // A list's rows are summaries: no `attachments` key (the vendor's reading, the first in ndata).
    expect(parsed.list_data.rows.map((r) => r.attachments)).toEqual([null, null]);
    const legal = infoList.parse(wire(legalListBody(item)));
    expect(legal.list_data.rows.map((r) => [r.no, r.note, r.attachments])).toEqual([
      [item.no, item.bodyHtml, item.attachments],
    ]);
  });

  it('show: the item, its gallery with captions and its attachments (the first in ndata); a missing one as {show: null}', () => {
    const parsed = infoShow.parse(wire(infoShowBody(item)));
    expect(parsed).toMatchObject({ types: category.label, gtype: 'M', content_type: 'content' });
    expect(parsed.show).toMatchObject({
      no: item.no,
      category: item.category,
      question: item.title,
      note: item.bodyHtml,
      name: item.author,
      date: item.postedAt,
      replaydate: item.eventDate,
      nphoto: null,
      ndata: 'files/1250.pdf',
      nmedia: null,
      datadisable: false,
    });
    expect(parsed.pic_activity.map((p) => ({ file: p.path_img, caption: p.caption }))).toEqual(item.gallery);
    expect(parsed.show?.attachments).toEqual(item.attachments);
    expect(wire(infoShowBody(item))).toMatchObject({
      show: {
        attachments: [
          { file: 'files/1250.pdf', label: 'กำหนดการ', size_bytes: '48213' },
          { file: 'files/1250-2.docx', label: 'ใบสมัคร', size_bytes: null },
        ],
      },
    });
    expect(infoShow.parse(wire(unknownShowBody())).show).toBeNull();
  });

  it("show: the cover's alternative text travels as cover_alt (ADR 121); an item without one reads null", () => {
    const withAlt = { ...item, coverImage: 'content/1250.jpg', coverAlt: 'ผู้จัดการมอบทุนแก่บุตรสมาชิก' };
    expect(wire(infoShowBody(withAlt))).toMatchObject({ show: { cover_alt: 'ผู้จัดการมอบทุนแก่บุตรสมาชิก' } });
    expect(infoShow.parse(wire(infoShowBody(withAlt))).show?.cover_alt).toBe('ผู้จัดการมอบทุนแก่บุตรสมาชิก');
    expect(infoShow.parse(wire(infoShowBody(item))).show?.cover_alt).toBeNull();
  });

  it('smartsearch: hits and recommended links; nothing found as CWL0004ERROR', () => {
    const result = {
      found: true,
      total: 1,
      hits: [{ no: 5, question: 'เงินกู้สามัญ', note: 'อัตราดอกเบี้ย', findNote: 1 }],
      recommended: [{ question: 'ติดต่อเรา', note: '/show/1' }],
    };
    const parsed = smartSearch.parse(wire(smartSearchBody(result)));
    expect(parsed.code).toBe('CWL200SUCCESS');
    expect(parsed.result).toEqual({ issearchfound: true, result: result.hits, recommened: result.recommended });
    const none = smartSearch.parse(wire(smartSearchBody({ ...result, found: false, hits: [], total: 0 })));
    expect(none.code).toBe('CWL0004ERROR');
    expect(none.result).toEqual({ issearchfound: false, result: [], recommened: result.recommended });
  });
});
