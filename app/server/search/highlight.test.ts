import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { Highlighted } from '~/components/info/search';

import { countMatches, excerpt, highlight } from './highlight';
import { wordBoundaries } from './segment';

describe('highlight', () => {
  it('marks every occurrence, case-insensitively, keeping the text whole', () => {
    const parts = highlight('Dividend: การจ่ายเงินปันผล และเงินปันผลพิเศษ', ['เงินปันผล', 'dividend']);
    expect(parts).toEqual([
      { text: 'Dividend', mark: true },
      { text: ': การจ่าย', mark: false },
      { text: 'เงินปันผล', mark: true },
      { text: ' และ', mark: false },
      { text: 'เงินปันผล', mark: true },
      { text: 'พิเศษ', mark: false },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe('Dividend: การจ่ายเงินปันผล และเงินปันผลพิเศษ');
  });

  it('prefers the longest term and merges adjacent marks', () => {
    expect(highlight('เงินปันผล', ['เงิน', 'เงินปันผล', 'ปันผล'])).toEqual([{ text: 'เงินปันผล', mark: true }]);
  });

  it('marks whole words as the index segments them, never a fragment of a word', () => {
    // The index keeps เงินปันผล as one word: 'เงิน' found inside it marks the whole word.
    expect(highlight('การจ่ายเงินปันผลประจำปี', ['เงิน'])).toEqual([
      { text: 'การจ่าย', mark: false },
      { text: 'เงินปันผล', mark: true },
      { text: 'ประจำปี', mark: false },
    ]);
    // It splits เงินฝาก into เงิน | ฝาก: there 'เงิน' is a word of its own.
    expect(highlight('บัญชีเงินฝากออมทรัพย์', ['เงิน'])).toEqual([
      { text: 'บัญชี', mark: false },
      { text: 'เงิน', mark: true },
      { text: 'ฝากออมทรัพย์', mark: false },
    ]);
    // A partly typed Latin word marks the word it is part of.
    expect(highlight('Dividends paid', ['divi'])).toEqual([
      { text: 'Dividends', mark: true },
      { text: ' paid', mark: false },
    ]);
  });

  it('starts and ends every mark on a word boundary of the index', () => {
    const text = 'สหกรณ์ออมทรัพย์แจ้งการจ่ายเงินปันผลและเงินเฉลี่ยคืน ขอกู้เงินสามัญ สหกรณ์ฯ';
    const bounds = wordBoundaries(text);
    for (const terms of [['เงิน'], ['ปันผล'], ['ออม'], ['กู้เงิน'], ['ณ์ฯ'], ['สหกรณ์ฯ'], ['เฉลี่ย', 'คืน']]) {
      let at = 0;
      for (const part of highlight(text, terms)) {
        if (part.mark) {
          expect(bounds.has(at), `${terms.join()} starts inside a word`).toBe(true);
          expect(bounds.has(at + part.text.length), `${terms.join()} ends inside a word`).toBe(true);
        }
        at += part.text.length;
      }
      expect(
        highlight(text, terms).some((p) => p.mark),
        terms.join(),
      ).toBe(true);
    }
  });

  it('treats regular-expression characters in terms literally', () => {
    expect(highlight('a.b axb (c)', ['a.b', '(c)'])).toEqual([
      { text: 'a.b', mark: true },
      { text: ' axb ', mark: false },
      { text: '(c)', mark: true },
    ]);
  });

  it('returns the text unmarked without terms', () => {
    expect(highlight('ข่าว', [])).toEqual([{ text: 'ข่าว', mark: false }]);
    expect(highlight('', ['x'])).toEqual([]);
  });
});

describe('rendered highlight', () => {
  const render = (text: string, terms: string[]) =>
    renderToStaticMarkup(createElement(Highlighted, { parts: highlight(text, terms) }));

  it('escapes markup in the stored text and wraps matches in <mark>', () => {
    const html = render('<script>alert("x")</script> เงินปันผล', ['เงินปันผล']);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('<mark>เงินปันผล</mark>');
  });

  it('escapes markup in the query when it matches', () => {
    const html = render('ข้อความ <img src=x onerror=alert(1)> จบ', ['<img src=x onerror=alert(1)>']);
    expect(html).toBe('ข้อความ <mark>&lt;img src=x onerror=alert(1)&gt;</mark> จบ');
  });
});

describe('countMatches', () => {
  it('counts occurrences of any term', () => {
    expect(countMatches('เงินปันผล และ เงินเฉลี่ยคืน เงินปันผล', ['เงินปันผล'])).toBe(2);
    expect(countMatches('ไม่มี', ['เงินปันผล'])).toBe(0);
  });
});

describe('excerpt', () => {
  const long = `${'ก'.repeat(300)} เงินปันผล ${'ข'.repeat(300)}`;

  it('returns short text unchanged', () => {
    expect(excerpt('ข้อความสั้น', ['สั้น'])).toBe('ข้อความสั้น');
  });

  it('cuts a window around the first match with ellipses', () => {
    const cut = excerpt(long, ['เงินปันผล'], 60, 10);
    expect(cut.startsWith('…')).toBe(true);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut).toContain('เงินปันผล');
  });

  it('never splits a Thai grapheme', () => {
    const text = 'ที่'.repeat(200);
    const cut = excerpt(text, ['zzz'], 50);
    expect(cut).toBe(`${'ที่'.repeat(50)}…`);
  });
});
