/**
 * Thai-aware text handling for the site search (ADR 013). The same functions run when an item is
 * stored in the index and when a query arrives, so both sides split text identically.
 *
 * Thai is written without spaces between words, so whitespace splitting would make a whole
 * sentence one token. `Intl.Segmenter` (ICU's dictionary-based word breaker) finds the words:
 * 'การจ่ายเงินปันผลประจำปี' → การ | จ่าย | เงินปันผล | ประจำ | ปี.
 */

/**
 * Bumped whenever normalisation or segmentation changes; together with the ICU version it is
 * stored with the index, and a mismatch at start-up rebuilds the index.
 */
export const SEGMENTER_VERSION = 1;

/** A query longer than this is refused (a search box, not a document). */
export const MAX_QUERY_LENGTH = 100;
/** At most this many distinct words of a query are used. */
export const MAX_QUERY_TERMS = 10;
/** Words longer than this (URLs, long numbers) are cut before storing or matching. */
const MAX_TERM_LENGTH = 64;

let words: Intl.Segmenter | undefined;

/**
 * Canonical form for matching: Unicode NFC, lower case, zero-width characters removed, runs of
 * whitespace collapsed to one space, trimmed.
 */
export function normalizeText(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\u200b-\u200d\u2060\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of `text` (normalised, in order, repeats kept); punctuation and spaces are dropped. */
export function segmentWords(text: string): string[] {
  words ??= new Intl.Segmenter('th', { granularity: 'word' });
  const out: string[] = [];
  for (const s of words.segment(normalizeText(text))) {
    if (s.isWordLike) out.push(s.segment.slice(0, MAX_TERM_LENGTH));
  }
  return out;
}

/**
 * Where the words of `text` start and end (UTF-16 offsets into `text` as given, which is not
 * normalised): the index's segmentation, for marking whole words in results (`highlight`).
 */
export function wordBoundaries(text: string): Set<number> {
  words ??= new Intl.Segmenter('th', { granularity: 'word' });
  const bounds = new Set<number>([0, text.length]);
  for (const s of words.segment(text)) {
    bounds.add(s.index);
    bounds.add(s.index + s.segment.length);
  }
  return bounds;
}

/** How often each word occurs in `text` (what the index stores per item and field). */
export function termCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of segmentWords(text)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

/**
 * The distinct words of a query, at most MAX_QUERY_TERMS. A query with no word in it (only
 * punctuation, say '%%') is kept whole, so it is still looked for as a substring.
 */
export function queryTerms(query: string): string[] {
  const terms = [...new Set(segmentWords(query))].slice(0, MAX_QUERY_TERMS);
  if (terms.length) return terms;
  const whole = normalizeText(query);
  return whole ? [whole.slice(0, MAX_TERM_LENGTH)] : [];
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  laquo: '«',
  raquo: '»',
  ldquo: '“',
  rdquo: '”',
  lsquo: '‘',
  rsquo: '’',
};

/** `&amp;`, `&nbsp;`, `&#3585;` … as the characters they stand for (unknown names are left as they are). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * Plain text of a content item's HTML body (the Note), for the index and for result excerpts.
 * The result is only ever rendered as text (escaped), so this need not be a full HTML parser:
 * script and style bodies and comments are dropped, tags become spaces, entities are decoded.
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^<>]*>/g, ' ');
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}
