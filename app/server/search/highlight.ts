/**
 * Highlighting of search results (ADR 013). The output is a list of text parts, some marked: the
 * view renders each part as a text node (React escapes it) and the marked ones inside `<mark>`.
 * No HTML string is ever built from the query or the stored text, so neither can inject markup.
 */

import { wordBoundaries } from './segment';

export interface HighlightPart {
  text: string;
  /** True for a part that matches one of the query's words. */
  mark: boolean;
}

/** Syntax characters (the only ones a `u`-flag pattern may escape). */
const REGEXP_SPECIAL = /[.*+?^${}()|[\]\\/]/g;

/** A matcher for any of `terms` (longest first, case-insensitive), or null when there is none. */
function matcher(terms: readonly string[]): RegExp | null {
  const unique = [...new Set(terms.map((t) => t.normalize('NFC')).filter((t) => t.length > 0))];
  if (!unique.length) return null;
  unique.sort((a, b) => b.length - a.length);
  return new RegExp(unique.map((t) => t.replace(REGEXP_SPECIAL, '\\$&')).join('|'), 'giu');
}

/**
 * Split `text` into parts, marking every occurrence of any of `terms`; adjacent marks merge. Marks
 * are whole words, as the index segments them (`wordBoundaries`): an occurrence that starts or ends
 * inside a word ('เงิน' inside เงินปันผล, which the index keeps as one word) is widened to the whole
 * word, so a visitor never sees a fragment of a word marked.
 */
export function highlight(text: string, terms: readonly string[]): HighlightPart[] {
  const source = text.normalize('NFC');
  const re = matcher(terms);
  if (!re || !source) return source ? [{ text: source, mark: false }] : [];
  const bounds = wordBoundaries(source);
  const wordStart = (at: number) => {
    while (at > 0 && !bounds.has(at)) at--;
    return at;
  };
  const wordEnd = (at: number) => {
    while (at < source.length && !bounds.has(at)) at++;
    return at;
  };
  const parts: HighlightPart[] = [];
  const push = (piece: string, mark: boolean) => {
    if (!piece) return;
    const last = parts[parts.length - 1];
    if (last && last.mark === mark) last.text += piece;
    else parts.push({ text: piece, mark });
  };
  let at = 0;
  for (const m of source.matchAll(re)) {
    const end = wordEnd(m.index + m[0].length);
    // Already marked up to here (an earlier occurrence widened over this one).
    if (end <= at) continue;
    const start = Math.max(at, wordStart(m.index));
    push(source.slice(at, start), false);
    push(source.slice(start, end), true);
    at = end;
  }
  push(source.slice(at), false);
  return parts;
}

/** How many times any of `terms` occurs in `text` (what `find_note` counts for the Note). */
export function countMatches(text: string, terms: readonly string[]): number {
  const re = matcher(terms);
  if (!re) return 0;
  let n = 0;
  for (const _ of text.normalize('NFC').matchAll(re)) n++;
  return n;
}

let graphemes: Intl.Segmenter | undefined;

/**
 * A window of about `length` graphemes of `text` around the first match of `terms`, starting a
 * little before it, with '…' where text was cut. Cuts fall on grapheme boundaries, so Thai vowel
 * and tone marks never lose their consonant.
 */
export function excerpt(text: string, terms: readonly string[], length = 160, lead = 40): string {
  const source = text.normalize('NFC');
  graphemes ??= new Intl.Segmenter('th', { granularity: 'grapheme' });
  const clusters = Array.from(graphemes.segment(source), (s) => s.index);
  if (clusters.length <= length) return source;
  const re = matcher(terms);
  const hit = re ? (re.exec(source)?.index ?? 0) : 0;
  let first = clusters.findIndex((index) => index >= hit);
  if (first < 0) first = 0;
  const start = Math.max(0, Math.min(first - lead, clusters.length - length));
  const end = start + length;
  const from = clusters[start] ?? 0;
  const to = end < clusters.length ? (clusters[end] ?? source.length) : source.length;
  return `${start > 0 ? '…' : ''}${source.slice(from, to).trim()}${to < source.length ? '…' : ''}`;
}
