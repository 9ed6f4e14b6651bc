import {
  BrokenCircuitError,
  CircuitState as BreakerState,
  ConsecutiveBreaker,
  DelegateBackoff,
  TaskCancelledError,
  TimeoutStrategy,
  circuitBreaker,
  handleWhen,
  retry,
  timeout,
} from 'cockatiel';

import { CoopThrottledError, CoopUnavailableError } from '../types';

/**
 * The transport of the http backend (ADR 018): one small wrapper over Node's global fetch that joins
 * paths onto the core's base URL without ever leaving it, sends the vendor's headers and the bearer
 * token, and hands back the status and the parsed JSON (`http-backend.server.ts` decides what they
 * mean). Its resilience is cockatiel's policies (ADR 064): a timeout per attempt, one retry of a
 * read (with jitter) after a transport failure, and a circuit breaker that stops calling a core that
 * keeps failing. What is ours is the configuration: which failures are retried and which count
 * against the core.
 */

export type FailureReason =
  | 'timeout'
  | 'network'
  | 'http_5xx'
  | 'malformed_json'
  | 'too_large'
  | 'unexpected_status'
  | 'throttled'
  | 'circuit_open'
  | 'unexpected_shape'
  | 'refused'
  | 'member_mismatch'
  | 'unsupported';

/**
 * One log line per upstream failure. It names the vendor endpoint by its key in the paths table,
 * never by URL (paths carry contract and account numbers); it never holds a token or a body.
 */
export interface FailureLine {
  endpoint: string;
  method?: 'GET' | 'POST';
  reason: FailureReason;
  status?: number;
  attempts?: number;
  ms?: number;
  circuit?: CircuitState;
  /** Schema failures: where the body did not fit (`data1.0.membership_no: invalid_type`), no values. */
  issues?: string[];
  detail?: string;
}

export type CircuitState = 'closed' | 'open' | 'half-open';

export interface CoopClientOptions {
  /** `COOP_API_URL`: the core's base, e.g. `https://core.example/` (its `/api` routes hang below). */
  baseUrl: string;
  /** `COOP_TIMEOUT_MS`: one attempt, headers and body, must finish within this. */
  timeoutMs: number;
  /** Consecutive failed calls that open the circuit (default 5). */
  breakerThreshold?: number;
  /** How long an open circuit refuses calls before one probe may go (default 30 s). */
  breakerCoolDownMs?: number;
  /** The pause before the retry of a read: uniformly between min and max (default 100–400 ms). */
  retryDelayMs?: { min: number; max: number };
  /** Largest body accepted (default 8 MiB). */
  maxBodyBytes?: number;
  fetch?: typeof globalThis.fetch;
  /** The source of the retry's jitter (default `Math.random`). */
  random?: () => number;
  /** Where failure lines go (default: the app log at `warn`). */
  onFailure?: (line: FailureLine) => void;
  /** Told the pause before each retry, in ms (for tests and metrics). */
  onRetry?: (delayMs: number) => void;
}

export interface CoopRequest {
  /** Key of the vendor endpoint in the paths table: all that is logged about the call. */
  endpoint: string;
  method: 'GET' | 'POST';
  /** Relative to the base URL, segments already encoded (see `pathSegment`). */
  path: string;
  query?: Record<string, string | number | undefined>;
  /** The member's bearer token (from the session row, never from the browser). */
  token?: string;
  /** JSON body of a POST; member feeds are POSTs with an empty object. */
  body?: unknown;
  /** A read: may be retried once after a transport failure. Default: GET only. */
  read?: boolean;
  /** `json` (default) or `bytes` (a picture). */
  expect?: 'json' | 'bytes';
  /** Sent as `Idempotency-Key`: a Sahakorn core stores a repeated posting once (ADR 025). */
  idempotencyKey?: string;
  /** Further headers (the signed visitor address, ADR 042); never a token. */
  headers?: Record<string, string>;
}

export interface CoopResponse {
  status: number;
  headers: Headers;
  /** The parsed JSON (`undefined` for an empty body); `undefined` when bytes were asked for. */
  body: unknown;
  /** The raw bytes when `expect: 'bytes'`. */
  bytes: Uint8Array | null;
}

