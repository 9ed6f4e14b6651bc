/**
 * The paths of the vendor-compatible API we serve (ADR 019, `docs/vendor-api.md`), all answered by
 * the one resource route `app/routes/api.$.ts` (ADR 079). A `:name` segment is a parameter.
 * `endpoints.server.ts` gives each path its loader and action (its table is typed by this list, so
 * neither can name a path the other lacks); the request log names an API call by its path here.
 * No imports: the request log reads this without loading the endpoints.
 */
export const VENDOR_PATTERNS = [
  '/api/info/home',
  '/api/info/manu',
  '/api/info/list/smartsearch',
  '/api/info/list/:category',
  '/api/info/download',
  '/api/info/auth/is_admin',
  '/api/info/show/:no',
  '/api/info/board',
  '/api/info/board_show/:no',
  '/api/info/board_create',
  '/api/info/board_ans',
  '/api/info/demand',
  '/api/info/demand_show/:no',
  '/api/member/auth/login',
  '/api/member/auth/logout',
  '/api/member/auth/refresh',
  '/api/member/auth/getAuthUser',
  '/api/member/auth/register',
  '/api/member/auth/forget',
  '/api/member/auth/impersonate',
  '/api/member/member_status',
  '/api/member/member_share',
  '/api/member/searchMember_share',
  '/api/member/member_loan',
  '/api/member/member_loan_statement/:no',
  '/api/member/member_dep',
  '/api/member/member_dep_statement/:no',
  '/api/member/member_kep',
  '/api/member/member_kepcrem',
  '/api/member/member_coll',
  '/api/member/member_crem',
  '/api/member/member_gian',
  '/api/member/member_div',
  '/api/member/member_welfare',
  '/api/member/member_pass',
  '/api/member/wwwupload',
  '/api/member/termofconditional',
  '/api/member/termofconditional_accept',
  '/api/member/print_pdf/:year/:month',
] as const;

export type VendorPattern = (typeof VENDOR_PATTERNS)[number];

export interface VendorPathMatch {
  pattern: VendorPattern;
  /** The parameters' values, decoded as Remix decodes a route's parameters. */
  params: Record<string, string>;
}

/**
 * Remix matches routes case-insensitively with a regular expression without the `u` flag, which
 * folds ASCII letters only: so does this (a `toLowerCase` would also fold, say, the Kelvin sign).
 */
const fold = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

interface WithParams {
  pattern: VendorPattern;
  /** Folded fixed segments, and `:name` for a parameter. */
  segments: string[];
}

/** The paths without parameters, folded, and the few with them, by their number of segments. */
const EXACT = new Map<string, VendorPattern>();
const WITH_PARAMS = new Map<number, WithParams[]>();
for (const pattern of VENDOR_PATTERNS) {
  const segments = pattern.split('/').slice(1);
  if (!segments.some((segment) => segment.startsWith(':'))) {
    EXACT.set(fold(pattern), pattern);
    continue;
  }
  const folded = segments.map((segment) => (segment.startsWith(':') ? segment : fold(segment)));
  WITH_PARAMS.set(segments.length, [...(WITH_PARAMS.get(segments.length) ?? []), { pattern, segments: folded }]);
}

/**
 * The segments of a path as Remix's matching sees them: trailing slashes ignored, each segment
 * percent-decoded with a decoded `/` kept as `%2F` (so it stays inside its segment), or the path as
 * it is when it does not decode.
 */
function segmentsOf(pathname: string): string[] {
  let end = pathname.length;
  while (end > 1 && pathname[end - 1] === '/') end--;
  const raw = pathname.slice(1, end).split('/');
  try {
    return raw.map((segment) => decodeURIComponent(segment).replaceAll('/', '%2F'));
  } catch {
    return raw;
  }
}

/**
 * The endpoint a request path (`URL.pathname`, still encoded) names, and its parameters; null for
 * a path the API does not serve. Matched as Remix matched a route of its own to each endpoint: a
 * fixed path before one with parameters (`list/smartsearch` before `list/:category`), letters in
 * either case, trailing slashes ignored, a parameter never empty and never more than one segment.
 */
export function matchVendorPath(pathname: string): VendorPathMatch | null {
  const segments = segmentsOf(pathname);
  const exact = EXACT.get(fold(`/${segments.join('/')}`));
  if (exact) return { pattern: exact, params: {} };
  for (const candidate of WITH_PARAMS.get(segments.length) ?? []) {
    const params: Record<string, string> = {};
    const matches = candidate.segments.every((expected, i) => {
      const segment = segments[i] ?? '';
      if (!expected.startsWith(':')) return fold(segment) === expected;
      // Remix hands a parameter over with `%2F` as `/` again.
      params[expected.slice(1)] = segment.replaceAll('%2F', '/');
      return segment !== '';
    });
    if (matches) return { pattern: candidate.pattern, params };
  }
  return null;
}
