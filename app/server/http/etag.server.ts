import { hash } from 'node:crypto';

/**
 * ETag of a page whatever its CSP nonce: the same content gives the same tag on every request, so a
 * browser or a shared cache can revalidate a public page with `If-None-Match` and get a 304. A page
 * that carries no nonce may be given as the bytes it is sent as (they are hashed as they are).
 */
export function pageEtag(page: string | Uint8Array, nonce: string | undefined): string {
  return `W/"${hash('sha1', typeof page === 'string' && nonce ? page.replaceAll(nonce, '') : page, 'base64url')}"`;
}

/** Does an `If-None-Match` header match this tag (weak comparison, lists, `*`)? */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string | null | undefined): boolean {
  if (!ifNoneMatch || !etag) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}
