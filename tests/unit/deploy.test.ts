// The deployment files cannot be run here (no Docker engine): this keeps them consistent with each
// other and with the environment schema (ADR 016). deploy/compose.yaml, deploy/env.example,
// deploy/nginx.conf, the Dockerfile and the README's environment table are all checked against
// app/server/env.server.ts.
import fs from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

import { ENV_VARIABLES, parseEnv } from '../../app/server/env.server';

const read = (file: string) => fs.readFileSync(file, 'utf8');

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  healthcheck?: { test: string[] | string };
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  stop_grace_period?: string;
  mem_limit?: string;
  memswap_limit?: string;
}
const compose = parse(read('deploy/compose.yaml'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const services = compose.services;
const apps = Object.entries(services).filter(([, s]) => s.build);

/** Variables only the database service reads (documented in docs/deploy.md). */
const POSTGRES_VARIABLES = ['POSTGRES_DB', 'POSTGRES_USER', 'POSTGRES_PASSWORD'];
/** `${NAME…}` references in compose.yaml: values compose takes from deploy/.env. */
const referenced = [...read('deploy/compose.yaml').matchAll(/\$\{([A-Z0-9_]+)(?::?[-?][^}]*)?\}/g)].map((m) => m[1]);
const exampleNames = read('deploy/env.example')
  .split('\n')
  .filter((line) => /^[A-Z]/.test(line))
  .map((line) => line.split('=')[0]);

/** compose's interpolation for an app's environment, with deploy/.env holding `values`. */
function interpolate(environment: Record<string, string>, values: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(environment).map(([key, value]) => [
      key,
      value.replace(/\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g, (_, name: string, kind?: string, rest?: string) => {
        const given = values[name];
        if (given) return given;
        if (kind === '?') throw new Error(`${name} is required: ${rest}`);
        return rest ?? '';
      }),
    ]),
  );
}

/** The backticked variable names in the first column of the README's environment table. */
function readmeVariables(): string[] {
  const readme = read('README.md');
  const section = readme.slice(
    readme.indexOf('## Configuration'),
    readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1),
  );
  const names = section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? ''));
  return names.filter((name) => name !== 'Variable');
}

describe('deploy/compose.yaml', () => {
  it('runs two app instances built from the Dockerfile, PostgreSQL 15 with a volume, and nginx', () => {
    expect(apps.map(([name]) => name).sort()).toEqual(['app1', 'app2']);
    for (const [, app] of apps) {
      const build = app.build ?? { context: '', dockerfile: '' };
      expect(fs.existsSync(path.join('deploy', build.context, build.dockerfile))).toBe(true);
      expect(path.resolve('deploy', build.context)).toBe(path.resolve('.'));
      expect(app.volumes).toContain('app-data:/data'); // media shared by both instances
      expect(app.depends_on?.postgres?.condition).toBe('service_healthy');
    }
    expect(services.postgres?.image).toMatch(/^postgres:15/);
    expect(services.postgres?.volumes).toContain('postgres-data:/var/lib/postgresql/data');
    expect(Object.keys(compose.volumes).sort()).toEqual(['app-data', 'postgres-data']);
    expect(services.nginx?.image).toMatch(/^nginx:/);
    expect(services.nginx?.volumes).toContain('./nginx.conf:/etc/nginx/conf.d/default.conf:ro');
    expect(services.nginx?.depends_on).toEqual({
      app1: { condition: 'service_healthy' },
      app2: { condition: 'service_healthy' },
    });
  });

  it('has health checks: apps on /readyz, nginx through to /healthz, PostgreSQL with pg_isready', () => {
    const check = (name: string) => [services[name]?.healthcheck?.test ?? []].flat().join(' ');
    expect(check('app1')).toContain('http://127.0.0.1:3000/readyz');
    expect(check('app2')).toContain('http://127.0.0.1:3000/readyz');
    expect(check('nginx')).toContain('http://127.0.0.1/healthz');
    expect(check('postgres')).toContain('pg_isready');
  });

  it('limits the memory of each app, without swap', () => {
    for (const [name, app] of apps) {
      expect(app.mem_limit, name).toMatch(/^\d+[mg]$/);
      expect(app.memswap_limit, name).toBe(app.mem_limit);
    }
  });

  it('sets only variables the app knows (PostgreSQL its own), all from deploy/.env or fixed', () => {
    for (const [name, app] of apps) {
      for (const key of Object.keys(app.environment ?? {})) {
        expect(ENV_VARIABLES, `${name} sets ${key}`).toContain(key);
      }
    }
    expect(Object.keys(services.postgres?.environment ?? {}).sort()).toEqual([...POSTGRES_VARIABLES].sort());
    for (const name of referenced) {
      expect([...ENV_VARIABLES, 'POSTGRES_PASSWORD'], `compose.yaml reads \${${name}}`).toContain(name);
    }
    // deploy/env.example offers exactly what compose reads.
    expect([...new Set(referenced)].sort()).toEqual([...exampleNames].sort());
  });

  it('gives the apps an environment the server accepts: PostgreSQL, behind the proxy, secure cookies', () => {
    const values = {
      POSTGRES_PASSWORD: 'example-password',
      SESSION_SECRET: 'a'.repeat(64),
      PUBLIC_URL: 'https://www.coop.example',
    };
    for (const [, app] of apps) {
      const env = parseEnv(interpolate(app.environment ?? {}, values));
      expect(env).toMatchObject({
        store: 'postgres',
        DATABASE_URL: 'postgres://sahakorn:example-password@postgres:5432/sahakorn',
        demo: false,
        TRUST_PROXY: true,
        secureCookies: true,
        NODE_ENV: 'production',
        publicUrl: 'https://www.coop.example',
        dataDir: '/data',
      });
      // Docker waits longer than the app's own shutdown bound before it kills the process.
      expect(Number.parseInt(app.stop_grace_period ?? '10', 10)).toBeGreaterThan(env.SHUTDOWN_TIMEOUT_SECONDS);
    }
    expect(() => interpolate(apps[0]?.[1].environment ?? {}, {})).toThrow(/SESSION_SECRET is required|POSTGRES/);
  });
});

