import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as z from 'zod';

import { withoutTrailingSlashes } from '~/lib/trim';

import { COOP_EXTENSIONS, DEFAULT_PATHS, type Endpoint } from './coop/http/paths.server';

/** A path below COOP_API_URL: relative, no scheme, no dot segments, no query (`{no}` placeholders kept). */
const corePath = z
  .string()
  .min(1)
  .refine(
    (p) => !/^[\\/]|^[a-z][a-z0-9+.-]*:|[?#\\]|(^|\/)\.\.?(\/|$)/i.test(p),
    'a path relative to COOP_API_URL, e.g. api/info/manu',
  );

const boolish = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/** A comma-separated list: entries trimmed, empty ones dropped, each one checked by `entry`. */
function commaList<T extends z.ZodType<unknown, string>>(entry: T) {
  return z
    .string()
    .transform((list) =>
      list
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(z.array(entry));
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(
      /^postgres(ql)?:\/\//,
      'DATABASE_URL must start with postgres:// (leave it unset for the embedded SQLite store)',
    )
    .optional(),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  /**
   * Secrets SESSION_SECRET replaced, newest first, separated by commas: cookies they signed and
   * secrets sealed under them are still read, so a rotation signs nobody out (ADR 124).
   */
  SESSION_SECRET_PREVIOUS: commaList(
    z.string().min(32, 'SESSION_SECRET_PREVIOUS: each secret must be at least 32 characters'),
  ).optional(),
  /** Staff impersonation (ADR 010) is on only when this is set. */
  IMPERSONATION_SECRET: z.string().min(32, 'IMPERSONATION_SECRET must be at least 32 characters').optional(),
  /** Where the site is reached from outside: the base of links printed by the CLI. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http:// or https:// URL' })
    .transform(withoutTrailingSlashes)
    .optional(),
  SEED_DEMO: boolish.optional(),
  SEED_MEMBERS: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** Wrong passwords per member from one client address in the window (ADR 036). */
  LOGIN_MAX_FAILURES_PER_MEMBER: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Wrong passwords per member from all addresses together in the short backoff window (ADR 036). */
  LOGIN_MEMBER_BACKOFF_FAILURES: z.coerce.number().int().min(1).default(10),
  LOGIN_MEMBER_BACKOFF_MINUTES: z.coerce.number().int().min(1).max(10).default(5),
  /** Register / forgotten-password identity checks per client address and per membership number (15 minutes). */
  IDENTITY_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  IDENTITY_MAX_PER_MEMBER: z.coerce.number().int().min(1).default(5),
  /**
   * One-time codes per membership number over 24 hours, across every code (ADR 094): wrong codes before
   * no code is accepted for the number until the day has passed or support staff clear it, and messages
   * (codes and notices) sent to the member.
   */
  RECOVERY_CODE_MAX_WRONG_PER_DAY: z.coerce.number().int().min(1).default(10),
  RECOVERY_CODE_MAX_SENT_PER_DAY: z.coerce.number().int().min(1).default(5),
  /**
   * One-time codes for registration and forgotten passwords (ADR 038): `outbox` writes every message
   * to DATA_DIR/outbox (default in demo mode); `live` sends email by SMTP_URL and SMS by SMS_GATEWAY_URL.
   */
  OTP_DELIVERY: z.enum(['outbox', 'live']).optional(),
  /** `smtp://user:pass@host:587` or `smtps://…:465`: where code emails are handed over. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL' }).optional(),
  /** The From of code emails, e.g. `สหกรณ์ตัวอย่าง <no-reply@coop.example>`. */
  MAIL_FROM: z.string().min(3).max(200).optional(),
  /** The SMS gateway: `POST` JSON `{to, text}` with `Authorization: Bearer SMS_GATEWAY_KEY`. */
  SMS_GATEWAY_URL: z
    .url({ protocol: /^https?$/, error: 'SMS_GATEWAY_URL must be an http:// or https:// URL' })
    .optional(),
  SMS_GATEWAY_KEY: z.string().min(1).optional(),
  /** Largest profile photo upload accepted, in bytes (ADR 009). */
  PHOTO_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(50 * 1024 * 1024)
    .default(5 * 1024 * 1024),
  BOARD_MAX_POSTS_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  BOARD_WINDOW_MINUTES: z.coerce.number().int().min(1).default(60),
  /** Menu, footer and home feeds are kept in memory this long (ADR 014); 0 turns it off. */
  FEED_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  TRUST_PROXY: boolish.default(false),
  /**
   * Other sites' origins whose pages may call `/api/*` from a browser (CORS), comma-separated, e.g.
   * `https://app.example,https://m.example`. Empty: none. Such calls carry a bearer token, never our cookie.
   */
  API_ALLOWED_ORIGINS: commaList(
    z
      .string()
      .refine(
        (text) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol) && new URL(text).origin === text,
        'each entry must be an origin such as https://app.example (no path, no trailing slash)',
      ),
  ).default([]),
  COOKIE_SECURE: boolish.optional(),
  ENABLE_TEST_ROUTES: boolish.default(false),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** `/readyz` reports "data disk full" when DATA_DIR's disk has less free than this (MiB). */
  DISK_MIN_FREE_MB: z.coerce.number().int().min(0).max(1_000_000).default(64),
  /** Worker processes that serve requests (ADR 071). Default: one per core; one under `npm run dev`. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  /** On SIGTERM, requests in flight get this long to finish before they are cut off (ADR 016). */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  /** Where the cooperative's data comes from (ADR 018): our own store, or the core system's HTTP API. */
  COOP_BACKEND: z.enum(['embedded', 'http']).default('embedded'),
  /** The core system's base URL (its `/api/...` routes hang below it); required with COOP_BACKEND=http. */
  COOP_API_URL: z
    .url({ protocol: /^https?$/, error: 'COOP_API_URL must be an http:// or https:// URL' })
    .refine((url) => !/[?#]/.test(url), 'COOP_API_URL must not have a query or fragment')
    // fetch refuses URLs with credentials, and they would end up in logs and process listings.
    .refine((url) => !/^[a-z]+:\/\/[^/]*@/i.test(url), 'COOP_API_URL must not hold a user name or password')
    .optional(),
  /** Each call to the core must answer within this many milliseconds (http mode). */
  COOP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  /** Consecutive failed calls to the core that open the circuit breaker (http mode, ADR 018). */
  COOP_BREAKER_FAILURES: z.coerce.number().int().min(1).max(10_000).default(5),
  /** How long an open circuit refuses calls before one probe may go to the core (http mode). */
  COOP_BREAKER_COOLDOWN_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /**
   * Sahakorn's own endpoints the core serves (ADR 025), comma-separated: `welfare`, `kepcrem`,
   * `demand`, `terms`. Only a core that is another Sahakorn has them.
   */
  COOP_EXTENSIONS: commaList(z.enum(COOP_EXTENSIONS)).default([]),
  /**
   * Shared by a front in http mode and the Sahakorn core behind it (ADR 042): the front signs each
   * board posting's visitor address with it, and the core counts its per-address board limit by
   * that address instead of the front's.
   */
  COOP_FORWARD_SECRET: z.string().min(32, 'COOP_FORWARD_SECRET must be at least 32 characters').optional(),
  /** Endpoint paths that differ from the contract's, as JSON: `{"smartSearch":"api/info/smartsearch"}`. */
  COOP_PATHS: z
    .string()
    .default('{}')
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue('COOP_PATHS must be a JSON object');
        return z.NEVER;
      }
    })
    .pipe(
      z.strictObject(
        Object.fromEntries(Object.keys(DEFAULT_PATHS).map((key) => [key, corePath.optional()])) as Record<
          Endpoint,
          z.ZodOptional<typeof corePath>
        >,
        {
          error: (issue) =>
            issue.code === 'unrecognized_keys' ? `unknown endpoint: ${issue.keys.join(', ')}` : undefined,
        },
      ),
    ),
  /** Desktop notifications (ADR 020): the Pusher app. Browsers get the key; the id and secret stay here. */
  PUSHER_APP_ID: z
    .string()
    .regex(/^[\w-]{1,64}$/, 'PUSHER_APP_ID must be the app id (letters, digits, - _)')
    .optional(),
  PUSHER_KEY: z
    .string()
    .regex(/^[\w-]{1,64}$/, 'PUSHER_KEY must be the app key (letters, digits, - _)')
    .optional(),
  PUSHER_SECRET: z.string().min(1).optional(),
  /** Pusher Channels cluster, e.g. ap1; or PUSHER_HOST for a self-hosted Pusher-protocol server (Soketi). */
  PUSHER_CLUSTER: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, 'PUSHER_CLUSTER must be a cluster name such as ap1')
    .optional(),
  PUSHER_HOST: z
    .string()
    .regex(/^[a-z0-9.-]{1,253}$/i, 'PUSHER_HOST must be a host name or IPv4 address, without scheme or port')
    .optional(),
  PUSHER_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** wss:// and https:// to the Pusher server (default on; off only for a plain-http test or LAN server). */
  PUSHER_TLS: boolish.default(true),
  /** The public channel announcements are broadcast on. */
  PUSHER_CHANNEL: z
    .string()
    .regex(/^[A-Za-z0-9_\-=@,.;]{1,164}$/, 'PUSHER_CHANNEL must be a Pusher channel name')
    .refine((name) => !/^(private|presence)-/.test(name), 'PUSHER_CHANNEL must be a public channel')
    .default('announcements'),
});

