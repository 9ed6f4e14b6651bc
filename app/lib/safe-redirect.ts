/** Where a member lands when no (acceptable) destination was asked for. */
export const DEFAULT_MEMBER_REDIRECT = '/member/status';

/**
 * Returns `target` as a same-origin path+query+hash, or `fallback`.
 *
 * Only the URL parser decides: `new URL(target, origin).origin === origin`. Prefix checks are not
 * enough — browsers strip tabs and newlines and treat `\` as `/`, so `/\t/evil.example` and
 * `/\evil.example` resolve to another host.
 */
export function safeRedirect(
  target: FormDataEntryValue | string | null | undefined,
  fallback: string = DEFAULT_MEMBER_REDIRECT,
): string {
  if (typeof target !== 'string' || !target.startsWith('/')) return fallback;
  // Also judge the value decoded once more: a target that turns hostile when some later hop
  // decodes it (`/%09/evil.example`) is refused too.
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return fallback;
  }
  const url = sameOrigin(target);
  if (!url || !sameOrigin(decoded)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

const BASE = 'https://sahakorn.invalid';

function sameOrigin(value: string): URL | null {
  try {
    const url = new URL(value, BASE);
    return url.origin === BASE ? url : null;
  } catch {
    return null;
  }
}
