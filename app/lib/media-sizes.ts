/**
 * Responsive content pictures (ADR 073): every content picture — a stored one under `/mediafiles/`
 * or a default picture of a content type — has WebP copies at these widths, made on first request
 * at `/img/{width}/{picture path}.webp` (app/server/content/picture-variants.server.ts).
 */
export const PICTURE_VARIANT_WIDTHS = [240, 480, 800, 1200] as const;

const HAS_VARIANTS = /^\/(?:mediafiles\/|picture\/Utils\/ContentDefault\/)/;

/**
 * The WebP `srcset` of a content picture, up to `maxWidth` (a card's picture never needs more than
 * 800 px), or null for a picture that has no copies.
 */
export function pictureVariants(src: string, maxWidth = 800): string | null {
  if (!HAS_VARIANTS.test(src)) return null;
  return PICTURE_VARIANT_WIDTHS.filter((width) => width <= maxWidth)
    .map((width) => `/img/${width}${src}.webp ${width}w`)
    .join(', ');
}