describe('deploy/nginx.conf', () => {
  const conf = read('deploy/nginx.conf');

  it('balances over both instances and passes the forwarding headers and its request id', () => {
    const upstream = /upstream sahakorn \{([^}]*)\}/.exec(conf)?.[1] ?? '';
    expect(upstream).toMatch(/server app1:3000\b/);
    expect(upstream).toMatch(/server app2:3000\b/);
    expect(conf).toContain('proxy_pass http://sahakorn;');
    expect(conf).toContain('proxy_set_header X-Request-Id $request_id;');
    // Overwritten, never appended: the app trusts the left-most address (TRUST_PROXY).
    expect(conf).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(conf).not.toContain('$proxy_add_x_forwarded_for');
    expect(conf).toContain('proxy_set_header X-Forwarded-Proto $scheme;');
    expect(conf).toContain('proxy_set_header X-Forwarded-Host $http_host;');
  });

  it('keeps the fingerprinted build assets for everyone, as the app compressed them', () => {
    const assets = /location \/build\/ \{([^}]*)\}/.exec(conf)?.[1] ?? '';
    expect(assets).toContain('proxy_pass http://sahakorn;');
    expect(assets).toContain('proxy_cache sahakorn_pages;');
    expect(assets).not.toContain('proxy_cache_bypass');
    expect(assets).not.toMatch(/\bgzip on\b/);
  });

  it('keeps no page longer than the app allows: pages are revalidated on every view (ADR 114)', () => {
    const pages = /location \/ \{([^}]*)\}/g;
    const blocks = [...conf.matchAll(pages)].map((m) => m[1] ?? '').filter((b) => b.includes('proxy_cache '));
    expect(blocks).toHaveLength(1);
    // nginx honours the app's `Cache-Control: public, no-cache` only if nothing overrides it.
    expect(blocks[0]).not.toMatch(/proxy_ignore_headers[^;]*Cache-Control/);
    expect(blocks[0]).not.toContain('proxy_cache_valid');
    expect(blocks[0]).toContain('proxy_cache_bypass $sahakorn_personal;');
  });

  it('accepts a profile photo as large as the app does', () => {
    const limit = /client_max_body_size (\d+)m;/.exec(conf)?.[1];
    expect(Number(limit) * 1024 * 1024).toBeGreaterThan(
      parseEnv({ DATA_DIR: '/data', SESSION_SECRET: 'a'.repeat(64) }).PHOTO_MAX_BYTES,
    );
  });
});

describe('README environment table', () => {
  it('lists exactly the variables env.server.ts reads', () => {
    const listed = readmeVariables();
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...ENV_VARIABLES].sort());
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('builds on Node 24 and runs as a non-root user', () => {
    const bases = [...dockerfile.matchAll(/^FROM\s+(\S+)/gm)].map((m) => m[1]);
    expect(bases.length).toBeGreaterThan(0);
    for (const base of bases) expect(base).toMatch(/^node:24(?:[.-]|$)/);
    const users = [...dockerfile.matchAll(/^USER\s+(\S+)/gm)].map((m) => m[1]);
    expect(users.at(-1)).toBeDefined();
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
  });

  it('is not a demo by default: the image as built, with a database and no SEED_DEMO, seeds nothing', () => {
    const envLine = /^ENV\s+([\s\S]*?)(?<!\\)\n/m.exec(dockerfile.slice(dockerfile.lastIndexOf('FROM ')))?.[1] ?? '';
    const imageEnv = Object.fromEntries(
      [...envLine.matchAll(/([A-Z0-9_]+)=(\S+)/g)].map((m) => [m[1] ?? '', (m[2] ?? '').replace(/\\$/, '')]),
    );
    expect(imageEnv).toMatchObject({ NODE_ENV: 'production' });
    expect(imageEnv).not.toHaveProperty('SEED_DEMO');
    // SQLite in the volume (the embedded default) is not a demo either: the operator must say so.
    expect(() => parseEnv({ ...imageEnv, DATA_DIR: fs.mkdtempSync('/tmp/sahakorn-image-') })).toThrow(/SESSION_SECRET/);
    expect(parseEnv({ ...imageEnv, DATA_DIR: '/data', SESSION_SECRET: 's'.repeat(40) }).demo).toBe(false);
  });

  it('bundles the CLIs the deploy guide runs in the image (node build/cli/…)', () => {
    expect(dockerfile).toMatch(/npm run build:cli/);
    for (const cli of read('docs/deploy.md').matchAll(/node build\/cli\/([a-z-]+)\.js/g)) {
      expect(fs.existsSync(path.join('scripts', `${cli[1]}.ts`)), `scripts/${cli[1]}.ts`).toBe(true);
      expect(read('scripts/build-cli.mjs')).toContain(`'${cli[1]}'`);
    }
  });
});