export interface CoopClient {
  request(req: CoopRequest): Promise<CoopResponse>;
  /** Record a failure found above the transport (a body of the wrong shape) in the same log. */
  report(line: FailureLine): void;
  circuit(): CircuitState;
}

/** A failure of one attempt; `retryable` ones are worth a second try on a read. */
class AttemptFailure extends Error {
  constructor(
    readonly reason: FailureReason,
    readonly retryable: boolean,
    readonly countsAgainstCore: boolean,
    readonly status?: number,
    /** A 429's `Retry-After` in seconds (the delta form), when sent. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(reason);
  }
}

/**
 * A path segment from a value (a contract or account number): percent-encoded, and null when it
 * could not be one segment (empty, `.` or `..`, which URL resolution would turn into a step up).
 */
export function pathSegment(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed || trimmed === '.' || trimmed === '..') return null;
  return encodeURIComponent(trimmed);
}

/**
 * `path` joined onto `base`, refusing anything that would leave it: absolute paths and URLs,
 * backslashes, dot segments (also percent-encoded ones), a query or fragment smuggled in the path.
 */
export function joinUrl(base: URL, path: string, query?: CoopRequest['query']): URL {
  const refuse = () => new CoopUnavailableError('coop request path refused');
  if (!path || /^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('/') || /[\\?#]/.test(path)) throw refuse();
  for (const segment of path.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      throw refuse();
    }
    if (decoded === '.' || decoded === '..' || segment === '') throw refuse();
  }
  const url = new URL(path, base);
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) throw refuse();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url;
}

/** The base URL with exactly one trailing slash, so relative paths land below it. */
export function normalizeBase(baseUrl: string): URL {
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('COOP_API_URL must be http(s)');
  url.search = '';
  url.hash = '';
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}

export function createCoopClient(options: CoopClientOptions): CoopClient {
  const base = normalizeBase(options.baseUrl);
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const random = options.random ?? Math.random;
  const coolDownMs = options.breakerCoolDownMs ?? 30_000;
  const retryDelay = options.retryDelayMs ?? { min: 100, max: 400 };
  const maxBody = options.maxBodyBytes ?? 8 * 1024 * 1024;
  const onFailure = options.onFailure ?? (() => undefined);

  // One attempt may take this long, headers and body; the signal aborts the fetch when it is up.
  const perAttempt = timeout(options.timeoutMs, TimeoutStrategy.Aggressive);
  // A read that failed in transport is tried once more after a pause drawn between min and max.
  const retryRead = retry(
    handleWhen((error) => error instanceof AttemptFailure && error.retryable),
    {
      maxAttempts: 1,
      backoff: new DelegateBackoff(() => Math.round(retryDelay.min + random() * (retryDelay.max - retryDelay.min))),
    },
  );
  if (options.onRetry) retryRead.onRetry(({ delay }) => options.onRetry?.(delay));
  // Consecutive failed calls (not attempts) that are the core's fault open the circuit for the
  // cool-down; then one call goes through as a probe and its outcome closes or reopens it. Answers
  // that are not the core's fault (4xx, throttling, a too-large body) neither count nor reset.
  const breaker = circuitBreaker(
    handleWhen((error) => error instanceof AttemptFailure && error.countsAgainstCore),
    { halfOpenAfter: coolDownMs, breaker: new ConsecutiveBreaker(options.breakerThreshold ?? 5) },
  );
  let openedAt = 0;
  breaker.onBreak(() => {
    openedAt = Date.now();
  });

  function circuit(): CircuitState {
    if (breaker.state === BreakerState.Closed) return 'closed';
    if (breaker.state === BreakerState.HalfOpen) return 'half-open';
    // The library half-opens on the next call after the cool-down; report it as it will be.
    return Date.now() - openedAt >= coolDownMs ? 'half-open' : 'open';
  }

  async function attempt(req: CoopRequest, url: URL, signal: AbortSignal): Promise<CoopResponse> {
    const headers = new Headers({ Accept: req.expect === 'bytes' ? 'image/*' : 'application/json' });
    headers.set('X-Requested-With', 'XMLHttpRequest');
    if (req.token) headers.set('Authorization', `Bearer ${req.token}`);
    if (req.idempotencyKey) headers.set('Idempotency-Key', req.idempotencyKey);
    for (const [name, value] of Object.entries(req.headers ?? {})) headers.set(name, value);
    let body: string | undefined;
    if (req.method === 'POST') {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(req.body ?? {});
    }
    const lost = () => (signal.aborted ? 'timeout' : 'network');
    let response: Response;
    try {
      // A redirect from an API is never an answer (e.g. a login page): do not follow it.
      response = await fetchImpl(url, { method: req.method, headers, body, signal, redirect: 'manual' });
    } catch {
      throw new AttemptFailure(lost(), true, true);
    }
    const { status } = response;
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > maxBody) {
      await response.body?.cancel().catch(() => undefined);
      throw new AttemptFailure('too_large', false, false, status);
    }
    let raw: Uint8Array;
    try {
      raw = new Uint8Array(await response.arrayBuffer());
    } catch {
      await response.body?.cancel().catch(() => undefined);
      throw new AttemptFailure(lost(), true, true, status);
    }
    if (status >= 500) throw new AttemptFailure('http_5xx', true, true, status);
    if (status === 429) {
      const retryAfter = /^\s*(\d{1,6})\s*$/.exec(response.headers.get('retry-after') ?? '')?.[1];
      throw new AttemptFailure('throttled', false, false, status, retryAfter ? Number(retryAfter) : null);
    }
    if (status < 200 || (status >= 300 && status < 400)) {
      throw new AttemptFailure('unexpected_status', false, false, status);
    }
    if (raw.byteLength > maxBody) throw new AttemptFailure('too_large', false, false, status);
    if (req.expect === 'bytes') return { status, headers: response.headers, body: undefined, bytes: raw };
    const text = new TextDecoder().decode(raw).replace(/^\uFEFF/, '');
    if (!text.trim()) return { status, headers: response.headers, body: undefined, bytes: null };
    try {
      return { status, headers: response.headers, body: JSON.parse(text) as unknown, bytes: null };
    } catch {
      // An HTML error page or a cut-off answer: the core is not itself.
      throw new AttemptFailure('malformed_json', false, true, status);
    }
  }

