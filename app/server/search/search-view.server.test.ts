import { describe, expect, it } from 'vitest';

import { SEARCH_TEXT } from '~/components/info/search';

import { queryError, recommendedHref, toSearchView } from './search-view.server';

describe('search view', () => {
  it('requires a query of at most 100 characters', () => {
    expect(queryError('')).toBe(SEARCH_TEXT.required);
    expect(queryError('ก'.repeat(100))).toBeNull();
    expect(queryError('ก'.repeat(101))).toBe(SEARCH_TEXT.tooLong);
  });

  it('links recommended items only to paths here or http(s) pages', () => {
    expect(recommendedHref('/list/news_relations')).toBe('/list/news_relations');
    expect(recommendedHref('https://www.example.org/x')).toBe('https://www.example.org/x');
    for (const bad of ['javascript:alert(1)', '//evil.example', '/\\evil.example', 'list/news', '']) {
      expect(recommendedHref(bad)).toBeNull();
    }
  });

  it('highlights the title, and shows the Note only when it contains the query', () => {
    const view = toSearchView('เงินปันผล', {
      found: true,
      total: 2,
      hits: [
        { no: 7, question: 'จ่ายเงินปันผลประจำปี', note: 'ตามมติ จ่ายเงินปันผลร้อยละ 5', findNote: 1 },
        { no: 8, question: 'เงินปันผลพิเศษ', note: 'ไม่มีคำนั้นในเนื้อหา', findNote: 0 },
      ],
      recommended: [
        { question: 'ระเบียบ', note: '/list/rules' },
        { question: 'อันตราย', note: 'javascript:alert(1)' },
      ],
    });
    expect(view.result?.hits[0]).toEqual({
      no: 7,
      href: '/show/7',
      question: [
        { text: 'จ่าย', mark: false },
        { text: 'เงินปันผล', mark: true },
        { text: 'ประจำปี', mark: false },
      ],
      note: [
        { text: 'ตามมติ จ่าย', mark: false },
        { text: 'เงินปันผล', mark: true },
        { text: 'ร้อยละ 5', mark: false },
      ],
    });
    expect(view.result?.hits[1]?.note).toBeNull();
    expect(view.recommended).toEqual([{ label: 'ระเบียบ', href: '/list/rules' }]);
  });
});
