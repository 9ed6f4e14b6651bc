/**
 * Trimming without regular expressions. `/x+$/` tries every start of a run of x that is not at the
 * end, so its cost grows with the square of the run's length; these loops are linear.
 */

/** `text` without the characters of `chars` at its end. */
export function trimEndOf(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1]!)) end--;
  return text.slice(0, end);
}

/** A path or URL without its trailing slashes. */
export const withoutTrailingSlashes = (text: string): string => trimEndOf(text, '/');
