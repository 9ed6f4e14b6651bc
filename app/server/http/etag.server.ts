import { createHash } from 'node:crypto';

/**
 * ETag of a page whatever its CSP nonce: the same content gives the same tag on every request, so a
 * browser or a shared cache can revalidate a public page with `If-None-Match` and get a 304.
 */
export function pageEtag(body: string, nonce: string | undefined): string {
  const hash = createHash('sha1');
  hash.update(nonce ? body.replaceAll(nonce, '') : body);
  return `W/"${hash.digest('base64url')}"`;
}

/** Does an `If-None-Match` header match this tag (weak comparison, lists, `*`)? */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string | null | undefined): boolean {
  if (!ifNoneMatch || !etag) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}
