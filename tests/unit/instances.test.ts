// The local nginx of the multi-instance test and the load bench (scripts/instances.mjs, ADR 017)
// must proxy like the production one (deploy/nginx.conf), and stay on 127.0.0.1.
import fs from 'node:fs';

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
