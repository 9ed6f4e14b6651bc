import { describe, expect, it } from 'vitest';

import { MAX_QUERY_TERMS, htmlToText, normalizeText, queryTerms, segmentWords, termCounts } from './segment';

describe('segmentWords', () => {
  it('finds เงินปันผล inside unspaced Thai text', () => {
    const words = segmentWords('การจ่ายเงินปันผลประจำปี');
    expect(words).toContain('เงินปันผล');
    expect(words.join('')).toBe('การจ่ายเงินปันผลประจำปี');
  });

  it('splits a query the same way as the stored text', () => {
    const stored = new Set(segmentWords('สมาชิกยื่นกู้เงินกู้สามัญได้ที่สหกรณ์'));
    for (const term of queryTerms('เงินกู้สามัญ')) expect(stored.has(term)).toBe(true);
  });

  it('drops spaces and punctuation, lower-cases Latin and keeps numbers', () => {
    expect(segmentWords('ประจำปี 2567: Dividend!')).toEqual(['ประจำ', 'ปี', '2567', 'dividend']);
  });

  it('counts repeated words', () => {
    expect(termCounts('เงินฝาก เงินฝาก ออม').get('เงิน')).toBe(2);
  });
});

describe('normalizeText', () => {
  it('collapses whitespace, removes zero-width characters and lower-cases', () => {
    expect(normalizeText('  เงิน\u200bปันผล \n\t ABC  ')).toBe('เงินปันผล abc');
  });

  it('composes to NFC', () => {
    expect(normalizeText('e\u0301')).toBe('\u00e9');
  });
});

describe('queryTerms', () => {
  it('gives the distinct words of the query', () => {
    expect(queryTerms('เงินปันผล เงินปันผล')).toEqual(['เงินปันผล']);
  });

  it('keeps a query without words whole, so it is still looked for', () => {
    expect(queryTerms(' %_ ')).toEqual(['%_']);
    expect(queryTerms('   ')).toEqual([]);
  });

  it('uses at most MAX_QUERY_TERMS words', () => {
    const many = Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ');
    expect(queryTerms(many)).toHaveLength(MAX_QUERY_TERMS);
  });
});

describe('htmlToText', () => {
  it('removes tags, scripts and comments and decodes entities', () => {
    const html =
      '<p>ประกาศ&nbsp;<b>เงินปันผล</b></p><script>alert(1)</script><!-- x --><p>A &amp; B &#3585; &lt;i&gt;</p>';
    expect(htmlToText(html)).toBe('ประกาศ เงินปันผล A & B ก <i>');
  });
});
