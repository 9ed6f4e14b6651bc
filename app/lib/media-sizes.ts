/**
 * Pictures that staff upload are stored at most 1600 px wide with an 800 px copy named `…-w800.jpg`
 * (ADR 061). For those, `srcset` lets phones take the small copy; other stored pictures have none.
 */
const UPLOADED = /^(\/mediafiles\/content\/\d{4}\/\d{2}\/[0-9a-f]{24})\.jpg$/;

export function phoneSources(src: string, sizes: string): { srcSet: string; sizes: string } | null {
  const base = UPLOADED.exec(src)?.[1];
  return base ? { srcSet: `${base}-w800.jpg 800w, ${src} 1600w`, sizes } : null;
}
