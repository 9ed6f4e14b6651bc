// The local nginx of the multi-instance test and the load bench (scripts/instances.mjs, ADR 017)
// must proxy like the production one (deploy/nginx.conf), and stay on 127.0.0.1.
import fs from 'node:fs';

import pg from 'pg';
import { describe, expect, it } from 'vitest';

import { dropDatabase, freshDatabase, nginxConfig } from '../../scripts/instances.mjs';

const proxyHeaders = (conf: string) => [...conf.matchAll(/proxy_set_header [^;]+;/g)].map((m) => m[0]).sort();

describe('nginxConfig', () => {
  const conf = nginxConfig({ dir: '/tmp/sahakorn-nginx', port: 3310, upstreams: [3301, 3302] });

  it('passes the same headers to the instances as deploy/nginx.conf', () => {
    const production = fs.readFileSync('deploy/nginx.conf', 'utf8');
    // The site's server block (HTTPS); the plain-HTTP one only redirects and answers /healthz.
    const site = production.slice(production.indexOf('listen 443'));
    expect(proxyHeaders(conf)).toEqual(proxyHeaders(site));
    expect(conf).toContain('proxy_http_version 1.1;');
  });

  it('balances round robin over the given ports and listens on 127.0.0.1 only', () => {
    const upstream = /upstream sahakorn \{([^}]*)\}/.exec(conf)?.[1] ?? '';
    expect([...upstream.matchAll(/server (\S+)/g)].map((m) => m[1])).toEqual(['127.0.0.1:3301', '127.0.0.1:3302']);
    expect(upstream).not.toMatch(/\b(least_conn|ip_hash|hash)\b/);
    expect([...conf.matchAll(/listen ([^;]+);/g)].map((m) => m[1])).toEqual(['127.0.0.1:3310']);
  });

  it('keeps every file it writes under its folder', () => {
    for (const [, value] of conf.matchAll(/^\s*(?:pid|error_log|access_log|\w+_temp_path) (\S+)/gm)) {
      expect(value?.startsWith('/tmp/sahakorn-nginx/')).toBe(true);
    }
  });
});

describe('freshDatabase', () => {
  it('refuses database names that would need quoting, before connecting', async () => {
    await expect(freshDatabase('postgres://u:p@127.0.0.1:1/base', 'x"; drop')).rejects.toThrow(/plain database name/);
    await expect(dropDatabase('postgres://u:p@127.0.0.1:1/Base', 'e2e')).rejects.toThrow(/plain database name/);
  });
});

// With TEST_DATABASE_URL (as `.ci/run` sets it): the scratch databases go away even while the
// instances' pools still hold sessions in them, without needing a superuser.
const PG = process.env.TEST_DATABASE_URL;
describe.skipIf(!PG)('scratch databases (PostgreSQL)', () => {
  const exists = async (name: string) => {
    const client = new pg.Client({ connectionString: PG });
    await client.connect();
    try {
      const { rows } = await client.query('select 1 from pg_database where datname = $1', [name]);
      return rows.length === 1;
    } finally {
      await client.end();
    }
  };

  it('makes a fresh database over one still in use, and drops it while a session is open', async () => {
    const url = await freshDatabase(PG ?? '', 'scratch');
    const name = new URL(url).pathname.slice(1);
    const session = new pg.Client({ connectionString: url });
    session.on('error', () => {});
    await session.connect();
    await session.query('create table left_behind (n int)');

    const again = await freshDatabase(PG ?? '', 'scratch');
    expect(again).toBe(url);
    await expect(session.query('select 1')).rejects.toThrow();

    const holder = new pg.Client({ connectionString: again });
    holder.on('error', () => {});
    await holder.connect();
    const { rows } = await holder.query(`select count(*)::int as n from pg_tables where tablename = 'left_behind'`);
    expect(rows[0].n).toBe(0);

    await dropDatabase(PG ?? '', 'scratch');
    expect(await exists(name)).toBe(false);
    await expect(holder.query('select 1')).rejects.toThrow();
    await holder.end().catch(() => {});
    await session.end().catch(() => {});
  });
});