/** Every variable the server reads (the README's table and deploy/compose.yaml are checked against it). */
export const ENV_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape);

export type Env = z.infer<typeof EnvSchema> & {
  /** Absolute data directory. */
  dataDir: string;
  /** `sqlite` unless DATABASE_URL points at PostgreSQL. */
  store: 'sqlite' | 'postgres';
  /**
   * Demo data is seeded into an empty store and the demo password works: SEED_DEMO, or by default on
   * for SQLite with the embedded backend outside production, else off.
   */
  demo: boolean;
  /** The secret that signs and seals from now on: SESSION_SECRET, or the one generated in DATA_DIR. */
  sessionSecret: string;
  /** sessionSecret first, then SESSION_SECRET_PREVIOUS: what a signature or a seal is checked against. */
  sessionSecrets: readonly string[];
  /** Secure, `__Host-` cookies. Default: on in production unless demo mode (ADR 004). */
  secureCookies: boolean;
  /** PUBLIC_URL without a trailing slash; default `http://localhost:PORT`. */
  publicUrl: string;
  /** Worker processes: WEB_CONCURRENCY, else one per core (`os.availableParallelism()`), one in development. */
  workers: number;
};

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parse and check the environment; every problem is reported in one clear message. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const raw = result.data;
  const dataDir = path.resolve(raw.DATA_DIR);
  const store = raw.DATABASE_URL ? 'postgres' : 'sqlite';
  // Demo data only makes sense where the data is ours: SQLite with the embedded backend, and never in
  // production unless SEED_DEMO=1 says so (the demo member's password is published).
  const demo =
    raw.SEED_DEMO ?? (raw.NODE_ENV !== 'production' && store === 'sqlite' && raw.COOP_BACKEND === 'embedded');
  let sessionSecret = raw.SESSION_SECRET;
  if (!sessionSecret) {
    if (raw.NODE_ENV === 'production' && !demo) {
      throw new EnvError(
        'Invalid environment:\n  - SESSION_SECRET: required in production (at least 32 random characters, e.g. `openssl rand -hex 32`)',
      );
    }
    sessionSecret = readOrCreateSecret(dataDir);
  }
  if (raw.COOP_BACKEND === 'http' && !raw.COOP_API_URL) {
    throw new EnvError(
      'Invalid environment:\n  - COOP_API_URL: required with COOP_BACKEND=http (the core system, e.g. https://core.example/)',
    );
  }
  if (raw.SMS_GATEWAY_URL && !raw.SMS_GATEWAY_KEY) {
    throw new EnvError('Invalid environment:\n  - SMS_GATEWAY_KEY: required with SMS_GATEWAY_URL');
  }
  if (raw.SMTP_URL && !raw.MAIL_FROM) {
    throw new EnvError('Invalid environment:\n  - MAIL_FROM: required with SMTP_URL (the sender of code emails)');
  }
  if (raw.IMPERSONATION_SECRET && raw.IMPERSONATION_SECRET === sessionSecret) {
    throw new EnvError('Invalid environment:\n  - IMPERSONATION_SECRET: must differ from SESSION_SECRET');
  }
  return {
    ...raw,
    dataDir,
    store,
    demo,
    sessionSecret,
    sessionSecrets: [sessionSecret, ...(raw.SESSION_SECRET_PREVIOUS ?? [])],
    // A demo on http://<vm-address>:3000 must still log in; real deployments (not demo) get Secure.
    secureCookies: raw.COOKIE_SECURE ?? (raw.NODE_ENV === 'production' && !demo),
    publicUrl: raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`,
    // `remix dev` restarts one process after each rebuild; elsewhere every core serves.
    workers: raw.WEB_CONCURRENCY ?? (raw.NODE_ENV === 'development' ? 1 : os.availableParallelism()),
  };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  fs.mkdirSync(dataDir, { recursive: true });
  const existing = readSecret(file);
  if (existing) return existing;
  // Written aside and linked into place (which fails if the file exists): instances starting
  // together on a shared DATA_DIR all keep the first one's secret, never a half-written file.
  const secret = randomBytes(32).toString('hex');
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(aside, secret + '\n', { mode: 0o600 });
  try {
    fs.linkSync(aside, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const theirs = readSecret(file);
    if (theirs) return theirs;
    fs.renameSync(aside, file); // too short to be a secret: replace it, as before
    return secret;
  } finally {
    fs.rmSync(aside, { force: true });
  }
}

function readSecret(file: string): string | null {
  try {
    const text = fs.readFileSync(file, 'utf8').trim();
    return text.length >= 32 ? text : null;
  } catch {
    return null; // not created yet
  }
}

let cached: Env | undefined;

/** The validated environment of this process (parsed once). */
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}
