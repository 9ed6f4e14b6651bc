/**
 * React 18.3's Node stream writer flushes its whole 2 KiB buffer when a multi-byte character does
 * not fit at the end, unused zero bytes included (react#31134), so Thai pages carried U+0000 at
 * chunk boundaries (dropped by browsers in text, but U+FFFD inside attributes and titles). UTF-8
 * never has a zero byte inside another character, so removing them restores the exact document.
 *
 * Every Thai page of some size has them, so this runs on most documents: the zero bytes are found
 * with the native `indexOf` and the runs between them copied once (a byte-by-byte filter cost more
 * than rendering the page, docs/performance.md).
 */
export function withoutNulBytes(body: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  let zero = body.indexOf(0);
  if (zero === -1) return body;
  const runs: Buffer[] = [];
  let start = 0;
  while (zero !== -1) {
    if (zero > start) runs.push(body.subarray(start, zero));
    start = zero + 1;
    zero = body.indexOf(0, start);
  }
  if (start < body.length) runs.push(body.subarray(start));
  return Buffer.concat(runs) as Buffer<ArrayBuffer>;
}
