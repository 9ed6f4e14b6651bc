/** Where a member lands when no (acceptable) destination was asked for. */
export const DEFAULT_MEMBER_REDIRECT = '/member/status';

const BASE = 'https://sahakorn.invalid';

/**
 * Returns `target` as a same-origin path+query+hash, or `fallback`.
 *
 * The URL parser decides, never a prefix check: browsers strip tabs and newlines and treat `\` as
 * `/`, so `/\t/evil.example` and `/\evil.example` resolve to another host. The value is parsed
 * with `new URL(value, origin)` and must stay on that origin; the answer is then rebuilt from the
 * parsed pathname, which must not start with `//` or `/\`: dot segments are resolved by the parser,
 * so `/.//evil.example` has the pathname `//evil.example`, which a browser would read as another
 * host. The same holds for the value decoded once more (`/%2e%2e//evil.example`,
 * `/%2F%2Fevil.example`): a target that turns hostile when some later hop decodes it is refused too.
 */
export function safeRedirect(
  target: FormDataEntryValue | string | null | undefined,
  fallback: string = DEFAULT_MEMBER_REDIRECT,
): string {
  if (typeof target !== 'string' || !target.startsWith('/')) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return fallback;
  }
  const url = sameOriginPath(target);
  if (!url || !sameOriginPath(decoded)) return fallback;
  const rebuilt = `${url.pathname}${url.search}${url.hash}`;
  // The rebuilt value must read back as the same path on this site (belt and braces).
  const again = sameOriginPath(rebuilt);
  return again && again.pathname === url.pathname ? rebuilt : fallback;
}

/** `value` parsed against this site, if it stays on it with a pathname that is not `//…` or `/\…`. */
function sameOriginPath(value: string): URL | null {
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const second = url.pathname.charAt(1);
  return second === '/' || second === '\\' ? null : url;
}
