import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { EnvError, parseEnv } from './env.server';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'sahakorn-env-'));

describe('parseEnv', () => {
  it('defaults to SQLite in ./data with demo data and a generated, persisted secret', () => {
    const dir = tmp();
    const env = parseEnv({ DATA_DIR: dir });
    expect(env.store).toBe('sqlite');
    expect(env.demo).toBe(true);
    expect(env.PORT).toBe(3000);
    expect(env.sessionSecret).toHaveLength(64);
    expect(parseEnv({ DATA_DIR: dir }).sessionSecret).toBe(env.sessionSecret);
    expect(env.secureCookies).toBe(false);
  });

  it('runs one worker per core unless WEB_CONCURRENCY says otherwise, and one under `npm run dev` (ADR 071)', () => {
    const dir = tmp();
    expect(parseEnv({ DATA_DIR: dir, NODE_ENV: 'production', SEED_DEMO: '1' }).workers).toBe(os.availableParallelism());
    expect(parseEnv({ DATA_DIR: dir, NODE_ENV: 'development' }).workers).toBe(1);
    expect(parseEnv({ DATA_DIR: dir, NODE_ENV: 'production', SEED_DEMO: '1', WEB_CONCURRENCY: '3' }).workers).toBe(3);
    expect(() => parseEnv({ DATA_DIR: dir, WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
  });

  it('keeps a generated secret once written, replaces one too short, and leaves no file aside', () => {
    const dir = tmp();
    const file = path.join(dir, 'session-secret');
    fs.writeFileSync(file, 'x'.repeat(40) + '\n');
    expect(parseEnv({ DATA_DIR: dir }).sessionSecret).toBe('x'.repeat(40));
    fs.writeFileSync(file, 'short\n');
    const replaced = parseEnv({ DATA_DIR: dir }).sessionSecret;
    expect(replaced).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(replaced);
    expect(fs.readdirSync(dir)).toEqual(['session-secret']);
  });

  it('lists the previous session secrets after the current one, so a rotation signs nobody out (ADR 124)', () => {
    const dir = tmp();
    const [now, before, older] = ['n', 'b', 'o'].map((c) => c.repeat(40));
    const env = parseEnv({ DATA_DIR: dir, SESSION_SECRET: now, SESSION_SECRET_PREVIOUS: ` ${before}, ${older} ` });
    expect(env.sessionSecret).toBe(now);
    expect(env.sessionSecrets).toEqual([now, before, older]);
    expect(parseEnv({ DATA_DIR: dir, SESSION_SECRET: now }).sessionSecrets).toEqual([now]);
    expect(() => parseEnv({ DATA_DIR: dir, SESSION_SECRET: now, SESSION_SECRET_PREVIOUS: 'short' })).toThrow(
      /SESSION_SECRET_PREVIOUS.*at least 32/,
    );
  });

  it('NODE_ENV=production is never a demo unless SEED_DEMO=1 is set explicitly', () => {
    const dir = tmp();
    const secret = 'p'.repeat(40);
    expect(parseEnv({ NODE_ENV: 'production', DATA_DIR: dir, SESSION_SECRET: secret }).demo).toBe(false);
    // Without a secret that is not a demo, production refuses to start rather than generate one.
    expect(() => parseEnv({ NODE_ENV: 'production', DATA_DIR: dir })).toThrowError(/SESSION_SECRET: required/);
    expect(parseEnv({ NODE_ENV: 'production', DATA_DIR: dir, SEED_DEMO: '0', SESSION_SECRET: secret }).demo).toBe(
      false,
    );
    expect(parseEnv({ NODE_ENV: 'production', DATA_DIR: dir, SEED_DEMO: '1' }).demo).toBe(true);
    // Development keeps the demo by default, so a fresh checkout shows something.
    expect(parseEnv({ NODE_ENV: 'development', DATA_DIR: dir }).demo).toBe(true);
  });

  it('PostgreSQL turns demo data off unless SEED_DEMO=1', () => {
    const dir = tmp();
    expect(parseEnv({ DATA_DIR: dir, DATABASE_URL: 'postgres://localhost/coop' }).demo).toBe(false);
    expect(parseEnv({ DATA_DIR: dir, DATABASE_URL: 'postgres://localhost/coop', SEED_DEMO: '1' }).demo).toBe(true);
  });

  it('reports every problem in one clear message', () => {
    expect(() => parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SESSION_SECRET: 'short' })).toThrowError(
      EnvError,
    );
    try {
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SESSION_SECRET: 'short' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL must start with postgres://');
      expect(message).toContain('SESSION_SECRET must be at least 32 characters');
    }
  });

  it('production without demo data requires SESSION_SECRET and uses secure cookies', () => {
    const dir = tmp();
    expect(() => parseEnv({ NODE_ENV: 'production', SEED_DEMO: '0', DATA_DIR: dir })).toThrowError(
      /SESSION_SECRET: required in production/,
    );
    const env = parseEnv({ NODE_ENV: 'production', SEED_DEMO: '0', DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(40) });
    expect(env.secureCookies).toBe(true);
  });

  it('PHOTO_MAX_BYTES defaults to 5 MiB and must stay within 64 KiB–50 MiB', () => {
    const dir = tmp();
    expect(parseEnv({ DATA_DIR: dir }).PHOTO_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(parseEnv({ DATA_DIR: dir, PHOTO_MAX_BYTES: '2000000' }).PHOTO_MAX_BYTES).toBe(2_000_000);
    expect(() => parseEnv({ DATA_DIR: dir, PHOTO_MAX_BYTES: '1000' })).toThrowError(/PHOTO_MAX_BYTES/);
    expect(() => parseEnv({ DATA_DIR: dir, PHOTO_MAX_BYTES: String(200 * 1024 * 1024) })).toThrowError(
      /PHOTO_MAX_BYTES/,
    );
  });

  it('impersonation is off without a secret; the secret must be long and differ from SESSION_SECRET', () => {
    const dir = tmp();
    const off = parseEnv({ DATA_DIR: dir, PORT: '3202' });
    expect(off.IMPERSONATION_SECRET).toBeUndefined();
    expect(off.publicUrl).toBe('http://localhost:3202');
    expect(() => parseEnv({ DATA_DIR: dir, IMPERSONATION_SECRET: 'short' })).toThrowError(
      /IMPERSONATION_SECRET must be at least 32 characters/,
    );
    const shared = 's'.repeat(40);
    expect(() => parseEnv({ DATA_DIR: dir, SESSION_SECRET: shared, IMPERSONATION_SECRET: shared })).toThrowError(
      /IMPERSONATION_SECRET: must differ from SESSION_SECRET/,
    );
    const on = parseEnv({ DATA_DIR: dir, IMPERSONATION_SECRET: 'i'.repeat(32), PUBLIC_URL: 'https://coop.example/' });
    expect(on.IMPERSONATION_SECRET).toBe('i'.repeat(32));
    expect(on.publicUrl).toBe('https://coop.example');
    expect(() => parseEnv({ DATA_DIR: dir, PUBLIC_URL: 'javascript:alert(1)' })).toThrowError(/PUBLIC_URL/);
  });

  it('uses the embedded backend unless COOP_BACKEND=http, which needs COOP_API_URL (ADR 018)', () => {
    const dir = tmp();
    const embedded = parseEnv({ DATA_DIR: dir });
    expect(embedded.COOP_BACKEND).toBe('embedded');
    expect(embedded.COOP_API_URL).toBeUndefined();
    expect(embedded.COOP_TIMEOUT_MS).toBe(3000);
    expect(() => parseEnv({ DATA_DIR: dir, COOP_BACKEND: 'http' })).toThrowError(
      /COOP_API_URL: required with COOP_BACKEND=http/,
    );
    expect(() => parseEnv({ DATA_DIR: dir, COOP_BACKEND: 'soap' })).toThrowError(/COOP_BACKEND/);
    const http = parseEnv({
      DATA_DIR: dir,
      COOP_BACKEND: 'http',
      COOP_API_URL: 'https://core.example/',
      COOP_TIMEOUT_MS: '1500',
    });
    expect(http).toMatchObject({ COOP_BACKEND: 'http', COOP_API_URL: 'https://core.example/', COOP_TIMEOUT_MS: 1500 });
    // The circuit breaker (ADR 018, 021): 5 failures, 30 s, unless set.
    expect(http).toMatchObject({ COOP_BREAKER_FAILURES: 5, COOP_BREAKER_COOLDOWN_MS: 30_000 });
    const breaker = parseEnv({ DATA_DIR: dir, COOP_BREAKER_FAILURES: '3', COOP_BREAKER_COOLDOWN_MS: '1000' });
    expect(breaker).toMatchObject({ COOP_BREAKER_FAILURES: 3, COOP_BREAKER_COOLDOWN_MS: 1000 });
    expect(() => parseEnv({ DATA_DIR: dir, COOP_BREAKER_FAILURES: '0' })).toThrowError(/COOP_BREAKER_FAILURES/);
    expect(() => parseEnv({ DATA_DIR: dir, COOP_BREAKER_COOLDOWN_MS: '10' })).toThrowError(/COOP_BREAKER_COOLDOWN_MS/);
  });

  it("reads the core's own paths and Sahakorn's extensions, and names what is wrong with them (ADR 025)", () => {
    const dir = tmp();
    const none = parseEnv({ DATA_DIR: dir });
    expect(none).toMatchObject({ COOP_EXTENSIONS: [], COOP_PATHS: {} });
    const set = parseEnv({
      DATA_DIR: dir,
      COOP_EXTENSIONS: 'welfare, demand,terms',
      COOP_PATHS: '{"smartSearch":"api/info/smartsearch","boardShow":"api/info/board/{no}"}',
    });
    expect(set.COOP_EXTENSIONS).toEqual(['welfare', 'demand', 'terms']);
    expect(set.COOP_PATHS).toEqual({ smartSearch: 'api/info/smartsearch', boardShow: 'api/info/board/{no}' });
    expect(() => parseEnv({ DATA_DIR: dir, COOP_EXTENSIONS: 'welfare,insurance' })).toThrowError(/COOP_EXTENSIONS/);
    expect(() => parseEnv({ DATA_DIR: dir, COOP_PATHS: '{smartSearch:' })).toThrowError(
      /COOP_PATHS: COOP_PATHS must be a JSON object/,
    );
    expect(() => parseEnv({ DATA_DIR: dir, COOP_PATHS: '{"search":"api/x"}' })).toThrowError(
      /COOP_PATHS: unknown endpoint: search/,
    );
    for (const bad of ['/api/info/manu', 'https://evil.example/api', 'api/../admin', 'api/info/manu?x=1', '']) {
      expect(() => parseEnv({ DATA_DIR: dir, COOP_PATHS: JSON.stringify({ infoManu: bad }) })).toThrowError(
        /COOP_PATHS\.infoManu/,
      );
    }
  });

  it('refuses a core URL that is not http(s), has a query, or a timeout out of range', () => {
    const dir = tmp();
    const http = { DATA_DIR: dir, COOP_BACKEND: 'http' };
    expect(() => parseEnv({ ...http, COOP_API_URL: 'ftp://core.example/' })).toThrowError(/COOP_API_URL/);
    expect(() => parseEnv({ ...http, COOP_API_URL: 'https://core.example/?x=1' })).toThrowError(/COOP_API_URL/);
    expect(() => parseEnv({ ...http, COOP_API_URL: 'https://api:secret@core.example/' })).toThrowError(
      /COOP_API_URL must not hold a user name or password/,
    );
    expect(() => parseEnv({ ...http, COOP_API_URL: 'https://core.example/', COOP_TIMEOUT_MS: '50' })).toThrowError(
      /COOP_TIMEOUT_MS/,
    );
    expect(() => parseEnv({ ...http, COOP_API_URL: 'https://core.example/', COOP_TIMEOUT_MS: 'soon' })).toThrowError(
      /COOP_TIMEOUT_MS/,
    );
  });

  it("seeds no demo data in http mode unless SEED_DEMO=1: the members are the core system's", () => {
    const dir = tmp();
    const http = { DATA_DIR: dir, COOP_BACKEND: 'http', COOP_API_URL: 'https://core.example/' };
    expect(parseEnv(http).demo).toBe(false);
    expect(parseEnv({ ...http, SEED_DEMO: '1' }).demo).toBe(true);
    expect(() => parseEnv({ ...http, NODE_ENV: 'production' })).toThrowError(/SESSION_SECRET: required in production/);
  });
});