  return {
    circuit,

    report(line) {
      onFailure(line);
    },

    async request(req) {
      const started = performance.now();
      const url = joinUrl(base, req.path, req.query);
      const state = circuit();
      // Retried: reads only (GET, or a POST that says it is one), never the probe of a half-open circuit.
      const retried = (req.read ?? req.method === 'GET') && state === 'closed';
      let attempts = 0;
      const once = () => {
        attempts += 1;
        return perAttempt
          .execute(({ signal }) => attempt(req, url, signal))
          .catch((error: unknown) => {
            throw error instanceof TaskCancelledError ? new AttemptFailure('timeout', true, true) : error;
          });
      };
      try {
        // While the probe is out, other calls are refused rather than queued behind it.
        if (breaker.state === BreakerState.HalfOpen) throw new BrokenCircuitError();
        return await breaker.execute(() => (retried ? retryRead.execute(once) : once()));
      } catch (error) {
        if (error instanceof BrokenCircuitError) {
          onFailure({
            endpoint: req.endpoint,
            method: req.method,
            reason: 'circuit_open',
            circuit: state,
            attempts: 0,
          });
          throw new CoopUnavailableError(`coop ${req.endpoint}: circuit open`);
        }
        if (!(error instanceof AttemptFailure)) throw error;
        onFailure({
          endpoint: req.endpoint,
          method: req.method,
          reason: error.reason,
          ...(error.status !== undefined && { status: error.status }),
          attempts,
          ms: Math.round(performance.now() - started),
          circuit: circuit(),
        });
        if (error.reason === 'throttled') {
          throw new CoopThrottledError(`coop ${req.endpoint}: throttled`, error.retryAfterSeconds);
        }
        throw new CoopUnavailableError(`coop ${req.endpoint}: ${error.reason}`);
      }
    },
  };
}
