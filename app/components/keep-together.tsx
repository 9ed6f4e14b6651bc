import { Fragment, type ReactNode } from 'react';

/**
 * What must not break across lines in running Thai text (ADR 110): a phone number ("02-123-4567",
 * which a browser would break at its hyphens) and a time with its unit ("15.00 น."). One pattern, used
 * wherever the site prints opening hours or a phone number.
 */
const UNBREAKABLE = /(\+?\d[\d-]{6,}\d|\d{1,2}[.:]\d{2}\s?น\.)/g;

/** The pieces of `text`, each marked whether it is kept on one line. */
export function unbreakableParts(text: string): Array<{ text: string; keep: boolean }> {
  // split() with the pattern's one group puts each match at an odd index.
  return text
    .split(UNBREAKABLE)
    .map((part, i) => ({ text: part, keep: i % 2 === 1 }))
    .filter((part) => part.text !== '');
}

/** `text` with its phone numbers and times in `nowrap` spans; everything else breaks as usual. */
export function KeepTogether({ text }: { text: string }): ReactNode {
  return unbreakableParts(text).map((part, i) =>
    part.keep ? (
      <span key={i} className="nowrap">
        {part.text}
      </span>
    ) : (
      <Fragment key={i}>{part.text}</Fragment>
    ),
  );
}

/**
 * `text` as one unbreakable run (its spaces no-break spaces): a month with its year, a figure with its
 * unit, an age. It stays one text node, so a screen reader still says it as one phrase.
 */
export function noBreak(text: string): string {
  return text.replaceAll(' ', '\u00a0');
}
